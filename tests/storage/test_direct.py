"""Statements run on the driver (storage/direct.py) read and write what the ORM path does,
inside the unit of work's transaction, with SQLAlchemy's errors, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from storage.clock import Clock
from storage.database import make_session_factory
from storage.direct import plan
from storage.models import ActionRecord, ActorKind, Delivery, Game, GameStatus, assign
from storage.statements import APPEND_ACTION, GAMES_BY_IDS, REMOVE_DELIVERIES
from storage.uow import SqlUnitOfWork, UnitOfWorkFactory
from tests.storage.conftest import Database
from tests.storage.play import new_game


async def _orm_game(db: Database, game_id: int) -> Game:
    """Return the game as SQLAlchemy's ORM reads it (a session of its own)."""
    async with make_session_factory(db.engine)() as session:
        return (await session.exec(select(Game).where(col(Game.id) == game_id))).one()


async def test_a_game_reads_and_writes_as_through_the_orm(sql_db: Database,
                                                          sql_uow: UnitOfWorkFactory,
                                                          clock: Clock) -> None:
    game_id = await new_game(sql_uow, clock)
    deadline = datetime(2027, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)
    orm = await _orm_game(sql_db, game_id)
    async with sql_uow() as uow:  # (units of work do not nest: SQLite's writer lock)
        game = await uow.games.get(game_id=game_id, lock=True)
        fields = [name for name in Game.model_fields if name != "snapshot"]
        assert [getattr(game, name) for name in fields] == [getattr(orm, name) for name in fields]
        assert game.snapshot == orm.snapshot
        game.options = {"modules": ["saloon_dice"], "nested": {"ü": [1, None]}}
        game.outcome = None
        game.deadline_at = deadline
        game.status = GameStatus.RUNNING
        await uow.games.save(game=game, expected_version=game.version)
        await uow.commit()
    stored = await _orm_game(sql_db, game_id)
    assert stored.options == {"modules": ["saloon_dice"], "nested": {"ü": [1, None]}}
    assert stored.deadline_at == deadline
    assert stored.deadline_at.tzinfo is not None
    assert stored.status is GameStatus.RUNNING
    async with sql_uow() as uow:
        again = await uow.games.get(game_id=game_id)
        assert (again.deadline_at, again.status, again.options) == (
            deadline, GameStatus.RUNNING, stored.options)


async def test_in_lists_of_every_length_find_their_rows(sql_db: Database,
                                                        sql_uow: UnitOfWorkFactory,
                                                        clock: Clock) -> None:
    ids = [await new_game(sql_uow, clock, chat_id=-1000 - n) for n in range(3)]
    async with sql_uow() as uow:
        for wanted in ([ids[0]], ids[:2], ids, [*ids, 10**6]):
            found = await uow.games.get_many(game_ids=wanted)
            assert [game.id for game in found] == sorted(set(wanted) & set(ids))
    dialect = sql_db.engine.dialect
    one, two = (plan(GAMES_BY_IDS, dialect, {"key_ids": ids[:n]}) for n in (1, 2))
    assert one.sql != two.sql  # one statement per list length, each cached
    assert plan(GAMES_BY_IDS, dialect, {"key_ids": ids[1:3]}) is two


async def test_a_rollback_undoes_what_the_driver_wrote(sql_uow: UnitOfWorkFactory,
                                                       clock: Clock) -> None:
    game_id = await new_game(sql_uow, clock)
    async with sql_uow() as uow:
        game = await uow.games.get(game_id=game_id)
        version = game.version
        game.version += 1
        await uow.games.save(game=game, expected_version=version)
        row = Delivery(game_id=game_id, key="table", chat_id=-1001, revision=1,
                       payload={"text": "x"}, due_at=clock(), updated_at=clock())
        await uow.deliveries.write(rows=[row])
        assert row.id is not None
        assert [r.key for r in await uow.deliveries.of_game(game_id=game_id)] == ["table"]
        # no commit: leaving the block rolls back
    async with sql_uow() as uow:
        assert (await uow.games.get(game_id=game_id)).version == version
        assert await uow.deliveries.of_game(game_id=game_id) == []
        await uow.deliveries.remove(ids=[10**6])  # an id nobody holds: nothing happens


async def test_driver_errors_come_out_as_sqlalchemys(sql_uow: UnitOfWorkFactory,
                                                     clock: Clock) -> None:
    game_id = await new_game(sql_uow, clock)
    record = {"game_id": game_id, "version": 1, "seat": 0, "action": "x",
              "actor": ActorKind.HUMAN, "applied_at": clock(), "events": []}
    async with sql_uow() as uow:
        assert isinstance(uow, SqlUnitOfWork)
        await uow.direct.execute(APPEND_ACTION, record)
        with pytest.raises(IntegrityError):
            await uow.direct.execute(APPEND_ACTION, record)  # (game, version) taken
    async with sql_uow() as uow:
        assert list(await uow.actions.list(game_id=game_id)) == []


async def test_executemany_writes_every_row(sql_uow: UnitOfWorkFactory, clock: Clock) -> None:
    game_id = await new_game(sql_uow, clock)
    at = clock()
    records = [ActionRecord(game_id=game_id, version=v, seat=v % 3, action=f"a{v}",
                            actor=ActorKind.BOT, applied_at=at + timedelta(seconds=v),
                            events=[{"kind": "e", "n": v}]) for v in range(1, 6)]
    async with sql_uow() as uow:
        await uow.actions.append_many(records=records)
        rows = [Delivery(game_id=game_id, key=f"note:{n}", chat_id=-1001, revision=1,
                         payload={}, due_at=at, updated_at=at) for n in range(3)]
        await uow.deliveries.write(rows=rows)
        await uow.commit()
    async with sql_uow() as uow:
        logged = await uow.actions.list(game_id=game_id)
        assert [(r.version, r.action, r.actor, r.events, r.applied_at) for r in logged] == [
            (r.version, r.action, r.actor, r.events, r.applied_at) for r in records]
        assert isinstance(uow, SqlUnitOfWork)
        await uow.direct.execute(REMOVE_DELIVERIES, {"key_ids": [row.id for row in rows[:2]]})
        await uow.commit()
    async with sql_uow() as uow:
        assert [row.key for row in await uow.deliveries.of_game(game_id=game_id)] == ["note:2"]


async def test_fields_assigned_to_a_detached_row_are_saved(sql_db: Database,
                                                           sql_uow: UnitOfWorkFactory,
                                                           clock: Clock) -> None:
    game_id = await new_game(sql_uow, clock)
    later = clock() + timedelta(hours=3)
    async with sql_uow() as uow:
        game = await uow.games.get(game_id=game_id)
        assign(game, deadline_at=later, remind_at=None, lobby={"timers": {"turn_seconds": 90}})
        with pytest.raises(AttributeError, match="deadline"):
            assign(game, deadline=later)  # not a field: refused, nothing set
        await uow.games.save(game=game, expected_version=game.version)
        await uow.commit()
    stored = await _orm_game(sql_db, game_id)
    assert (stored.deadline_at, stored.remind_at) == (later, None)
    assert stored.lobby == {"timers": {"turn_seconds": 90}}
    assert "deadline" not in game.__dict__
