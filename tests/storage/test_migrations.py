"""The migrations build exactly the models' schema, and the latest one can be reverted."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

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
    factory = sql_uow_factory(empty_db.engine)
    async with factory() as uow:
        game = await uow.games.get(game_id=1)
        assert (game.creator_id, game.lobby) == (None, {})
        assert len(await uow.seats.list(game_id=1)) == 2
        # 0003 carried the lobby's live message over into its delivery row.
        [row] = await uow.deliveries.of_game(game_id=1)
        assert (row.key, row.chat_id, row.message_id) == ("lobby", -5, 77)
    await downgrade(empty_db.engine, "0001")
    async with empty_db.engine.connect() as connection:
        counts = [
            (await connection.execute(text(f"SELECT COUNT(*) FROM {table}"))).scalar_one()
            for table in ("games", "seats", "message_refs")
        ]
        columns = await connection.run_sync(
            lambda sync: {c["name"] for c in inspect(sync).get_columns("games")}
        )
    assert counts == [1, 2, 0]  # message references come back empty
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


async def test_delivery_state_carries_the_live_messages_of_open_games(
        empty_db: Database) -> None:
    # 0003 turns the newest lobby, table and prompt message of each lobby or running game
    # into an already delivered row, so running tables keep being edited in place.
    await upgrade(empty_db.engine, "0002")
    async with empty_db.engine.begin() as connection:
        for statement in _SEED_0002.split(";"):
            if statement.strip():
                await connection.execute(text(statement))
    await upgrade(empty_db.engine)  # 0003 and on: today's repositories read the newest schema
    factory = sql_uow_factory(empty_db.engine)
    async with factory() as uow:
        rows = await uow.deliveries.of_games(game_ids=[1, 2, 3])
        game = await uow.games.get(game_id=1)
        log = await uow.actions.list(game_id=1)
    assert sorted((r.game_id, r.key, r.chat_id, r.message_id) for r in rows) == [
        (1, "prompt:1", 9, 82),
        (1, "table", -5, 81),  # the newest table message, not the one it replaced
        (2, "lobby", -6, 90),
    ]
    for row in rows:
        assert (row.revision, row.sent_revision, row.payload, row.due_at) == (1, 1, {}, None)
        assert (row.attempts, row.error, row.topic_id, row.sent_anchor) == (0, None, None, None)
        assert row.updated_at.tzinfo is not None
    assert game.paused_at is None
    assert [(record.version, record.events) for record in log] == [(1, None)]

    await downgrade(empty_db.engine, "0002")
    async with empty_db.engine.connect() as connection:
        tables = await connection.run_sync(_tables)
        counts = [(await connection.execute(text(f"SELECT COUNT(*) FROM {table}"))).scalar_one()
                  for table in ("games", "seats", "actions", "message_refs")]
        columns = await connection.run_sync(lambda sync: (
            {c["name"] for c in inspect(sync).get_columns("games")},
            {c["name"] for c in inspect(sync).get_columns("actions")}))
    assert not {"deliveries", "inbox"} & tables
    assert counts == [3, 3, 1, 0]
    assert "paused_at" not in columns[0]
    assert "events" not in columns[1]
    await upgrade(empty_db.engine)
    async with empty_db.engine.connect() as connection:
        assert await connection.run_sync(_diffs) == []


_SEED_0002 = """
INSERT INTO chats (id, language, default_options, timer_settings, created_at)
    VALUES (-5, 'en', '{}', '{}', '2026-01-01 00:00:00.000000');
INSERT INTO chats (id, language, default_options, timer_settings, created_at)
    VALUES (-6, 'en', '{}', '{}', '2026-01-01 00:00:00.000000');
INSERT INTO users (id, display_name, can_dm, stats, created_at)
    VALUES (9, 'nine', true, '{}', '2026-01-01 00:00:00.000000');
INSERT INTO games (id, chat_id, kind, options, seed, status, version, created_at, updated_at)
    VALUES (1, -5, 'bang_dice', '{}', 3, 'running', 1,
            '2026-01-01 00:00:00.000000', '2026-01-01 00:00:00.000000');
INSERT INTO games (id, chat_id, kind, options, seed, status, version, created_at, updated_at)
    VALUES (2, -6, 'bang_dice', '{}', 0, 'lobby', 0,
            '2026-01-01 00:00:00.000000', '2026-01-01 00:00:00.000000');
INSERT INTO games (id, chat_id, kind, options, seed, status, version, created_at, updated_at)
    VALUES (3, -5, 'bang_dice', '{}', 4, 'finished', 9,
            '2026-01-01 00:00:00.000000', '2026-01-01 00:00:00.000000');
INSERT INTO seats (game_id, seat, user_id, is_bot, strikes) VALUES (1, 0, NULL, true, 0);
INSERT INTO seats (game_id, seat, user_id, is_bot, strikes) VALUES (1, 1, 9, false, 0);
INSERT INTO seats (game_id, seat, user_id, is_bot, strikes) VALUES (2, 0, 9, false, 0);
INSERT INTO actions (game_id, version, seat, action, actor, applied_at)
    VALUES (1, 1, 1, 's', 'human', '2026-01-01 00:00:01.000000');
INSERT INTO message_refs (id, game_id, chat_id, message_id, purpose, seat, created_at)
    VALUES (1, 1, -5, 80, 'table', NULL, '2026-01-01 00:00:00.000000');
INSERT INTO message_refs (id, game_id, chat_id, message_id, purpose, seat, created_at)
    VALUES (2, 1, -5, 81, 'table', NULL, '2026-01-01 00:00:01.000000');
INSERT INTO message_refs (id, game_id, chat_id, message_id, purpose, seat, created_at)
    VALUES (3, 1, 9, 82, 'prompt', 1, '2026-01-01 00:00:01.000000');
INSERT INTO message_refs (id, game_id, chat_id, message_id, purpose, seat, created_at)
    VALUES (4, 1, 9, 83, 'private', 1, '2026-01-01 00:00:01.000000');
INSERT INTO message_refs (id, game_id, chat_id, message_id, purpose, seat, created_at)
    VALUES (5, 2, -6, 90, 'lobby', NULL, '2026-01-01 00:00:00.000000');
INSERT INTO message_refs (id, game_id, chat_id, message_id, purpose, seat, created_at)
    VALUES (6, 3, -5, 95, 'table', NULL, '2026-01-01 00:00:00.000000')
"""
