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

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.engine.protocol import Clock as DecisionClock
from core.engine.protocol import apply_checked
from storage.clock import Clock
from storage.models import ActorKind, GameStatus
from storage.uow import UnitOfWorkFactory
from tgbot.service.commands import Applied
from tgbot.service.follow import follow, mark_absent
from tgbot.service.scene import (
    NO_HOOKS,
    Hooks,
    Scene,
    load_scenes,
    prompts_of,
    save_scenes,
    take_step,
)

LEASE = timedelta(seconds=60)


@dataclass(frozen=True)
class Due:
    """A game whose deadline (or reminder) has come, at the version it was claimed.

    `seat` names the seat to time out (None: every seat owing the decision); `skipped`
    marks an admin's /skip, which plays the same defaults without a strike; `deadline_at`
    is when the clock ran out (for the operator's lateness figures).
    """

    game_id: int
    version: int
    seat: int | None = None
    skipped: bool = False
    deadline_at: datetime | None = None


async def claim_due_deadlines(
    uow_factory: UnitOfWorkFactory, *, now: Clock, limit: int = 200, lease: timedelta = LEASE
) -> list[Due]:
    """Claim up to `limit` running games whose deadline has passed; return them."""
    at = now()
    async with uow_factory() as uow:
        deadlines = dict(await uow.gauges.overdue(now=at, limit=limit))
        rows = await uow.games.claim_due(field="deadline_at", now=at, until=at + lease,
                                         limit=limit)
        await uow.commit()
    return [Due(game_id, version, deadline_at=deadlines.get(game_id))
            for game_id, version in rows]


async def play_timeouts(
    uow_factory: UnitOfWorkFactory,
    *,
    dues: Sequence[Due],
    now: Clock,
    hooks: Hooks = NO_HOOKS,
) -> list[Applied]:
    """Play the timeout default of each claimed game, all in one unit of work and one commit.

    For each game still RUNNING (not paused) at its claimed version, every seat owing the
    decision (or only `due.seat`) that still owes it gets the engine's default (`_time_out`
    says which are struck); seats struck `hooks.strike_limit` times in a row go to the
    bot; bot seats and absent seats follow; then each game is saved (version checked),
    logged and its outbox written, as a press is. Return what was played; a game found
    moved on (a press got there first), stopped or paused is left out. Raise, writing
    nothing, StaleGame if a game moves on between its load and its save (SQLite does not
    lock rows), CorruptGame for a bad snapshot, and the engine's errors if it refuses its
    own default: the caller may then play the games one by one.
    """
    wanted = {due.game_id: due for due in dues}
    if not wanted:
        return []
    async with uow_factory() as uow:
        scenes = await load_scenes(uow, sorted(wanted))
        played = [(scene, scene.game.version) for scene in scenes
                  if _time_out(scene, wanted[scene.game.id or 0], hooks)]
        if not played:
            return []
        await save_scenes(uow, played, at=now(), hooks=hooks)
        await uow.commit()
    return [Applied.of(scene) for scene, _ in played]


def _time_out(scene: Scene, due: Due, hooks: Hooks) -> bool:
    """Play a due game's timeouts on its scene; return False when there is nothing to play.

    A turn or reaction clock that ran out strikes its seat (not an admin's skip) and marks
    it absent for the rest of the turn (tgbot/service/follow.py); an identity window that
    ran out is only closed: its seats are not struck, not marked and not named, whoever
    they are [OS-ROLE-9].
    """
    game = scene.game
    if game.status is not GameStatus.RUNNING or game.paused_at is not None \
            or game.version != due.version:
        return False
    engine = scene.engine
    turn = engine.turn_marker(scene.state)
    clocks = {prompt.seat: prompt.clock for prompt in prompts_of(engine, scene.state)}
    missed: list[int] = []
    lapsed = False
    for seat in sorted(engine.to_act(scene.state)) if due.seat is None else [due.seat]:
        if engine.outcome(scene.state) is not None or seat not in engine.to_act(scene.state):
            continue
        window = clocks.get(seat) is DecisionClock.WINDOW
        text = engine.encode_action(engine.default_action(scene.state, seat))
        take_step(scene, seat, text, ActorKind.TIMEOUT,
                  apply_checked(engine, scene.state, seat, text, engine.version(scene.state)),
                  strike=not (window or due.skipped))
        if window:
            lapsed = True
        else:
            missed.append(seat)
    if not missed and not lapsed:
        return False
    mark_absent(scene, missed, turn)
    limit = hooks.strike_limit(game) if hooks.strike_limit is not None else 0
    if due.skipped:
        scene.notes.skipped = missed
    else:
        scene.notes.timeouts = missed
    scene.notes.taken_over = hand_struck_seats_to_bots(scene, limit)
    follow(scene)
    return True


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


def hand_struck_seats_to_bots(scene: Scene, limit: int) -> list[int]:
    """Give to the bot every human seat with `limit` timeouts in a row; return those seats."""
    if limit <= 0:
        return []
    struck = [row for row in scene.seats
              if not row.is_bot and row.user_id is not None and row.strikes >= limit]
    for row in struck:
        row.is_bot, row.strikes = True, 0
    return [row.seat for row in struck]
