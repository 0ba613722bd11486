"""Schema migrations, run from code: `await upgrade(url_or_engine)` on start, and a small CLI.

    python -m storage.migrate [upgrade [REV] | downgrade REV | current | revision -m MSG]
        [--database-url URL]

The Alembic scripts live in storage/migrations/; no alembic.ini is needed.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.database import make_engine
from storage.settings import database_url

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str = "") -> Config:
    """Return an Alembic config pointing at storage/migrations and the given database URL."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def head_revision() -> str:
    """Return the newest revision id of the migration scripts."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


async def _on_connection(
    target: str | AsyncEngine, work: Callable[[Connection], str | None]
) -> str | None:
    """Run `work` on a synchronous connection in one transaction; dispose engines made here."""
    engine = make_engine(target) if isinstance(target, str) else target
    try:
        async with engine.begin() as connection:
            return await connection.run_sync(work)
    finally:
        if isinstance(target, str):
            await engine.dispose()


def _with_connection(connection: Connection) -> Config:
    config = alembic_config(connection.engine.url.render_as_string(hide_password=False))
    config.attributes["connection"] = connection
    return config


async def upgrade(target: str | AsyncEngine, revision: str = "head") -> None:
    """Upgrade the database (URL or engine) to `revision`."""

    def work(connection: Connection) -> None:
        command.upgrade(_with_connection(connection), revision)

    await _on_connection(target, work)


async def downgrade(target: str | AsyncEngine, revision: str) -> None:
    """Downgrade the database (URL or engine) to `revision` (e.g. "-1" or "base")."""

    def work(connection: Connection) -> None:
        command.downgrade(_with_connection(connection), revision)

    await _on_connection(target, work)


async def current_revision(target: str | AsyncEngine) -> str | None:
    """Return the revision the database is at, or None for an empty database."""

    def work(connection: Connection) -> str | None:
        return MigrationContext.configure(connection).get_current_revision()

    return await _on_connection(target, work)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m storage.migrate", description=__doc__)
    parser.add_argument("--database-url", default=None)
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("upgrade")
    up.add_argument("revision", nargs="?", default="head")
    down = sub.add_parser("downgrade")
    down.add_argument("revision")
    sub.add_parser("current")
    new = sub.add_parser("revision", help="autogenerate a revision against the database")
    new.add_argument("-m", "--message", required=True)
    args = parser.parse_args(argv)
    url = database_url(args.database_url)
    if args.command == "upgrade":
        asyncio.run(upgrade(url, args.revision))
    elif args.command == "downgrade":
        asyncio.run(downgrade(url, args.revision))
    elif args.command == "current":
        print(asyncio.run(current_revision(url)) or "(empty)")
    else:
        command.revision(alembic_config(url), message=args.message, autogenerate=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
