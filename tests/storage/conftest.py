"""Fixtures: every storage test runs on SQLite (a temp file) and on the real PostgreSQL server.

PostgreSQL tests get a freshly created schema of their own. If TEST_POSTGRES_URL is set (CI
sets it) and the server cannot be reached, the tests fail instead of being skipped.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.clock import Clock
from storage.database import make_engine
from storage.migrate import upgrade
from storage.uow import UnitOfWorkFactory, sql_uow_factory
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory

DEFAULT_POSTGRES_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
SQL_BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
ALL_BACKENDS = ["memory", *SQL_BACKENDS]


def postgres_url() -> str:
    """Return the PostgreSQL URL the tests use."""
    return os.environ.get("TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL)


def schema_name() -> str:
    """Return this test process's private schema: distinct per process, so that two test
    runs against one server (two checkouts, xdist workers) never drop each other's tables."""
    return f"bgb_storage_test_{os.getpid()}"


@dataclass
class Database:
    """A fresh, empty database: its backend name, URL and engine (None for the fake)."""

    backend: str
    url: str
    engine: AsyncEngine


async def _fresh_postgres_schema() -> AsyncEngine:
    """Return an engine whose search path is a just-recreated private schema."""
    schema = schema_name()
    admin = make_engine(postgres_url())
    try:
        async with admin.begin() as connection:
            await connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
            await connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    except (OSError, SQLAlchemyError) as error:
        message = f"PostgreSQL at {postgres_url()} is unreachable: {error!r}"
        if "TEST_POSTGRES_URL" in os.environ:
            pytest.fail(message)
        pytest.skip(message + " (set TEST_POSTGRES_URL to make this a failure)")
    finally:
        await admin.dispose()
    return make_engine(postgres_url(), schema=schema)


async def _drop_postgres_schema() -> None:
    """Drop this process's private schema (after a test, so none is left behind)."""
    admin = make_engine(postgres_url())
    try:
        async with admin.begin() as connection:
            await connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema_name()}" CASCADE'))
    finally:
        await admin.dispose()


@pytest.fixture(params=SQL_BACKENDS)
async def empty_db(request: pytest.FixtureRequest, tmp_path: object) -> AsyncIterator[Database]:
    """Yield an empty SQL database (no tables) on each backend."""
    backend: str = request.param
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path}/storage.sqlite3"
        engine = make_engine(url)
    else:
        url = postgres_url()
        engine = await _fresh_postgres_schema()
    yield Database(backend, url, engine)
    await engine.dispose()
    if backend == "postgres":
        await _drop_postgres_schema()


@pytest.fixture
async def sql_db(empty_db: Database) -> Database:
    """Return a SQL database upgraded to the newest schema."""
    await upgrade(empty_db.engine)
    return empty_db


@pytest.fixture
def sql_uow(sql_db: Database) -> UnitOfWorkFactory:
    """Return a unit-of-work factory over the migrated SQL database."""
    return sql_uow_factory(sql_db.engine)


@dataclass
class Backend:
    """A store to run service tests on: its name, unit-of-work factory and, for SQL, database."""

    name: str
    uow: UnitOfWorkFactory
    db: Database | None = None
    memory: MemoryStore | None = None


@pytest.fixture(params=ALL_BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: object) -> AsyncIterator[Backend]:
    """Yield each store: the in-memory fake, SQLite and PostgreSQL (both migrated)."""
    if request.param == "memory":
        memory = MemoryStore()
        yield Backend("memory", fake_uow_factory(memory), memory=memory)
        return
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path}/storage.sqlite3"
        engine = make_engine(url)
    else:
        url = postgres_url()
        engine = await _fresh_postgres_schema()
    await upgrade(engine)
    db = Database(request.param, url, engine)
    yield Backend(request.param, sql_uow_factory(engine), db=db)
    await engine.dispose()
    if request.param == "postgres":
        await _drop_postgres_schema()


def ticking_clock() -> HandClock:
    """Return a clock one second later at every reading, from a fixed UTC start."""
    return HandClock(datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), step=timedelta(seconds=1))


@pytest.fixture
def clock() -> Clock:
    """Return a deterministic clock."""
    return ticking_clock()
