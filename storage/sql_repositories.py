"""The repositories over one SQL connection (SQLite or PostgreSQL), used by the SQL unit of work.

Each method runs prebuilt statements (storage/statements.py) on the driver (storage/direct.py)
and hands out detached rows built without the ORM (`_row`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Table
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel

from storage import statements as st
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
    built,
)
from storage.repositories import DueField

RowT = TypeVar("RowT", bound=SQLModel)


def _row(model: type[RowT], values: Mapping[Any, Any]) -> RowT:
    """Return a detached row holding a fetched row's values (storage.models.built)."""
    return built(model, values, defaults=False)


def _values(row: SQLModel, *names: str) -> dict[str, Any]:
    return {name: getattr(row, name) for name in names}


def _columns(table: Table, row: SQLModel) -> dict[str, Any]:
    """Return a new row's values for every column (a serial id left to the database)."""
    serial = table.autoincrement_column
    return {column.key: getattr(row, column.key) for column in table.columns
            if not (column is serial and getattr(row, column.key) is None)}


async def _insert(direct: Direct, table: Table, row: RowT) -> RowT:
    """Insert a row now and return it with its id (a serial id is assigned)."""
    added = await direct.fetch(st.ADD_ROW[table.name], _columns(table, row))
    serial = table.autoincrement_column
    if serial is not None and getattr(row, serial.key) is None:
        setattr(row, serial.key, int(added[0][serial.key]))
    return row


def _saved_game(game: Game, expected_version: int) -> dict[str, Any]:
    """Return the parameters of SAVE_GAME for a game expected at a version."""
    return {**_values(game, *st.SAVED_GAME_FIELDS), "key_id": game.id,
            "key_version": expected_version}


class SqlChats:
    def __init__(self, direct: Direct) -> None:
        self._direct = direct

    async def get(self, *, chat_id: int, lock: bool = False) -> Chat | None:
        """Return the chat, or None; when `lock`, hold it for the transaction.

        PostgreSQL locks the row (`SELECT ... FOR UPDATE`). SQLite has no row locks: a no-op
        write takes its single write lock first, so racing lobby openings queue (or fail)
        instead of both seeing an empty chat.
        """
        if lock and self._direct.backend == "sqlite":
            await self._direct.execute(st.TOUCH_CHAT, {"key_id": chat_id})
        rows = await self._direct.fetch(st.CHAT_BY_ID_LOCKED if lock else st.CHAT_BY_ID,
                                        {"key_id": chat_id})
        return _row(Chat, rows[0]) if rows else None

    async def get_many(self, *, chat_ids: Sequence[int]) -> Sequence[Chat]:
        """Return the stored chats among these ids, by id."""
        if not chat_ids:
            return []
        rows = await self._direct.fetch(st.CHATS_BY_IDS, {"key_ids": sorted(set(chat_ids))})
        return [_row(Chat, row) for row in rows]

    async def add(self, *, chat: Chat) -> Chat:
        """Insert a chat and return it."""
        return await _insert(self._direct, st.CHATS, chat)

    async def save(self, *, chat: Chat) -> None:
        """Update a chat's settings."""
        await self._direct.execute(st.SAVE_CHAT, {
            **_values(chat, *st.SAVED_CHAT_FIELDS), "key_id": chat.id})


class SqlUsers:
    def __init__(self, direct: Direct) -> None:
        self._direct = direct

    async def get(self, *, user_id: int) -> User | None:
        """Return the user, or None."""
        rows = await self._direct.fetch(st.USER_BY_ID, {"key_id": user_id})
        return _row(User, rows[0]) if rows else None

    async def add(self, *, user: User) -> User:
        """Insert a user and return it."""
        return await _insert(self._direct, st.USERS, user)

    async def save(self, *, user: User) -> None:
        """Update a user's profile and stats."""
        await self._direct.execute(st.SAVE_USER, {
            **_values(user, *st.SAVED_USER_FIELDS), "key_id": user.id})

    async def get_many(self, *, user_ids: Sequence[int]) -> Sequence[User]:
        """Return the stored users among these ids, by id."""
        if not user_ids:
            return []
        rows = await self._direct.fetch(st.USERS_BY_IDS, {"key_ids": sorted(set(user_ids))})
        return [_row(User, row) for row in rows]


class SqlGames:
    def __init__(self, direct: Direct) -> None:
        self._direct = direct

    async def add(self, *, game: Game) -> Game:
        """Insert a game and return it with its id."""
        return await _insert(self._direct, st.GAMES, game)

    async def get(self, *, game_id: int, lock: bool = False) -> Game:
        """Return the game, `SELECT ... FOR UPDATE` when `lock` (a no-op on SQLite).

        Raise GameNotFound.
        """
        rows = await self._direct.fetch(st.GAME_BY_ID_LOCKED if lock else st.GAME_BY_ID,
                                        {"key_id": game_id})
        if not rows:
            raise GameNotFound(f"no game {game_id}")
        return _row(Game, rows[0])

    async def get_many(self, *, game_ids: Sequence[int], lock: bool = False) -> Sequence[Game]:
        """Return the games with these ids, by id; `SELECT ... FOR UPDATE` when `lock`."""
        if not game_ids:
            return []
        rows = await self._direct.fetch(st.GAMES_BY_IDS_LOCKED if lock else st.GAMES_BY_IDS,
                                        {"key_ids": sorted(set(game_ids))})
        return [_row(Game, row) for row in rows]

    async def save(self, *, game: Game, expected_version: int) -> None:
        """`UPDATE games ... WHERE id = ? AND version = expected`; raise StaleGame on 0 rows."""
        if await self._direct.execute(st.SAVE_GAME, _saved_game(game, expected_version)) != 1:
            raise StaleGame(f"game {game.id} is no longer at version {expected_version}")

    async def save_many(self, *, games: Sequence[tuple[Game, int]]) -> None:
        """`save` each game, all or none: raise StaleGame if one is not at its version.

        One executemany where the driver counts the rows it matched in all (SQLite), else
        (asyncpg counts none) one UPDATE per game.
        """
        if len(games) < 2 or self._direct.backend != "sqlite":
            for game, expected_version in games:
                await self.save(game=game, expected_version=expected_version)
            return
        matched = await self._direct.execute(
            st.SAVE_GAME, [_saved_game(game, version) for game, version in games])
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
        statement = st.GAMES_WHERE[(chat_id is not None, game_id is not None,
                                    status is not None)]
        given = {"key_chat": chat_id, "key_game": game_id, "key_status": status}
        rows = await self._direct.fetch(
            statement, {key: value for key, value in given.items() if value is not None})
        return [_row(Game, row) for row in rows]

    async def active_in(self, *, chat_id: int, topic_id: int | None) -> Sequence[Game]:
        """Return the LOBBY or RUNNING games of a chat's topic (None: no topic), by id."""
        if topic_id is None:
            rows = await self._direct.fetch(st.ACTIVE_OUT_OF_TOPICS, {"key_chat": chat_id})
        else:
            rows = await self._direct.fetch(st.ACTIVE_IN_TOPIC,
                                            {"key_chat": chat_id, "key_topic": topic_id})
        return [_row(Game, row) for row in rows]

    async def running_lobbies(self) -> Sequence[tuple[int, int, dict[str, Any]]]:
        """Return (id, version, lobby) of every RUNNING game, by id."""
        rows = await self._direct.fetch(st.RUNNING_LOBBIES, {})
        return [(row["id"], row["version"], row["lobby"]) for row in rows]

    async def claim_due(
        self, *, field: DueField, now: datetime, until: datetime | None, limit: int
    ) -> Sequence[tuple[int, int]]:
        """Move due RUNNING games' `field` to `until`; return their (id, version).

        On PostgreSQL the candidates are locked with `FOR UPDATE SKIP LOCKED`, so two
        sweepers never claim the same row; SQLite has one writer at a time anyway.
        """
        statement = st.CLAIM_DUE[(field, self._direct.backend)]
        rows = await self._direct.fetch(statement, {"until": until, "key_now": now,
                                                    "key_limit": limit})
        return sorted((int(row["id"]), int(row["version"])) for row in rows)

    async def active_of_user(self, *, user_id: int) -> Sequence[Game]:
        """Return the LOBBY or RUNNING games in which the user holds a seat, by id."""
        rows = await self._direct.fetch(st.ACTIVE_OF_USER, {"key_user": user_id})
        return [_row(Game, row) for row in rows]


class SqlSeats:
    def __init__(self, direct: Direct) -> None:
        self._direct = direct

    async def add(self, *, seat: Seat) -> Seat:
        """Insert a seat and return it."""
        return await _insert(self._direct, st.SEATS, seat)

    async def list(self, *, game_id: int) -> Sequence[Seat]:
        """Return a game's seats by index."""
        rows = await self._direct.fetch(st.SEATS_OF_GAME, {"key_game": game_id})
        return [_row(Seat, row) for row in rows]

    async def list_many(self, *, game_ids: Sequence[int]) -> Sequence[Seat]:
        """Return the seats of these games, by game id and seat index."""
        if not game_ids:
            return []
        rows = await self._direct.fetch(st.SEATS_OF_GAMES,
                                        {"key_games": sorted(set(game_ids))})
        return [_row(Seat, row) for row in rows]

    async def save(self, *, seat: Seat) -> None:
        """Update a seat's holder and strikes."""
        await self.save_many(seats=[seat])

    async def save_many(self, *, seats: Sequence[Seat]) -> None:
        """Update seats' holders and strikes (one executemany)."""
        if not seats:
            return
        await self._direct.execute(st.SAVE_SEAT, [
            {**_values(seat, *st.SAVED_SEAT_FIELDS), "key_game": seat.game_id,
             "key_seat": seat.seat} for seat in seats])

    async def remove(self, *, game_id: int, seat: int) -> None:
        """Delete a seat (no error if it does not exist)."""
        await self._direct.execute(st.REMOVE_SEAT, {"key_game": game_id, "key_seat": seat})


class SqlActionLog:
    def __init__(self, direct: Direct) -> None:
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
                st.APPEND_ACTION, [_values(record, *st.ACTION_FIELDS) for record in records])
        except IntegrityError as error:
            versions = ", ".join(f"game {row.game_id} version {row.version}" for row in records)
            raise StaleGame(f"already logged: {versions}") from error

    async def list(self, *, game_id: int) -> Sequence[ActionRecord]:
        """Return a game's logged actions by version."""
        rows = await self._direct.fetch(st.ACTIONS_OF_GAME, {"key_game": game_id})
        return [_row(ActionRecord, row) for row in rows]


class SqlDeliveries:
    def __init__(self, direct: Direct) -> None:
        self._direct = direct

    async def of_game(self, *, game_id: int) -> Sequence[Delivery]:
        """Return a game's delivery rows, by id."""
        return await self.of_games(game_ids=[game_id])

    async def of_games(self, *, game_ids: Sequence[int],
                       lock: bool = False) -> Sequence[Delivery]:
        """Return the delivery rows of these games, by id (row-locked when `lock`)."""
        if not game_ids:
            return []
        statement = st.DELIVERIES_OF_GAMES_LOCKED if lock else st.DELIVERIES_OF_GAMES
        rows = await self._direct.fetch(statement, {"key_games": sorted(set(game_ids))})
        return [_row(Delivery, row) for row in rows]

    async def of_chat(self, *, chat_id: int) -> Sequence[Delivery]:
        """Return the rows addressed to a chat, by id."""
        rows = await self._direct.fetch(st.DELIVERIES_OF_CHAT, {"key_chat": chat_id})
        return [_row(Delivery, row) for row in rows]

    async def write(self, *, rows: Sequence[Delivery]) -> None:
        """Insert the new rows (ids assigned), overwrite the others (one executemany)."""
        old = [row for row in rows if row.id is not None]
        for row in rows:
            if row.id is None:
                await _insert(self._direct, st.DELIVERIES, row)
        if old:
            await self._direct.execute(st.SAVE_DELIVERY, [
                {**_values(row, *st.DELIVERY_FIELDS), "key_id": row.id} for row in old])

    async def due(self, *, now: datetime, limit: int,
                  chat_id: int | None = None) -> Sequence[Delivery]:
        """Return up to `limit` rows due by `now`, oldest due first."""
        if chat_id is None:
            rows = await self._direct.fetch(st.DUE_DELIVERIES,
                                            {"key_now": now, "key_limit": limit})
        else:
            rows = await self._direct.fetch(st.DUE_DELIVERIES_OF_CHAT, {
                "key_now": now, "key_limit": limit, "key_chat": chat_id})
        return [_row(Delivery, row) for row in rows]

    async def claim(self, *, ids: Sequence[int], now: datetime, until: datetime,
                    owner: str | None = None,
                    at: datetime | None = None) -> Sequence[Delivery]:
        """Lease to `owner` until `until` the rows among `ids` due by `now` that are free at
        `at` (default `now`); return them (skip locked rows)."""
        if not ids:
            return []
        statement = st.CLAIM_DELIVERIES[self._direct.backend]
        rows = await self._direct.fetch(statement, {
            "due_at": until, "owner": owner, "key_ids": list(ids), "key_now": now,
            "key_owner": owner, "key_at": now if at is None else at})
        return sorted((_row(Delivery, row) for row in rows), key=lambda row: row.id or 0)

    async def owned_unsent(self, *, ids: Sequence[int], owner: str) -> Sequence[Delivery]:
        """Return the rows among `ids` that `owner` holds with a revision not yet sent."""
        if not ids:
            return []
        rows = await self._direct.fetch(st.OWNED_UNSENT, {"key_ids": list(ids),
                                                         "key_owner": owner})
        return [_row(Delivery, row) for row in rows]

    async def settle(self, *, delivery_id: int, revision: int, message_id: int | None,
                     anchor: int | None, now: datetime) -> None:
        """Record the revision Telegram shows; a row rewritten since keeps its due time."""
        await self._direct.execute(st.SETTLE_DELIVERY, {
            "sent_revision": revision, "message_id": message_id, "sent_anchor": anchor,
            "attempts": 0, "error": None, "updated_at": now, "key_id": delivery_id,
            "key_revision": revision})

    async def postpone(self, *, delivery_id: int, at: datetime | None, attempts: int,
                       error: str | None) -> None:
        """Set the next try of a row and the reason."""
        await self._direct.execute(st.POSTPONE_DELIVERY, {
            "due_at": at, "attempts": attempts, "error": None if error is None else error[:200],
            "owner": None, "key_id": delivery_id})

    async def remove(self, *, ids: Sequence[int]) -> None:
        """Delete these rows."""
        if ids:
            await self._direct.execute(st.REMOVE_DELIVERIES, {"key_ids": list(ids)})


class SqlInbox:
    def __init__(self, direct: Direct) -> None:
        self._direct = direct

    async def add_many(self, *, updates: Sequence[InboxUpdate]) -> None:
        """Store received updates (one statement); one already stored is kept."""
        if not updates:
            return
        await self._direct.execute(st.ADD_UPDATES[self._direct.backend], [
            _values(update, "update_id", "payload", "received_at") for update in updates])

    async def add_new(self, *, update: InboxUpdate) -> bool:
        """Store one update unless its id is stored already; return whether it was new."""
        return bool(await self._direct.fetch(st.ADD_NEW_UPDATE[self._direct.backend], _values(
            update, "update_id", "payload", "received_at")))

    async def remove_before(self, *, before: datetime) -> None:
        """Forget the updates received before `before`."""
        await self._direct.execute(st.REMOVE_UPDATES_BEFORE, {"key_before": before})

    async def list(self) -> Sequence[InboxUpdate]:
        """Return the stored updates by update id."""
        return [_row(InboxUpdate, row) for row in await self._direct.fetch(st.ALL_UPDATES)]

    async def remove_many(self, *, update_ids: Sequence[int]) -> None:
        """Forget handled updates in one statement (unknown ids are ignored)."""
        if update_ids:
            await self._direct.execute(st.REMOVE_UPDATES, {"key_ids": list(update_ids)})
