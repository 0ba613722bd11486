"""Undo by consent: a player asks to take his last move back, the table's other human
players answer, and one refusal (or the request's own deadline) keeps the move.

Each use case is one unit of work on the game row (locked), like every command: `ask_undo`,
`answer_undo` and `expire_undo`. Taking the move back replays the stored log (the game is
rebuilt by `storage.action_log.replay_log`, which also yields the state before the last
record), checks it against the stored snapshot, and logs the reserved text UNDO at the next
version: every later replay repeats it, and every prompt made before it is stale. The
deadline and reminder return to what they were before the move. The offer and the request
live in the game's lobby JSON (`tgbot/service/undo_offer.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from core.engine.registry import get_game
from storage.action_log import UNDO, replay_log, undo_step
from storage.clock import Clock
from storage.errors import CorruptGame
from storage.models import ActionRecord, ActorKind
from storage.repositories import UnitOfWork
from storage.uow import UnitOfWorkFactory
from tgbot.service.commands import Applied
from tgbot.service.scene import (
    NO_HOOKS,
    Hooks,
    Logged,
    Scene,
    check_running,
    load_scene,
    save_scene,
)
from tgbot.service.undo_offer import (
    ASKED,
    EXPIRED,
    REFUSED,
    UNDONE,
    Offer,
    asked,
    keep_offer,
    live_in,
    live_offer,
    offer_of,
    restored,
)


class UndoRefused(Exception):
    """An undo request or answer that cannot be taken; `code` says why (the handlers map
    it to a polite message): `not_undoable` (no move of his to take back: the game moved
    on, or the move showed something hidden), `not_yours` (another player's move),
    `asked` (already asked), `not_asked` (the presser is not asked), `agreed` (he already
    agreed), `ended` (the request is over)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


async def open_requests(uow_factory: UnitOfWorkFactory) -> list[tuple[int, int, datetime]]:
    """Return (game id, version, until) of every running game's request that still waits
    for answers (asked, about the game's last move): at start-up, the requests whose
    deadline job the last run took with it."""
    async with uow_factory() as uow:
        lobbies = await uow.games.running_lobbies()
    found = []
    for game_id, version, lobby in lobbies:
        offer = live_in(lobby, version)
        if offer is not None and offer.status == ASKED and offer.until is not None:
            found.append((game_id, version, datetime.fromisoformat(offer.until)))
    return found


Decide = Callable[[Scene, datetime], bool]
"""Change the scene for one undo use case at a time; return True to take the move back."""


async def _command(uow_factory: UnitOfWorkFactory, game_id: int, decide: Decide, now: Clock,
                   hooks: Hooks) -> Applied:
    """Run one undo use case in one unit of work; nothing is written when `decide` raises."""
    at = now()
    async with uow_factory() as uow:
        scene = await load_scene(uow, game_id)
        expected = scene.game.version
        if decide(scene, at):
            offer = offer_of(scene.game)
            assert offer is not None
            await _take_back(uow, scene, offer)
            deadline = restored(offer)
            hooks = replace(hooks, deadline=lambda game, seats, state: deadline)
        await save_scene(uow, scene, expected_version=expected, at=at, hooks=hooks,
                         dirty=True)
        await uow.commit()
    return Applied.of(scene)


async def ask_undo(uow_factory: UnitOfWorkFactory, *, game_id: int, user_id: int,
                   version: int | None, now: Clock, hooks: Hooks = NO_HOOKS) -> Applied:
    """Ask the table to take back the user's last move (made at `version`; None: whatever
    the game's is). With no other human at the table it is taken back at once.

    Return what was done. Raise UndoRefused, StaleGame, GameOver and GameNotRunning.
    """

    def decide(scene: Scene, at: datetime) -> bool:
        check_running(scene, version)
        offer = live_offer(scene.game)
        seat = scene.seat_of(user_id)
        if offer is None:
            raise UndoRefused("not_undoable")
        if seat != offer.seat:
            raise UndoRefused("not_yours")
        if offer.pending(at):
            raise UndoRefused("asked")
        others = tuple(row.seat for row in scene.seats
                       if row.user_id is not None and not row.is_bot and row.seat != seat)
        keep_offer(scene.game, asked(offer, others, at))
        return not others

    return await _command(uow_factory, game_id, decide, now, hooks)


async def answer_undo(uow_factory: UnitOfWorkFactory, *, game_id: int, user_id: int,
                      version: int, agree: bool, now: Clock,
                      hooks: Hooks = NO_HOOKS) -> Applied:
    """Agree to, or refuse, the request about the move made at `version`. One refusal keeps
    the move; the last agreement takes it back.

    Return what was done. Raise UndoRefused, StaleGame, GameOver and GameNotRunning.
    """

    def decide(scene: Scene, at: datetime) -> bool:
        offer = live_offer(scene.game)
        if offer is None or offer.version != version or offer.status != ASKED:
            raise UndoRefused("ended")
        check_running(scene, version)
        seat = scene.seat_of(user_id)
        if seat is None or seat not in offer.asked:
            raise UndoRefused("not_asked")
        if not offer.pending(at):
            keep_offer(scene.game, replace(offer, status=EXPIRED))
            return False
        if seat in offer.agreed:
            raise UndoRefused("agreed")
        if not agree:
            keep_offer(scene.game, replace(offer, status=REFUSED, by=seat))
            return False
        offer = replace(offer, agreed=(*offer.agreed, seat))
        keep_offer(scene.game, offer)
        return not offer.waiting_for()

    return await _command(uow_factory, game_id, decide, now, hooks)


async def expire_undo(uow_factory: UnitOfWorkFactory, *, game_id: int, version: int,
                      now: Clock, hooks: Hooks = NO_HOOKS) -> Applied | None:
    """End the request about the move made at `version` if its time is up (the move stands,
    and the group is told); return what was done, or None when there was nothing to end."""

    def decide(scene: Scene, at: datetime) -> bool:
        offer = live_offer(scene.game)
        if offer is None or offer.version != version or offer.status != ASKED \
                or offer.pending(at):
            raise UndoRefused("ended")
        keep_offer(scene.game, replace(offer, status=EXPIRED))
        return False

    try:
        return await _command(uow_factory, game_id, decide, now, hooks)
    except UndoRefused:
        return None


async def _take_back(uow: UnitOfWork, scene: Scene, offer: Offer) -> None:
    """Take the offer's move back on the scene: rebuild the game from its log, step back
    with the engine's rewind (logged as UNDO), and tell the outbox. Raise CorruptGame when
    the log does not rebuild the stored game."""
    game, engine = scene.game, scene.engine
    log = list(await uow.actions.list(game_id=game.id or 0))
    dealt = get_game(game.kind).setup(dict(game.options), len(scene.seats), game.seed).state
    rebuilt = replay_log(engine, dealt, [(record.seat, record.action) for record in log],
                         checked=False)
    if engine.dump_state(rebuilt.state) != game.snapshot or not log \
            or (log[-1].version, log[-1].seat) != (offer.version, offer.seat):
        raise CorruptGame(f"game {game.id}: its log does not rebuild the stored game")
    step = undo_step(engine, scene.state, rebuilt.previous, game.version)
    scene.state = step.state
    scene.steps.append(Logged(offer.seat, UNDO, ActorKind.HUMAN, ()))
    keep_offer(game, replace(offer, status=UNDONE))
    scene.notes.undone, scene.notes.fresh = offer.seat, True
    _forget_recent(scene, log[-1])


def _forget_recent(scene: Scene, record: ActionRecord) -> None:
    """Drop the taken-back move's lines from the table's recent lines (the table lists the
    turn's public events as stored with it)."""
    table = scene.deliveries.get("table")
    events: list[dict[str, Any]] = list(record.events or [])
    if table is None or not events:
        return
    recent = list(table.payload.get("recent", []))
    if recent[-len(events):] == events:
        table.payload = {**table.payload, "recent": recent[:-len(events)]}
