"""A player's own settings, in private, and the group's rule for players who leave.

- `/settings notify group|dm|off` (private): how he is told that it is his move — a mention
  in the group (the default), a private message, or nothing that rings (his private
  prompts still come, silently);
- `/settings windows pass|ask` (private): his standing answer to Old Saloon identity
  windows — pass every window at once, or be asked (the default);
- `/settings leavers bot|kick` (group admins): what happens to the seat of a player who
  leaves the group during a game.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from tgbot.handlers.context import forget_user, remember_user, services
from tgbot.i18n import N_, t
from tgbot.service import profiles
from tgbot.service.attention import NOTIFY, NOTIFY_CHOICES
from tgbot.service.follow import WINDOWS
from tgbot.service.members import LEAVER_CHOICES, LEAVERS

WINDOW_CHOICES = ("pass", "ask")


async def personal_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """Handle `/settings notify …` and `/settings windows …` in private; return False for
    another setting."""
    message, user = update.effective_message, update.effective_user
    args = context.args or []
    if message is None or user is None or not args or args[0] not in (NOTIFY, WINDOWS):
        return False
    language = await remember_user(context, update)
    name = args[0]
    choices = NOTIFY_CHOICES if name == NOTIFY else WINDOW_CHOICES
    wanted = args[1].lower() if len(args) > 1 else ""
    if wanted not in choices:
        await message.reply_text(usage(language, name))
        return True
    found = services(context)
    await found.games.run(profiles.set_user_setting, user_id=user.id, name=name,
                          value=wanted, now=found.games.now)
    forget_user(context, user.id)
    await message.reply_text(saved(language, name, wanted))
    return True


def usage(language: str, name: str) -> str:
    """Return how to use one personal setting."""
    if name == NOTIFY:
        return t(language, "How should I tell you it is your move? /settings notify group (a "
                           "mention in the group), /settings notify dm (a private message) "
                           "or /settings notify off (nothing that rings).")
    return t(language, "Old Saloon identity windows: /settings windows pass (pass every "
                       "window at once, so the table need not wait for you) or /settings "
                       "windows ask (you decide each time).")


def saved(language: str, name: str, value: str) -> str:
    """Return the confirmation of a personal setting."""
    texts = {
        ("notify", "group"): N_("Saved: when it is your move, I mention you in the group."),
        ("notify", "dm"): N_("Saved: when it is your move, I tell you here in private."),
        ("notify", "off"): N_("Saved: I will not ring you when it is your move; your private "
                           "prompts still come, silently, and reminders too."),
        ("windows", "pass"): N_("Saved: you pass every Old Saloon identity window at once, "
                             "unless you change this with /settings windows ask."),
        ("windows", "ask"): N_("Saved: you are asked at every Old Saloon identity window your "
                            "card can answer."),
    }
    return t(language, texts[(name, value)])


async def leaver_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """Handle `/settings leavers bot|kick` in a group; return False for another setting."""
    message, chat = update.effective_message, update.effective_chat
    args = context.args or []
    if message is None or chat is None or not args or args[0] != LEAVERS:
        return False
    found = services(context)
    stored = await found.games.run(profiles.get_or_create_chat, chat_id=chat.id,
                                   now=found.games.now)
    language = stored.language
    wanted = args[1].lower() if len(args) > 1 else ""
    if wanted not in LEAVER_CHOICES:
        await message.reply_text(t(language, "A player who leaves the group during a game: "
                                             "/settings leavers bot (a bot plays the seat "
                                             "until he comes back) or /settings leavers kick "
                                             "(he is removed from the game)."))
        return True
    await found.games.run(profiles.set_chat_option, chat_id=chat.id, name=LEAVERS,
                          value=wanted, now=found.games.now)
    await message.reply_text(t(language, "Saved: a bot plays the seat of a player who leaves "
                                         "the group, until he comes back.")
                             if wanted == "bot" else
                             t(language, "Saved: a player who leaves the group is removed "
                                         "from the game."))
    return True
