"""Timeouts played in batches: one unit of work for many claimed games, exactly once each.

Runs on the in-memory fake, SQLite and PostgreSQL alike, as do the batch repository methods
it relies on (`get_many`, `list_many`, `save_many`, `append_many`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

import pytest

from core.engine.registry import get_game
from storage.clock import Clock
from storage.errors import StaleGame
from storage.models import ActionRecord, ActorKind, Game, Seat
from storage.replay import check_games
from storage.repositories import UnitOfWork
from storage.uow import UnitOfWorkFactory
from tests.storage.conftest import Backend
from tests.storage.play import KIND, new_game, play_one, players
from tgbot.service import deliveries, reads
from tgbot.service import timeouts as store
from tgbot.service.commands import Applied, apply_action, create_game
from tgbot.service.scene import Hooks

ENGINE = get_game(KIND)
NEXT_DEADLINE = datetime(2030, 1, 1, tzinfo=UTC)


class _Rule:
    """A deadline rule that records the seats it was shown and gives a fixed deadline."""

    def __init__(self) -> None:
        self.seen: list[tuple[int | None, list[int]]] = []

    def __call__(self, game: Game, seats: Sequence[Seat],
                 state: Any) -> tuple[datetime | None, datetime | None]:
        self.seen.append((game.id, sorted({row.game_id for row in seats})))
        return NEXT_DEADLINE, None


async def _due_games(backend: Backend, clock: Clock, count: int) -> list[store.Due]:
    """Return `count` new 3-seat games whose deadlines have passed, claimed."""
    for index in range(count):
        game_id = await new_game(backend.uow, clock, seats=3, chat_id=-1000 - index,
                                 seed=index + 1)
        game = await reads.load_game(backend.uow, game_id=game_id)
        await store.set_times(backend.uow, game_id=game_id, version=game.version,
                              deadline_at=clock(), remind_at=None)
    return await store.claim_due_deadlines(backend.uow, now=clock)


async def _owed(uow: UnitOfWorkFactory, game_id: int) -> list[int]:
    game = await reads.load_game(uow, game_id=game_id)
    assert game.snapshot is not None
    return sorted(ENGINE.to_act(ENGINE.load_state(game.snapshot)))


def _timeouts(applied: Applied) -> list[int]:
    assert applied.scene is not None
    timed_out: list[int] = applied.scene.notes.timeouts
    return timed_out


async def test_claimed_games_are_timed_out_once_each(backend: Backend, clock: Clock) -> None:
    dues = await _due_games(backend, clock, 3)
    owed = {due.game_id: await _owed(backend.uow, due.game_id) for due in dues}
    rule = _Rule()
    hooks = Hooks(deadline=rule)
    played = await store.play_timeouts(backend.uow, dues=dues, now=clock, hooks=hooks)
    assert [applied.game_id for applied in played] == [due.game_id for due in dues]
    assert sorted(rule.seen) == [(due.game_id, [due.game_id]) for due in dues]
    for due, applied in zip(dues, played, strict=True):
        [seat] = owed[due.game_id]
        assert applied.scene is not None
        assert (_timeouts(applied), applied.scene.notes.taken_over) == ([seat], [])
        log = await reads.action_log(backend.uow, game_id=due.game_id)
        # One clock ran out; the rest of the absent player's turn is played at once, with
        # no further strike, until someone else owes the decision.
        assert [(r.version, r.seat, r.actor) for r in log] == \
            [(due.version + 1, seat, ActorKind.TIMEOUT)] + \
            [(due.version + i, seat, ActorKind.ABSENT) for i in range(2, len(log) + 1)]
        assert seat not in await _owed(backend.uow, due.game_id)
        assert applied.version == due.version + len(log)
        assert applied.events == tuple(e for step in applied.scene.steps for e in step.events)
        assert [e for r in log for e in r.events or []] == \
            [e.to_json() for e in applied.events if e.visible_to(None)]
        seats = await reads.seats_of(backend.uow, game_id=due.game_id)
        assert [s.strikes for s in seats] == [int(s.seat == seat) for s in seats]
        assert [s.strikes for s in applied.seats or ()] == [s.strikes for s in seats]
        game = await reads.load_game(backend.uow, game_id=due.game_id)
        assert (game.version, game.deadline_at) == (applied.version, NEXT_DEADLINE)
    assert await store.play_timeouts(backend.uow, dues=dues, now=clock, hooks=hooks) == []


async def test_games_that_moved_on_or_owe_nothing_are_left_out(
        backend: Backend, clock: Clock) -> None:
    pressed, kept, wrong_seat, paused = await _due_games(backend, clock, 4)
    await play_one(backend.uow, clock, pressed.game_id)  # the player pressed after the claim
    owed = await _owed(backend.uow, wrong_seat.game_id)
    idle = next(seat for seat in range(3) if seat not in owed)
    paused_chat = (await reads.load_game(backend.uow, game_id=paused.game_id)).chat_id
    assert await deliveries.pause_chat(backend.uow, chat_id=paused_chat, now=clock) == \
        [paused.game_id]
    dues = [pressed, kept, store.Due(wrong_seat.game_id, wrong_seat.version, idle), paused]
    played = await store.play_timeouts(backend.uow, dues=dues, now=clock)
    assert [applied.game_id for applied in played] == [kept.game_id]
    for game_id in (wrong_seat.game_id, paused.game_id):
        assert await reads.action_log(backend.uow, game_id=game_id) == []
    assert await store.play_timeouts(backend.uow, dues=[], now=clock) == []


async def _colt_for_two(backend: Backend, clock: Clock) -> tuple[int, int]:
    """Return a new 2-player Colt Express game, where both seats owe the first decision,
    and its version."""
    colt = get_game("colt_express")
    game_id = await create_game(backend.uow, chat_id=-77, kind="colt_express", options={},
                                seed=1, players=players(2), now=clock)
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert game.snapshot is not None
    assert sorted(colt.to_act(colt.load_state(game.snapshot))) == [0, 1]
    return game_id, game.version


async def test_every_seat_owing_the_decision_times_out_in_one_go(
        backend: Backend, clock: Clock) -> None:
    game_id, version = await _colt_for_two(backend, clock)
    [applied] = await store.play_timeouts(backend.uow, dues=[store.Due(game_id, version)],
                                          now=clock)
    assert _timeouts(applied) == [0, 1]
    assert applied.version == version + 2
    log = await reads.action_log(backend.uow, game_id=game_id)
    assert [(r.version, r.seat, r.actor) for r in log] == \
        [(version + 1, 0, ActorKind.TIMEOUT), (version + 2, 1, ActorKind.TIMEOUT)]
    assert [s.strikes for s in await reads.seats_of(backend.uow, game_id=game_id)] == [1, 1]
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()


async def test_a_due_seat_times_out_alone(backend: Backend, clock: Clock) -> None:
    game_id, version = await _colt_for_two(backend, clock)
    [applied] = await store.play_timeouts(backend.uow, dues=[store.Due(game_id, version, 1)],
                                          now=clock)
    assert _timeouts(applied) == [1]
    log = await reads.action_log(backend.uow, game_id=game_id)
    assert [(r.seat, r.actor) for r in log] == [(1, ActorKind.TIMEOUT)]


async def test_struck_seats_go_to_the_bot_and_the_bots_follow(
        backend: Backend, clock: Clock) -> None:
    [due] = await _due_games(backend, clock, 1)
    [seat] = await _owed(backend.uow, due.game_id)
    limits: list[int | None] = []

    def strike_limit(game: Game) -> int:
        limits.append(game.id)
        return 1

    hooks = Hooks(deadline=_Rule(), strike_limit=strike_limit)
    [applied] = await store.play_timeouts(backend.uow, dues=[due], now=clock, hooks=hooks)
    assert applied.scene is not None
    assert limits == [due.game_id]
    assert (_timeouts(applied), applied.scene.notes.taken_over) == ([seat], [seat])
    log = await reads.action_log(backend.uow, game_id=due.game_id)
    assert (log[0].seat, log[0].actor) == (seat, ActorKind.TIMEOUT)
    assert len(log) > 1  # the bot went on playing the seat it took over
    assert {(r.seat, r.actor) for r in log[1:]} == {(seat, ActorKind.BOT)}
    assert applied.version == due.version + len(log)
    assert [r.version for r in log] == list(range(due.version + 1, applied.version + 1))
    held = await reads.seats_of(backend.uow, game_id=due.game_id)
    assert [(s.seat, s.is_bot, s.strikes) for s in held if s.seat == seat] == [(seat, True, 0)]
    assert seat not in ENGINE.to_act(applied.state) or ENGINE.outcome(applied.state)
    [report] = await check_games(backend.uow, game_id=due.game_id)
    assert report.ok, report.line()


async def test_strikes_below_the_limit_keep_the_seat(backend: Backend, clock: Clock) -> None:
    [due] = await _due_games(backend, clock, 1)
    hooks = Hooks(strike_limit=lambda game: 2)
    [applied] = await store.play_timeouts(backend.uow, dues=[due], now=clock, hooks=hooks)
    assert applied.scene is not None
    assert applied.scene.notes.taken_over == []
    assert not any(s.is_bot for s in await reads.seats_of(backend.uow, game_id=due.game_id))


class _PausingUnitOfWork:
    """A unit of work whose `games.get_many` waits for `pause()` after loading."""

    def __init__(self, inner: UnitOfWork, pause: Callable[[], Awaitable[None]]) -> None:
        self._inner = inner
        self._pause = pause

    async def __aenter__(self) -> UnitOfWork:
        uow = await self._inner.__aenter__()
        get_many = uow.games.get_many

        async def paused(**kwargs: Any) -> Sequence[Game]:
            found = await get_many(**kwargs)
            await self._pause()
            return found

        uow.games.get_many = paused  # type: ignore[method-assign]
        return uow

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, traceback: TracebackType | None) -> None:
        await self._inner.__aexit__(exc_type, exc, traceback)


async def test_a_press_racing_a_batch_is_applied_once_and_the_batch_all_or_nothing(
        backend: Backend, clock: Clock) -> None:
    raced, other = await _due_games(backend, clock, 2)
    [seat] = await _owed(backend.uow, raced.game_id)
    game = await reads.load_game(backend.uow, game_id=raced.game_id)
    assert game.snapshot is not None
    choice = ENGINE.encode_action(ENGINE.default_action(ENGINE.load_state(game.snapshot), seat))
    pressed = asyncio.Event()

    async def until_pressed() -> None:
        # The fake does not lock rows: the press commits while the batch waits. PostgreSQL
        # holds the loaded rows (FOR UPDATE) and SQLite's units of work of one process take
        # turns: the press waits for the batch.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(pressed.wait(), timeout=0.5)

    async def batch() -> list[Applied]:
        return await store.play_timeouts(
            lambda: _PausingUnitOfWork(backend.uow(), until_pressed),  # type: ignore[arg-type,return-value]
            dues=[raced, other], now=clock)

    async def press() -> None:
        await asyncio.sleep(0.01)  # let the batch load first
        try:
            await apply_action(backend.uow, game_id=raced.game_id, seat=seat,
                               action_text=choice, expected_version=raced.version,
                               actor=ActorKind.HUMAN, now=clock)
        finally:
            pressed.set()

    outcomes = await asyncio.gather(batch(), press(), return_exceptions=True)
    winner = "press" if isinstance(outcomes[0], StaleGame) else "batch"
    assert winner == ("press" if backend.name == "memory" else "batch")
    if winner == "batch":
        assert isinstance(outcomes[1], StaleGame)
    raced_log = await reads.action_log(backend.uow, game_id=raced.game_id)
    applied_once = [ActorKind.HUMAN] if winner == "press" else \
        [ActorKind.TIMEOUT] + [ActorKind.ABSENT] * (len(raced_log) - 1)  # the rest of his turn
    assert [r.actor for r in raced_log] == applied_once
    assert [r.version for r in raced_log] == \
        list(range(raced.version + 1, raced.version + 1 + len(raced_log)))
    other_log = await reads.action_log(backend.uow, game_id=other.game_id)
    assert bool(other_log) == (winner == "batch")  # all or nothing


async def test_many_rows_load_and_save_together(backend: Backend, clock: Clock) -> None:
    first = await new_game(backend.uow, clock, seats=3)
    second = await new_game(backend.uow, clock, seats=4, chat_id=-2)
    async with backend.uow() as uow:
        games = await uow.games.get_many(game_ids=[second, 424242, first], lock=True)
        assert [game.id for game in games] == [first, second]
        seats = await uow.seats.list_many(game_ids=[second, first])
        assert [(s.game_id, s.seat) for s in seats] == \
            [(first, 0), (first, 1), (first, 2), *((second, seat) for seat in range(4))]
        versions = [game.version for game in games]
        games[0].version += 1
        games[1].version += 1
        with pytest.raises(StaleGame):
            await uow.games.save_many(games=[(games[0], versions[0]), (games[1], -1)])
    async with backend.uow() as uow:  # the failed unit wrote nothing
        assert [g.version for g in await uow.games.get_many(game_ids=[first, second])] == \
            versions
    async with backend.uow() as uow:
        await uow.games.save_many(games=list(zip(games, versions, strict=True)))
        at = clock()
        await uow.actions.append_many(records=[
            ActionRecord(game_id=game.id or 0, version=game.version, seat=0, action="x",
                         actor=ActorKind.TIMEOUT, applied_at=at) for game in games])
        for row in seats:
            row.strikes = row.seat + 1
        await uow.seats.save_many(seats=seats)
        await uow.commit()
    async with backend.uow() as uow:
        assert [g.version for g in await uow.games.get_many(game_ids=[first, second])] == \
            [v + 1 for v in versions]
        assert [s.strikes for s in await uow.seats.list_many(game_ids=[first, second])] == \
            [1, 2, 3, 1, 2, 3, 4]
        with pytest.raises(StaleGame):
            await uow.actions.append_many(records=[ActionRecord(
                game_id=first, version=versions[0] + 1, seat=1, action="x",
                actor=ActorKind.HUMAN, applied_at=at)])
