"""Alembic environment: runs on a connection handed over by storage.migrate, or on the URL."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from storage.database import make_engine
from storage.models import METADATA

config = context.config


def run_on(connection: Connection) -> None:
    """Run the migrations on a synchronous connection (SQLite needs batch mode for ALTERs)."""
    context.configure(
        connection=connection,
        target_metadata=METADATA,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_on_url(url: str) -> None:
    """Run the migrations on a fresh engine for the URL."""
    engine = make_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(run_on)
    finally:
        await engine.dispose()


def run_offline(url: str) -> None:
    """Print the SQL instead of running it."""
    context.configure(url=url, target_metadata=METADATA, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


_connection = config.attributes.get("connection")
_url = config.get_main_option("sqlalchemy.url") or ""
if context.is_offline_mode():
    run_offline(_url)
elif _connection is not None:
    run_on(_connection)
else:
    asyncio.run(run_on_url(_url))
