"""Engines and sessions for the configured backend (SQLite file or PostgreSQL).

Nothing is built at import time: callers make one engine per process and pass it on.
SQLite runs in the event loop's thread (storage/sqlite_inline.py), not in aiosqlite's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.json_text import dumps, loads
from storage.sqlite_inline import InlineConnection, inline_sqlite

SQLITE_BUSY_TIMEOUT_MS = 5000


def is_sqlite(url: str) -> bool:
    """Return True when the URL names a SQLite database."""
    return make_url(url).get_backend_name() == "sqlite"


def sqlite_file(url: str) -> Path | None:
    """Return the database file of a SQLite URL (None for in-memory or another backend)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Turn on WAL journaling and foreign keys on every new SQLite connection (its busy
    wait is storage/sqlite_inline.py's, which does not block the event loop).

    Once a checkpoint has copied the WAL into the database, the WAL file is cut back to
    nothing (journal_size_limit 0): commits then append to a fresh file, where writing
    over the old file's blocks made one commit in five cost 5-10 times the others in the
    bot (docs/benchmarks.md, "Press cost, seventh sitting")."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA journal_size_limit=0")
    cursor.close()


def make_engine(url: str, *, schema: str | None = None, echo: bool = False) -> AsyncEngine:
    """Return an async engine for the URL; creates a SQLite file's directory.

    `schema` (PostgreSQL only) puts it first on the search path, e.g. to isolate tests.
    JSON columns are written and read by storage/json_text.py.
    """
    if is_sqlite(url):
        path = sqlite_file(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        made: list[AsyncEngine] = []
        engine = create_async_engine(url, echo=echo, async_creator=inline_sqlite(
            lambda: _sqlite_args(made[0]), busy_seconds=SQLITE_BUSY_TIMEOUT_MS / 1000),
            json_serializer=dumps, json_deserializer=loads)
        made.append(engine)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    connect_args: dict[str, Any] = {}
    if schema is not None:
        connect_args["server_settings"] = {"search_path": schema}
    return create_async_engine(url, echo=echo, connect_args=connect_args,
                               json_serializer=dumps, json_deserializer=loads)


def _sqlite_args(engine: AsyncEngine) -> tuple[list[Any], dict[str, Any]]:
    """Return sqlite3.connect's arguments for a SQLite engine's URL."""
    sync = engine.sync_engine
    args, kwargs = sync.dialect.create_connect_args(sync.url)
    return list(args), dict(kwargs)


async def sqlite_connection(engine: AsyncEngine) -> InlineConnection:
    """Return a new connection to a SQLite engine's database, outside the engine's pool,
    set up as the pool's connections are (WAL, foreign keys, the busy wait)."""
    connection: InlineConnection = await inline_sqlite(
        lambda: _sqlite_args(engine), busy_seconds=SQLITE_BUSY_TIMEOUT_MS / 1000)()
    await connection.run(_sqlite_pragmas, None)
    return connection


def make_session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Return the session factory units of work use (objects stay readable after commit)."""
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False, autoflush=False)
