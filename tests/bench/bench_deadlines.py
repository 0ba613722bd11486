"""Benchmark: 1,000 games whose deadlines fall due in the same second.

`python -m tests.bench.bench_deadlines [--games 1000] [--database-url URL] [--profile]`
creates the games (3 players each) on a fresh SQLite file (or, for a PostgreSQL URL, in
a private schema dropped afterwards), makes every deadline due at one moment in a single
statement, then runs the sweeper as the bot does: each share of claimed games timed out
in one unit of work, with the bot's outbox rendering what every audience should now see
and the delivery rows written in the same commit (nothing is sent: Telegram is not what
is measured). It reports how long after the due moment the last timeout was applied, and
the delivery rows written. Target: within 5 s. `--profile` prints where the sweep's time
goes (cProfile; the figure is then slower than without it).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import tempfile
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import text, update
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col

from storage.database import make_engine
from storage.migrate import upgrade
from storage.models import Delivery, Game
from storage.uow import sql_uow_factory
from tgbot.jobs.sweep import sweep
from tgbot.render.outbox import Outbox
from tgbot.service import lobby
from tgbot.service.commands import Player
from tgbot.service.games import GameService

SCHEMA = "bgb_bench_deadlines"


class _App:
    """The services `sweep` uses: the game service, whose written rows are only counted."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.written = 0
        games.deliver = self._count

    def _count(self, rows: list[Delivery]) -> None:
        self.written += len(rows)


async def _engine(url: str) -> AsyncEngine:
    """Return an engine on a fresh database: the SQLite file, or a new private schema."""
    if not url.startswith("postgresql"):
        return make_engine(url)
    admin = make_engine(url)
    async with admin.begin() as connection:
        await connection.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
        await connection.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    await admin.dispose()
    return make_engine(url, schema=SCHEMA)


async def _drop(engine: AsyncEngine) -> None:
    """Drop the private schema (PostgreSQL only)."""
    if engine.dialect.name == "postgresql":
        async with engine.begin() as connection:
            await connection.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))


async def _running_games(service: GameService, games: int) -> list[int]:
    """Return the ids of `games` new running 3-player games."""
    ids = []
    for index in range(games):
        game_id = await lobby.open_lobby(service.uow_factory, chat_id=-10_000 - index,
                                         topic_id=None, kind="bang_dice", options={},
                                         creator=Player(1, "A"), now=service.now)
        for user in (2, 3):
            await lobby.join_lobby(service.uow_factory, game_id=game_id,
                                   player=Player(user, "P"), now=service.now)
        await service.start(game_id)
        ids.append(game_id)
    return ids


async def _make_due(engine: AsyncEngine, ids: list[int], due: datetime) -> None:
    """Make every game's deadline `due` (and drop reminders), in one statement."""
    statement = (update(Game).where(col(Game.id).in_(ids))
                 .values(deadline_at=due, remind_at=None))
    async with engine.begin() as connection:
        await connection.execute(statement)


async def run(games: int, url: str | None, profile: bool = False) -> dict[str, Any]:
    """Return the measured figures."""
    url = url or f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    engine = await _engine(url)
    try:
        await upgrade(engine)
        service = GameService(sql_uow_factory(engine),
                              outbox=Outbox(lambda game_id: f"https://t.me/bench?start={game_id}"))
        ids = await _running_games(service, games)
        app = _App(service)  # counts only the timeouts' rows (the start wrote the others)
        parallel = 8 if url.startswith("postgresql") else 1  # as the bot does
        profiler = cProfile.Profile() if profile else None
        due = datetime.now(UTC)
        await _make_due(engine, ids, due)
        applied, sweeps = 0, 0
        if profiler is not None:
            profiler.enable()
        while applied < games and sweeps < 10 * games:
            applied += await sweep(app, batch=200, parallel=parallel)
            sweeps += 1
        finished = datetime.now(UTC)
        if profiler is not None:
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    finally:
        await _drop(engine)
        await engine.dispose()
    return {"games": games, "applied": applied, "backend": url.split(":")[0],
            "parallel": parallel, "seconds_after_due": round((finished - due).total_seconds(), 3),
            "delivery_rows": app.written}


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    result = asyncio.run(run(args.games, args.database_url, args.profile))
    result["total_seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
