"""Prebuilt Core statements run on the database driver itself, inside a unit of work.

SQLAlchemy's execution path (an execution context and a result object per statement, an
ORM session, and on the async engine a greenlet hand-off per call) costs about ten times
what SQLite spends on one of our small statements, and a press runs about ten of them.
`plan` compiles a Core statement once per dialect (and per length of its IN lists) into
the driver's SQL, its parameter order and the column types' bind and result processors;
`Direct` runs it on one pooled DB-API connection, in one transaction of its own:

- SQLite: the `sqlite3` connection, in the event loop's thread; a busy database is waited
  for as storage/sqlite_inline.py waits (asyncio sleeps), never blocking the loop;
- PostgreSQL: the asyncpg connection, in an asyncpg transaction begun at the first
  statement.

The values stored and read are those of SQLAlchemy's own execution (the same type
processors), and a driver error comes out as SQLAlchemy's (IntegrityError, DataError,
...), so callers catch one family of errors.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

from storage.sqlite_inline import InlineConnection

Processor = Callable[[Any], Any] | None
_EXPANDED = re.compile(r"^(.*)_(\d+)$")


@dataclass(frozen=True)
class Plan:
    """A statement compiled for one dialect: the SQL, where each positional parameter's
    value comes from (a parameter's name, with an index into its list for an expanded IN;
    or None and the value the statement itself holds), its bind processor, and the result
    columns' keys and processors."""

    sql: str
    sources: tuple[tuple[str | None, Any], ...]
    binds: tuple[Processor, ...]
    columns: tuple[str, ...]
    results: tuple[Processor, ...]

    @cached_property
    def _named(self) -> tuple[str, ...] | None:
        """The parameters' names, in order, when each value is one parameter's (no IN
        list, no value held by the statement): the common case, read in one pass."""
        if any(name is None or index is not None for name, index in self.sources):
            return None
        return tuple(name for name, _ in self.sources if name is not None)

    @cached_property
    def _bound(self) -> tuple[tuple[int, Callable[[Any], Any]], ...]:
        return tuple((i, bind) for i, bind in enumerate(self.binds) if bind is not None)

    @cached_property
    def _processed(self) -> tuple[tuple[int, Callable[[Any], Any]], ...]:
        return tuple((i, process) for i, process in enumerate(self.results) if process)

    def values(self, params: Mapping[str, Any]) -> tuple[Any, ...]:
        """Return the driver's positional values for `params`."""
        named = self._named
        if named is not None:
            out = [params[name] for name in named]
        else:
            out = [index if name is None else params[name] if index is None
                   else params[name][index] for name, index in self.sources]
        for i, bind in self._bound:
            if out[i] is not None:
                out[i] = bind(out[i])
        return tuple(out)

    def row(self, values: Sequence[Any]) -> dict[str, Any]:
        """Return a fetched row as {column key: value}, through the result processors."""
        out = list(values)
        for i, process in self._processed:
            if out[i] is not None:
                out[i] = process(out[i])
        return dict(zip(self.columns, out, strict=True))


_compiled: dict[tuple[Any, ...], tuple[SQLCompiler, tuple[str, ...], dict[Any, Plan]]] = {}


def plan(statement: ClauseElement, dialect: Dialect, params: Mapping[str, Any]) -> Plan:
    """Return the statement's plan for this dialect, these parameter names and the lengths
    of its IN lists (compiled on first use, then cached: statements are module constants)."""
    key = (statement, dialect.name, tuple(params))
    found = _compiled.get(key)
    if found is None:
        compiled = statement.compile(dialect=dialect, column_keys=list(params))
        assert isinstance(compiled, SQLCompiler)
        expanding = tuple(bind.key for bind in compiled.binds.values() if bind.expanding)
        found = _compiled[key] = (compiled, expanding, {})
    compiled, expanding, plans = found
    lengths = tuple(len(params[name]) for name in expanding if name in params)
    made = plans.get(lengths)
    if made is None:
        made = plans[lengths] = _plan(compiled, dialect, params, frozenset(expanding))
    return made


def _plan(compiled: SQLCompiler, dialect: Dialect, params: Mapping[str, Any],
          lists: frozenset[str]) -> Plan:
    expanded = compiled.construct_expanded_state(dict(params), escape_names=False)
    sources: list[tuple[str | None, Any]] = []
    for name in expanded.positiontup or []:
        match = _EXPANDED.match(name)
        if name in params and name not in lists:
            sources.append((name, None))
        elif match is not None and match.group(1) in lists:  # one value of an IN list
            sources.append((match.group(1), int(match.group(2)) - 1))
        elif name in expanded.parameters:  # a value written in the statement
            sources.append((None, expanded.parameters[name]))
        else:
            raise KeyError(f"no value for parameter {name!r}")
    processors = {**compiled._bind_processors, **expanded.processors}  # the types' own
    columns = compiled._result_columns or []
    return Plan(
        sql=expanded.statement, sources=tuple(sources),
        binds=tuple(_single(processors.get(name)) for name in expanded.positiontup or []),
        columns=tuple(column.keyname for column in columns),
        results=tuple(column.type._cached_result_processor(dialect, None)
                      for column in columns))


def _single(processor: Any) -> Processor:
    """Return a parameter's processor (tuple-valued parameters are not used here)."""
    if processor is not None and not callable(processor):
        raise TypeError("tuple-valued parameters are not supported")
    return processor  # type: ignore[no-any-return]


class Kept:
    """One SQLite connection, outside the engine's pool, for the units of work that take
    turns on it (storage/uow.py): a pool checkout and return cost ~50 µs of greenlet
    hand-offs per unit of work, more than its statements. `open` makes the connection on
    first use; one that breaks is closed and the next unit of work opens another."""

    def __init__(self, open: Callable[[], Awaitable[InlineConnection]]) -> None:
        self._open = open
        self._connection: InlineConnection | None = None

    async def get(self) -> InlineConnection:
        """Return the connection, opened now if none is held."""
        if self._connection is None:
            self._connection = await self._open()
        return self._connection

    def drop(self) -> None:
        """Close the held connection, if any (a broken one, or at shutdown)."""
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.stop()


class Direct:
    """Runs prebuilt statements on one DB-API connection, in one transaction.

    The connection is taken from the engine's pool at the first statement, or is `kept`'s
    (SQLite's, held across units of work); `commit` ends the transaction, `close` rolls
    back what was not committed and gives a pooled connection back. On SQLite the sqlite3
    module begins the transaction at the first write; on PostgreSQL an asyncpg transaction
    begins at the first statement.
    """

    def __init__(self, engine: AsyncEngine, kept: Kept | None = None) -> None:
        self._engine = engine
        self._kept = kept
        self.dialect: Dialect = engine.dialect
        self.backend: str = engine.dialect.name  # "sqlite" or "postgresql"
        self._connection: AsyncConnection | None = None  # a pooled one
        self._adapted: Any = None
        self._driver: Any = None  # the open connection's driver connection
        self._transaction: Any = None  # asyncpg's, once begun

    async def fetch(self, statement: ClauseElement,
                    params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a statement that returns rows; return them as {column key: value}."""
        found = plan(statement, self.dialect, params or {})
        rows = await self._run(found, _bind(found, [params or {}]), fetch=True)
        assert isinstance(rows, list)
        return [found.row(row) for row in rows]

    async def execute(self, statement: ClauseElement,
                      params: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> int | None:
        """Run a statement once, or once per parameter set (all of one shape); return the
        rows it matched in all, or None where the driver does not count (asyncpg's
        executemany)."""
        batch = [params] if isinstance(params, Mapping) else list(params)
        if not batch:
            return 0
        found = plan(statement, self.dialect, batch[0])
        count = await self._run(found, _bind(found, batch), fetch=False)
        assert count is None or isinstance(count, int)
        return count

    async def commit(self) -> None:
        """Commit what was written (nothing happens before the first statement)."""
        if self._driver is None:
            return
        try:
            if isinstance(self._driver, InlineConnection):
                await self._driver.run(sqlite3.Connection.commit)
            elif self._transaction is not None:
                transaction, self._transaction = self._transaction, None
                await transaction.commit()
        except Exception as error:
            await self._raise(error, "COMMIT", [()])

    async def rollback(self) -> None:
        """Drop what was written since the transaction began."""
        if self._driver is None:
            return
        if isinstance(self._driver, InlineConnection):
            await self._driver.run(sqlite3.Connection.rollback)
        elif self._transaction is not None:
            transaction, self._transaction = self._transaction, None
            await transaction.rollback()

    async def close(self) -> None:
        """Roll back what was not committed and give a pooled connection back (a kept one
        stays held unless it broke)."""
        if self._driver is None:
            return
        connection = self._connection
        try:
            await self.rollback()
        except Exception:  # a broken connection: it must not be used again
            await self._discard()
        finally:
            self._connection = self._driver = self._transaction = None
            if connection is not None:
                await connection.close()

    async def _open(self) -> None:
        if self._driver is not None:
            return
        if self._kept is not None:
            self._driver = await self._kept.get()
            return
        connection = await self._engine.connect()
        try:
            raw = await connection.get_raw_connection()
        except BaseException:
            await connection.close()
            raise
        self._connection, self._adapted = connection, raw.dbapi_connection
        self._driver = raw.driver_connection

    async def _discard(self, error: Exception | None = None) -> None:
        """Make sure the broken connection is never used again: a pooled one is
        invalidated, a kept one closed (the next unit of work opens another)."""
        if self._connection is not None:
            await self._connection.invalidate(error)
        elif self._kept is not None:
            self._kept.drop()

    async def _run(self, found: Plan, batch: list[tuple[Any, ...]], *,
                   fetch: bool) -> list[Any] | int | None:
        await self._open()
        try:
            if isinstance(self._driver, InlineConnection):
                done: list[Any] | int = await self._driver.run(_sqlite, found.sql, batch, fetch)
                return done
            return await self._asyncpg(found.sql, batch, fetch)
        except Exception as error:
            await self._raise(error, found.sql, batch)
            raise  # _raise always raises; this line is for the type checker

    async def _asyncpg(self, sql: str, batch: list[tuple[Any, ...]],
                       fetch: bool) -> list[Any] | int | None:
        try:
            if self._transaction is None:
                transaction = self._driver.transaction()
                await transaction.start()
                self._transaction = transaction
            if fetch:
                return list(await self._driver.fetch(sql, *batch[0]))
            if len(batch) > 1:
                await self._driver.executemany(sql, batch)
                return None
            status = await self._driver.execute(sql, *batch[0])
            return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else None
        except Exception as error:
            self._adapted._handle_exception(error)  # raises it as SQLAlchemy's DB-API error
            raise

    async def _raise(self, error: Exception, sql: str, batch: list[tuple[Any, ...]]) -> None:
        base: Any = self.dialect.loaded_dbapi.Error  # sqlite3's, or SQLAlchemy's asyncpg one
        if not isinstance(error, base):
            raise error
        if self.dialect.is_disconnect(error, self._adapted, None):
            await self._discard(error)
        raise DBAPIError.instance(sql, batch if len(batch) > 1 else batch[0], error, base,
                                  ismulti=len(batch) > 1) from error


def _bind(found: Plan, batch: Sequence[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    """Return the driver's values for each parameter set; a value its column type refuses
    (a naive datetime, ...) raises StatementError, as SQLAlchemy's own execution does."""
    try:
        return [found.values(params) for params in batch]
    except (TypeError, ValueError) as error:
        raise StatementError(f"({type(error).__name__}) {error}", found.sql, batch[0],
                             error) from error


def _sqlite(connection: sqlite3.Connection, sql: str, batch: list[tuple[Any, ...]],
            fetch: bool) -> list[Any] | int:
    if fetch:
        return connection.execute(sql, batch[0]).fetchall()
    cursor = connection.executemany(sql, batch) if len(batch) > 1 \
        else connection.execute(sql, batch[0])
    return cursor.rowcount
