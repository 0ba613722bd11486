"""`/settings secrets group|private`: where secrets and private choices go
(tgbot/service/secrets.py). In a group (admins) it is the chat's rule; in private, the
player's own choice, which wins over every group's."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from tgbot.handlers.context import chat_language, forget_user, remember_user, services
from tgbot.i18n import t
from tgbot.service import profiles
from tgbot.service.secrets import GROUP, SECRETS, SECRETS_CHOICES


def secrets_usage(language: str) -> str:
    """Return how to use the setting."""
    return t(language, "Where your secrets and private choices go: /settings secrets group "
                       "(in the group, in a message only you see; press 🔒 Mine) or "
                       "/settings secrets private (in your private chat with me).")


async def secrets_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """Handle `/settings secrets …` (the caller checked a group sender is an admin);
    return False for another setting."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    args = context.args or []
    if message is None or chat is None or user is None or not args or args[0] != SECRETS:
        return False
    private = chat.type == ChatType.PRIVATE
    language = await remember_user(context, update) if private else \
        await chat_language(context, chat.id, update)
    wanted = args[1].lower() if len(args) > 1 else ""
    if wanted not in SECRETS_CHOICES:
        await message.reply_text(secrets_usage(language))
        return True
    found = services(context)
    if private:
        await found.games.run(profiles.set_user_setting, user_id=user.id, name=SECRETS,
                              value=wanted, now=found.games.now)
        forget_user(context, user.id)
        await message.reply_text(
            t(language, "Saved: your secrets and private choices come in the group, in a "
                        "message only you see, when you press 🔒 Mine.") if wanted == GROUP else
            t(language, "Saved: your secrets and private choices come here, in private."))
        return True
    await found.games.run(profiles.set_chat_option, chat_id=chat.id, name=SECRETS,
                          value=wanted, now=found.games.now)
    await message.reply_text(
        t(language, "Saved: in this group, secrets and private choices are shown in the "
                    "group, each only to its player, when he presses 🔒 Mine.")
        if wanted == GROUP else
        t(language, "Saved: in this group, secrets and private choices go to each "
                    "player's private chat."))
    return True
