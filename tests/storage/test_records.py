"""The group statistics: exact tallies of a seeded history on every store, the tally kept
by the unit of work that ends a game, and the migration's tally of games ended before."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from sqlalchemy import text

from core.engine.registry import get_game
from storage.clock import Clock
from storage.migrate import downgrade, upgrade
from storage.models import Game, PlayerRecord
from storage.records import ALL_CHATS, SeatResult, results_of
from storage.uow import UnitOfWorkFactory, sql_uow_factory
from tests.storage.conftest import Backend, Database, ticking_clock
from tests.storage.play import new_game, play_to_end, players
from tgbot.service.commands import create_game

A, B, C = 1, 2, 3
GROUP, OTHER = -10, -20
DICE, COLT = "bang_dice", "colt_express"


def _seat(user: int, kind: str, group: str | None, place: int, won: bool,
          chat: int = GROUP) -> SeatResult:
    return SeatResult(chat, user, kind, group, place, won)


# Six games in the order they ended: (A, B, C)'s seats, then one of A's in another group.
HISTORY = [
    [_seat(A, DICE, "sheriff", 1, True), _seat(B, DICE, "outlaw", 3, False),
     _seat(C, DICE, "deputy", 1, True)],
    [_seat(A, DICE, "outlaw", 1, True), _seat(B, DICE, "sheriff", 2, False),
     _seat(C, DICE, "renegade", 3, False)],
    [_seat(A, COLT, None, 2, False), _seat(B, COLT, None, 1, True),
     _seat(C, COLT, None, 3, False)],
    [_seat(A, DICE, "sheriff", 2, False), _seat(B, DICE, "outlaw", 1, True),
     _seat(C, DICE, "outlaw", 1, True)],
    [_seat(A, DICE, "sheriff", 1, True), _seat(B, DICE, "renegade", 3, False),
     _seat(C, DICE, "outlaw", 2, False)],
    [_seat(A, COLT, None, 1, True, chat=OTHER)],
]


async def _seed(uow: UnitOfWorkFactory) -> None:
    for game in HISTORY:
        async with uow() as work:
            await work.records.tally(results=game)
            await work.commit()


def _table(records: Sequence[PlayerRecord]) -> dict[tuple[str, str], tuple[int, ...]]:
    return {(r.kind, r.part): (r.played, r.wins, r.place_sum, r.streak, r.best_streak)
            for r in records}


async def test_a_players_records_in_a_group_add_up_exactly(backend: Backend) -> None:
    await _seed(backend.uow)
    async with backend.uow() as work:
        a_here = _table(await work.records.of_user(chat_id=GROUP, user_id=A))
        b_here = _table(await work.records.of_user(chat_id=GROUP, user_id=B))
    # A: W W L L W in the group; 5 played, 3 wins, places 1+1+2+2+1.
    assert a_here[("*", "")] == (5, 3, 7, 1, 2)
    assert a_here[(DICE, "")] == (4, 3, 5, 1, 2)
    assert a_here[(DICE, "role:sheriff")] == (3, 2, 4, 1, 1)
    assert a_here[(DICE, "role:outlaw")] == (1, 1, 1, 1, 1)
    assert a_here[(DICE, "place:1")] == (3, 3, 3, 3, 3)
    assert a_here[(DICE, "place:2")] == (1, 0, 2, 0, 0)
    assert a_here[(COLT, "")] == (1, 0, 2, 0, 0)
    assert a_here[(COLT, "place:2")] == (1, 0, 2, 0, 0)
    assert (COLT, "place:1") not in a_here
    assert len(a_here) == 8
    # B: L L W W L; the run of two wins ended by the last game.
    assert b_here[("*", "")] == (5, 2, 10, 0, 2)
    assert b_here[(DICE, "role:outlaw")] == (2, 1, 4, 1, 1)


async def test_all_groups_records_count_every_group_in_the_order_games_ended(
        backend: Backend) -> None:
    await _seed(backend.uow)
    async with backend.uow() as work:
        a_all = _table(await work.records.of_user(chat_id=ALL_CHATS, user_id=A))
        a_other = _table(await work.records.of_user(chat_id=OTHER, user_id=A))
        c_all = _table(await work.records.of_user(chat_id=ALL_CHATS, user_id=C))
    assert a_all[("*", "")] == (6, 4, 8, 2, 2)  # W W L L W W
    assert a_all[(COLT, "")] == (2, 1, 3, 1, 1)
    assert a_other == {("*", ""): (1, 1, 1, 1, 1), (COLT, ""): (1, 1, 1, 1, 1),
                       (COLT, "place:1"): (1, 1, 1, 1, 1)}
    assert c_all[("*", "")] == (5, 2, 10, 0, 1)  # W L L W L


async def test_the_group_table_ranks_by_wins_then_fewest_games(backend: Backend) -> None:
    await _seed(backend.uow)
    async with backend.uow() as work:
        top = await work.records.top(chat_id=GROUP)
        dice = await work.records.top(chat_id=GROUP, kind=DICE, limit=2)
        nobody = await work.records.top(chat_id=-99)
    assert [(r.user_id, r.wins, r.played) for r in top] == [(A, 3, 5), (B, 2, 5), (C, 2, 5)]
    assert [(r.user_id, r.wins, r.played) for r in dice] == [(A, 3, 4), (C, 2, 4)]
    assert nobody == []


async def test_a_tally_not_committed_counts_nothing(backend: Backend) -> None:
    async with backend.uow() as work:
        await work.records.tally(results=HISTORY[0])
        await work.rollback()
    async with backend.uow() as work:
        assert await work.records.of_user(chat_id=GROUP, user_id=A) == []


def _expected(games: Sequence[tuple[Game, Sequence[object], object]]) -> list[SeatResult]:
    return [result for game, seats, state in games
            for result in results_of(game, seats, state)]  # type: ignore[arg-type]


async def _recount(uow: UnitOfWorkFactory, chat_id: int) -> dict[int, tuple[int, int, int]]:
    """Return (played, wins, place_sum) per player, recomputed from the stored games."""
    counted: dict[int, tuple[int, int, int]] = {}
    async with uow() as work:
        for game in await work.games.list(chat_id=chat_id):
            if game.snapshot is None or game.outcome is None:
                continue
            state = get_game(game.kind).load_state(game.snapshot)
            for result in results_of(game, await work.seats.list(game_id=game.id or 0), state):
                played, wins, places = counted.get(result.user_id, (0, 0, 0))
                counted[result.user_id] = (played + 1, wins + result.won,
                                           places + result.place)
    return counted


async def test_the_unit_of_work_that_ends_a_game_tallies_it(backend: Backend,
                                                            clock: Clock) -> None:
    first = await new_game(backend.uow, clock, seed=4, seats=4, bots=1, chat_id=GROUP)
    await play_to_end(backend.uow, clock, first)
    second = await new_game(backend.uow, clock, seed=9, seats=3, chat_id=GROUP)
    async with backend.uow() as work:  # a running game counts nothing yet
        assert _table(await work.records.of_user(chat_id=GROUP, user_id=100))[("*", "")][0] == 1
        assert await work.records.of_user(chat_id=GROUP, user_id=103) == []  # the bot's seat
    await play_to_end(backend.uow, clock, second)
    expected = await _recount(backend.uow, GROUP)
    assert set(expected) == {100, 101, 102}
    async with backend.uow() as work:
        for user, (played, wins, places) in expected.items():
            whole = _table(await work.records.of_user(chat_id=GROUP, user_id=user))[("*", "")]
            assert whole[:3] == (played, wins, places)
    assert expected[100][0] == 2


async def test_the_migration_tallies_the_games_that_ended_before(empty_db: Database) -> None:
    await upgrade(empty_db.engine)
    uow = sql_uow_factory(empty_db.engine)
    clock = ticking_clock()
    ended = await new_game(uow, clock, seed=4, seats=4, chat_id=GROUP)
    await play_to_end(uow, clock, ended)
    await new_game(uow, clock, seed=5, seats=3, chat_id=GROUP)  # still running
    uow.close()
    await downgrade(empty_db.engine, "0004")  # the games stay; their records are gone
    await upgrade(empty_db.engine)
    uow = sql_uow_factory(empty_db.engine)
    expected = await _recount(uow, GROUP)
    assert sorted(expected) == [100, 101, 102, 103]
    async with uow() as work:
        for user, (played, wins, places) in expected.items():
            whole = _table(await work.records.of_user(chat_id=ALL_CHATS, user_id=user))
            assert whole[("*", "")][:3] == (played, wins, places) == (1, wins, places)
    async with empty_db.engine.connect() as connection:
        rows = (await connection.execute(text("SELECT COUNT(*) FROM player_records"))).scalar()
    assert rows == 4 * 2 * (1 + 3)  # 4 players by 2 chats by ("*", and the kind's 3 parts)
    uow.close()


@pytest.mark.parametrize("kind", ["colt_express", "bang_cards"])
async def test_every_game_kind_is_tallied_with_its_parts(backend: Backend, clock: Clock,
                                                         kind: str) -> None:
    game_id = await create_game(backend.uow, chat_id=GROUP, kind=kind, options={}, seed=21,
                                players=players(4), now=clock)
    await play_to_end(backend.uow, clock, game_id)
    expected = await _recount(backend.uow, GROUP)
    assert sorted(expected) == [100, 101, 102, 103]
    async with backend.uow() as work:
        game = await work.games.get(game_id=game_id)
        for user, (played, wins, places) in expected.items():
            rows = _table(await work.records.of_user(chat_id=GROUP, user_id=user))
            assert rows[(kind, "")][:3] == (played, wins, places) == (1, wins, places)
            assert rows[(kind, f"place:{places}")][:2] == (played, wins)
            roles = [part for (k, part) in rows if k == kind and part.startswith("role:")]
            assert len(roles) == (0 if kind == "colt_express" else 1)
    winners = set((game.outcome or {})["winners"])
    assert {100 + seat for seat in winners} == {u for u, r in expected.items() if r[1]}
