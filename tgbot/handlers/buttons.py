"""Button presses, one handler per callback form (tgbot/render/callbacks.py), each routed by the
form's pattern; `routes()` returns them for the application, with a last handler that
answers any other data as not valid.

A form's handler gets the decoded press and the presser's language. Presses on a game's
buttons other than Play are first checked to belong to the chat they were pressed in (a
Play press's one command checks its chat itself).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar, cast

from telegram import CallbackQuery, Update
from telegram.constants import ChatType
from telegram.error import BadRequest, Forbidden, NetworkError
from telegram.ext import CallbackQueryHandler, ContextTypes

from core.engine.errors import GameError
from tgbot.handlers.answers import refusal
from tgbot.handlers.archive import animated, exported, replayed
from tgbot.handlers.cancel import CONFIRM_OPS, confirmed
from tgbot.handlers.context import answer_quietly, chat_language, remember_user, services
from tgbot.handlers.lobby import lobby_button, open_table
from tgbot.handlers.marks import die_pressed
from tgbot.handlers.mine import mine_pressed
from tgbot.handlers.stats import rematch_pressed
from tgbot.handlers.undo import undo_pressed
from tgbot.i18n import t
from tgbot.render.callbacks import (
    Again,
    Animate,
    Back,
    BadCallback,
    Die,
    Export,
    Focus,
    Keep,
    LobbyOp,
    Mine,
    NewGame,
    Play,
    Press,
    Replay,
    Undo,
)
from tgbot.render.front import front_for, playable_kinds
from tgbot.service import reads
from tgbot.service.errors import GameNotFound, StorageError
from tgbot.service.games import WrongChat
from tgbot.service.rows import is_running

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE
P = TypeVar("P", bound=Press)
Handler = Callable[[Update, Context, P, str], Awaitable[None]]
GAME_FORMS = (Keep, Focus, Die, LobbyOp, Mine, Back, Undo, Again, Export, Replay, Animate)
"""The forms of a game's buttons that the route checks (a Play press's command does)."""


async def _invalid(update: Update, context: Context) -> None:
    """Answer data no form takes (forged, or a button of an older bot) as not valid."""
    query = update.callback_query
    if query is None:
        return
    language = await remember_user(context, update)
    await query.answer(t(language, "This button is not valid."), show_alert=True)


def _routed(form: type[P], handler: Handler[P]) -> CallbackQueryHandler[Context, None]:
    """Return the application's handler of one form: decode the press, check a game's
    press comes from its group or a private chat, then call `handler`."""

    async def pressed(update: Update, context: Context) -> None:
        query = update.callback_query
        assert query is not None
        language = await remember_user(context, update)
        try:
            press = cast(P, form.decode(query.data))
            if isinstance(press, GAME_FORMS):
                game = await services(context).games.run(reads.load_game,
                                                         game_id=press.game_id)
                chat_id = query.message.chat.id if query.message is not None else None
                if chat_id is not None and chat_id not in (game.chat_id, query.from_user.id):
                    raise BadCallback("pressed in another chat")
        except (BadCallback, StorageError):
            await query.answer(t(language, "This button is not valid."), show_alert=True)
            return
        await handler(update, context, press, language)

    return CallbackQueryHandler(pressed, pattern=form.PATTERN)


def routes() -> list[CallbackQueryHandler[Context, None]]:
    """Return the handlers of every form, then the one for any other data."""
    return [_routed(Play, _play), _routed(NewGame, _new_game), _routed(Keep, _keep),
            _routed(Focus, _keep), _routed(Die, die_pressed), _routed(LobbyOp, _lobby),
            _routed(Mine, mine_pressed), _routed(Back, _back), _routed(Undo, undo_pressed),
            _routed(Again, rematch_pressed), _routed(Export, exported),
            _routed(Replay, replayed), _routed(Animate, animated),
            CallbackQueryHandler(_invalid)]


async def _new_game(update: Update, context: Context, press: NewGame, language: str) -> None:
    """Open a new table of the chosen game in the group the menu was pressed in."""
    query, chat = update.callback_query, update.effective_chat
    assert query is not None
    if chat is None or chat.type == ChatType.PRIVATE:
        await query.answer(t(language, "Games are played in groups: add me to a group "
                                       "and send /newgame there."), show_alert=True)
    elif press.kind not in playable_kinds():
        await query.answer(t(language, "This button is not valid."), show_alert=True)
    else:
        await query.answer()
        group_language = await chat_language(context, chat.id, update)
        opened = await open_table(update, context, press.kind, group_language)
        await _close_menu(query, group_language, press.kind if opened else None)


async def _close_menu(query: CallbackQuery, language: str, kind: str | None) -> None:
    """Take the buttons off a "Which game?" menu once it served: it says which game was
    opened and by whom (`kind`), or, when the chat had a game already (None), nothing more.
    A menu Telegram no longer lets us edit is left as it is."""
    try:
        if kind is None:
            await query.edit_message_reply_markup(reply_markup=None)
        else:
            front = front_for(kind)
            await query.edit_message_text(t(
                language, "Which game? {icon} {game}, chosen by {name}.", icon=front.icon,
                game=front.title(language), name=query.from_user.full_name))
    except (BadRequest, Forbidden) as error:
        log.info("the game menu could not be closed: %s", error)


async def _play(update: Update, context: Context, press: Play, language: str) -> None:
    """Play the pressed action; the delivery loop shows the move."""
    query = update.callback_query
    assert query is not None
    chat_id = query.message.chat.id if query.message is not None else None
    try:
        await services(context).games.play(press.game_id, query.from_user.id, press.version,
                                           press.action, chat_id=chat_id)
    except (WrongChat, GameNotFound):
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return
    except (GameError, StorageError) as error:
        await query.answer(refusal(language, error), show_alert=True)
        return
    try:
        await answer_quietly(context, query)  # the press is answered at once
    except NetworkError as error:  # the move is saved, and the table will show it
        log.info("the answer to an accepted press failed: %s", error)


async def _keep(update: Update, context: Context, press: Keep | Focus, language: str) -> None:
    """Redraw the presser's prompt with its own state (a card open); the game is unchanged."""
    query = update.callback_query
    assert query is not None
    keep = press.keep if isinstance(press, Keep) else press.keep()
    try:
        await services(context).games.mark(press.game_id, query.from_user.id, press.version,
                                           keep)
    except (GameError, StorageError) as error:
        await query.answer(refusal(language, error), show_alert=True)
        return
    await query.answer()


async def _lobby(update: Update, context: Context, press: LobbyOp, language: str) -> None:
    """A lobby button, or /cancel's confirmation."""
    if press.op in CONFIRM_OPS:
        await confirmed(update, context, press)
    else:
        await lobby_button(update, context, press)


async def _back(update: Update, context: Context, press: Back, language: str) -> None:
    """"I'm here": the presser takes his seat back (from the bot, or after his clock ran
    out) in a running game."""
    query = update.callback_query
    assert query is not None
    games = services(context).games
    table = await games.table(press.game_id)
    seat = table.seat_of(query.from_user.id)
    if seat is None or not is_running(table.game):
        await query.answer(t(language, "You are not playing at this table."), show_alert=True)
        return
    back = await games.set_bot(press.game_id, seat, bot=False)
    await query.answer(t(language, "Welcome back! Your seat is yours again.") if back else
                       t(language, "You are already playing your seat."), show_alert=True)
