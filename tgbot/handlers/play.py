"""Play commands: /status and /history (the buttons are in tgbot/handlers/buttons.py)."""

from __future__ import annotations

import html
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
from tgbot.render.fit import TEXT_LIMIT, fit_lines
from tgbot.render.front import front_for
from tgbot.service import reads
from tgbot.service.rows import is_lobby, is_running

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
    front = front_for(game.kind)
    lines = []
    if table.state is not None:
        view = table.engine.view(table.state, None)
        lines = [line for event in await found.games.history(game.id)
                 if (line := front.event_line(language, event, table.names, view))]
    # which game it is (a player may sit in several groups), and whether it is over
    title = f"{front.icon} <b>{html.escape(front.title(language))}</b>"
    head = t(language, "📜 {game}: the last moves", game=title) if is_running(game) \
        else t(language, "📜 {game}, the last game here: its last moves", game=title)
    body = fit_lines(lines[-HISTORY_LINES:], TEXT_LIMIT - len(head) - 1)
    await message.reply_html(f"{head}\n{body or t(language, 'Nothing has happened yet.')}")
