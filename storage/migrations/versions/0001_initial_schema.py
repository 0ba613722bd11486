"""Initial schema: chats, users, games, seats, the action log and message references.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from collections.abc import Sequence
from datetime import datetime

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _enum(name: str, *values: str) -> sa.Enum:
    return sa.Enum(*values, name=name, native_enum=False, length=16)


def _when(name: str, nullable: bool = False) -> sa.Column[datetime]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "chats",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("language", sa.String(length=16), nullable=False),
        sa.Column("default_options", sa.JSON(), nullable=False),
        sa.Column("timer_settings", sa.JSON(), nullable=False),
        _when("created_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chats")),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("display_name", sa.String(length=128), nullable=False),
        sa.Column("language", sa.String(length=16), nullable=True),
        sa.Column("can_dm", sa.Boolean(), nullable=False),
        sa.Column("stats", sa.JSON(), nullable=False),
        _when("created_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("topic_id", sa.BigInteger(), nullable=True),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column(
            "status",
            _enum("gamestatus", "lobby", "running", "finished", "aborted"),
            nullable=False,
        ),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("snapshot", sa.Text(), nullable=True),
        sa.Column("outcome", sa.JSON(), nullable=True),
        _when("deadline_at", nullable=True),
        _when("remind_at", nullable=True),
        _when("created_at"),
        _when("updated_at"),
        sa.ForeignKeyConstraint(
            ["chat_id"], ["chats.id"], name=op.f("fk_games_chat_id_chats"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index("ix_games_chat_id_status", "games", ["chat_id", "status"])
    op.create_index("ix_games_status_deadline_at", "games", ["status", "deadline_at"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("actor", _enum("actorkind", "human", "timeout", "bot"), nullable=False),
        _when("applied_at"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_actions_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "version", name=op.f("pk_actions")),
    )
    op.create_table(
        "message_refs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "purpose",
            _enum("messagepurpose", "lobby", "table", "prompt", "private"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer(), nullable=True),
        _when("created_at"),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_message_refs_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_message_refs")),
        sa.UniqueConstraint(
            "chat_id", "message_id", name=op.f("uq_message_refs_chat_id_message_id")
        ),
    )
    op.create_index(op.f("ix_message_refs_game_id"), "message_refs", ["game_id"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("strikes", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_seats_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_seats_user_id_users")),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_seats")),
    )
    op.create_index(op.f("ix_seats_user_id"), "seats", ["user_id"])


def downgrade() -> None:
    """Drop every table."""
    op.drop_index(op.f("ix_seats_user_id"), table_name="seats")
    op.drop_table("seats")
    op.drop_index(op.f("ix_message_refs_game_id"), table_name="message_refs")
    op.drop_table("message_refs")
    op.drop_table("actions")
    op.drop_index("ix_games_status_deadline_at", table_name="games")
    op.drop_index("ix_games_chat_id_status", table_name="games")
    op.drop_table("games")
    op.drop_table("users")
    op.drop_table("chats")
