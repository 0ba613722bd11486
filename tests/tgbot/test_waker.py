"""On-time clocks: the sweep wakes just after every deadline that still stands.

The service tells the waker each game's deadline and reminder after every command; a
one-shot job (here a job queue driven by the test's hand clock) runs the real sweep. No
regular sweep runs in these tests, so a deadline the waker forgot would never fire.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from storage.models import ActorKind
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tgbot.jobs.sweep import sweep
from tgbot.jobs.waker import SLACK, Waker
from tgbot.service import lobby, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService

ON_TIME = timedelta(seconds=2)
MINUTE = {"turn_seconds": 60, "reaction_seconds": 60, "remind_before_seconds": 0,
          "strikes_for_bot": 0}


@dataclass
class Job:
    at: datetime
    callback: Callable[[Any], Awaitable[None]]
    removed: bool = False

    def schedule_removal(self) -> None:
        self.removed = True


@dataclass
class HandJobQueue:
    """PTB's `run_once`, on the test's clock: `run_until` fires the jobs in time order."""

    clock: HandClock
    jobs: list[Job] = field(default_factory=list)
    fired: list[datetime] = field(default_factory=list)
    swept: list[datetime] = field(default_factory=list)

    def run_once(self, callback: Callable[[Any], Awaitable[None]], when: float,
                 name: str | None = None) -> Job:
        job = Job(self.clock() + timedelta(seconds=when), callback)
        self.jobs.append(job)
        return job

    async def run_until(self, end: datetime) -> None:
        while True:
            live = sorted((j for j in self.jobs if not j.removed and j.at <= end),
                          key=lambda j: j.at)
            if not live:
                break
            job = live[0]
            self.jobs.remove(job)
            self.clock.moment = max(self.clock.moment, job.at)
            self.fired.append(job.at)
            await job.callback(None)
        self.clock.moment = max(self.clock.moment, end)


@dataclass
class Sweeps:
    games: GameService


async def _service() -> tuple[GameService, HandJobQueue]:
    """Return the service and its job queue; each sweep's time goes to `queue.swept`."""
    clock = HandClock()
    queue = HandJobQueue(clock)
    holder: list[GameService] = []

    async def woken(_: Any) -> None:
        queue.swept.append(clock())
        await sweep(Sweeps(holder[0]))

    waker = Waker(queue, woken, clock)
    games = GameService(fake_uow_factory(MemoryStore()), now=clock, seed_source=lambda: 7,
                        wake=waker.wake_at)
    holder.append(games)
    return games, queue


async def _running(games: GameService, chat: int) -> int:
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=chat, topic_id=None,
                                     kind="bang_dice", options={},
                                     creator=Player(chat * -10, "A"), now=games.now)
    for user in (1, 2):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(chat * -10 + user, "BC"[user - 1]),
                               now=games.now)
    await lobby.set_lobby(games.uow_factory, game_id=game_id, lobby={"timers": MINUTE})
    await games.start(game_id)
    return game_id


async def _timeouts(games: GameService, game_id: int) -> list[datetime]:
    return [r.applied_at for r in await reads.action_log(games.uow_factory, game_id=game_id)
            if r.actor is ActorKind.TIMEOUT]


async def test_every_standing_deadline_fires_within_two_seconds() -> None:
    games, queue = await _service()
    clock = queue.clock
    started: dict[int, datetime] = {}
    for index in range(6):  # six tables dealt 10 s apart: later deadlines come after
        game_id = await _running(games, -100 - index)
        started[game_id] = clock()
        clock.advance(timedelta(seconds=10))
    await queue.run_until(min(started.values()) + timedelta(minutes=10))

    for game_id, start in started.items():
        fired = await _timeouts(games, game_id)
        assert fired, game_id
        # each clock ran out 60 s after the decision it timed: the first after the deal,
        # each next one 60 s after the timeout before it
        expected = start + timedelta(seconds=60)
        for moment in fired:
            assert expected <= moment <= expected + ON_TIME, (game_id, moment, expected)
            expected = moment + timedelta(seconds=60)
    assert len(queue.swept) >= 6


async def test_a_replaced_deadline_wakes_nobody() -> None:
    games, queue = await _service()
    clock = queue.clock
    game_id = await _running(games, -200)
    table = await games.table(game_id)
    first_deadline = table.game.deadline_at
    assert first_deadline is not None
    clock.advance(timedelta(seconds=20))
    seat = min(table.engine.to_act(table.state))  # the player answers before his clock ends
    action = table.engine.encode_action(table.engine.default_action(table.state, seat))
    await games.play(game_id, table.user_of(seat) or 0, table.game.version, action)
    new_deadline = (await games.table(game_id)).game.deadline_at
    assert new_deadline is not None
    assert new_deadline > first_deadline

    await queue.run_until(new_deadline - timedelta(seconds=1))
    # the sweep woke for the new reminder (half the new clock: 50 s), not for the
    # replaced deadline (60 s) nor the replaced reminder (30 s)
    assert queue.swept == [first_deadline - timedelta(seconds=10) + SLACK], queue.swept
    assert not [at for at in queue.swept if at >= first_deadline], queue.swept
    await queue.run_until(new_deadline + ON_TIME)
    fired = await _timeouts(games, game_id)
    assert len(fired) == 1
    assert new_deadline <= fired[0] <= new_deadline + ON_TIME


def test_a_game_that_waits_for_nothing_is_forgotten() -> None:
    clock = HandClock()
    queue = HandJobQueue(clock)

    async def woken(_: Any) -> None:
        return None

    waker = Waker(queue, woken, clock)
    soon, later = clock() + timedelta(seconds=60), clock() + timedelta(seconds=90)
    waker.wake_at(1, (soon, None))
    waker.wake_at(2, (later, None))
    assert waker.pending() == soon
    waker.wake_at(1, (None, None))  # game 1 ended
    assert waker.pending() == later
    waker.wake_at(2, ())
    assert waker.pending() is None
