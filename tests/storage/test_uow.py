"""The unit of work: one explicit commit, rollback by default, optimistic game writes.

Runs on the in-memory fake, SQLite and PostgreSQL alike: the fake must behave as the SQL one.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

import storage.uow as uow_module
from storage.clock import Clock
from storage.database import make_engine, sqlite_connection
from storage.errors import GameNotFound, StaleGame
from storage.migrate import upgrade
from storage.models import Chat, User
from storage.sqlite_inline import InlineConnection
from storage.uow import sql_uow_factory
from tests.storage.conftest import Backend
from tests.storage.play import new_game


async def test_nothing_is_kept_without_commit(backend: Backend, clock: Clock) -> None:
    async with backend.uow() as uow:
        await uow.chats.add(chat=Chat(id=-1, created_at=clock()))
    async with backend.uow() as uow:
        assert await uow.chats.get(chat_id=-1) is None


async def test_a_unit_of_work_commits_once(backend: Backend, clock: Clock) -> None:
    async with backend.uow() as uow:
        await uow.chats.add(chat=Chat(id=-1, created_at=clock()))
        await uow.commit()
        with pytest.raises(RuntimeError, match="commits once"):
            await uow.commit()


async def test_chat_and_user_rows_round_trip(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    async with backend.uow() as uow:
        chat = await uow.chats.get(chat_id=-1001)
        assert chat is not None
        chat.language = "it"
        chat.default_options = {"modules": []}
        chat.timer_settings = {"turn_seconds": 3600, "reminder_seconds": 1800}
        await uow.chats.save(chat=chat)
        await uow.users.add(
            user=User(id=5, display_name="Ana", language="pt-BR", created_at=clock())
        )
        await uow.commit()
    async with backend.uow() as uow:
        chat = await uow.chats.get(chat_id=-1001)
        assert chat is not None
        assert (chat.language, chat.timer_settings["turn_seconds"]) == ("it", 3600)
        user = await uow.users.get(user_id=5)
        assert user is not None
        assert (user.display_name, user.can_dm, user.stats) == ("Ana", False, {})
        user.can_dm = True
        user.stats = {"bang_dice": {"played": 1, "won": 1}}
        await uow.users.save(user=user)
        await uow.commit()
    async with backend.uow() as uow:
        user = await uow.users.get(user_id=5)
        assert user is not None
        assert user.can_dm
        assert user.stats["bang_dice"]["won"] == 1
        seats = await uow.seats.list(game_id=game_id)
    assert [(s.seat, s.user_id, s.is_bot) for s in seats] == [(i, 100 + i, False) for i in range(5)]


async def test_users_and_chats_load_many_at_once(backend: Backend, clock: Clock) -> None:
    await new_game(backend.uow, clock, chat_id=-7)
    await new_game(backend.uow, clock, chat_id=-3)
    async with backend.uow() as uow:
        users = await uow.users.get_many(user_ids=[104, 999, 100, 100, 102])
        chats = await uow.chats.get_many(chat_ids=[-3, -7, -3, 5])
        assert (await uow.users.get_many(user_ids=[]), await uow.chats.get_many(chat_ids=[])) \
            == ([], [])
    assert [(u.id, u.display_name) for u in users] == \
        [(100, "player 0"), (102, "player 2"), (104, "player 4")]
    assert [c.id for c in chats] == [-7, -3]
    assert all(u.created_at.tzinfo is not None for u in users)


async def test_unknown_game_is_a_typed_error(backend: Backend) -> None:
    async with backend.uow() as uow:
        with pytest.raises(GameNotFound):
            await uow.games.get(game_id=12345)


async def test_save_at_a_wrong_version_is_stale(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
        game.version += 1
        with pytest.raises(StaleGame):
            await uow.games.save(game=game, expected_version=game.version)


async def test_second_writer_from_the_same_version_is_stale(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    # On SQLite the units of one factory take turns: the second would wait for the first.
    other = backend.uow if backend.db is None or backend.name != "sqlite" else \
        sql_uow_factory(backend.db.engine)
    async with backend.uow() as first, other() as second:
        mine = await first.games.get(game_id=game_id)
        theirs = await second.games.get(game_id=game_id)
        mine.version = theirs.version = 1
        await first.games.save(game=mine, expected_version=0)
        await first.commit()
        with pytest.raises(StaleGame):
            await second.games.save(game=theirs, expected_version=0)
    async with backend.uow() as uow:
        assert (await uow.games.get(game_id=game_id)).version == 1


async def test_fake_refuses_a_commit_after_another_unit_committed_past_it(clock: Clock) -> None:
    # SQL blocks the second writer on the row until the first commits; the fake, which never
    # blocks, must refuse at commit instead.
    from tests.support.fake_uow import MemoryStore, fake_uow_factory

    uow = fake_uow_factory(MemoryStore())
    game_id = await new_game(uow, clock)
    async with uow() as first, uow() as second:
        mine = await first.games.get(game_id=game_id)
        theirs = await second.games.get(game_id=game_id)
        mine.version = theirs.version = 1
        await first.games.save(game=mine, expected_version=0)
        await second.games.save(game=theirs, expected_version=0)
        await first.commit()
        with pytest.raises(StaleGame):
            await second.commit()


async def test_sqlite_units_of_one_factory_take_turns(backend: Backend, clock: Clock) -> None:
    # SQLite has no row locks: one process's units of work run one at a time, so two
    # commands on one game never both read a row and then both write it.
    order: list[str] = []

    async def unit(name: str, delay: float) -> None:
        await asyncio.sleep(delay)
        async with backend.uow() as uow:
            order.append(f"{name} in")
            await uow.chats.get(chat_id=-1)
            await asyncio.sleep(0.05)
            order.append(f"{name} out")

    await asyncio.gather(unit("a", 0), unit("b", 0.01))
    if backend.name == "sqlite":
        assert order == ["a in", "a out", "b in", "b out"]
    else:
        assert order == ["a in", "b in", "a out", "b out"]


async def test_sqlite_units_share_one_connection_and_replace_a_broken_one(
        tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    # SQLite's units of work take turns, so they keep one connection open instead of a
    # pool checkout each; one that broke is closed and the next unit opens a new one.
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path}/kept.sqlite3")
    await upgrade(engine)
    opened: list[InlineConnection] = []

    async def counted(engine: AsyncEngine) -> InlineConnection:
        opened.append(await sqlite_connection(engine))
        return opened[-1]

    monkeypatch.setattr(uow_module, "sqlite_connection", counted)
    factory = sql_uow_factory(engine)
    for chat_id in (-1, -2, -3):
        async with factory() as uow:
            await uow.chats.add(chat=Chat(id=chat_id, created_at=clock()))
            await uow.commit()
    assert len(opened) == 1
    assert opened[0]._connection is not None
    opened[0]._connection.close()  # the connection breaks under the next unit of work
    with pytest.raises(DBAPIError):
        async with factory() as uow:
            await uow.chats.get(chat_id=-1)
    async with factory() as uow:
        found = await uow.chats.get_many(chat_ids=[-1, -2, -3])
    assert sorted(chat.id for chat in found) == [-3, -2, -1]
    assert len(opened) == 2
    factory.close()  # before the engine is disposed of: the kept connection is closed
    assert opened[1]._connection is None
    await engine.dispose()
