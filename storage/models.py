"""The SQLModel tables. Only `storage/` sees them; the core never does.

Every datetime column is timezone-aware (UTC). JSON columns hold plain dicts. The game
snapshot is the engine's `dump_state` text kept verbatim, so replay can compare it exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import JSON, BigInteger, Enum, Index, Text, UniqueConstraint
from sqlalchemy.orm import configure_mappers
from sqlalchemy.orm.instrumentation import manager_of_class
from sqlmodel import Field, SQLModel

from storage.columns import UtcDateTime

# Deterministic constraint names, so migrations can drop what they created on every backend.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class GameStatus(StrEnum):
    """Where a game is in its life."""

    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABORTED = "aborted"


class ActorKind(StrEnum):
    """Who chose a logged action: the seated human, the timeout policy (a clock ran out), a
    bot seat, an admin (a seat's removal), the timeout policy for the rest of the turn of
    a player who timed out (absent), or the player's standing answer (an identity window
    passed as he asked in advance). Stored as plain text (VARCHAR 16, no CHECK constraint), so a
    new kind needs no migration."""

    HUMAN = "human"
    TIMEOUT = "timeout"
    BOT = "bot"
    ADMIN = "admin"
    ABSENT = "absent"
    STANDING = "standing"




def _enum(enum: type[StrEnum]) -> Enum:
    """Return a portable enum column type: VARCHAR holding the values, no native DB type."""
    return Enum(
        enum,
        native_enum=False,
        length=16,
        values_callable=lambda members: [member.value for member in members],
        validate_strings=True,
    )


class Chat(SQLModel, table=True):
    """A Telegram group (or private chat) the bot plays in: its title as last seen, its
    language and its table defaults."""

    __tablename__ = "chats"

    id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    language: str = Field(default="pt-BR", max_length=16)
    title: str | None = Field(default=None, max_length=128)
    default_options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    timer_settings: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    created_at: datetime = Field(sa_type=UtcDateTime)


class User(SQLModel, table=True):
    """A Telegram user: display name, language, whether the bot may DM them, stats per game
    kind, and his own settings (how he is told of his move; standing window answers)."""

    __tablename__ = "users"

    id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    display_name: str = Field(max_length=128)
    language: str | None = Field(default=None, max_length=16)
    can_dm: bool = False
    stats: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    settings: dict[str, Any] = Field(
        default_factory=dict, sa_type=JSON, sa_column_kwargs={"server_default": "{}"}
    )
    created_at: datetime = Field(sa_type=UtcDateTime)


class Game(SQLModel, table=True):
    """One table of one game kind in a chat; `version` counts applied actions.

    `creator_id` is who opened the lobby (kept even if they leave it); `lobby` holds
    lobby-only settings of the front (e.g. wanted seats) and is never passed to the engine.
    """

    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_chat_id_status", "chat_id", "status"),
        Index("ix_games_status_deadline_at", "status", "deadline_at"),
        Index("ix_games_chat_id_status_id", "chat_id", "status", "id"),  # /games, newest first
    )

    id: int | None = Field(default=None, primary_key=True)
    chat_id: int = Field(sa_type=BigInteger, foreign_key="chats.id", ondelete="CASCADE")
    topic_id: int | None = Field(default=None, sa_type=BigInteger)
    kind: str = Field(max_length=32)
    creator_id: int | None = Field(default=None, sa_type=BigInteger)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    lobby: dict[str, Any] = Field(
        default_factory=dict, sa_type=JSON, sa_column_kwargs={"server_default": "{}"}
    )
    seed: int = Field(sa_type=BigInteger)
    status: GameStatus = Field(default=GameStatus.LOBBY, sa_type=_enum(GameStatus))
    version: int = 0
    snapshot: str | None = Field(default=None, sa_type=Text)
    outcome: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    deadline_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    remind_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    created_at: datetime = Field(sa_type=UtcDateTime)
    updated_at: datetime = Field(sa_type=UtcDateTime)
    paused_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class Seat(SQLModel, table=True):
    """A seat of a game, held by a user or (user_id None) a bot; `strikes` counts timeouts."""

    __tablename__ = "seats"

    game_id: int = Field(foreign_key="games.id", primary_key=True, ondelete="CASCADE")
    seat: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int | None = Field(
        default=None, sa_type=BigInteger, foreign_key="users.id", index=True
    )
    is_bot: bool = False
    strikes: int = 0


class ActionRecord(SQLModel, table=True):
    """One applied action of the append-only log; (game_id, version) admits no duplicate."""

    __tablename__ = "actions"

    game_id: int = Field(foreign_key="games.id", primary_key=True, ondelete="CASCADE")
    version: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    seat: int
    action: str = Field(max_length=64)
    actor: ActorKind = Field(sa_type=_enum(ActorKind))
    applied_at: datetime = Field(sa_type=UtcDateTime)
    events: list[dict[str, Any]] | None = Field(default=None, sa_type=JSON)


class Delivery(SQLModel, table=True):
    """What one audience of a game should see, and what Telegram shows it now.

    `key` names the audience and the message: "table" and "lobby" (the group's live
    messages), "prompt:<seat>" (a seat's live private prompt), "note:<n>" (a one-off
    message, deleted once sent). `payload` is the rendering wanted at `revision`; the
    delivery loop brings Telegram to it and records `sent_revision`, the live
    `message_id` and the `sent_anchor` it was posted for (a new anchor posts a new
    message). `due_at` is when to try next: None once Telegram shows the newest revision.
    """

    __tablename__ = "deliveries"
    __table_args__ = (
        UniqueConstraint("game_id", "key"),
        Index("ix_deliveries_due_at", "due_at"),
        Index("ix_deliveries_chat_id", "chat_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", ondelete="CASCADE")
    key: str = Field(max_length=32)
    chat_id: int = Field(sa_type=BigInteger)
    topic_id: int | None = Field(default=None, sa_type=BigInteger)
    revision: int = 0
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    sent_revision: int = 0
    message_id: int | None = Field(default=None, sa_type=BigInteger)
    sent_anchor: int | None = None
    due_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    attempts: int = 0
    error: str | None = Field(default=None, max_length=200)
    updated_at: datetime = Field(sa_type=UtcDateTime)
    owner: str | None = Field(default=None, max_length=64)


class PlayerRecord(SQLModel, table=True):
    """A player's tally in one group (chat_id 0: all his groups) for one game kind ("*":
    every game) and one part of it ("": the whole; "role:<id>", "place:<n>"), kept up to
    date in the unit of work that ends each game (storage/records.py). `streak` is the
    current run of wins, `best_streak` the longest; `place_sum / played` the average finish.
    """

    __tablename__ = "player_records"
    __table_args__ = (Index("ix_player_records_user_id", "user_id"),)

    chat_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    user_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    kind: str = Field(max_length=32, primary_key=True)
    part: str = Field(max_length=32, primary_key=True)
    played: int = 0
    wins: int = 0
    place_sum: int = 0
    streak: int = 0
    best_streak: int = 0


class InboxUpdate(SQLModel, table=True):
    """A Telegram update received but not yet fully handled (the durable inbox)."""

    __tablename__ = "inbox"

    update_id: int = Field(sa_type=BigInteger, primary_key=True,
                           sa_column_kwargs={"autoincrement": False})
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    received_at: datetime = Field(sa_type=UtcDateTime)


METADATA = SQLModel.metadata
configure_mappers()  # `built` makes rows without the ORM, which would configure them first
RowT = TypeVar("RowT", bound=SQLModel)


def built(model: type[RowT], values: Mapping[str, Any], *, defaults: bool = True) -> RowT:
    """Return a row of a table model holding `values` (and, when `defaults`, its fields'
    defaults for the others), built as SQLAlchemy's loader builds a fetched row: no
    __init__, no validation. For values that are already right (a fetched row, a row the
    service composes from checked values): ~20 times cheaper than `model(**values)`.
    """
    instance: RowT = manager_of_class(model).new_instance()
    if defaults:
        instance.__dict__.update({name: field.get_default(call_default_factory=True)
                                  for name, field in model.model_fields.items()
                                  if name not in values})
    instance.__dict__.update(values)
    return instance


def assign(row: SQLModel, **values: Any) -> None:
    """Set fields of a detached row, as `built` makes them: no validation, no change
    tracking. Every row the repositories hand out is detached (no ORM session saves it:
    a repository's `save` writes what it holds), and SQLModel's own attribute setting
    costs a few µs a field for the session's bookkeeping; a press sets a few dozen.
    Raise AttributeError for a name that is not one of the row's fields."""
    unknown = values.keys() - type(row).model_fields.keys()
    if unknown:
        raise AttributeError(f"{type(row).__name__} has no field {sorted(unknown)}")
    row.__dict__.update(values)
