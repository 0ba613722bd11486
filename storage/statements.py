"""Every statement the SQL repositories run, built once in SQLAlchemy Core.

They run on the driver (storage/direct.py), which compiles each once per dialect, so they
are module constants: values come as bind parameters (`key_…` for those of a WHERE clause,
the column's own name for a value written), never as literals of a statement built per call.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, Table, bindparam, case, delete, insert, or_, update
from sqlalchemy import select as core_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import Insert, Select, Update

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

CHATS: Table = Chat.__table__  # type: ignore[attr-defined]
USERS: Table = User.__table__  # type: ignore[attr-defined]
GAMES: Table = Game.__table__  # type: ignore[attr-defined]
SEATS: Table = Seat.__table__  # type: ignore[attr-defined]
ACTIONS: Table = ActionRecord.__table__  # type: ignore[attr-defined]
DELIVERIES: Table = Delivery.__table__  # type: ignore[attr-defined]
INBOX: Table = InboxUpdate.__table__  # type: ignore[attr-defined]
ACTIVE = (GameStatus.LOBBY, GameStatus.RUNNING)
BACKENDS = {"postgresql": postgresql, "sqlite": sqlite}


def ids_in(column: ColumnElement[Any], name: str = "key_ids") -> ColumnElement[bool]:
    """Return `column IN (:name…)`, the list given at execution."""
    return column.in_(bindparam(name, expanding=True))


def insert_row(table: Table) -> Insert:
    """Return the INSERT of one row of `table`, returning its primary key."""
    return insert(table).returning(*table.primary_key.columns)


ADD_ROW = {table.name: insert_row(table) for table in (CHATS, USERS, GAMES, SEATS, DELIVERIES)}
"""The INSERT of one new row, by table name (a serial id comes back)."""


# -- chats and users ------------------------------------------------------------------
CHAT_BY_ID = core_select(CHATS).where(CHATS.c.id == bindparam("key_id"))
CHAT_BY_ID_LOCKED = CHAT_BY_ID.with_for_update()
TOUCH_CHAT = update(CHATS).where(CHATS.c.id == bindparam("key_id")).values(id=CHATS.c.id)
CHATS_BY_IDS = core_select(CHATS).where(ids_in(CHATS.c.id)).order_by(CHATS.c.id)
SAVE_CHAT = update(CHATS).where(CHATS.c.id == bindparam("key_id"))
SAVED_CHAT_FIELDS = ("language", "title", "default_options", "timer_settings")
USER_BY_ID = core_select(USERS).where(USERS.c.id == bindparam("key_id"))
USERS_BY_IDS = core_select(USERS).where(ids_in(USERS.c.id)).order_by(USERS.c.id)
SAVE_USER = update(USERS).where(USERS.c.id == bindparam("key_id"))
SAVED_USER_FIELDS = ("display_name", "language", "can_dm", "stats", "settings")

# -- games ----------------------------------------------------------------------------
GAME_BY_ID = core_select(GAMES).where(GAMES.c.id == bindparam("key_id"))
GAME_BY_ID_LOCKED = GAME_BY_ID.with_for_update()
GAMES_BY_IDS = core_select(GAMES).where(ids_in(GAMES.c.id)).order_by(GAMES.c.id)
GAMES_BY_IDS_LOCKED = GAMES_BY_IDS.with_for_update()
SAVED_GAME_FIELDS = ("chat_id", "topic_id", "options", "lobby", "seed", "status", "version",
                     "snapshot", "outcome", "deadline_at", "remind_at", "updated_at",
                     "paused_at")
SAVE_GAME = update(GAMES).where(GAMES.c.id == bindparam("key_id"),
                                GAMES.c.version == bindparam("key_version"))
ALL_GAMES = core_select(GAMES).order_by(GAMES.c.id)
RUNNING_LOBBIES = core_select(GAMES.c.id, GAMES.c.version, GAMES.c.lobby).where(
    GAMES.c.status == GameStatus.RUNNING).order_by(GAMES.c.id)


def games_where(*, chat: bool, game: bool, status: bool) -> Select:  # type: ignore[type-arg]
    """Return the games filtered by the filters asked for (`key_chat`, `key_game`,
    `key_status`), by id."""
    wanted = [clause for on, clause in (
        (chat, GAMES.c.chat_id == bindparam("key_chat")),
        (game, GAMES.c.id == bindparam("key_game")),
        (status, GAMES.c.status == bindparam("key_status", type_=GAMES.c.status.type)))
        if on]
    return ALL_GAMES.where(*wanted) if wanted else ALL_GAMES


GAMES_WHERE = {(chat, game, status): games_where(chat=chat, game=game, status=status)
               for chat in (False, True) for game in (False, True) for status in (False, True)}
_ACTIVE = GAMES.c.status.in_(ACTIVE)
ACTIVE_IN_TOPIC = ALL_GAMES.where(GAMES.c.chat_id == bindparam("key_chat"), _ACTIVE,
                                  GAMES.c.topic_id == bindparam("key_topic"))
ACTIVE_OUT_OF_TOPICS = ALL_GAMES.where(GAMES.c.chat_id == bindparam("key_chat"), _ACTIVE,
                                       GAMES.c.topic_id.is_(None))
ACTIVE_OF_USER = ALL_GAMES.where(
    GAMES.c.id.in_(core_select(SEATS.c.game_id).where(SEATS.c.user_id == bindparam("key_user"))),
    _ACTIVE)


def claim_due(field: str, *, skip_locked: bool) -> Update:
    """Return the UPDATE that moves due RUNNING games' `field` to `:until` (the oldest
    `:key_limit` due by `:key_now`), returning (id, version)."""
    column = GAMES.c[field]
    candidates = (core_select(GAMES.c.id)
                  .where(GAMES.c.status == GameStatus.RUNNING, column <= bindparam("key_now"))
                  .order_by(column).limit(bindparam("key_limit", type_=GAMES.c.id.type)))
    if skip_locked:
        candidates = candidates.with_for_update(skip_locked=True)
    return (update(GAMES).where(GAMES.c.id.in_(candidates.scalar_subquery()))
            .values({field: bindparam("until", type_=column.type)})
            .returning(GAMES.c.id, GAMES.c.version))


CLAIM_DUE = {(field, backend): claim_due(field, skip_locked=backend == "postgresql")
             for field in ("deadline_at", "remind_at") for backend in BACKENDS}

# -- seats and the action log ----------------------------------------------------------
SEATS_OF_GAME = (core_select(SEATS).where(SEATS.c.game_id == bindparam("key_game"))
                 .order_by(SEATS.c.seat))
SEATS_OF_GAMES = (core_select(SEATS).where(ids_in(SEATS.c.game_id, "key_games"))
                  .order_by(SEATS.c.game_id, SEATS.c.seat))
SAVED_SEAT_FIELDS = ("user_id", "is_bot", "strikes")
SAVE_SEAT = update(SEATS).where(SEATS.c.game_id == bindparam("key_game"),
                                SEATS.c.seat == bindparam("key_seat"))
REMOVE_SEAT = delete(SEATS).where(SEATS.c.game_id == bindparam("key_game"),
                                  SEATS.c.seat == bindparam("key_seat"))
APPEND_ACTION = insert(ACTIONS)
ACTION_FIELDS = ("game_id", "version", "seat", "action", "actor", "applied_at", "events")
ACTIONS_OF_GAME = (core_select(ACTIONS).where(ACTIONS.c.game_id == bindparam("key_game"))
                   .order_by(ACTIONS.c.version))

# -- deliveries -----------------------------------------------------------------------
DELIVERY_FIELDS = ("game_id", "key", "chat_id", "topic_id", "revision", "payload",
                   "sent_revision", "message_id", "sent_anchor", "due_at", "attempts", "error",
                   "updated_at", "owner")
DELIVERIES_OF_GAMES = (core_select(DELIVERIES).where(ids_in(DELIVERIES.c.game_id, "key_games"))
                       .order_by(DELIVERIES.c.id))
DELIVERIES_OF_GAMES_LOCKED = DELIVERIES_OF_GAMES.with_for_update()
DELIVERIES_OF_CHAT = (core_select(DELIVERIES).where(DELIVERIES.c.chat_id == bindparam("key_chat"))
                      .order_by(DELIVERIES.c.id))
SAVE_DELIVERY = update(DELIVERIES).where(DELIVERIES.c.id == bindparam("key_id"))
_DUE = DELIVERIES.c.due_at <= bindparam("key_now", type_=DELIVERIES.c.due_at.type)
_OLDEST_DUE = (core_select(DELIVERIES).where(_DUE)
               .order_by(DELIVERIES.c.due_at, DELIVERIES.c.id)
               .limit(bindparam("key_limit", type_=DELIVERIES.c.id.type)))
DUE_DELIVERIES = _OLDEST_DUE
DUE_DELIVERIES_OF_CHAT = _OLDEST_DUE.where(DELIVERIES.c.chat_id == bindparam("key_chat"))
# A row is free for a replica when nobody owns it, it owns it, or the owner's lease ran out.
_FREE = or_(DELIVERIES.c.owner.is_(None), DELIVERIES.c.owner == bindparam("key_owner"),
            DELIVERIES.c.due_at <= bindparam("key_at", type_=DELIVERIES.c.due_at.type))


def claim_deliveries(*, skip_locked: bool) -> Update:
    """Return the UPDATE that leases the due rows among `:key_ids` that are free for
    `:key_owner` to `:owner` until `:due_at`, returning them whole."""
    candidates = core_select(DELIVERIES.c.id).where(ids_in(DELIVERIES.c.id), _DUE, _FREE)
    if skip_locked:
        candidates = candidates.with_for_update(skip_locked=True)
    return (update(DELIVERIES).where(DELIVERIES.c.id.in_(candidates.scalar_subquery()))
            .returning(*DELIVERIES.c))


CLAIM_DELIVERIES = {backend: claim_deliveries(skip_locked=backend == "postgresql")
                    for backend in BACKENDS}
_REWRITTEN = DELIVERIES.c.revision > bindparam("key_revision")
# A result older than what is recorded is dropped; a row rewritten since stays due and owned.
SETTLE_DELIVERY = update(DELIVERIES).where(
    DELIVERIES.c.id == bindparam("key_id"),
    DELIVERIES.c.sent_revision <= bindparam("key_revision")).values(
    due_at=case((_REWRITTEN, DELIVERIES.c.due_at), else_=None),
    owner=case((_REWRITTEN, DELIVERIES.c.owner), else_=None))
POSTPONE_DELIVERY = update(DELIVERIES).where(DELIVERIES.c.id == bindparam("key_id"))
OWNED_UNSENT = core_select(DELIVERIES).where(
    ids_in(DELIVERIES.c.id), DELIVERIES.c.owner == bindparam("key_owner"),
    DELIVERIES.c.revision > DELIVERIES.c.sent_revision,
    DELIVERIES.c.due_at.is_not(None)).order_by(DELIVERIES.c.id)
REMOVE_DELIVERIES = delete(DELIVERIES).where(ids_in(DELIVERIES.c.id))

# -- the inbox --------------------------------------------------------------------------
ADD_UPDATES = {name: dialect.insert(INBOX).on_conflict_do_nothing(index_elements=["update_id"])
               for name, dialect in BACKENDS.items()}
ADD_NEW_UPDATE = {name: dialect.insert(INBOX).on_conflict_do_nothing(index_elements=["update_id"])
                  .returning(INBOX.c.update_id) for name, dialect in BACKENDS.items()}
REMOVE_UPDATES_BEFORE = delete(INBOX).where(
    INBOX.c.received_at < bindparam("key_before", type_=INBOX.c.received_at.type))
ALL_UPDATES = core_select(INBOX).order_by(INBOX.c.update_id)
REMOVE_UPDATES = delete(INBOX).where(ids_in(INBOX.c.update_id))
