"""The replica delivering a row: deliveries.owner.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06

Several bot processes may share one PostgreSQL database. A delivery row is sent by the
replica named in `owner` while its lease (`due_at`) runs, so a table version is posted once
whatever the number of replicas (issue #30). Existing rows have no owner: any replica may
take them when they fall due. As in 0002, only ADD/DROP COLUMN.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the column; no row is owned yet."""
    with op.batch_alter_table("deliveries", recreate="never") as batch:
        batch.add_column(sa.Column("owner", sa.String(length=64), nullable=True))


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("deliveries", recreate="never") as batch:
        batch.drop_column("owner")
