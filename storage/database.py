"""Engines and sessions for the configured backend (SQLite file or PostgreSQL).

Nothing is built at import time: callers make one engine per process and pass it on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

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
    """Turn on WAL journaling, foreign keys and a busy timeout on every new SQLite connection."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.close()


def make_engine(url: str, *, schema: str | None = None, echo: bool = False) -> AsyncEngine:
    """Return an async engine for the URL; creates a SQLite file's directory.

    `schema` (PostgreSQL only) puts it first on the search path, e.g. to isolate tests.
    """
    connect_args: dict[str, Any] = {}
    if is_sqlite(url):
        path = sqlite_file(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        connect_args["timeout"] = SQLITE_BUSY_TIMEOUT_MS / 1000
    elif schema is not None:
        connect_args["server_settings"] = {"search_path": schema}
    engine = create_async_engine(url, echo=echo, connect_args=connect_args)
    if is_sqlite(url):
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def make_session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Return the session factory units of work use (objects stay readable after commit)."""
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False, autoflush=False)
