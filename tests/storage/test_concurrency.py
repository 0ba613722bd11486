"""Two commands racing on one game at one version: exactly one wins, the log stays 1..n.

Each task has its own unit of work, so its own connection. On PostgreSQL the loser waits on
the row lock (`SELECT ... FOR UPDATE`) and then sees the new version; on SQLite both load the
same version and the optimistic `UPDATE ... WHERE version = expected` refuses the loser.
"""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Self

import pytest

from core.engine.registry import get_game
from storage.clock import Clock
from storage.errors import StaleGame
from storage.models import ActorKind, Game
from storage.replay import check_games
from storage.sql_repositories import SqlGames
from storage.uow import SqlUnitOfWork, UnitOfWorkFactory
from tests.storage.conftest import Database
from tests.storage.play import KIND, new_game, play_one
from tgbot.service.commands import Applied, apply_action

ENGINE = get_game(KIND)
ROUNDS = 12


class _PausingGames(SqlGames):
    """Games whose `get` yields to other tasks afterwards, so racing commands both load first."""

    async def get(self, *, game_id: int, lock: bool = False) -> Game:
        game = await super().get(game_id=game_id, lock=lock)
        await asyncio.sleep(0.02)
        return game


class _PausingUnitOfWork(SqlUnitOfWork):
    async def __aenter__(self) -> Self:
        await super().__aenter__()
        self.games = _PausingGames(self.direct)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await super().__aexit__(exc_type, exc, traceback)


async def _two_different_actions(
    uow: UnitOfWorkFactory, clock: Clock, game_id: int
) -> tuple[int, int, list[str]]:
    """Advance the game until its seat to act has two legal actions; return version, seat, them."""
    while True:
        async with uow() as work:
            game = await work.games.get(game_id=game_id)
        assert game.snapshot is not None
        state = ENGINE.load_state(game.snapshot)
        to_act = ENGINE.to_act(state)
        assert to_act, "game ended before the race"
        seat = min(to_act)
        legal = [ENGINE.encode_action(a) for a in ENGINE.legal_actions(state, seat)]
        if len(legal) >= 2:
            return game.version, seat, legal[:2]
        await play_one(uow, clock, game_id)


async def _race(uow: UnitOfWorkFactory, clock: Clock, game_id: int) -> StaleGame:
    """Race two different actions at one version; return the loser's error."""
    version, seat, (first, second) = await _two_different_actions(uow, clock, game_id)

    async def attempt(text: str) -> Applied:
        return await apply_action(
            uow,
            game_id=game_id,
            seat=seat,
            action_text=text,
            expected_version=version,
            actor=ActorKind.HUMAN,
            now=clock,
        )

    results = await asyncio.gather(attempt(first), attempt(second), return_exceptions=True)
    won = [r for r in results if isinstance(r, Applied)]
    lost = [r for r in results if isinstance(r, BaseException)]
    assert len(won) == 1, results
    assert len(lost) == 1
    assert isinstance(lost[0], StaleGame), repr(lost[0])
    assert won[0].version == version + 1
    return lost[0]


async def _assert_log_is_gapless(uow: UnitOfWorkFactory, game_id: int) -> None:
    async with uow() as work:
        game = await work.games.get(game_id=game_id)
        log = await work.actions.list(game_id=game_id)
    assert [record.version for record in log] == list(range(1, game.version + 1))
    [report] = await check_games(uow, game_id=game_id)
    assert report.ok, report.line()


async def test_racing_commands_one_wins_one_is_stale(
    sql_db: Database, sql_uow: UnitOfWorkFactory, clock: Clock
) -> None:
    game_id = await new_game(sql_uow, clock, seed=21, seats=6)
    for _ in range(ROUNDS):
        await _race(sql_uow, clock, game_id)
    await _assert_log_is_gapless(sql_uow, game_id)


async def test_racing_commands_that_both_loaded_first(
    sql_db: Database, sql_uow: UnitOfWorkFactory, clock: Clock
) -> None:
    def pausing() -> _PausingUnitOfWork:
        return _PausingUnitOfWork(sql_db.engine)

    game_id = await new_game(sql_uow, clock, seed=22, seats=4)
    for _ in range(ROUNDS):
        error = await _race(pausing, clock, game_id)
        if sql_db.backend == "sqlite":
            # Both loaded the same version: the optimistic UPDATE refused the loser.
            assert "no longer at version" in str(error)
        else:
            # The loser waited on the row lock, then loaded the winner's version.
            assert "expected version" in str(error)
    await _assert_log_is_gapless(sql_uow, game_id)


async def test_many_racers_many_games(sql_uow: UnitOfWorkFactory, clock: Clock) -> None:
    game_ids = [await new_game(sql_uow, clock, seed=30 + i, seats=5) for i in range(3)]
    for _ in range(4):
        await asyncio.gather(*(_race(sql_uow, clock, game_id) for game_id in game_ids))
    for game_id in game_ids:
        await _assert_log_is_gapless(sql_uow, game_id)


@pytest.mark.parametrize(
    "empty_db", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
async def test_postgres_locks_the_game_row_for_the_command(
    sql_uow: UnitOfWorkFactory, clock: Clock
) -> None:
    # SQLite has no row locks; there the optimistic check alone refuses the second writer.
    game_id = await new_game(sql_uow, clock)
    async with sql_uow() as holder:
        await holder.games.get(game_id=game_id, lock=True)

        async def second_locker() -> int:
            async with sql_uow() as other:
                return (await other.games.get(game_id=game_id, lock=True)).version

        waiting = asyncio.create_task(second_locker())
        await asyncio.sleep(0.3)
        assert not waiting.done(), "the row lock did not hold"
        await holder.commit()
    assert await asyncio.wait_for(waiting, timeout=5) == 0
