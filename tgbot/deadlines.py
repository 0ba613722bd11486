"""Turn deadlines: timer settings, quiet hours, the deadline rule, and the sweeper.

The database holds every deadline (games.deadline_at / remind_at). PTB's JobQueue only
wakes `sweep` every few seconds; a sweep claims what is due (storage/deadlines.py) and
applies the timeout default through the service, exactly like a press. On start the
first sweep runs at once, so deadlines that passed while the bot was down fire then.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel, Field

from core.engine.errors import GameError
from storage import deadlines as store
from storage.clock import Clock
from storage.errors import StorageError
from storage.models import ActorKind, Game, GameStatus

log = logging.getLogger(__name__)
PRESETS = {"5m": 300, "1h": 3600, "12h": 43_200, "24h": 86_400, "72h": 259_200}


class TimerSettings(BaseModel):
    """A table's clocks; stored as `timers` in the chat settings and in each game's lobby."""

    turn_seconds: int = Field(default=86_400, ge=60, le=7 * 86_400)
    reaction_seconds: int = Field(default=3_600, ge=60, le=7 * 86_400)
    window_seconds: int = Field(default=600, ge=10, le=86_400)
    remind_fraction: float = Field(default=0.5, gt=0, lt=1)
    remind_before_seconds: int = Field(default=3_600, ge=0)
    strikes_for_bot: int = Field(default=3, ge=0, le=20)
    quiet_start: time | None = None
    quiet_end: time | None = None
    timezone: str = "UTC"

    def quiet(self) -> tuple[time, time, ZoneInfo] | None:
        """Return the quiet hours and their zone, or None."""
        if self.quiet_start is None or self.quiet_end is None:
            return None
        return self.quiet_start, self.quiet_end, ZoneInfo(self.timezone)


def timers_of(game: Game) -> TimerSettings:
    """Return a game's timer settings (defaults when none were chosen)."""
    return TimerSettings.model_validate(game.lobby.get("timers", {}))


def in_quiet(moment: datetime, settings: TimerSettings) -> datetime | None:
    """Return when the quiet period around `moment` ends, or None if it is not quiet."""
    quiet = settings.quiet()
    if quiet is None:
        return None
    start, end, zone = quiet
    local = moment.astimezone(zone)
    today = local.date()
    for day in (today - timedelta(days=1), today):
        begins = datetime.combine(day, start, zone)
        ends = datetime.combine(day if end > start else day + timedelta(days=1), end, zone)
        if begins <= local < ends:
            return ends.astimezone(moment.tzinfo)
    return None


def next_quiet_start(moment: datetime, settings: TimerSettings) -> datetime | None:
    """Return the next start of quiet hours after `moment`, or None without quiet hours."""
    quiet = settings.quiet()
    if quiet is None:
        return None
    start, _, zone = quiet
    local = moment.astimezone(zone)
    begins = datetime.combine(local.date(), start, zone)
    if begins <= local:
        begins = datetime.combine(local.date() + timedelta(days=1), start, zone)
    return begins.astimezone(moment.tzinfo)


def after_active(start: datetime, seconds: float, settings: TimerSettings) -> datetime:
    """Return the moment `seconds` of running clock after `start`; quiet hours pause it."""
    moment, left = start, timedelta(seconds=seconds)
    for _ in range(400):
        ends = in_quiet(moment, settings)
        if ends is not None:
            moment = ends
            continue
        pause = next_quiet_start(moment, settings)
        if pause is None or moment + left <= pause:
            return moment + left
        left -= pause - moment
        moment = pause
    return moment + left


def clock_for(game: Game, state: Any, engine: Any) -> int:
    """Return the seconds of clock the pending decision gets: a window, a reaction or a turn."""
    settings = timers_of(game)
    view = engine.view(state, None)
    if getattr(view, "window", None):
        return settings.window_seconds  # [OS-ROLE-9] the same grace for every window
    owed = engine.to_act(state)
    active = getattr(view, "active", None)
    return settings.turn_seconds if active in owed else settings.reaction_seconds


def deadline_rule(now: Clock, engine_of: Callable[[str], Any],
                  bots: Callable[[Game], set[int]]) -> Callable[[Game, Any], tuple[Any, Any]]:
    """Return the rule storing (deadline_at, remind_at) with every saved state."""

    def rule(game: Game, state: Any) -> tuple[datetime | None, datetime | None]:
        engine = engine_of(game.kind)
        owed = set(engine.to_act(state))
        if not owed or owed <= bots(game):
            return None, None
        settings = timers_of(game)
        start = now()
        seconds = clock_for(game, state, engine)
        due = after_active(start, seconds, settings)
        return due, first_reminder(start, seconds, due, settings)

    return rule


def reminders(start: datetime, seconds: float, due: datetime,
              settings: TimerSettings) -> list[datetime]:
    """Return the reminder times of a deadline: at the fraction, and some time before."""
    moments = [after_active(start, seconds * settings.remind_fraction, settings)]
    if settings.remind_before_seconds and seconds > 2 * settings.remind_before_seconds:
        moments.append(after_active(start, seconds - settings.remind_before_seconds, settings))
    return sorted(m for m in moments if start < m < due)


def first_reminder(start: datetime, seconds: float, due: datetime,
                   settings: TimerSettings) -> datetime | None:
    """Return the first reminder time, or None."""
    found = reminders(start, seconds, due, settings)
    return found[0] if found else None


async def sweep(app_services: Any, batch: int = 50, parallel: int = 8) -> int:
    """Apply up to `batch` due timeouts and send due reminders; return the timeouts applied.

    Claimed games are independent, so up to `parallel` of them are timed out at once.
    """
    games = app_services.games
    claimed = await store.claim_due_deadlines(games.uow_factory, now=games.now, limit=batch)
    gate = asyncio.Semaphore(parallel)

    async def one(due: store.Due) -> int:
        async with gate:
            return await time_out(app_services, due.game_id, due.version)

    applied = sum(await asyncio.gather(*(one(due) for due in claimed)))
    for due in await store.claim_due_reminders(games.uow_factory, now=games.now, limit=batch):
        await app_services.publisher.remind(due.game_id, due.version)
    return applied


async def time_out(app_services: Any, game_id: int, version: int) -> int:
    """Play the timeout default for every seat owing the decision at `version`.

    Return how many actions were applied (0 when a press got there first).
    """
    games = app_services.games
    table = await games.table(game_id)
    if table.game.status is not GameStatus.RUNNING or table.game.version != version:
        return 0  # the player acted after the claim: nothing to do
    applied = 0
    current = table
    for seat in sorted(table.engine.to_act(table.state)):
        if current.game.status is not GameStatus.RUNNING or \
                seat not in current.engine.to_act(current.state):
            continue
        try:
            played = await games.act_for(game_id, seat, current.game.version, ActorKind.TIMEOUT,
                                         table=current)
        except (GameError, StorageError) as error:
            log.info("timeout of game %s seat %s skipped: %s", game_id, seat, error)
            return applied
        applied += 1
        takeover = await games.take_over_if_struck(game_id, seat, table=played.table)
        if takeover is not None:
            played = takeover
        current = played.table
        await app_services.publisher.after_timeout(played, seat, bot=takeover is not None)
    return applied
