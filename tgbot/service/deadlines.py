"""Turn deadlines: timer settings, quiet hours and the deadline rule.

The database holds every deadline (games.deadline_at / remind_at), written with each move
by the rule made here (`seated_deadline_rule`, the game service's hook); tgbot/jobs/sweep.py
plays them when they fall due.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel, Field

from core.engine.protocol import Clock as DecisionClock
from core.engine.registry import AnyGame
from storage.clock import Clock
from storage.models import Game, Seat
from tgbot.service.scene import SeatedDeadlineRule, prompts_of

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
        """Return the quiet hours and their zone, or None.

        Hours that start when they end are none (`/settings` refuses them, but older
        settings may hold them): they would pause the clock for good.
        """
        if self.quiet_start is None or self.quiet_end is None:
            return None
        start, end = self.quiet_start.replace(tzinfo=None), self.quiet_end.replace(tzinfo=None)
        if start == end:
            return None
        return start, end, ZoneInfo(self.timezone)


def local_clock(moment: datetime, zone: str) -> str:
    """Return a moment as short local text with its offset: "06/12 14:30 UTC-3" (an
    unknown zone counts as UTC)."""
    try:
        local = moment.astimezone(ZoneInfo(zone))
    except (ValueError, KeyError):
        local = moment.astimezone(ZoneInfo("UTC"))
    offset = local.utcoffset() or timedelta(0)
    minutes = int(offset.total_seconds()) // 60
    label = "UTC"
    if minutes:
        sign, minutes = ("+" if minutes > 0 else "-"), abs(minutes)
        label += f"{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")
    return f"{local.day:02d}/{local.month:02d} {local.hour:02d}:{local.minute:02d} {label}"


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


def clock_for(game: Game, state: Any, engine: AnyGame) -> int:
    """Return the seconds of clock the pending decision gets: a window, a reaction or a turn.

    The engine's prompts say which clock the decision runs on; should the seats owing it
    run on different clocks, the longest is the decision's (0 when nobody owes one).
    """
    settings = timers_of(game)
    seconds = {DecisionClock.TURN: settings.turn_seconds,
               DecisionClock.REACTION: settings.reaction_seconds,
               DecisionClock.WINDOW: settings.window_seconds}
    return max((seconds[prompt.clock] for prompt in prompts_of(engine, state)), default=0)


def decide_deadline(start: datetime, engine: Any, game: Game, state: Any,
                    bots: set[int]) -> tuple[datetime | None, datetime | None]:
    """Return (deadline_at, remind_at) of the decision pending in `state`, counted from `start`.

    (None, None) when nobody, or only bot seats, owe it. An identity window has no
    reminder: it is short, and whom it would remind must not be told apart [OS-ROLE-9].
    """
    owed = set(engine.to_act(state))
    if not owed or owed <= bots:
        return None, None
    settings = timers_of(game)
    seconds = clock_for(game, state, engine)
    due = after_active(start, seconds, settings)
    if all(prompt.clock is DecisionClock.WINDOW for prompt in prompts_of(engine, state)):
        return due, None
    return due, first_reminder(start, seconds, due, settings)


def deadline_rule(now: Clock, engine_of: Callable[[str], Any],
                  bots: Callable[[Game], set[int]]) -> Callable[[Game, Any], tuple[Any, Any]]:
    """Return the rule storing (deadline_at, remind_at) with every saved state."""

    def rule(game: Game, state: Any) -> tuple[datetime | None, datetime | None]:
        return decide_deadline(now(), engine_of(game.kind), game, state, bots(game))

    return rule


def seated_deadline_rule(now: Clock, engine_of: Callable[[str], Any]) -> SeatedDeadlineRule:
    """Return the rule of the timeout path: the bot seats are those loaded with the game."""

    def rule(game: Game, seats: Sequence[Seat],
             state: Any) -> tuple[datetime | None, datetime | None]:
        bots = {row.seat for row in seats if row.is_bot}
        return decide_deadline(now(), engine_of(game.kind), game, state, bots)

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
