"""Undo by consent: /undo and the "↩️ Undo" button ask the table to take back the sender's
last move; the request's ✅ and ✖️ buttons answer it (tgbot/service/undo.py decides,
tgbot/render/undo.py shows it). A refused press gets a polite pop-up and changes nothing.

When a request is made, a job of the application's JobQueue ends it at its deadline (the
group is told the move stands). A restart forgets that job: at start-up `rearm_requests`
makes it again for every request still open (ending at once those whose time ran out
while the bot was down).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from telegram import Update
from telegram.ext import ContextTypes, JobQueue

from core.engine.errors import GameError
from tgbot.handlers.answers import refusal
from tgbot.handlers.context import game_command, services
from tgbot.i18n import t
from tgbot.render.callbacks import Undo
from tgbot.render.front import front_for
from tgbot.service.errors import GameNotRunning, StorageError
from tgbot.service.games import GameService
from tgbot.service.undo import (
    UndoRefused,
    answer_undo,
    ask_undo,
    expire_undo,
    open_requests,
)
from tgbot.service.undo_offer import ASKED, EXPIRED, UNDONE, Offer, offer_of

Context = ContextTypes.DEFAULT_TYPE


def refused_text(language: str, code: str, game: str) -> str:
    """Return the polite answer to an undo request or answer that cannot be taken."""
    texts = {
        "not_undoable": t(language, "{game}: no move of yours can be taken back now: only "
                                    "your last one, while nobody has moved since and it "
                                    "showed nothing hidden (dice, cards, roles).", game=game),
        "not_yours": t(language, "{game}: only the player who made this move can ask to "
                                 "take it back.", game=game),
        "asked": t(language, "{game}: you already asked; the table is answering.",
                   game=game),
        "not_asked": t(language, "{game}: only the other players of this table answer this "
                                 "request.", game=game),
        "agreed": t(language, "{game}: you already agreed; waiting for the others.",
                    game=game),
        "ended": t(language, "{game}: this request is over.", game=game),
    }
    return texts.get(code, texts["ended"])


def outcome_text(language: str, offer: Offer | None, game: str, *,
                 answering: bool = False) -> str:
    """Return what the asker (or, `answering`, a player who answered) is told after his
    press counted."""
    if offer is not None and offer.status == UNDONE:
        return t(language, "{game}: the move was taken back.", game=game)
    if offer is not None and offer.status == ASKED:
        if answering:
            return t(language, "{game}: you agreed; waiting for the others.", game=game)
        return t(language, "{game}: asked. The table's answers show in the group.",
                 game=game)
    if offer is not None and offer.status == EXPIRED:
        return t(language, "{game}: this request is over.", game=game)
    return t(language, "{game}: the move stands.", game=game)


async def undo_command(update: Update, context: Context) -> None:
    """/undo in a group: ask the table to take back the sender's last move."""
    asked = await game_command(update, context)
    if asked is not None:
        reply = await _ask(context, asked.game_id, asked.user_id, None, asked.language)
        await asked.message.reply_text(reply)


async def undo_pressed(update: Update, context: Context, press: Undo, language: str) -> None:
    """A press on "↩️ Undo" (`a`) or on a request's ✅ (`y`) or ✖️ (`n`)."""
    query = update.callback_query
    assert query is not None
    if press.op == "a":
        reply = await _ask(context, press.game_id, query.from_user.id, press.version,
                           language)
        await query.answer(reply[:200], show_alert=True)
        return
    games = services(context).games
    title = await _title(games, press.game_id, language)
    try:
        applied = games.done(await games.run(
            answer_undo, game_id=press.game_id, user_id=query.from_user.id,
            version=press.version, agree=press.op == "y", now=games.now, hooks=games.hooks))
    except UndoRefused as refused:
        await query.answer(refused_text(language, refused.code, title)[:200], show_alert=True)
        return
    except (GameError, StorageError):
        await query.answer(refused_text(language, "ended", title)[:200], show_alert=True)
        return
    offer = offer_of(applied.game) if applied.game is not None else None
    await query.answer(outcome_text(language, offer, title, answering=True)[:200])


async def _ask(context: Context, game_id: int, user_id: int, version: int | None,
               language: str) -> str:
    """Ask the table to take back the user's last move; return what to tell him."""
    games = services(context).games
    title = await _title(games, game_id, language)
    try:
        applied = games.done(await games.run(ask_undo, game_id=game_id, user_id=user_id,
                                             version=version, now=games.now,
                                             hooks=games.hooks))
    except UndoRefused as refused:
        return refused_text(language, refused.code, title)
    except GameNotRunning:
        return t(language, "{game}: the game is paused; try again once it goes on.",
                 game=title)
    except (GameError, StorageError) as error:
        return f"{title}: {refusal(language, error)}"
    offer = offer_of(applied.game) if applied.game is not None else None
    if offer is not None and offer.status == ASKED and offer.until is not None \
            and context.job_queue is not None:
        _expire_later(context.job_queue, games, game_id, offer.version,
                      datetime.fromisoformat(offer.until))
    return outcome_text(language, offer, title)


async def _title(games: GameService, game_id: int, language: str) -> str:
    """Return the game's name in the language (for a message about it)."""
    try:
        return front_for((await games.table(game_id)).game.kind).title(language)
    except (StorageError, KeyError):
        return ""


async def rearm_requests(job_queue: JobQueue[Any], games: GameService) -> int:
    """At start-up: end each request still open at its deadline (the last run's jobs are
    gone), at once when it passed while the bot was down; return how many there are."""
    found = await games.run(open_requests)
    for game_id, version, until in found:
        _expire_later(job_queue, games, game_id, version, until)
    return len(found)


def _expire_later(job_queue: JobQueue[Any], games: GameService, game_id: int, version: int,
                  until: datetime) -> None:
    """End the request a second after its deadline, on the service's clock (a job of the
    application's JobQueue; a deadline already past ends it within a second)."""

    async def expire(_: Context) -> None:
        try:
            applied = await games.run(expire_undo, game_id=game_id, version=version,
                                      now=games.now, hooks=games.hooks)
        except (GameError, StorageError):
            return
        if applied is not None:
            games.done(applied)

    delay = max((until - games.now()).total_seconds(), 0.0) + 1.0
    job_queue.run_once(expire, when=delay, name=f"undo:{game_id}:{version}")

