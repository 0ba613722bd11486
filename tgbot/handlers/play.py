"""Play commands: /status and /history (the buttons are in tgbot/handlers/buttons.py)."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from tgbot.handlers.context import (
    chat_language,
    game_here_or_say,
    services,
    topic_of,
)
from tgbot.i18n import t
from tgbot.render.fit import fit_lines
from tgbot.render.front import front_for
from tgbot.service import reads
from tgbot.service.rows import is_lobby

log = logging.getLogger(__name__)
HISTORY_LINES = 25


async def status(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Repost the table (or lobby) at the bottom of the chat and make it the live one; the
    sender's own private prompt, if he owes one, comes again too."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None:
        return
    language = await chat_language(context, chat.id, update)
    found = services(context)
    game = await game_here_or_say(context, update, language)
    if game is None or game.id is None:
        return
    seats = await found.games.run(reads.seats_of, game_id=game.id)
    mine = next((row.seat for row in seats if user is not None and row.user_id == user.id),
                None)
    await found.games.refresh(game.id, fresh=True, prompt_for=mine,
                              options=is_lobby(game))


async def history(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Send the last public events of the chat's game, or of its last finished one."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None or chat.type == ChatType.PRIVATE:
        return
    language = await chat_language(context, chat.id, update)
    found = services(context)
    game = await found.games.run(reads.last_game, chat_id=chat.id,
                                 topic_id=topic_of(update))
    if game is None or game.id is None:
        await message.reply_text(t(language, "There is no game here. Start one with "
                                             "/newgame."))
        return
    table = await found.games.table(game.id)
    lines = []
    if table.state is not None:
        front = front_for(game.kind)
        view = table.engine.view(table.state, None)
        lines = [line for event in await found.games.history(game.id)
                 if (line := front.event_line(language, event, table.names, view))]
    text = fit_lines(lines[-HISTORY_LINES:]) or t(language, "Nothing has happened yet.")
    await message.reply_html(text)  # the newest lines that fit in a message
