"""The repositories over one SQL session (SQLite or PostgreSQL), used by the SQL unit of work."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Table, bindparam, case, delete, insert, update
from sqlalchemy import select as core_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import configure_mappers
from sqlalchemy.orm.instrumentation import manager_of_class
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.direct import Direct
from storage.errors import GameNotFound, StaleGame
from storage.models import (
    ActionRecord,
    Chat,
    Delivery,
    Game,
    GameStatus,
    InboxUpdate,
    Seat,
    User,
)
from storage.repositories import DueField

RowT = TypeVar("RowT", bound=SQLModel)

NO_SYNC = {"synchronize_session": False}
ACTIVE = (GameStatus.LOBBY, GameStatus.RUNNING)

# The statements every command runs (load a game and its seats, save them, log the action)
# are built once, in SQLAlchemy Core: no ORM identity map, flush or per-call statement build.
GAMES: Table = Game.__table__  # type: ignore[attr-defined]
SEATS: Table = Seat.__table__  # type: ignore[attr-defined]
ACTIONS: Table = ActionRecord.__table__  # type: ignore[attr-defined]
GAME_BY_ID = core_select(GAMES).where(GAMES.c.id == bindparam("key_id"))
GAME_BY_ID_LOCKED = GAME_BY_ID.with_for_update()
GAMES_BY_IDS = (core_select(GAMES).where(GAMES.c.id.in_(bindparam("key_ids", expanding=True)))
                .order_by(GAMES.c.id))
GAMES_BY_IDS_LOCKED = GAMES_BY_IDS.with_for_update()
SAVED_GAME_FIELDS = ("chat_id", "options", "lobby", "seed", "status", "version", "snapshot",
                     "outcome", "deadline_at", "remind_at", "updated_at", "paused_at")
SAVE_GAME = update(GAMES).where(GAMES.c.id == bindparam("key_id"),
                                GAMES.c.version == bindparam("key_version"))
SEATS_OF_GAME = (core_select(SEATS).where(SEATS.c.game_id == bindparam("key_game"))
                 .order_by(SEATS.c.seat))
SEATS_OF_GAMES = (core_select(SEATS)
                  .where(SEATS.c.game_id.in_(bindparam("key_games", expanding=True)))
                  .order_by(SEATS.c.game_id, SEATS.c.seat))
SAVED_SEAT_FIELDS = ("user_id", "is_bot", "strikes")
SAVE_SEAT = update(SEATS).where(SEATS.c.game_id == bindparam("key_game"),
                                SEATS.c.seat == bindparam("key_seat"))
APPEND_ACTION = insert(ACTIONS)
ACTION_FIELDS = ("game_id", "version", "seat", "action", "actor", "applied_at", "events")
USERS: Table = User.__table__  # type: ignore[attr-defined]
CHATS: Table = Chat.__table__  # type: ignore[attr-defined]
CHATS_BY_IDS = core_select(CHATS).where(CHATS.c.id.in_(bindparam("key_ids", expanding=True)))
USERS_BY_IDS = core_select(USERS).where(USERS.c.id.in_(bindparam("key_ids", expanding=True)))
DELIVERIES: Table = Delivery.__table__  # type: ignore[attr-defined]
INBOX: Table = InboxUpdate.__table__  # type: ignore[attr-defined]
DELIVERY_FIELDS = ("game_id", "key", "chat_id", "topic_id", "revision", "payload",
                   "sent_revision", "message_id", "sent_anchor", "due_at", "attempts", "error",
                   "updated_at")
DELIVERIES_OF_GAMES = (
    core_select(DELIVERIES)
    .where(DELIVERIES.c.game_id.in_(bindparam("key_games", expanding=True)))
    .order_by(DELIVERIES.c.id))
SAVE_DELIVERY = update(DELIVERIES).where(DELIVERIES.c.id == bindparam("key_id"))
ADD_DELIVERY = insert(DELIVERIES).returning(DELIVERIES.c.id)
SETTLE_DELIVERY = update(DELIVERIES).where(DELIVERIES.c.id == bindparam("key_id")).values(
    due_at=case((DELIVERIES.c.revision > bindparam("key_revision"), DELIVERIES.c.due_at),
                else_=None))
SETTLED_FIELDS = ("sent_revision", "message_id", "sent_anchor", "attempts", "error",
                  "updated_at")
POSTPONE_DELIVERY = update(DELIVERIES).where(DELIVERIES.c.id == bindparam("key_id"))
REMOVE_DELIVERIES = delete(DELIVERIES).where(
    DELIVERIES.c.id.in_(bindparam("key_ids", expanding=True)))
ADD_UPDATES = {name: dialect.insert(INBOX).on_conflict_do_nothing(index_elements=["update_id"])
               for name, dialect in (("postgresql", postgresql), ("sqlite", sqlite))}
REMOVE_UPDATES = delete(INBOX).where(INBOX.c.update_id.in_(bindparam("key_ids", expanding=True)))
configure_mappers()  # `_row` builds instances without the ORM, which would configure them


async def _insert(session: AsyncSession, row: RowT) -> RowT:
    """Insert a row now (ids are assigned) and return it detached from the session."""
    session.add(row)
    await session.flush()
    session.expunge(row)
    return row


def _detached(session: AsyncSession, rows: Sequence[RowT]) -> list[RowT]:
    for row in rows:
        session.expunge(row)
    return list(rows)


def _row(model: type[RowT], values: Mapping[Any, Any]) -> RowT:
    """Return a detached instance of a table model holding a fetched row's values.

    Built as the ORM's loader builds one (no __init__, no validation: the row came from
    the database through the column types), which is ~20 times cheaper than `model(**values)`.
    """
    instance: RowT = manager_of_class(model).new_instance()
    instance.__dict__.update(values)
    return instance


def _values(row: SQLModel, *names: str) -> dict[str, Any]:
    return {name: getattr(row, name) for name in names}


def _saved_game(game: Game, expected_version: int) -> dict[str, Any]:
    """Return the parameters of SAVE_GAME for a game expected at a version."""
    return {**_values(game, *SAVED_GAME_FIELDS), "key_id": game.id, "key_version": expected_version}


class SqlChats:
    def __init__(self, session: AsyncSession, direct: Direct) -> None:
        self._session = session
        self._direct = direct

    async def get(self, *, chat_id: int, lock: bool = False) -> Chat | None:
        """Return the chat, or None; when `lock`, hold it for the transaction.

        PostgreSQL locks the row (`SELECT ... FOR UPDATE`). SQLite has no row locks: a no-op
        write takes its single write lock first, so racing lobby openings queue (or fail)
        instead of both seeing an empty chat.
        """
        statement = select(Chat).where(col(Chat.id) == chat_id)
        if lock:
            connection = await self._session.connection()
            if connection.dialect.name == "sqlite":
                touch = update(Chat).where(col(Chat.id) == chat_id).values(id=col(Chat.id))
                await self._session.exec(touch, execution_options=NO_SYNC)
            statement = statement.with_for_update()
        row = (await self._session.exec(statement)).first()
        return None if row is None else _detached(self._session, [row])[0]

    async def get_many(self, *, chat_ids: Sequence[int]) -> Sequence[Chat]:
        """Return the stored chats among these ids, by id."""
        if not chat_ids:
            return []
        rows = await self._direct.fetch(CHATS_BY_IDS, {"key_ids": sorted(set(chat_ids))})
        return sorted((_row(Chat, row) for row in rows), key=lambda chat: chat.id)

    async def add(self, *, chat: Chat) -> Chat:
        """Insert a chat and return it."""
        return await _insert(self._session, chat)

    async def save(self, *, chat: Chat) -> None:
        """Update a chat's settings."""
        values = _values(chat, "language", "default_options", "timer_settings")
        statement = update(Chat).where(col(Chat.id) == chat.id).values(values)
        await self._session.exec(statement, execution_options=NO_SYNC)


class SqlUsers:
    def __init__(self, session: AsyncSession, direct: Direct) -> None:
        self._session = session
        self._direct = direct

    async def get(self, *, user_id: int) -> User | None:
        """Return the user, or None."""
        row = await self._session.get(User, user_id)
        return None if row is None else _detached(self._session, [row])[0]

    async def add(self, *, user: User) -> User:
        """Insert a user and return it."""
        return await _insert(self._session, user)

    async def save(self, *, user: User) -> None:
        """Update a user's profile and stats."""
        values = _values(user, "display_name", "language", "can_dm", "stats")
        statement = update(User).where(col(User.id) == user.id).values(values)
        await self._session.exec(statement, execution_options=NO_SYNC)

    async def get_many(self, *, user_ids: Sequence[int]) -> Sequence[User]:
        """Return the stored users among these ids, by id."""
        if not user_ids:
            return []
        rows = await self._direct.fetch(USERS_BY_IDS, {"key_ids": sorted(set(user_ids))})
        return sorted((_row(User, row) for row in rows), key=lambda user: user.id)


class SqlGames:
    def __init__(self, session: AsyncSession, direct: Direct) -> None:
        self._session = session
        self._direct = direct

    async def add(self, *, game: Game) -> Game:
        """Insert a game and return it with its id."""
        return await _insert(self._session, game)

    async def get(self, *, game_id: int, lock: bool = False) -> Game:
        """Return the game, `SELECT ... FOR UPDATE` when `lock` (a no-op on SQLite).

        Raise GameNotFound.
        """
        statement = GAME_BY_ID_LOCKED if lock else GAME_BY_ID
        rows = await self._direct.fetch(statement, {"key_id": game_id})
        if not rows:
            raise GameNotFound(f"no game {game_id}")
        return _row(Game, rows[0])

    async def get_many(self, *, game_ids: Sequence[int], lock: bool = False) -> Sequence[Game]:
        """Return the games with these ids, by id; `SELECT ... FOR UPDATE` when `lock`."""
        if not game_ids:
            return []
        statement = GAMES_BY_IDS_LOCKED if lock else GAMES_BY_IDS
        rows = await self._direct.fetch(statement, {"key_ids": sorted(set(game_ids))})
        return [_row(Game, row) for row in rows]

    async def save(self, *, game: Game, expected_version: int) -> None:
        """`UPDATE games ... WHERE id = ? AND version = expected`; raise StaleGame on 0 rows."""
        if await self._direct.execute(SAVE_GAME, _saved_game(game, expected_version)) != 1:
            raise StaleGame(f"game {game.id} is no longer at version {expected_version}")

    async def save_many(self, *, games: Sequence[tuple[Game, int]]) -> None:
        """`save` each game, all or none: raise StaleGame if one is not at its version.

        One executemany where the driver counts the rows it matched in all (SQLite), else
        (asyncpg counts none) one UPDATE per game.
        """
        if len(games) < 2 or await self._direct.backend() != "sqlite":
            for game, expected_version in games:
                await self.save(game=game, expected_version=expected_version)
            return
        matched = await self._direct.execute(
            SAVE_GAME, [_saved_game(game, expected_version) for game, expected_version in games])
        if matched != len(games):
            raise StaleGame(f"{len(games) - (matched or 0)} of {len(games)} games moved on")

    async def list(
        self,
        *,
        chat_id: int | None = None,
        game_id: int | None = None,
        status: GameStatus | None = None,
    ) -> Sequence[Game]:
        """Return the games matching every filter given, by id."""
        statement = select(Game).order_by(col(Game.id))
        if chat_id is not None:
            statement = statement.where(col(Game.chat_id) == chat_id)
        if game_id is not None:
            statement = statement.where(col(Game.id) == game_id)
        if status is not None:
            statement = statement.where(col(Game.status) == status)
        return _detached(self._session, (await self._session.exec(statement)).all())

    async def active_in(self, *, chat_id: int, topic_id: int | None) -> Sequence[Game]:
        """Return the LOBBY or RUNNING games of a chat's topic (None: no topic), by id."""
        topic = col(Game.topic_id)
        statement = (
            select(Game)
            .where(
                col(Game.chat_id) == chat_id,
                col(Game.status).in_(ACTIVE),
                topic.is_(None) if topic_id is None else topic == topic_id,
            )
            .order_by(col(Game.id))
        )
        return _detached(self._session, (await self._session.exec(statement)).all())

    async def claim_due(
        self, *, field: DueField, now: datetime, until: datetime | None, limit: int
    ) -> Sequence[tuple[int, int]]:
        """Move due RUNNING games' `field` to `until`; return their (id, version).

        On PostgreSQL the candidates are locked with `FOR UPDATE SKIP LOCKED`, so two
        sweepers never claim the same row; SQLite has one writer at a time anyway.
        """
        column = col(Game.deadline_at) if field == "deadline_at" else col(Game.remind_at)
        candidates = (
            select(col(Game.id))
            .where(col(Game.status) == GameStatus.RUNNING, column <= now)
            .order_by(column)
            .limit(limit)
        )
        connection = await self._session.connection()
        if connection.dialect.name == "postgresql":
            candidates = candidates.with_for_update(skip_locked=True)
        statement = (
            update(Game)
            .where(col(Game.id).in_(candidates.scalar_subquery()))
            .values({field: until})
            .returning(col(Game.id), col(Game.version))
        )
        rows = (await self._session.exec(statement, execution_options=NO_SYNC)).all()
        return sorted((int(row[0]), int(row[1])) for row in rows)

    async def active_of_user(self, *, user_id: int) -> Sequence[Game]:
        """Return the LOBBY or RUNNING games in which the user holds a seat, by id."""
        seated = select(col(Seat.game_id)).where(col(Seat.user_id) == user_id)
        statement = (
            select(Game)
            .where(col(Game.id).in_(seated), col(Game.status).in_(ACTIVE))
            .order_by(col(Game.id))
        )
        return _detached(self._session, (await self._session.exec(statement)).all())


class SqlSeats:
    def __init__(self, session: AsyncSession, direct: Direct) -> None:
        self._session = session
        self._direct = direct

    async def add(self, *, seat: Seat) -> Seat:
        """Insert a seat and return it."""
        return await _insert(self._session, seat)

    async def list(self, *, game_id: int) -> Sequence[Seat]:
        """Return a game's seats by index."""
        rows = await self._direct.fetch(SEATS_OF_GAME, {"key_game": game_id})
        return [_row(Seat, row) for row in rows]

    async def list_many(self, *, game_ids: Sequence[int]) -> Sequence[Seat]:
        """Return the seats of these games, by game id and seat index."""
        if not game_ids:
            return []
        rows = await self._direct.fetch(SEATS_OF_GAMES, {"key_games": sorted(set(game_ids))})
        return [_row(Seat, row) for row in rows]

    async def save(self, *, seat: Seat) -> None:
        """Update a seat's holder and strikes."""
        await self.save_many(seats=[seat])

    async def save_many(self, *, seats: Sequence[Seat]) -> None:
        """Update seats' holders and strikes (one executemany)."""
        if not seats:
            return
        await self._direct.execute(SAVE_SEAT, [
            {**_values(seat, *SAVED_SEAT_FIELDS), "key_game": seat.game_id, "key_seat": seat.seat}
            for seat in seats])

    async def remove(self, *, game_id: int, seat: int) -> None:
        """Delete a seat (no error if it does not exist)."""
        statement = delete(Seat).where(col(Seat.game_id) == game_id, col(Seat.seat) == seat)
        await self._session.exec(statement, execution_options=NO_SYNC)


class SqlActionLog:
    def __init__(self, session: AsyncSession, direct: Direct) -> None:
        self._session = session
        self._direct = direct

    async def append(self, *, record: ActionRecord) -> None:
        """Insert a logged action; raise StaleGame if (game, version) is already taken."""
        await self.append_many(records=[record])

    async def append_many(self, *, records: Sequence[ActionRecord]) -> None:
        """Insert logged actions (one executemany); raise StaleGame if one is already taken."""
        # The optimistic UPDATE of the game row comes first, so a clash here means the log and
        # the game row disagree; the transaction is dead either way and the unit of work rolls back.
        if not records:
            return
        try:
            await self._direct.execute(
                APPEND_ACTION, [_values(record, *ACTION_FIELDS) for record in records])
        except IntegrityError as error:
            versions = ", ".join(f"game {row.game_id} version {row.version}" for row in records)
            raise StaleGame(f"already logged: {versions}") from error

    async def list(self, *, game_id: int) -> Sequence[ActionRecord]:
        """Return a game's logged actions by version."""
        statement = (
            select(ActionRecord)
            .where(col(ActionRecord.game_id) == game_id)
            .order_by(col(ActionRecord.version))
        )
        return _detached(self._session, (await self._session.exec(statement)).all())


class SqlDeliveries:
    def __init__(self, session: AsyncSession, direct: Direct) -> None:
        self._session = session
        self._direct = direct

    async def of_game(self, *, game_id: int) -> Sequence[Delivery]:
        """Return a game's delivery rows, by id."""
        return await self.of_games(game_ids=[game_id])

    async def of_games(self, *, game_ids: Sequence[int]) -> Sequence[Delivery]:
        """Return the delivery rows of these games, by id."""
        if not game_ids:
            return []
        rows = await self._direct.fetch(DELIVERIES_OF_GAMES,
                                        {"key_games": sorted(set(game_ids))})
        return [_row(Delivery, row) for row in rows]

    async def of_chat(self, *, chat_id: int) -> Sequence[Delivery]:
        """Return the rows addressed to a chat, by id."""
        statement = (core_select(DELIVERIES).where(DELIVERIES.c.chat_id == chat_id)
                     .order_by(DELIVERIES.c.id))
        connection = await self._session.connection()
        return [_row(Delivery, row) for row in (await connection.execute(statement)).mappings()]

    async def write(self, *, rows: Sequence[Delivery]) -> None:
        """Insert the new rows (ids assigned), overwrite the others (one executemany each)."""
        old = [row for row in rows if row.id is not None]
        for row in rows:
            if row.id is None:
                added = await self._direct.fetch(ADD_DELIVERY, _values(row, *DELIVERY_FIELDS))
                row.id = int(added[0]["id"])
        if old:
            await self._direct.execute(SAVE_DELIVERY, [
                {**_values(row, *DELIVERY_FIELDS), "key_id": row.id} for row in old])

    async def due(self, *, now: datetime, limit: int,
                  chat_id: int | None = None) -> Sequence[Delivery]:
        """Return up to `limit` rows due by `now`, oldest due first."""
        statement = (core_select(DELIVERIES).where(DELIVERIES.c.due_at <= now)
                     .order_by(DELIVERIES.c.due_at, DELIVERIES.c.id).limit(limit))
        if chat_id is not None:
            statement = statement.where(DELIVERIES.c.chat_id == chat_id)
        connection = await self._session.connection()
        return [_row(Delivery, row) for row in (await connection.execute(statement)).mappings()]

    async def claim(self, *, ids: Sequence[int], now: datetime,
                    until: datetime) -> Sequence[Delivery]:
        """Lease the due rows among `ids` until `until`; return them (skip locked rows)."""
        if not ids:
            return []
        connection = await self._session.connection()
        candidates = (core_select(DELIVERIES.c.id)
                      .where(DELIVERIES.c.id.in_(ids), DELIVERIES.c.due_at <= now))
        if connection.dialect.name == "postgresql":
            candidates = candidates.with_for_update(skip_locked=True)
        statement = (update(DELIVERIES).where(DELIVERIES.c.id.in_(candidates.scalar_subquery()))
                     .values(due_at=until).returning(*DELIVERIES.c))
        rows = (await connection.execute(statement)).mappings()
        return sorted((_row(Delivery, row) for row in rows), key=lambda row: row.id or 0)

    async def settle(self, *, delivery_id: int, revision: int, message_id: int | None,
                     anchor: int | None, now: datetime) -> None:
        """Record the revision Telegram shows; a row rewritten since keeps its due time."""
        await self._direct.execute(SETTLE_DELIVERY, {
            "sent_revision": revision, "message_id": message_id, "sent_anchor": anchor,
            "attempts": 0, "error": None, "updated_at": now, "key_id": delivery_id,
            "key_revision": revision})

    async def postpone(self, *, delivery_id: int, at: datetime | None, attempts: int,
                       error: str | None) -> None:
        """Set the next try of a row and the reason."""
        await self._direct.execute(POSTPONE_DELIVERY, {
            "due_at": at, "attempts": attempts, "error": None if error is None else error[:200],
            "key_id": delivery_id})

    async def remove(self, *, ids: Sequence[int]) -> None:
        """Delete these rows."""
        if ids:
            await self._direct.execute(REMOVE_DELIVERIES, {"key_ids": list(ids)})


class SqlInbox:
    def __init__(self, session: AsyncSession, direct: Direct) -> None:
        self._session = session
        self._direct = direct

    async def add_many(self, *, updates: Sequence[InboxUpdate]) -> None:
        """Store received updates (one statement); one already stored is kept."""
        if not updates:
            return
        statement = ADD_UPDATES[await self._direct.backend()]
        await self._direct.execute(statement, [
            _values(update, "update_id", "payload", "received_at") for update in updates])

    async def list(self) -> Sequence[InboxUpdate]:
        """Return the stored updates by update id."""
        statement = select(InboxUpdate).order_by(col(InboxUpdate.update_id))
        return _detached(self._session, (await self._session.exec(statement)).all())

    async def remove_many(self, *, update_ids: Sequence[int]) -> None:
        """Forget handled updates in one statement (unknown ids are ignored)."""
        if not update_ids:
            return
        await self._direct.execute(REMOVE_UPDATES, {"key_ids": list(update_ids)})
