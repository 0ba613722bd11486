"""The SQL unit of work: one connection, one transaction, one explicit commit per command."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Self, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.database import sqlite_connection
from storage.direct import Direct, Kept
from storage.gauges import SqlGauges
from storage.records import SqlRecords
from storage.repositories import UnitOfWork
from storage.sql_repositories import (
    SqlActionLog,
    SqlChats,
    SqlDeliveries,
    SqlGames,
    SqlInbox,
    SqlSeats,
    SqlUsers,
)

UnitOfWorkFactory = Callable[[], UnitOfWork]
T = TypeVar("T")


async def retry_on_conflict(work: Callable[[], Awaitable[T]]) -> T:
    """Return what `work` returns; run it once more if a concurrent insert of the same row
    beat it (the unique key refused ours)."""
    try:
        return await work()
    except IntegrityError:
        return await work()


class SqlUnitOfWork:
    """A unit of work over one pooled connection and its transaction (storage/direct.py);
    what was not committed is rolled back on exit."""

    def __init__(self, engine: AsyncEngine, writer: asyncio.Lock | None = None,
                 kept: Kept | None = None) -> None:
        self._engine = engine
        self._writer = writer
        self._kept = kept
        self._direct: Direct | None = None
        self._committed = False

    @property
    def direct(self) -> Direct:
        """Return the statement runner of the open unit of work."""
        if self._direct is None:
            raise RuntimeError("unit of work used outside its `async with` block")
        return self._direct

    async def __aenter__(self) -> Self:
        if self._writer is not None:
            await self._writer.acquire()
        self._direct = direct = Direct(self._engine, self._kept)
        self._committed = False
        self.chats = SqlChats(direct)
        self.users = SqlUsers(direct)
        self.games = SqlGames(direct)
        self.seats = SqlSeats(direct)
        self.actions = SqlActionLog(direct)
        self.deliveries = SqlDeliveries(direct)
        self.inbox = SqlInbox(direct)
        self.records = SqlRecords(direct)
        self.gauges = SqlGauges(direct)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        direct, self._direct = self._direct, None
        try:
            if direct is not None:
                await direct.close()
        finally:
            if self._writer is not None:
                self._writer.release()

    async def commit(self) -> None:
        """Commit the transaction; raise RuntimeError if already committed or outside the block."""
        direct = self.direct
        if self._committed:
            raise RuntimeError("a unit of work commits once")
        await direct.commit()
        self._committed = True

    async def rollback(self) -> None:
        """Roll the transaction back."""
        await self.direct.rollback()


class SqlUnitOfWorkFactory:
    """Makes SQL units of work over an engine (see `sql_uow_factory`)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        sqlite = engine.dialect.name == "sqlite"
        self._writer = asyncio.Lock() if sqlite else None
        self._kept = Kept(lambda: sqlite_connection(engine)) if sqlite else None

    def __call__(self) -> SqlUnitOfWork:
        """Return a new unit of work (enter it with `async with`)."""
        return SqlUnitOfWork(self._engine, self._writer, self._kept)

    def close(self) -> None:
        """Close the kept SQLite connection (before the engine is disposed of); a later
        unit of work opens another."""
        if self._kept is not None:
            self._kept.drop()


def sql_uow_factory(engine: AsyncEngine) -> SqlUnitOfWorkFactory:
    """Return a factory of SQL units of work over an engine.

    SQLite has one writer at a time and no row locks, so on SQLite the units of work of
    one process take turns (an asyncio lock): chats are handled concurrently, and two
    commands on one game (say two players joining from their private chats) must not
    read the same rows and then both write. Taking turns, they also share one connection,
    kept open outside the engine's pool (`storage.direct.Kept`) until `close`.
    """
    return SqlUnitOfWorkFactory(engine)
