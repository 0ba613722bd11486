"""SQLite in the event loop's thread: a busy database is waited for without blocking it."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from storage.database import make_engine
from storage.sqlite_inline import InlineConnection, inline_sqlite


def _locker(path: Path) -> sqlite3.Connection:
    """Return another process's stand-in: a connection holding the write lock."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return other


async def test_a_write_waits_for_another_writer_while_the_loop_runs_on(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    engine = make_engine(f"sqlite+aiosqlite:///{path}")
    async with engine.begin() as connection:
        await connection.execute(text("CREATE TABLE t (x INTEGER)"))
    other = _locker(path)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    ticking = asyncio.create_task(ticker())
    threading.Timer(0.3, lambda: (other.execute("COMMIT"), other.close())).start()
    async with engine.begin() as connection:
        await connection.execute(text("INSERT INTO t VALUES (1)"))
    ticking.cancel()
    assert ticks >= 10  # the loop ran while the insert waited for the lock
    async with engine.connect() as connection:
        assert (await connection.execute(text("SELECT COUNT(*) FROM t"))).scalar() == 1
    await engine.dispose()


async def test_a_write_gives_up_after_the_busy_time(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (x INTEGER)").connection.close()
    other = _locker(path)
    try:
        connection = await inline_sqlite(lambda: ([str(path)], {}), busy_seconds=0.2)()
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            await connection.execute("INSERT INTO t VALUES (1)")
        assert 0.1 <= loop.time() - started < 1.0
        await connection.close()
        await connection.close()  # a second close does nothing
        with pytest.raises(ValueError, match=r"closed|no active connection"):
            await connection.execute("SELECT 1")
    finally:
        other.close()


async def test_sql_errors_reach_sqlalchemy_as_before(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path}/errors.sqlite3")
    async with engine.connect() as connection:
        with pytest.raises(OperationalError, match="no such table"):
            await connection.execute(text("SELECT * FROM missing"))
        raw = await connection.get_raw_connection()
        assert isinstance(raw.driver_connection, InlineConnection)
    await engine.dispose()
