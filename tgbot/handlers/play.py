"""Play handlers: every button press, /status and /history."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from core.engine.errors import GameError, GameOver, NotYourTurn, StaleVersion
from storage import lobby
from storage.errors import StorageError
from storage.models import GameStatus
from tgbot.callbacks import BadCallback, Callback, parse
from tgbot.context import chat_language, game_here_or_say, remember_user, services
from tgbot.handlers.lobby import lobby_button, open_table, show_lobby
from tgbot.i18n import t
from tgbot.publish import describe_events
from tgbot.render.front import front_for, playable_kinds

log = logging.getLogger(__name__)
HISTORY_LINES = 25


def refusal(language: str, error: Exception) -> str:
    """Return the polite pop-up for a press the game refuses."""
    if isinstance(error, StaleVersion):
        return t(language, "This prompt is outdated: the game has moved on.")
    if isinstance(error, NotYourTurn):
        return t(language, "This decision belongs to another player.")
    if isinstance(error, GameOver):
        return t(language, "This game is over.")
    return t(language, "That move is not possible now.")


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
            await query.answer()
            chat = update.effective_chat
            if chat is not None and callback.payload in playable_kinds():
                await open_table(update, context, callback.payload,
                                 await chat_language(context, chat.id))
            return
        game = await lobby.load_game(found.games.uow_factory, game_id=callback.game_id)
    except (BadCallback, StorageError):
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return
    chat_id = query.message.chat.id if query.message is not None else None
    if chat_id is not None and chat_id not in (game.chat_id, query.from_user.id):
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return
    if callback.kind == "l":
        await lobby_button(update, context, callback)
    elif callback.kind == "m":
        await _mine(update, context, callback, language)
    elif callback.kind == "k":
        await _toggle(update, context, callback, language)
    else:
        await _play(update, context, callback, language)


async def _play(update: Update, context: ContextTypes.DEFAULT_TYPE, callback: Callback,
                language: str) -> None:
    query = update.callback_query
    assert query is not None
    found = services(context)
    try:
        played = await found.games.play(callback.game_id, query.from_user.id, callback.version,
                                        callback.payload)
    except (GameError, StorageError) as error:
        await query.answer(refusal(language, error), show_alert=True)
        return
    await query.answer()
    await found.publisher.after_play(played)


async def _toggle(update: Update, context: ContextTypes.DEFAULT_TYPE, callback: Callback,
                  language: str) -> None:
    """Mark dice for a re-roll: redraw the prompt, nothing is stored."""
    query = update.callback_query
    assert query is not None
    found = services(context)
    table = await found.games.table(callback.game_id)
    seat = table.seat_of(query.from_user.id)
    state = table.state
    if state is None or table.game.version != callback.version:
        await query.answer(t(language, "This prompt is outdated: the game has moved on."),
                           show_alert=True)
        return
    if seat is None or seat not in table.engine.to_act(state):
        await query.answer(t(language, "This decision belongs to another player."),
                           show_alert=True)
        return
    await query.answer()
    group_language = await chat_language(context, table.game.chat_id)
    keep = frozenset(int(c) for c in callback.payload)
    await found.publisher.show_table(table, group_language, new_message=False, keep=keep)


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


async def status(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Repost the table at the bottom of the chat and make it the live one."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await chat_language(context, chat.id)
    found = services(context)
    game = await game_here_or_say(context, update, language)
    if game is None or game.id is None:
        return
    if game.status is GameStatus.LOBBY:
        await show_lobby(context, game.id, new_message=True)
        return
    table = await found.games.table(game.id)
    await found.publisher.show_table(table, language, new_message=True)


async def history(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Send the last public events of the chat's game."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None or chat.type == ChatType.PRIVATE:
        return
    language = await chat_language(context, chat.id)
    found = services(context)
    game = await game_here_or_say(context, update, language)
    if game is None or game.id is None:
        return
    table = await found.games.table(game.id)
    lines = []
    if table.state is not None:
        view = table.engine.view_json(table.engine.view(table.state, None))
        lines = describe_events(front_for(game.kind), language,
                                await found.games.history(game.id), table.names, view)
    text = "\n".join(lines[-HISTORY_LINES:]) or t(language, "Nothing has happened yet.")
    await message.reply_html(text[-4000:])
