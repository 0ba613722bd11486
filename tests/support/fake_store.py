"""The in-memory database of tests/support/fake_uow.py: the committed rows (`MemoryStore`),
a unit of work's private copies of one table (`MemoryTable`), and the repositories of the
game's own rows (chats, users, games, seats, the action log).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar

from sqlmodel import SQLModel

from storage.errors import GameNotFound, StaleGame
from storage.models import (
    ActionRecord,
    Chat,
    Delivery,
    Game,
    GameStatus,
    InboxUpdate,
    PlayerRecord,
    Seat,
    User,
)
from storage.repositories import DueField

KeyT = TypeVar("KeyT", bound=Hashable)
RowT = TypeVar("RowT", bound=SQLModel)

ACTIVE = (GameStatus.LOBBY, GameStatus.RUNNING)


def _copy(row: RowT) -> RowT:
    """Return an independent copy of a row."""
    return type(row).model_validate(copy.deepcopy(row.model_dump()))


@dataclass
class MemoryStore:
    """The committed rows of the fake database, and how many commits it has seen."""

    chats: dict[int, Chat] = field(default_factory=dict)
    users: dict[int, User] = field(default_factory=dict)
    games: dict[int, Game] = field(default_factory=dict)
    seats: dict[tuple[int, int], Seat] = field(default_factory=dict)
    actions: dict[tuple[int, int], ActionRecord] = field(default_factory=dict)
    deliveries: dict[int, Delivery] = field(default_factory=dict)
    inbox: dict[int, InboxUpdate] = field(default_factory=dict)
    records: dict[tuple[int, int, str, str], PlayerRecord] = field(default_factory=dict)
    commits: int = 0
    last_id: int = 0

    def next_id(self) -> int:
        """Return a fresh id (shared by games and message references, like a sequence)."""
        self.last_id += 1
        return self.last_id


class MemoryTable(Generic[KeyT, RowT]):
    """A working copy of one table: reads fall through to the store, writes stay pending."""

    def __init__(self, committed: dict[KeyT, RowT]) -> None:
        self.committed = committed
        self.pending: dict[KeyT, RowT | None] = {}

    def get(self, key: KeyT) -> RowT | None:
        row = self.pending[key] if key in self.pending else self.committed.get(key)
        return None if row is None else _copy(row)

    def put(self, key: KeyT, row: RowT) -> None:
        self.pending[key] = _copy(row)

    def delete(self, key: KeyT) -> None:
        self.pending[key] = None

    def rows(self, where: Callable[[RowT], bool] = lambda row: True) -> list[RowT]:
        """Return copies of the current rows that satisfy `where`."""
        current = {**self.committed, **self.pending}
        return [_copy(row) for row in current.values() if row is not None and where(row)]

    def publish(self) -> None:
        for key, row in self.pending.items():
            if row is None:
                self.committed.pop(key, None)
            else:
                self.committed[key] = row
        self.pending.clear()


class FakeChats:
    def __init__(self, table: MemoryTable[int, Chat]) -> None:
        self._table = table

    async def get(self, *, chat_id: int, lock: bool = False) -> Chat | None:
        """Return the chat, or None (`lock` changes nothing in memory)."""
        return self._table.get(chat_id)

    async def get_many(self, *, chat_ids: Sequence[int]) -> Sequence[Chat]:
        """Return the stored chats among these ids, by id."""
        found = (self._table.get(chat_id) for chat_id in sorted(set(chat_ids)))
        return [chat for chat in found if chat is not None]

    async def add(self, *, chat: Chat) -> Chat:
        """Store a chat and return it."""
        self._table.put(chat.id, chat)
        return chat

    async def save(self, *, chat: Chat) -> None:
        """Overwrite a chat."""
        self._table.put(chat.id, chat)


class FakeUsers:
    def __init__(self, table: MemoryTable[int, User]) -> None:
        self._table = table

    async def get(self, *, user_id: int) -> User | None:
        """Return the user, or None."""
        return self._table.get(user_id)

    async def get_many(self, *, user_ids: Sequence[int]) -> Sequence[User]:
        """Return the stored users among these ids, by id."""
        found = (self._table.get(user_id) for user_id in sorted(set(user_ids)))
        return [user for user in found if user is not None]

    async def add(self, *, user: User) -> User:
        """Store a user and return it."""
        self._table.put(user.id, user)
        return user

    async def save(self, *, user: User) -> None:
        """Overwrite a user."""
        self._table.put(user.id, user)


class FakeGames:
    def __init__(
        self, table: MemoryTable[int, Game], seats: MemoryTable[tuple[int, int], Seat],
        store: MemoryStore,
    ) -> None:
        self._table = table
        self._seats = seats
        self._store = store
        self.expected: dict[int, int] = {}

    async def add(self, *, game: Game) -> Game:
        """Store a game and return it with a fresh id."""
        game.id = self._store.next_id()
        self._table.put(game.id, game)
        return game

    async def get(self, *, game_id: int, lock: bool = False) -> Game:
        """Return the game; raise GameNotFound (`lock` changes nothing in memory)."""
        game = self._table.get(game_id)
        if game is None:
            raise GameNotFound(f"no game {game_id}")
        return game

    async def get_many(self, *, game_ids: Sequence[int], lock: bool = False) -> Sequence[Game]:
        """Return the games with these ids, by id (`lock` changes nothing in memory)."""
        found = (self._table.get(game_id) for game_id in sorted(set(game_ids)))
        return [game for game in found if game is not None]

    async def save(self, *, game: Game, expected_version: int) -> None:
        """Write the game if it is still at `expected_version`; raise StaleGame."""
        assert game.id is not None
        current = self._table.get(game.id)
        committed = self._store.games.get(game.id)
        if (
            current is None
            or current.version != expected_version
            or (committed is not None and committed.version > expected_version)
        ):
            raise StaleGame(f"game {game.id} is no longer at version {expected_version}")
        self.expected.setdefault(game.id, expected_version)
        self._table.put(game.id, game)

    async def save_many(self, *, games: Sequence[tuple[Game, int]]) -> None:
        """Write each game still at its expected version; raise StaleGame at the first not."""
        for game, expected_version in games:
            await self.save(game=game, expected_version=expected_version)

    async def list(
        self,
        *,
        chat_id: int | None = None,
        game_id: int | None = None,
        status: GameStatus | None = None,
    ) -> Sequence[Game]:
        """Return the games matching every filter given, by id."""
        games = self._table.rows(
            lambda game: (
                (chat_id is None or game.chat_id == chat_id)
                and (game_id is None or game.id == game_id)
                and (status is None or game.status == status)
            )
        )
        return sorted(games, key=lambda game: game.id or 0)

    async def active_in(self, *, chat_id: int, topic_id: int | None) -> Sequence[Game]:
        """Return the LOBBY or RUNNING games of a chat's topic (None: no topic), by id."""
        games = self._table.rows(
            lambda game: (
                game.chat_id == chat_id and game.topic_id == topic_id and game.status in ACTIVE
            )
        )
        return sorted(games, key=lambda game: game.id or 0)

    async def active_of_user(self, *, user_id: int) -> Sequence[Game]:
        """Return the LOBBY or RUNNING games in which the user holds a seat, by id."""
        seated = {seat.game_id for seat in self._seats.rows(lambda seat: seat.user_id == user_id)}
        games = self._table.rows(lambda game: game.id in seated and game.status in ACTIVE)
        return sorted(games, key=lambda game: game.id or 0)

    async def running_lobbies(self) -> Sequence[tuple[int, int, dict[str, Any]]]:
        """Return (id, version, lobby) of every RUNNING game, by id."""
        games = self._table.rows(lambda game: game.status is GameStatus.RUNNING)
        return [(game.id or 0, game.version, dict(game.lobby))
                for game in sorted(games, key=lambda game: game.id or 0)]

    async def claim_due(
        self, *, field: DueField, now: datetime, until: datetime | None, limit: int
    ) -> Sequence[tuple[int, int]]:
        """Move due RUNNING games' `field` to `until`; return their (id, version)."""
        due = self._table.rows(
            lambda game: game.status is GameStatus.RUNNING
            and (moment := getattr(game, field)) is not None
            and moment <= now
        )
        claimed = sorted(due, key=lambda game: getattr(game, field))[:limit]
        for game in claimed:
            setattr(game, field, until)
            assert game.id is not None
            self._table.put(game.id, game)
        return sorted((game.id or 0, game.version) for game in claimed)

    def check_unchanged(self) -> None:
        """Raise StaleGame if another unit committed a saved game past its expected version."""
        for game_id, version in self.expected.items():
            committed = self._store.games.get(game_id)
            if committed is not None and committed.version != version:
                raise StaleGame(f"game {game_id} is no longer at version {version}")


class FakeSeats:
    def __init__(self, table: MemoryTable[tuple[int, int], Seat]) -> None:
        self._table = table

    async def add(self, *, seat: Seat) -> Seat:
        """Store a seat and return it."""
        self._table.put((seat.game_id, seat.seat), seat)
        return seat

    async def list(self, *, game_id: int) -> Sequence[Seat]:
        """Return a game's seats by index."""
        seats = self._table.rows(lambda seat: seat.game_id == game_id)
        return sorted(seats, key=lambda seat: seat.seat)

    async def list_many(self, *, game_ids: Sequence[int]) -> Sequence[Seat]:
        """Return the seats of these games, by game id and seat index."""
        wanted = set(game_ids)
        seats = self._table.rows(lambda seat: seat.game_id in wanted)
        return sorted(seats, key=lambda seat: (seat.game_id, seat.seat))

    async def save(self, *, seat: Seat) -> None:
        """Overwrite a seat."""
        self._table.put((seat.game_id, seat.seat), seat)

    async def save_many(self, *, seats: Sequence[Seat]) -> None:
        """Overwrite seats."""
        for seat in seats:
            await self.save(seat=seat)

    async def remove(self, *, game_id: int, seat: int) -> None:
        """Delete a seat (no error if it does not exist)."""
        self._table.delete((game_id, seat))


class FakeActionLog:
    def __init__(self, table: MemoryTable[tuple[int, int], ActionRecord]) -> None:
        self._table = table

    async def append(self, *, record: ActionRecord) -> None:
        """Log an action; raise StaleGame if its version is already logged."""
        key = (record.game_id, record.version)
        if self._table.get(key) is not None:
            raise StaleGame(f"game {record.game_id} already logged version {record.version}")
        self._table.put(key, record)

    async def append_many(self, *, records: Sequence[ActionRecord]) -> None:
        """Log actions; raise StaleGame if a version is already logged."""
        for record in records:
            await self.append(record=record)

    async def list(self, *, game_id: int) -> Sequence[ActionRecord]:
        """Return a game's logged actions by version."""
        log = self._table.rows(lambda row: row.game_id == game_id)
        return sorted(log, key=lambda row: row.version)
