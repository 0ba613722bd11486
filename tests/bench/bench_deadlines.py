"""Benchmark: 1,000 games whose deadlines fall due in the same second.

`python -m tests.bench.bench_deadlines [--games 1000] [--database-url URL]` creates the
games (3 players each) on a fresh SQLite file (or the given database), makes every
deadline due at once, then runs the sweeper as the bot does (publishing to nothing) and
reports how long after the due moment the last timeout was applied. Target: within 5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from datetime import UTC, datetime
from typing import Any

from storage import deadlines as store
from storage import lobby
from storage.commands import Player
from storage.database import make_engine, make_session_factory
from storage.migrate import upgrade
from storage.uow import sql_uow_factory
from tgbot.deadlines import sweep
from tgbot.service import GameService


class _Silent:
    """A publisher that publishes nothing (Telegram is not what is measured)."""

    async def after_timeout(self, *args: Any, **kwargs: Any) -> None:
        return None

    async def remind(self, *args: Any, **kwargs: Any) -> None:
        return None


class _App:
    def __init__(self, games: GameService) -> None:
        self.games = games
        self.publisher = _Silent()


async def run(games: int, url: str | None) -> dict[str, Any]:
    """Return the measured figures."""
    url = url or f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    engine = make_engine(url)
    await upgrade(engine)
    service = GameService(sql_uow_factory(make_session_factory(engine)))
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
    due = datetime.now(UTC)
    for game_id in ids:
        game = await lobby.load_game(service.uow_factory, game_id=game_id)
        await store.set_times(service.uow_factory, game_id=game_id, version=game.version,
                              deadline_at=due, remind_at=None)
    app = _App(service)
    applied = 0
    parallel = 8 if url.startswith("postgresql") else 1  # as the bot does
    while applied < games:
        applied += await sweep(app, batch=200, parallel=parallel)
    finished = datetime.now(UTC)
    await engine.dispose()
    return {"games": games, "applied": applied, "backend": url.split(":")[0],
            "seconds_after_due": round((finished - due).total_seconds(), 3)}


def main() -> None:
    """Parse arguments, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    started = time.perf_counter()
    result = asyncio.run(run(args.games, args.database_url))
    result["total_seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
