"""What the unit of work offers: one repository per table, keyword-only methods.

Repositories hand out detached rows: changing one changes nothing until it is passed
back to a `save`. Both the SQL and the in-memory unit of work implement these protocols.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Literal, Protocol, Self

from storage.gauges import Gauges
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
from storage.records import SeatResult


class ChatRepository(Protocol):
    async def get(self, *, chat_id: int, lock: bool = False) -> Chat | None:
        """Return the chat, or None if it was never stored.

        `lock` row-locks it for the transaction on PostgreSQL (serializes lobby openings).
        """
        ...

    async def get_many(self, *, chat_ids: Sequence[int]) -> Sequence[Chat]:
        """Return the stored chats among these ids, by id."""
        ...

    async def add(self, *, chat: Chat) -> Chat:
        """Store a new chat and return it."""
        ...

    async def save(self, *, chat: Chat) -> None:
        """Overwrite a stored chat's settings."""
        ...


class UserRepository(Protocol):
    async def get(self, *, user_id: int) -> User | None:
        """Return the user, or None if it was never stored."""
        ...

    async def add(self, *, user: User) -> User:
        """Store a new user and return it."""
        ...

    async def save(self, *, user: User) -> None:
        """Overwrite a stored user's name, language, DM flag and stats."""
        ...

    async def get_many(self, *, user_ids: Sequence[int]) -> Sequence[User]:
        """Return the stored users among these ids, by id."""
        ...


DueField = Literal["deadline_at", "remind_at"]


class GameRepository(Protocol):
    async def add(self, *, game: Game) -> Game:
        """Store a new game and return it with its id."""
        ...

    async def get(self, *, game_id: int, lock: bool = False) -> Game:
        """Return the game (row-locked for the transaction on PostgreSQL when `lock`).

        Raise GameNotFound.
        """
        ...

    async def get_many(self, *, game_ids: Sequence[int], lock: bool = False) -> Sequence[Game]:
        """Return the games with these ids, by id (ids of no game are left out).

        `lock` row-locks them for the transaction on PostgreSQL, in id order.
        """
        ...

    async def save(self, *, game: Game, expected_version: int) -> None:
        """Write the game if its stored version is still `expected_version`; raise StaleGame.

        Written: chat, options, lobby, seed, status, version, snapshot, outcome, deadlines,
        updated_at, paused_at.
        """
        ...

    async def save_many(self, *, games: Sequence[tuple[Game, int]]) -> None:
        """Write each game, given with the version it must still be at, all or none: raise
        StaleGame if one is not (the unit of work must then roll back)."""
        ...

    async def list(
        self,
        *,
        chat_id: int | None = None,
        game_id: int | None = None,
        status: GameStatus | None = None,
    ) -> Sequence[Game]:
        """Return the games matching every filter given, by id."""
        ...

    async def active_in(self, *, chat_id: int, topic_id: int | None) -> Sequence[Game]:
        """Return the LOBBY or RUNNING games of a chat's topic (None: no topic), by id."""
        ...

    async def active_of_user(self, *, user_id: int) -> Sequence[Game]:
        """Return the LOBBY or RUNNING games in which the user holds a seat, by id."""
        ...

    async def running_lobbies(self) -> Sequence[tuple[int, int, dict[str, Any]]]:
        """Return (id, version, lobby) of every RUNNING game, by id: a look at all of them
        (at start-up) without reading their snapshots."""
        ...

    async def claim_due(
        self, *, field: DueField, now: datetime, until: datetime | None, limit: int
    ) -> Sequence[tuple[int, int]]:
        """Move up to `limit` RUNNING games whose `field` is due (<= now) to `until`.

        Return their (id, version). Rows another transaction holds are skipped
        (`FOR UPDATE SKIP LOCKED` on PostgreSQL), so concurrent sweepers never claim the
        same game at once.
        """
        ...


class SeatRepository(Protocol):
    async def add(self, *, seat: Seat) -> Seat:
        """Store a new seat and return it."""
        ...

    async def list(self, *, game_id: int) -> Sequence[Seat]:
        """Return a game's seats by seat index."""
        ...

    async def list_many(self, *, game_ids: Sequence[int]) -> Sequence[Seat]:
        """Return the seats of these games, by game id and seat index."""
        ...

    async def save(self, *, seat: Seat) -> None:
        """Overwrite a stored seat's holder and strikes."""
        ...

    async def save_many(self, *, seats: Sequence[Seat]) -> None:
        """Overwrite stored seats' holders and strikes (one statement)."""
        ...

    async def remove(self, *, game_id: int, seat: int) -> None:
        """Delete a seat (nothing happens if it does not exist)."""
        ...


class ActionLog(Protocol):
    async def append(self, *, record: ActionRecord) -> None:
        """Append an applied action; raise StaleGame if its version is already logged."""
        ...

    async def append_many(self, *, records: Sequence[ActionRecord]) -> None:
        """Append applied actions (one statement); raise StaleGame if a version is already
        logged, after which the unit of work must roll back."""
        ...

    async def list(self, *, game_id: int) -> Sequence[ActionRecord]:
        """Return a game's logged actions by version."""
        ...


class DeliveryRepository(Protocol):
    async def of_game(self, *, game_id: int) -> Sequence[Delivery]:
        """Return a game's delivery rows, by id."""
        ...

    async def of_games(self, *, game_ids: Sequence[int],
                       lock: bool = False) -> Sequence[Delivery]:
        """Return the delivery rows of these games, by id (row-locked when `lock`, as a
        command reads them: no replica settles or claims them until it commits)."""
        ...

    async def of_chat(self, *, chat_id: int) -> Sequence[Delivery]:
        """Return the delivery rows addressed to a chat, by id."""
        ...

    async def write(self, *, rows: Sequence[Delivery]) -> None:
        """Insert the rows without an id, overwrite the others (every column)."""
        ...

    async def due(self, *, now: datetime, limit: int,
                  chat_id: int | None = None) -> Sequence[Delivery]:
        """Return up to `limit` rows due by `now` (of one chat if given), oldest due first."""
        ...

    async def claim(self, *, ids: Sequence[int], now: datetime, until: datetime,
                    owner: str | None = None,
                    at: datetime | None = None) -> Sequence[Delivery]:
        """Lease to `owner` until `until` the rows among `ids` due by `now` and free at `at`
        (default `now`: nobody owns them, `owner` does, or their lease ran out by `at`);
        return them as claimed.

        Rows another transaction holds, not due or owned by another are left out."""
        ...

    async def owned_unsent(self, *, ids: Sequence[int], owner: str) -> Sequence[Delivery]:
        """Return the rows among `ids` that `owner` holds with a revision not yet sent (a
        command of another replica rewrote them while `owner` was sending)."""
        ...

    async def settle(self, *, delivery_id: int, revision: int, message_id: int | None,
                     anchor: int | None, now: datetime) -> None:
        """Record that Telegram shows `revision` and release the row; a row rewritten since
        stays due and owned, and a result older than the one recorded is dropped."""
        ...

    async def postpone(self, *, delivery_id: int, at: datetime | None, attempts: int,
                       error: str | None) -> None:
        """Set when to try a row again (None: not until it is rewritten) and why; any
        replica may take it then."""
        ...

    async def remove(self, *, ids: Sequence[int]) -> None:
        """Delete these rows."""
        ...


class InboxRepository(Protocol):
    async def add_many(self, *, updates: Sequence[InboxUpdate]) -> None:
        """Store received updates (one already stored is kept as it is)."""
        ...

    async def add_new(self, *, update: InboxUpdate) -> bool:
        """Store one update unless its id is stored already (by any replica); return
        whether it was new."""
        ...

    async def remove_before(self, *, before: datetime) -> None:
        """Forget the updates received before `before`."""
        ...

    async def list(self) -> Sequence[InboxUpdate]:
        """Return the stored updates by update id."""
        ...

    async def remove_many(self, *, update_ids: Sequence[int]) -> None:
        """Forget handled updates (unknown ids are ignored)."""
        ...


class RecordRepository(Protocol):
    async def tally(self, *, results: Sequence[SeatResult]) -> None:
        """Add a finished game's seats to their players' records (storage/records.py)."""
        ...

    async def of_user(self, *, chat_id: int, user_id: int) -> Sequence[PlayerRecord]:
        """Return a player's records in a chat (0: all his groups), by kind and part."""
        ...

    async def top(self, *, chat_id: int, kind: str = "*",
                  limit: int = 10) -> Sequence[PlayerRecord]:
        """Return the chat's best players' whole records of a kind: most wins first, then
        fewest games played, then user id."""
        ...

    async def ended(self, *, chat_id: int, limit: int, offset: int = 0) -> Sequence[Game]:
        """Return a chat's finished games, the newest first, `limit` of them after the
        `offset` newest."""
        ...


class GaugeRepository(Protocol):
    async def read(self, *, now: datetime) -> Gauges:
        """Return what an operator watches at `now` (storage/gauges.py)."""
        ...

    async def overdue(self, *, now: datetime, limit: int) -> Sequence[tuple[int, datetime]]:
        """Return up to `limit` running games whose deadline passed by `now`, with it,
        the oldest first."""
        ...


class UnitOfWork(Protocol):
    """One transaction for one command: use it as `async with`, then `await uow.commit()` once.

    Leaving the block without committing rolls everything back.
    """

    @property
    def chats(self) -> ChatRepository: ...

    @property
    def users(self) -> UserRepository: ...

    @property
    def games(self) -> GameRepository: ...

    @property
    def seats(self) -> SeatRepository: ...

    @property
    def actions(self) -> ActionLog: ...

    @property
    def deliveries(self) -> DeliveryRepository: ...

    @property
    def inbox(self) -> InboxRepository: ...

    @property
    def records(self) -> RecordRepository: ...

    @property
    def gauges(self) -> GaugeRepository: ...

    async def __aenter__(self) -> Self: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...

    async def commit(self) -> None:
        """Make every change of the command durable, at once."""
        ...

    async def rollback(self) -> None:
        """Drop every change made since the unit of work began."""
        ...
