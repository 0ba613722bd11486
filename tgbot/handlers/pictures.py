"""The table-pictures part of /settings: `/settings pictures on|off` (admins)."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from tgbot.handlers.context import active_game_here, chat_language, services
from tgbot.i18n import t
from tgbot.service import profiles
from tgbot.service.rows import is_running

SWITCHES = {"on": True, "off": False}


async def picture_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """Handle `/settings pictures on|off`; return False if not a pictures setting.

    The running table of this chat (and topic) is shown anew in the chosen form at once;
    the chat's other tables switch at their next move."""
    message, chat = update.effective_message, update.effective_chat
    args = context.args or []
    if message is None or chat is None or not args or args[0] != "pictures":
        return False
    language = await chat_language(context, chat.id, update)
    wanted = SWITCHES.get(args[1].lower()) if len(args) > 1 else None
    if wanted is None:
        await message.reply_text(t(language, "Table pictures: /settings pictures on or "
                                             "/settings pictures off"))
        return True
    found = services(context)
    await found.games.run(profiles.set_chat_pictures, chat_id=chat.id, on=wanted,
                          now=found.games.now)
    await message.reply_text(t(language, "Table pictures on: the table is shown as a picture.")
                             if wanted else
                             t(language, "Table pictures off: the table is shown as text."))
    game = await active_game_here(context, update)
    if game is not None and game.id is not None and is_running(game):
        await found.games.lobby_changed(game.id)
    return True
