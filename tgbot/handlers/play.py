"""Play handlers: every button press, /status and /history."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from core.engine.errors import GameError
from tgbot.callbacks import BadCallback, Callback, parse
from tgbot.context import (
    chat_language,
    game_here_or_say,
    remember_user,
    services,
    topic_of,
)
from tgbot.handlers.answers import refusal
from tgbot.handlers.cancel import CONFIRM_OPS, confirmed
from tgbot.handlers.lobby import lobby_button, open_table
from tgbot.handlers.marks import die_pressed
from tgbot.i18n import t
from tgbot.render.fit import fit_lines
from tgbot.render.front import front_for, playable_kinds
from tgbot.service import reads
from tgbot.service.errors import GameNotFound, StorageError
from tgbot.service.games import WrongChat
from tgbot.service.rows import is_lobby, is_running

log = logging.getLogger(__name__)
HISTORY_LINES = 25


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer every button press: play, toggle a die, lobby, or show my secrets."""
    query = update.callback_query
    if query is None:
        return
    language = await remember_user(context, update)
    try:
        callback = parse(query.data)
        found = services(context)
        if callback.kind == "n":
            chat = update.effective_chat
            if chat is None or chat.type == ChatType.PRIVATE:
                await query.answer(t(language, "Games are played in groups: add me to a group "
                                               "and send /newgame there."), show_alert=True)
            elif callback.payload not in playable_kinds():
                await query.answer(t(language, "This button is not valid."), show_alert=True)
            else:
                await query.answer()
                await open_table(update, context, callback.payload,
                                 await chat_language(context, chat.id, update))
            return
        if callback.kind == "p":  # the press's one command checks the chat itself
            await _play(update, context, callback, language)
            return
        game = await found.games.run(reads.load_game, game_id=callback.game_id)
    except (BadCallback, StorageError):
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return
    chat_id = query.message.chat.id if query.message is not None else None
    if chat_id is not None and chat_id not in (game.chat_id, query.from_user.id):
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return
    if callback.kind == "l" and callback.payload in CONFIRM_OPS:
        await confirmed(update, context, callback)
    elif callback.kind == "l":
        await lobby_button(update, context, callback)
    elif callback.kind == "m":
        await _mine(update, context, callback, language)
    elif callback.kind == "b":
        await _back(update, context, callback, language)
    elif callback.kind == "d":
        await die_pressed(update, context, callback, language)
    else:
        await _toggle(update, context, callback, language)


async def _play(update: Update, context: ContextTypes.DEFAULT_TYPE, callback: Callback,
                language: str) -> None:
    query = update.callback_query
    assert query is not None
    found = services(context)
    chat_id = query.message.chat.id if query.message is not None else None
    try:
        await found.games.play(callback.game_id, query.from_user.id, callback.version,
                               callback.payload, chat_id=chat_id)
    except (WrongChat, GameNotFound):
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return
    except (GameError, StorageError) as error:
        await query.answer(refusal(language, error), show_alert=True)
        return
    await query.answer()  # the delivery loop shows the move; the press is answered at once


async def _toggle(update: Update, context: ContextTypes.DEFAULT_TYPE, callback: Callback,
                  language: str) -> None:
    """Mark dice for a re-roll: the table is redrawn with them marked, the game unchanged."""
    query = update.callback_query
    assert query is not None
    keep = frozenset(int(c) for c in callback.payload)
    try:
        await services(context).games.mark(callback.game_id, query.from_user.id,
                                           callback.version, keep)
    except (GameError, StorageError) as error:
        await query.answer(refusal(language, error), show_alert=True)
        return
    await query.answer()


async def _mine(update: Update, context: ContextTypes.DEFAULT_TYPE, callback: Callback,
                language: str) -> None:
    """Show the presser's secrets (the front's "mine" text) in a private pop-up."""
    query = update.callback_query
    assert query is not None
    table = await services(context).games.table(callback.game_id)
    seat = table.seat_of(query.from_user.id)
    if seat is None or table.state is None:
        await query.answer(t(language, "You are not at this table."), show_alert=True)
        return
    front = front_for(table.game.kind)
    await query.answer(front.mine_text(language, table.engine, table.state, seat)[:200],
                       show_alert=True)


async def _back(update: Update, context: ContextTypes.DEFAULT_TYPE, callback: Callback,
                language: str) -> None:
    """"I'm here": the presser takes his seat back (from the bot, or after his clock ran
    out) in a running game."""
    query = update.callback_query
    assert query is not None
    games = services(context).games
    table = await games.table(callback.game_id)
    seat = table.seat_of(query.from_user.id)
    if seat is None or not is_running(table.game):
        await query.answer(t(language, "You are not playing at this table."), show_alert=True)
        return
    back = await games.set_bot(callback.game_id, seat, bot=False)
    await query.answer(t(language, "Welcome back! Your seat is yours again.") if back else
                       t(language, "You are already playing your seat."), show_alert=True)


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
        view = table.engine.view_json(table.engine.view(table.state, None))
        lines = [line for event in await found.games.history(game.id)
                 if (line := front.event_line(language, event, table.names, view))]
    text = fit_lines(lines[-HISTORY_LINES:]) or t(language, "Nothing has happened yet.")
    await message.reply_html(text)  # the newest lines that fit in a message
