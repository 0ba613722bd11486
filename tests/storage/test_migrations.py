"""The migrations build exactly the models' schema, and the latest one can be reverted."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from storage.database import make_session_factory
from storage.migrate import alembic_config, current_revision, downgrade, head_revision, upgrade
from storage.models import METADATA
from storage.uow import sql_uow_factory
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


def _previous_revision() -> str | None:
    script = ScriptDirectory.from_config(alembic_config()).get_revision(head_revision())
    assert script is not None
    down = script.down_revision
    assert down is None or isinstance(down, str)
    return down


async def test_downgrade_latest_revision_then_upgrade_again(empty_db: Database) -> None:
    await upgrade(empty_db.engine)
    await downgrade(empty_db.engine, "-1")
    previous = _previous_revision()
    assert await current_revision(empty_db.engine) == previous
    if previous is None:
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


async def test_lobby_columns_come_and_go_without_losing_rows(empty_db: Database) -> None:
    # On SQLite a table copy would drop `games` with foreign keys on and cascade to its seats.
    await upgrade(empty_db.engine, "0001")
    async with empty_db.engine.begin() as connection:
        for statement in _SEED_0001.split(";"):
            if statement.strip():
                await connection.execute(text(statement))
    await upgrade(empty_db.engine)
    factory = sql_uow_factory(make_session_factory(empty_db.engine))
    async with factory() as uow:
        game = await uow.games.get(game_id=1)
        assert (game.creator_id, game.lobby) == (None, {})
        assert len(await uow.seats.list(game_id=1)) == 2
        ref = await uow.messages.find(chat_id=-5, message_id=77)
        assert ref is not None
        assert ref.content_hash is None
    await downgrade(empty_db.engine, "0001")
    async with empty_db.engine.connect() as connection:
        counts = [
            (await connection.execute(text(f"SELECT COUNT(*) FROM {table}"))).scalar_one()
            for table in ("games", "seats", "message_refs")
        ]
        columns = await connection.run_sync(
            lambda sync: {c["name"] for c in inspect(sync).get_columns("games")}
        )
    assert counts == [1, 2, 1]
    assert not {"creator_id", "lobby"} & columns


_SEED_0001 = """
INSERT INTO chats (id, language, default_options, timer_settings, created_at)
    VALUES (-5, 'en', '{}', '{}', '2026-01-01 00:00:00.000000');
INSERT INTO users (id, display_name, can_dm, stats, created_at)
    VALUES (9, 'nine', false, '{}', '2026-01-01 00:00:00.000000');
INSERT INTO games (id, chat_id, kind, options, seed, status, version, created_at, updated_at)
    VALUES (1, -5, 'bang_dice', '{}', 0, 'lobby', 0,
            '2026-01-01 00:00:00.000000', '2026-01-01 00:00:00.000000');
INSERT INTO seats (game_id, seat, user_id, is_bot, strikes) VALUES (1, 0, 9, false, 0);
INSERT INTO seats (game_id, seat, user_id, is_bot, strikes) VALUES (1, 1, NULL, true, 0);
INSERT INTO message_refs (id, game_id, chat_id, message_id, purpose, created_at)
    VALUES (1, 1, -5, 77, 'lobby', '2026-01-01 00:00:00.000000');
"""
