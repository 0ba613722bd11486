"""Player records: the group statistics, tallied from every game that ended before.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06

`player_records` holds each player's tally per group (chat 0: all his groups), game kind
("*": every game) and part ("": the whole; "role:<id>", "place:<n>"). From now on the unit
of work that ends a game adds its seats (storage/records.py); here every game already
finished is added, oldest first (the runs of wins follow the order games ended in), from
its final snapshot, so the records are the sum of the stored games. The index
`ix_games_chat_id_status_id` lists a group's finished games newest first (`/games`)
without sorting them all.
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the table and tally the finished games."""
    op.create_table(
        "player_records",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("part", sa.String(length=32), nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=False)
          for name in ("played", "wins", "place_sum", "streak", "best_streak")),
        sa.PrimaryKeyConstraint("chat_id", "user_id", "kind", "part",
                                name=op.f("pk_player_records")),
    )
    op.create_index("ix_player_records_user_id", "player_records", ["user_id"])
    op.create_index("ix_games_chat_id_status_id", "games", ["chat_id", "status", "id"])
    _backfill(op.get_bind())


def _backfill(connection: sa.Connection) -> None:
    """Tally every finished game, in the order the games ended."""
    from core.engine.errors import GameError
    from core.engine.registry import get_game
    from storage.models import Game, Seat, built
    from storage.records import UPSERT, increments, results_of

    games = sa.table("games", *(sa.column(name) for name in (
        "id", "chat_id", "kind", "status", "snapshot", "outcome", "updated_at")))
    seats = sa.table("seats", sa.column("game_id"), sa.column("seat"), sa.column("user_id"))
    finished = connection.execute(
        sa.select(games).where(games.c.status == "finished")
        .order_by(games.c.updated_at, games.c.id)).mappings().all()
    statement = UPSERT[connection.dialect.name]
    for row in finished:
        game = built(Game, {**row, "outcome": _json(row["outcome"])})
        held = [built(Seat, dict(seat)) for seat in connection.execute(
            sa.select(seats).where(seats.c.game_id == row["id"])).mappings()]
        try:
            results = results_of(game, held, get_game(game.kind).load_state(row["snapshot"]))
        except (GameError, ValueError):  # a game no longer known, an unreadable snapshot
            continue
        if results:
            connection.execute(statement, increments(results))


def _json(value: object) -> object:
    """Return a JSON column's value (SQLite hands the text to an untyped column)."""
    return json.loads(value) if isinstance(value, str) else value


def downgrade() -> None:
    """Drop the table (the records can be tallied again from the games) and the index."""
    op.drop_index("ix_games_chat_id_status_id", table_name="games")
    op.drop_index("ix_player_records_user_id", table_name="player_records")
    op.drop_table("player_records")
