"""Delivery state: what each audience should see, the durable inbox, paused games.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02

- `deliveries` replaces `message_refs`: one row per audience of a game (the group table,
  the lobby, each seat's private prompt, one-off notes) holding the wanted rendering and
  what Telegram shows now. The live lobby, table and prompt messages of existing games are
  carried over, so running tables keep being edited in place.
- `inbox` holds updates received from Telegram until they are handled.
- `actions.events` keeps each logged action's public events (history without replay);
  `games.paused_at` marks a game whose group removed the bot.
As in 0002, only ADD/DROP COLUMN and whole tables: no table is ever recreated.
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when(name: str, nullable: bool = False) -> sa.Column[datetime]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Create deliveries and inbox, carry the live message references over, add columns."""
    op.create_table(
        "deliveries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=32), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("topic_id", sa.BigInteger(), nullable=True),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("sent_revision", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("sent_anchor", sa.Integer(), nullable=True),
        _when("due_at", nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=200), nullable=True),
        _when("updated_at"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_deliveries_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deliveries")),
        sa.UniqueConstraint("game_id", "key", name=op.f("uq_deliveries_game_id_key")),
    )
    op.create_index("ix_deliveries_due_at", "deliveries", ["due_at"])
    op.create_index("ix_deliveries_chat_id", "deliveries", ["chat_id"])
    op.create_table(
        "inbox",
        sa.Column("update_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        _when("received_at"),
        sa.PrimaryKeyConstraint("update_id", name=op.f("pk_inbox")),
    )
    with op.batch_alter_table("actions", recreate="never") as batch:
        batch.add_column(sa.Column("events", sa.JSON(), nullable=True))
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.add_column(_when("paused_at", nullable=True))
    _carry_message_refs()
    op.drop_index(op.f("ix_message_refs_game_id"), table_name="message_refs")
    op.drop_table("message_refs")


def _carry_message_refs() -> None:
    """Copy each running or open game's newest lobby, table and prompt message into
    `deliveries` as already delivered (sent_revision = revision = 1, nothing due)."""
    connection = op.get_bind()
    rows = connection.execute(sa.text(
        "SELECT r.game_id, r.chat_id, r.message_id, r.purpose, r.seat FROM message_refs r "
        "JOIN games g ON g.id = r.game_id WHERE g.status IN ('lobby', 'running') "
        "AND r.purpose IN ('lobby', 'table', 'prompt') ORDER BY r.id")).all()
    newest: dict[tuple[int, str], tuple[int, int]] = {}
    for game_id, chat_id, message_id, purpose, seat in rows:
        key = f"prompt:{seat}" if purpose == "prompt" else str(purpose)
        newest[(game_id, key)] = (chat_id, message_id)
    table = sa.table("deliveries", sa.column("payload", sa.JSON()),
                     sa.column("updated_at", sa.DateTime(timezone=True)),
                     *(sa.column(name) for name in ("game_id", "key", "chat_id", "revision",
                                                    "sent_revision", "message_id", "attempts")))
    now = datetime.now(UTC)
    values = [{"game_id": game_id, "key": key, "chat_id": chat_id, "revision": 1,
               "payload": {}, "sent_revision": 1, "message_id": message_id, "attempts": 0,
               "updated_at": now} for (game_id, key), (chat_id, message_id) in newest.items()]
    if values:
        op.bulk_insert(table, values)


def downgrade() -> None:
    """Drop the delivery state and the new columns; message references start empty."""
    op.create_table(
        "message_refs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("purpose", sa.Enum("lobby", "table", "prompt", "private",
                                     name="messagepurpose", native_enum=False, length=16),
                  nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        _when("created_at"),
        sa.Column("content_hash", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_message_refs_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_message_refs")),
        sa.UniqueConstraint("chat_id", "message_id",
                            name=op.f("uq_message_refs_chat_id_message_id")),
    )
    op.create_index(op.f("ix_message_refs_game_id"), "message_refs", ["game_id"])
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.drop_column("paused_at")
    with op.batch_alter_table("actions", recreate="never") as batch:
        batch.drop_column("events")
    op.drop_table("inbox")
    op.drop_index("ix_deliveries_chat_id", table_name="deliveries")
    op.drop_index("ix_deliveries_due_at", table_name="deliveries")
    op.drop_table("deliveries")
