"""Backend selection, SQLite connection settings and timezone-aware datetimes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, StatementError

from storage.database import make_engine, sqlite_connection, sqlite_file
from storage.models import Chat, Game
from storage.settings import DEFAULT_DATABASE_URL, StorageSettings, database_url
from storage.uow import UnitOfWorkFactory


def test_default_url_is_a_sqlite_file_under_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert StorageSettings(_env_file=None).database_url == DEFAULT_DATABASE_URL
    assert sqlite_file(DEFAULT_DATABASE_URL) == Path("data/boardgamesbot.sqlite3")


def test_database_url_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://bot@db/bot")
    assert database_url() == "postgresql+asyncpg://bot@db/bot"
    assert database_url("sqlite+aiosqlite:///x.db") == "sqlite+aiosqlite:///x.db"


async def test_sqlite_engine_creates_data_dir_wal_and_foreign_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    engine = make_engine(DEFAULT_DATABASE_URL)
    try:
        assert (tmp_path / "data").is_dir()
        async with engine.connect() as connection:
            mode = (await connection.execute(text("PRAGMA journal_mode"))).scalar_one()
            keys = (await connection.execute(text("PRAGMA foreign_keys"))).scalar_one()
        assert (mode, keys) == ("wal", 1)
        assert (tmp_path / "data" / "boardgamesbot.sqlite3").is_file()
    finally:
        await engine.dispose()


@pytest.mark.parametrize("kept", [False, True], ids=["pooled", "kept"])
async def test_the_wal_file_starts_again_empty_after_a_checkpoint(tmp_path: Path,
                                                                  kept: bool) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path}/db.sqlite3")
    wal = tmp_path / "db.sqlite3-wal"
    connection = await sqlite_connection(engine) if kept else None
    try:
        async def run(sql: str) -> None:
            if connection is not None:
                await connection.run(lambda raw: (raw.execute(sql), raw.commit()))
                return
            async with engine.begin() as pooled:
                await pooled.execute(text(sql))

        await run("CREATE TABLE t (x TEXT)")
        for _ in range(40):
            await run("INSERT INTO t VALUES (hex(randomblob(2000)))")
        grown = wal.stat().st_size
        await run("PRAGMA wal_checkpoint(PASSIVE)")
        await run("INSERT INTO t VALUES ('after')")
        assert grown > 40 * 4096
        assert wal.stat().st_size < 4 * 4096  # the new write only, not the old file
    finally:
        if connection is not None:
            await connection.close()
        await engine.dispose()


async def test_datetimes_come_back_aware_in_utc(sql_uow: UnitOfWorkFactory) -> None:
    plus_three = timezone(timedelta(hours=3))
    created = datetime(2026, 5, 1, 12, 0, 0, tzinfo=plus_three)
    async with sql_uow() as uow:
        await uow.chats.add(chat=Chat(id=-42, created_at=created))
        await uow.commit()
    async with sql_uow() as uow:
        chat = await uow.chats.get(chat_id=-42)
    assert chat is not None
    assert chat.created_at == created
    assert chat.created_at.tzinfo == UTC


async def test_naive_datetimes_are_refused(sql_uow: UnitOfWorkFactory) -> None:
    async with sql_uow() as uow:
        with pytest.raises(StatementError, match="timezone-aware"):
            await uow.chats.add(chat=Chat(id=-43, created_at=datetime(2026, 5, 1)))


async def test_foreign_keys_are_enforced(sql_uow: UnitOfWorkFactory) -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    async with sql_uow() as uow:
        with pytest.raises(IntegrityError):
            await uow.games.add(
                game=Game(chat_id=-999, kind="bang_dice", seed=1, created_at=at, updated_at=at)
            )
