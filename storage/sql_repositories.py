"""The repositories over one SQL session (SQLite or PostgreSQL), used by the SQL unit of work."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.errors import GameNotFound, StaleGame
from storage.models import (
    ActionRecord,
    Chat,
    Game,
    GameStatus,
    MessagePurpose,
    MessageRef,
    Seat,
    User,
)
from storage.repositories import DueField

RowT = TypeVar("RowT", bound=SQLModel)

NO_SYNC = {"synchronize_session": False}
ACTIVE = (GameStatus.LOBBY, GameStatus.RUNNING)


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


def _values(row: SQLModel, *names: str) -> dict[str, Any]:
    return {name: getattr(row, name) for name in names}


class SqlChats:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

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

    async def add(self, *, chat: Chat) -> Chat:
        """Insert a chat and return it."""
        return await _insert(self._session, chat)

    async def save(self, *, chat: Chat) -> None:
        """Update a chat's settings."""
        values = _values(chat, "language", "default_options", "timer_settings")
        statement = update(Chat).where(col(Chat.id) == chat.id).values(values)
        await self._session.exec(statement, execution_options=NO_SYNC)


class SqlUsers:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

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


class SqlGames:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, *, game: Game) -> Game:
        """Insert a game and return it with its id."""
        return await _insert(self._session, game)

    async def get(self, *, game_id: int, lock: bool = False) -> Game:
        """Return the game, `SELECT ... FOR UPDATE` when `lock` (a no-op on SQLite).

        Raise GameNotFound.
        """
        statement = select(Game).where(col(Game.id) == game_id)
        if lock:
            statement = statement.with_for_update()
        row = (await self._session.exec(statement)).first()
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        return _detached(self._session, [row])[0]

    async def save(self, *, game: Game, expected_version: int) -> None:
        """`UPDATE games ... WHERE id = ? AND version = expected`; raise StaleGame on 0 rows."""
        values = _values(
            game,
            "options",
            "lobby",
            "seed",
            "status",
            "version",
            "snapshot",
            "outcome",
            "deadline_at",
            "remind_at",
            "updated_at",
        )
        statement = (
            update(Game)
            .where(col(Game.id) == game.id, col(Game.version) == expected_version)
            .values(values)
        )
        result = await self._session.exec(statement, execution_options=NO_SYNC)
        if result.rowcount != 1:
            raise StaleGame(f"game {game.id} is no longer at version {expected_version}")

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
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, *, seat: Seat) -> Seat:
        """Insert a seat and return it."""
        return await _insert(self._session, seat)

    async def list(self, *, game_id: int) -> Sequence[Seat]:
        """Return a game's seats by index."""
        statement = select(Seat).where(col(Seat.game_id) == game_id).order_by(col(Seat.seat))
        return _detached(self._session, (await self._session.exec(statement)).all())

    async def save(self, *, seat: Seat) -> None:
        """Update a seat's holder and strikes."""
        values = _values(seat, "user_id", "is_bot", "strikes")
        statement = (
            update(Seat)
            .where(col(Seat.game_id) == seat.game_id, col(Seat.seat) == seat.seat)
            .values(values)
        )
        await self._session.exec(statement, execution_options=NO_SYNC)

    async def remove(self, *, game_id: int, seat: int) -> None:
        """Delete a seat (no error if it does not exist)."""
        statement = delete(Seat).where(col(Seat.game_id) == game_id, col(Seat.seat) == seat)
        await self._session.exec(statement, execution_options=NO_SYNC)


class SqlActionLog:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def append(self, *, record: ActionRecord) -> None:
        """Insert a logged action; raise StaleGame if (game, version) is already taken."""
        # The optimistic UPDATE of the game row comes first, so a clash here means the log and
        # the game row disagree; the transaction is dead either way and the unit of work rolls back.
        try:
            await _insert(self._session, record)
        except IntegrityError as error:
            raise StaleGame(
                f"game {record.game_id} already logged version {record.version}"
            ) from error

    async def list(self, *, game_id: int) -> Sequence[ActionRecord]:
        """Return a game's logged actions by version."""
        statement = (
            select(ActionRecord)
            .where(col(ActionRecord.game_id) == game_id)
            .order_by(col(ActionRecord.version))
        )
        return _detached(self._session, (await self._session.exec(statement)).all())


class SqlMessageRefs:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, *, ref: MessageRef) -> MessageRef:
        """Insert a message reference and return it with its id."""
        return await _insert(self._session, ref)

    async def list(
        self, *, game_id: int, purpose: MessagePurpose | None = None
    ) -> Sequence[MessageRef]:
        """Return a game's message references (only those of `purpose` if given), by id."""
        statement = (
            select(MessageRef)
            .where(col(MessageRef.game_id) == game_id)
            .order_by(col(MessageRef.id))
        )
        if purpose is not None:
            statement = statement.where(col(MessageRef.purpose) == purpose)
        return _detached(self._session, (await self._session.exec(statement)).all())

    async def save(self, *, ref: MessageRef) -> None:
        """Update a reference's game, purpose, seat and content hash."""
        values = _values(ref, "game_id", "purpose", "seat", "content_hash")
        statement = update(MessageRef).where(col(MessageRef.id) == ref.id).values(values)
        await self._session.exec(statement, execution_options=NO_SYNC)

    async def find(self, *, chat_id: int, message_id: int) -> MessageRef | None:
        """Return the reference of a message, or None."""
        statement = select(MessageRef).where(
            col(MessageRef.chat_id) == chat_id, col(MessageRef.message_id) == message_id
        )
        row = (await self._session.exec(statement)).first()
        return None if row is None else _detached(self._session, [row])[0]

    async def remove(self, *, ref_id: int) -> None:
        """Delete a message reference."""
        statement = delete(MessageRef).where(col(MessageRef.id) == ref_id)
        await self._session.exec(statement, execution_options=NO_SYNC)
