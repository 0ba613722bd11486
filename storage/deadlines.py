"""Deadlines in the database: claiming due timeouts and reminders, bot takeover of seats.

The database is the only timer: a process wakes up (APScheduler through PTB's JobQueue),
claims what is due and plays the timeouts of many games in one unit of work (the same
load → engine → versioned save → log steps as a press's `apply_action`). A claim moves the
due time forward by a short lease, in one statement that skips rows other transactions
hold, so two replicas never work on the same game at once, and a replica that dies after a
claim only delays that game by the lease. Applying the timeout itself is guarded by the
game's version, so a timeout that races a player's press is applied at most once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from core.engine.protocol import Outcome, Step, apply_checked
from core.engine.registry import get_game
from storage.clock import Clock
from storage.commands import Applied, load_engine_state, write_step
from storage.models import ActionRecord, ActorKind, Game, GameStatus, Seat
from storage.uow import UnitOfWorkFactory

LEASE = timedelta(seconds=60)


# Given the stored game, its seats and the new engine state, return (deadline_at, remind_at)
# for the decision now pending (the front owns the timer settings: tgbot/deadlines.py).
SeatedDeadlineRule = Callable[[Game, Sequence[Seat], Any], tuple[datetime | None, datetime | None]]


@dataclass(frozen=True)
class Due:
    """A game whose deadline (or reminder) has come, at the version it was claimed.

    `seat` names the seat to time out (None: the lowest seat owing the decision).
    """

    game_id: int
    version: int
    seat: int | None = None


async def claim_due_deadlines(
    uow_factory: UnitOfWorkFactory, *, now: Clock, limit: int = 200, lease: timedelta = LEASE
) -> list[Due]:
    """Claim up to `limit` running games whose deadline has passed; return them."""
    at = now()
    async with uow_factory() as uow:
        rows = await uow.games.claim_due(field="deadline_at", now=at, until=at + lease,
                                         limit=limit)
        await uow.commit()
    return [Due(game_id, version) for game_id, version in rows]


@dataclass(frozen=True)
class TimedOut:
    """A timeout played by `play_timeouts`: the seat, the seats that owed the decision, the step."""

    seat: int
    owed: tuple[int, ...]
    applied: Applied


@dataclass(frozen=True)
class _Move:
    """A decided timeout not yet written: the saved row to be, the version it replaces,
    the log row, and what `TimedOut` reports."""

    game: Game
    expected: int
    record: ActionRecord
    owed: tuple[int, ...]
    step: Step[Any]
    outcome: Outcome | None


async def play_timeouts(
    uow_factory: UnitOfWorkFactory,
    *,
    dues: Sequence[Due],
    now: Clock,
    deadline: SeatedDeadlineRule | None = None,
) -> list[TimedOut]:
    """Play the timeout default of each claimed game, all in one unit of work and one commit.

    The games are loaded (row-locked) with their seats. For each game still RUNNING at its
    claimed version, the engine's default for the due seat (None: the lowest seat owing) is
    applied; the games are saved with the version check and their next deadlines, then the
    actions are logged with actor `timeout` and the seats get a strike (re-read after the
    saves, as `apply_action` does). Return what was played, by game id; a game found moved
    on (a press got there first), stopped, or whose seat owes nothing is left out. Raise,
    writing nothing, StaleGame if a game moves on between its load and its save (SQLite
    does not lock rows), CorruptGame for a bad snapshot, and the engine's errors if it
    refuses its own default: the caller may then play the games one by one.
    """
    wanted = {due.game_id: due for due in dues}
    if not wanted:
        return []
    async with uow_factory() as uow:
        games = await uow.games.get_many(game_ids=sorted(wanted), lock=True)
        seats = _by_game(await uow.seats.list_many(game_ids=sorted(wanted)))
        at = now()
        moves = [move for game in games if (move := _decide(
            game, wanted[game.id or 0], seats.get(game.id or 0, []), at, deadline))]
        if not moves:
            return []
        await uow.games.save_many(games=[(move.game, move.expected) for move in moves])
        seats = _by_game(await uow.seats.list_many(
            game_ids=[move.record.game_id for move in moves]))
        await uow.actions.append_many(records=[move.record for move in moves])
        await uow.seats.save_many(seats=[row for move in moves
                                         for row in _strike(seats, move.record)])
        await uow.commit()
    return [_timed_out(move, seats.get(move.record.game_id, [])) for move in moves]


def _by_game(seats: Sequence[Seat]) -> dict[int, list[Seat]]:
    """Return seats grouped by game id (each list in the given order)."""
    grouped: dict[int, list[Seat]] = {}
    for row in seats:
        grouped.setdefault(row.game_id, []).append(row)
    return grouped


def _decide(game: Game, due: Due, seats: list[Seat], at: datetime,
            deadline: SeatedDeadlineRule | None) -> _Move | None:
    """Return a due game's timeout as a move to write (the row is updated in place), or
    None when there is nothing to play."""
    if game.status is not GameStatus.RUNNING or game.version != due.version:
        return None
    engine = get_game(game.kind)
    state = load_engine_state(engine, game)
    owed = tuple(sorted(engine.to_act(state)))
    seat = due.seat if due.seat is not None else next(iter(owed), None)
    if seat is None or seat not in owed:
        return None
    action = engine.encode_action(engine.default_action(state, seat))
    step = apply_checked(engine, state, seat, action, due.version)
    outcome = write_step(game, engine, step, at)
    if outcome is None and deadline is not None:
        game.deadline_at, game.remind_at = deadline(game, seats, step.state)
    record = ActionRecord(game_id=due.game_id, version=game.version, seat=seat, action=action,
                          actor=ActorKind.TIMEOUT, applied_at=at)
    return _Move(game, due.version, record, owed, step, outcome)


def _strike(seats: dict[int, list[Seat]], record: ActionRecord) -> list[Seat]:
    """Return the timed-out seat's row with one more strike (timeouts in a row are strikes)."""
    struck = [row for row in seats.get(record.game_id, []) if row.seat == record.seat]
    for row in struck:
        row.strikes += 1
    return struck


def _timed_out(move: _Move, seats: list[Seat]) -> TimedOut:
    """Return what a written move reports: the seat, who owed, the saved row, seats and state."""
    game = move.game
    applied = Applied(game_id=move.record.game_id, version=game.version, status=game.status,
                      events=move.step.events, outcome=move.outcome, game=game,
                      seats=tuple(seats), state=move.step.state)
    return TimedOut(move.record.seat, move.owed, applied)


async def claim_due_reminders(
    uow_factory: UnitOfWorkFactory, *, now: Clock, limit: int = 200
) -> list[Due]:
    """Claim (and clear) up to `limit` due reminders; return their games."""
    async with uow_factory() as uow:
        rows = await uow.games.claim_due(field="remind_at", now=now(), until=None, limit=limit)
        await uow.commit()
    return [Due(game_id, version) for game_id, version in rows]


async def set_times(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    version: int,
    deadline_at: datetime | None,
    remind_at: datetime | None,
) -> bool:
    """Set a game's deadline and reminder if it is still at `version`; return True if set."""
    async with uow_factory() as uow:
        game = await uow.games.get(game_id=game_id, lock=True)
        if game.version != version:
            return False
        game.deadline_at, game.remind_at = deadline_at, remind_at
        await uow.games.save(game=game, expected_version=version)
        await uow.commit()
    return True


async def set_seat_bot(
    uow_factory: UnitOfWorkFactory, *, game_id: int, seat: int, bot: bool
) -> bool:
    """Hand a human seat to the bot (or back); strikes restart. Return False if no change."""
    async with uow_factory() as uow:
        for row in await uow.seats.list(game_id=game_id):
            if row.seat == seat and row.user_id is not None and row.is_bot != bot:
                row.is_bot = bot
                row.strikes = 0
                await uow.seats.save(seat=row)
                await uow.commit()
                return True
    return False
