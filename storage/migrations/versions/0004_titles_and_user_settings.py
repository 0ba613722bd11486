"""Chat titles and user settings: chats.title, users.settings.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06

- `chats.title` keeps a group's title, so a private message can say which group it is
  about (a player may sit at tables in several groups).
- `users.settings` holds a user's own choices, set in private: how he is told that it is
  his move (`notify`) and his standing answer to Old Saloon identity windows (`windows`).
As in 0002, only ADD/DROP COLUMN: no table is ever recreated.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the two columns; existing chats have no title yet, users no settings."""
    with op.batch_alter_table("chats", recreate="never") as batch:
        batch.add_column(sa.Column("title", sa.String(length=128), nullable=True))
    with op.batch_alter_table("users", recreate="never") as batch:
        batch.add_column(sa.Column("settings", sa.JSON(), server_default="{}", nullable=False))


def downgrade() -> None:
    """Drop the two columns (their values are lost)."""
    with op.batch_alter_table("users", recreate="never") as batch:
        batch.drop_column("settings")
    with op.batch_alter_table("chats", recreate="never") as batch:
        batch.drop_column("title")
