"""An in-memory unit of work with the SQL one's interface and semantics, for fast service tests.

Several fakes share one `MemoryStore`. Each works on private copies and publishes the rows it
touched at commit; a game saved at a version that another unit committed past raises
StaleGame, at `save` or at `commit`, as the SQL version check would. The store and the
repositories of the game's own rows are in tests/support/fake_store.py; the delivery rows'
and the inbox's are here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from datetime import datetime
from types import TracebackType
from typing import Self, TypeVar

from sqlmodel import SQLModel

from storage.gauges import Gauges
from storage.models import Delivery, Game, GameStatus, InboxUpdate, PlayerRecord
from storage.records import ALL_KINDS, WHOLE, SeatResult, add_to, increments
from tests.support.fake_store import (
    FakeActionLog,
    FakeChats,
    FakeGames,
    FakeSeats,
    FakeUsers,
    MemoryStore,
    MemoryTable,
)

__all__ = ["FakeUnitOfWork", "MemoryStore", "fake_uow_factory"]

KeyT = TypeVar("KeyT", bound=Hashable)
RowT = TypeVar("RowT", bound=SQLModel)


class FakeDeliveries:
    def __init__(self, table: MemoryTable[int, Delivery], store: MemoryStore) -> None:
        self._table = table
        self._store = store

    async def of_game(self, *, game_id: int) -> Sequence[Delivery]:
        """Return a game's delivery rows, by id."""
        return sorted(self._table.rows(lambda row: row.game_id == game_id),
                      key=lambda row: row.id or 0)

    async def of_games(self, *, game_ids: Sequence[int],
                       lock: bool = False) -> Sequence[Delivery]:
        """Return the delivery rows of these games, by id (one writer: nothing to lock)."""
        wanted = set(game_ids)
        return sorted(self._table.rows(lambda row: row.game_id in wanted),
                      key=lambda row: row.id or 0)

    async def of_chat(self, *, chat_id: int) -> Sequence[Delivery]:
        """Return the rows addressed to a chat, by id."""
        return sorted(self._table.rows(lambda row: row.chat_id == chat_id),
                      key=lambda row: row.id or 0)

    async def write(self, *, rows: Sequence[Delivery]) -> None:
        """Insert the rows without an id (a fresh id each), overwrite the others."""
        for row in rows:
            if row.id is None:
                row.id = self._store.next_id()
            self._table.put(row.id, row)

    async def due(self, *, now: datetime, limit: int,
                  chat_id: int | None = None) -> Sequence[Delivery]:
        """Return up to `limit` rows due by `now`, oldest due first."""
        found = self._table.rows(lambda row: row.due_at is not None and row.due_at <= now
                                 and chat_id in (None, row.chat_id))
        return sorted(found, key=lambda row: (row.due_at, row.id or 0))[:limit]

    async def claim(self, *, ids: Sequence[int], now: datetime, until: datetime,
                    owner: str | None = None,
                    at: datetime | None = None) -> Sequence[Delivery]:
        """Lease to `owner` the due rows among `ids` free at `at`; return them."""
        claimed = []
        expired = now if at is None else at
        for delivery_id in sorted(set(ids)):
            row = self._table.get(delivery_id)
            if row is None or row.due_at is None or row.due_at > now:
                continue
            if row.owner in (None, owner) or row.due_at <= expired:
                row.due_at, row.owner = until, owner
                self._table.put(delivery_id, row)
                claimed.append(row)
        return claimed

    async def owned_unsent(self, *, ids: Sequence[int], owner: str) -> Sequence[Delivery]:
        """Return the rows among `ids` that `owner` holds with a revision not yet sent."""
        wanted = set(ids)
        return sorted(self._table.rows(lambda row: row.id in wanted and row.owner == owner
                                       and row.revision > row.sent_revision
                                       and row.due_at is not None),
                      key=lambda row: row.id or 0)

    async def settle(self, *, delivery_id: int, revision: int, message_id: int | None,
                     anchor: int | None, now: datetime) -> None:
        """Record the revision Telegram shows; still due if rewritten since."""
        row = self._table.get(delivery_id)
        if row is not None and row.sent_revision <= revision:
            row.sent_revision, row.message_id, row.sent_anchor = revision, message_id, anchor
            row.attempts, row.error, row.updated_at = 0, None, now
            if row.revision <= revision:
                row.due_at, row.owner = None, None
            self._table.put(delivery_id, row)

    async def postpone(self, *, delivery_id: int, at: datetime | None, attempts: int,
                       error: str | None) -> None:
        """Set the next try of a row and the reason."""
        row = self._table.get(delivery_id)
        if row is not None:
            row.due_at, row.attempts, row.error = at, attempts, error and error[:200]
            row.owner = None
            self._table.put(delivery_id, row)

    async def remove(self, *, ids: Sequence[int]) -> None:
        """Delete these rows."""
        for delivery_id in ids:
            self._table.delete(delivery_id)


class FakeInbox:
    def __init__(self, table: MemoryTable[int, InboxUpdate]) -> None:
        self._table = table

    async def add_many(self, *, updates: Sequence[InboxUpdate]) -> None:
        """Store received updates; one already stored is kept."""
        for update in updates:
            if self._table.get(update.update_id) is None:
                self._table.put(update.update_id, update)

    async def add_new(self, *, update: InboxUpdate) -> bool:
        """Store one update unless its id is stored; return whether it was new."""
        if self._table.get(update.update_id) is not None:
            return False
        self._table.put(update.update_id, update)
        return True

    async def remove_before(self, *, before: datetime) -> None:
        """Forget the updates received before `before`."""
        for row in self._table.rows(lambda row: row.received_at < before):
            self._table.delete(row.update_id)

    async def list(self) -> Sequence[InboxUpdate]:
        """Return the stored updates by update id."""
        return sorted(self._table.rows(), key=lambda row: row.update_id)

    async def remove_many(self, *, update_ids: Sequence[int]) -> None:
        """Forget handled updates (unknown ids are ignored)."""
        for update_id in update_ids:
            self._table.delete(update_id)


class FakeRecords:
    """The group statistics in memory, added up as the SQL upsert does."""

    def __init__(self, table: MemoryTable[tuple[int, int, str, str], PlayerRecord],
                 games: MemoryTable[int, Game]) -> None:
        self._table = table
        self._games = games

    async def tally(self, *, results: Sequence[SeatResult]) -> None:
        """Add finished seats to their records."""
        for row in increments(results):
            key = (row["chat_id"], row["user_id"], row["kind"], row["part"])
            self._table.put(key, add_to(self._table.get(key), row))

    async def of_user(self, *, chat_id: int, user_id: int) -> Sequence[PlayerRecord]:
        """Return a player's records in a chat, by kind and part."""
        return sorted(self._table.rows(lambda r: (r.chat_id, r.user_id) == (chat_id, user_id)),
                      key=lambda r: (r.kind, r.part))

    async def top(self, *, chat_id: int, kind: str = ALL_KINDS,
                  limit: int = 10) -> Sequence[PlayerRecord]:
        """Return the chat's best whole records of a kind."""
        rows = self._table.rows(lambda r: (r.chat_id, r.kind, r.part) == (chat_id, kind, WHOLE))
        return sorted(rows, key=lambda r: (-r.wins, r.played, r.user_id))[:limit]

    async def ended(self, *, chat_id: int, limit: int, offset: int = 0) -> Sequence[Game]:
        """Return a chat's finished games, the newest first."""
        rows = self._games.rows(lambda g: g.chat_id == chat_id
                                and g.status == GameStatus.FINISHED)
        return sorted(rows, key=lambda g: -(g.id or 0))[offset:offset + limit]


class FakeGauges:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    async def read(self, *, now: datetime) -> Gauges:
        """Return what an operator watches at `now`, from the committed rows."""
        games: dict[tuple[str, str], int] = {}
        for game in self._store.games.values():
            if game.status in (GameStatus.LOBBY, GameStatus.RUNNING):
                key = (game.kind, str(game.status))
                games[key] = games.get(key, 0) + 1
        waiting = [row.updated_at for row in self._store.deliveries.values()
                   if row.due_at is not None]
        overdue = [moment for _, moment in await self.overdue(now=now, limit=10**9)]
        return Gauges(games, len(waiting), min(waiting, default=None), len(overdue),
                      min(overdue, default=None))

    async def overdue(self, *, now: datetime, limit: int) -> Sequence[tuple[int, datetime]]:
        """Return the running games whose deadline passed by `now`, oldest first."""
        found = sorted((game.deadline_at, game.id or 0) for game in self._store.games.values()
                       if game.status is GameStatus.RUNNING and game.paused_at is None
                       and game.deadline_at is not None and game.deadline_at <= now)
        return [(game_id, moment) for moment, game_id in found[:limit]]


class FakeUnitOfWork:
    """The in-memory unit of work; `commit` publishes the touched rows to the shared store."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        self._committed = False

    async def __aenter__(self) -> Self:
        store = self.store
        self._committed = False
        self._tables: list[MemoryTable[object, SQLModel]] = []
        chats = self._table(store.chats)
        users = self._table(store.users)
        games = self._table(store.games)
        seats = self._table(store.seats)
        actions = self._table(store.actions)
        deliveries = self._table(store.deliveries)
        inbox = self._table(store.inbox)
        records = self._table(store.records)
        self.chats = FakeChats(chats)
        self.users = FakeUsers(users)
        self.games = FakeGames(games, seats, store)
        self.seats = FakeSeats(seats)
        self.actions = FakeActionLog(actions)
        self.deliveries = FakeDeliveries(deliveries, store)
        self.inbox = FakeInbox(inbox)
        self.records = FakeRecords(records, games)
        self.gauges = FakeGauges(store)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.rollback()

    async def commit(self) -> None:
        """Publish the changes; raise StaleGame if a saved game moved on, RuntimeError if twice."""
        if self._committed:
            raise RuntimeError("a unit of work commits once")
        self.games.check_unchanged()
        for table in self._tables:
            table.publish()
        self.store.commits += 1
        self._committed = True

    async def rollback(self) -> None:
        """Drop every pending change."""
        for table in self._tables:
            table.pending.clear()
        self.games.expected.clear()

    def _table(self, committed: dict[KeyT, RowT]) -> MemoryTable[KeyT, RowT]:
        table = MemoryTable(committed)
        self._tables.append(table)  # type: ignore[arg-type]
        return table


def fake_uow_factory(store: MemoryStore) -> Callable[[], FakeUnitOfWork]:
    """Return a factory of in-memory units of work sharing `store`."""
    return lambda: FakeUnitOfWork(store)
