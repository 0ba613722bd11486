"""SQLite for SQLAlchemy's aiosqlite dialect without aiosqlite's thread.

aiosqlite runs every call (cursor, execute, fetch, close, commit) in a thread of its own
and hands each one over and back: two thread switches and an event-loop wake-up per call,
tens of them per unit of work, which cost more CPU than the statements themselves.
`InlineConnection` is an aiosqlite `Connection` that runs the calls in the event loop's
thread instead. The statements are small (one game's rows) and WAL keeps readers and the
writer apart, so a call takes micro- to milliseconds.

What must not block the loop is SQLite's busy wait (another process holds the write
lock): the connection's own busy timeout is 0, and a call refused with SQLITE_BUSY is
retried after an asyncio sleep, for up to `busy_seconds` (then the error is raised, as
the busy timeout would). Within one process the units of work take turns anyway
(storage/uow.py's writer lock).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from typing import Any

import aiosqlite

BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, getattr(sqlite3, "SQLITE_BUSY_RECOVERY", 261)})
"""Refusals that a later retry can overcome (not SQLITE_BUSY_SNAPSHOT: a transaction
whose snapshot is stale fails at once, as with a busy timeout)."""
FIRST_WAIT = 0.001
LONGEST_WAIT = 0.05


class _InlineQueue:
    """Stands in for aiosqlite's queue to its thread: runs each call at once.

    SQLAlchemy's dialect puts a call there directly to set a connection's isolation level.
    """

    def put_nowait(self, item: tuple[asyncio.Future[Any] | None, Callable[[], Any]]) -> None:
        """Run the call now and settle its future with the result or the error."""
        future, function = item
        try:
            result = function()
        except BaseException as error:  # handed to the awaiting caller
            if future is not None and not future.done():
                future.set_exception(error)
            return
        if future is not None and not future.done():
            future.set_result(result)


class InlineConnection(aiosqlite.Connection):
    """An aiosqlite connection whose SQLite calls run in the calling (event loop) thread."""

    def __init__(self, connector: Callable[[], sqlite3.Connection], *,
                 busy_seconds: float) -> None:
        super().__init__(connector, iter_chunk_size=64)
        self._tx = _InlineQueue()  # type: ignore[assignment]
        self.busy_seconds = busy_seconds

    def __await__(self) -> Any:
        return self._connect().__await__()  # no thread to start

    async def _connect(self) -> InlineConnection:
        if self._connection is None:
            self._connection = self._connector()
        return self

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Return fn(*args, **kwargs), retried while SQLite answers busy (up to
        `busy_seconds`). Raise ValueError on a closed connection, and SQLite's errors."""
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        loop = asyncio.get_running_loop()
        deadline, wait = loop.time() + self.busy_seconds, FIRST_WAIT
        while True:
            try:
                return fn(*args, **kwargs)
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorcode", None) not in BUSY_CODES \
                        or loop.time() + wait > deadline:
                    raise
            await asyncio.sleep(wait)
            wait = min(LONGEST_WAIT, wait * 2)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Return fn(the sqlite3 connection, *args), retried while SQLite answers busy, as
        every call of this connection is (storage/direct.py's statements)."""
        return await self._execute(lambda: fn(self._connection, *args))

    def stop(self) -> None:
        """Close the SQLite connection (there is no thread to stop)."""
        self._running = False
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def close(self) -> None:
        """Close the connection; closing twice does nothing."""
        self.stop()


def inline_sqlite(connect: Callable[[], tuple[list[Any], dict[str, Any]]], *,
                  busy_seconds: float) -> Callable[[], Any]:
    """Return an `async_creator` for `create_async_engine` whose connections are
    `InlineConnection`s; `connect()` returns sqlite3.connect's arguments (computed on each
    call, from the engine's URL)."""

    async def create() -> InlineConnection:
        args, kwargs = connect()
        kwargs = {**kwargs, "timeout": 0, "check_same_thread": False}
        connection = InlineConnection(lambda: sqlite3.connect(*args, **kwargs),
                                      busy_seconds=busy_seconds)
        await connection
        return connection

    return create
