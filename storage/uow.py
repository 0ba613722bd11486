"""The SQL unit of work: one session, one transaction, one explicit commit per command."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Self, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.direct import Direct
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
    """A unit of work over a fresh session; uncommitted work is rolled back on exit."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession],
                 writer: asyncio.Lock | None = None) -> None:
        self._sessions = sessions
        self._writer = writer
        self._session: AsyncSession | None = None
        self._committed = False

    async def __aenter__(self) -> Self:
        if self._writer is not None:
            await self._writer.acquire()
        session = self._sessions()
        self._session = session
        self._committed = False
        self.direct = direct = Direct(session)  # hot statements on the driver (direct.py)
        self.chats = SqlChats(session, direct)
        self.users = SqlUsers(session, direct)
        self.games = SqlGames(session, direct)
        self.seats = SqlSeats(session, direct)
        self.actions = SqlActionLog(session, direct)
        self.deliveries = SqlDeliveries(session, direct)
        self.inbox = SqlInbox(session, direct)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        session, self._session = self._session, None
        try:
            if session is not None:
                try:
                    await session.rollback()
                finally:
                    await session.close()
        finally:
            if self._writer is not None:
                self._writer.release()

    async def commit(self) -> None:
        """Commit the transaction; raise RuntimeError if already committed or outside the block."""
        session = self._active()
        if self._committed:
            raise RuntimeError("a unit of work commits once")
        await session.commit()
        self._committed = True

    async def rollback(self) -> None:
        """Roll the transaction back."""
        await self._active().rollback()

    def _active(self) -> AsyncSession:
        if self._session is None:
            raise RuntimeError("unit of work used outside its `async with` block")
        return self._session


def sql_uow_factory(sessions: async_sessionmaker[AsyncSession]) -> UnitOfWorkFactory:
    """Return a factory of SQL units of work sharing one session factory.

    SQLite has one writer at a time and no row locks, so on SQLite the units of work of
    one process take turns (an asyncio lock): chats are handled concurrently, and two
    commands on one game (say two players joining from their private chats) must not
    read the same rows and then both write.
    """
    bind = sessions.kw.get("bind")
    writer = asyncio.Lock() if bind is not None and bind.dialect.name == "sqlite" else None
    return lambda: SqlUnitOfWork(sessions, writer)
