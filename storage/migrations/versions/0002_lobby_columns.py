"""Lobby columns: games.creator_id and games.lobby, message_refs.content_hash.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30

Every change is a plain ADD/DROP COLUMN, so the batch blocks never recreate a table
(`recreate="never"`): on SQLite, copying `games` into a new table would drop the old one
with foreign keys on, and ON DELETE CASCADE would empty seats, actions and message_refs.
SQLite has had ALTER TABLE ... DROP COLUMN since 3.35, which covers the downgrade.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the lobby columns; existing games get no creator and empty lobby settings."""
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.add_column(sa.Column("creator_id", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("lobby", sa.JSON(), server_default="{}", nullable=False))
    with op.batch_alter_table("message_refs", recreate="never") as batch:
        batch.add_column(sa.Column("content_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    """Drop the lobby columns (their values are lost)."""
    with op.batch_alter_table("message_refs", recreate="never") as batch:
        batch.drop_column("content_hash")
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.drop_column("lobby")
        batch.drop_column("creator_id")
