"""The migrations build exactly the models' schema, and the latest one can be reverted."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from storage.migrate import current_revision, downgrade, head_revision, upgrade
from storage.models import METADATA
from tests.storage.conftest import Database


def _diffs(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, METADATA))


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


async def test_upgrade_head_from_empty_matches_the_models(empty_db: Database) -> None:
    assert await current_revision(empty_db.engine) is None
    await upgrade(empty_db.engine)
    assert await current_revision(empty_db.engine) == head_revision()
    async with empty_db.engine.connect() as connection:
        assert await connection.run_sync(_diffs) == []
        tables = await connection.run_sync(_tables)
    assert tables == {*METADATA.tables, "alembic_version"}


async def test_comparison_sees_a_missing_schema(empty_db: Database) -> None:
    # The no-diff assertion above has teeth: an empty database differs from the models.
    async with empty_db.engine.connect() as connection:
        diffs = await connection.run_sync(_diffs)
    assert {diff[1].name for diff in diffs if diff[0] == "add_table"} == set(METADATA.tables)


async def test_downgrade_latest_revision_then_upgrade_again(empty_db: Database) -> None:
    await upgrade(empty_db.engine)
    await downgrade(empty_db.engine, "-1")
    assert await current_revision(empty_db.engine) is None
    async with empty_db.engine.connect() as connection:
        assert await connection.run_sync(_tables) <= {"alembic_version"}
    await upgrade(empty_db.engine)
    async with empty_db.engine.connect() as connection:
        assert await connection.run_sync(_diffs) == []


async def test_upgrade_by_url_is_idempotent(sql_db: Database) -> None:
    if sql_db.backend == "postgres":
        # The URL form cannot carry the private test schema; the engine form is what tests use.
        await upgrade(sql_db.engine)
    else:
        await upgrade(sql_db.url)
        await upgrade(sql_db.url)
    assert await current_revision(sql_db.engine) == head_revision()
