"""Storage benchmark: per-command load + apply + save latency on SQLite and PostgreSQL.

    python -m tests.bench.bench_storage [--commands N] [--sizes 100,10000] [--no-postgres]

For each backend and each count of stored games, fills a fresh database, then applies
default actions to random running games through `tgbot.service.commands.apply_action` (one unit of
work, one commit each) and prints p50/p99 of the whole command and of its storage part
(the command minus the engine's own load_state + apply + dump_state on the same input).
PostgreSQL is `TEST_POSTGRES_URL` (default postgres@127.0.0.1/test), schema `bgb_bench`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from typing import Any

from sqlalchemy import text

from core.engine.protocol import apply_checked
from core.engine.registry import get_game
from storage.clock import utc_now
from storage.database import make_engine
from storage.migrate import upgrade
from storage.models import ActorKind, Chat, Game, GameStatus, Seat
from storage.uow import UnitOfWorkFactory, sql_uow_factory
from tgbot.service.commands import apply_action

KIND = "bang_dice"
PLAYERS = 5
BATCH = 500
SCHEMA = "bgb_bench"
ENGINE = get_game(KIND)


def percentile(values: list[float], fraction: float) -> float:
    """Return the value below which `fraction` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def fill(uow: UnitOfWorkFactory, count: int) -> dict[int, Any]:
    """Store `count` freshly dealt games (bot seats) and return their states by game id."""
    states: dict[int, Any] = {}
    now = utc_now()
    async with uow() as work:
        await work.chats.add(chat=Chat(id=-1, created_at=now))
        await work.commit()
    for start in range(0, count, BATCH):
        async with uow() as work:
            for seed in range(start, min(count, start + BATCH)):
                state = ENGINE.setup({}, PLAYERS, seed).state
                game = await work.games.add(
                    game=Game(
                        chat_id=-1,
                        kind=KIND,
                        options={},
                        seed=seed,
                        status=GameStatus.RUNNING,
                        version=0,
                        snapshot=ENGINE.dump_state(state),
                        created_at=now,
                        updated_at=now,
                    )
                )
                assert game.id is not None
                for index in range(PLAYERS):
                    await work.seats.add(seat=Seat(game_id=game.id, seat=index, is_bot=True))
                states[game.id] = state
            await work.commit()
    return states


def engine_seconds(state: Any, seat: int, action: str) -> tuple[float, Any]:
    """Return the engine's own time for a command (load, apply, dump) and the next state."""
    snapshot = ENGINE.dump_state(state)
    started = time.perf_counter()
    loaded = ENGINE.load_state(snapshot)
    step = apply_checked(ENGINE, loaded, seat, action, ENGINE.version(loaded))
    ENGINE.dump_state(step.state)
    return time.perf_counter() - started, step.state


async def measure(uow: UnitOfWorkFactory, states: dict[int, Any], commands: int) -> dict[str, Any]:
    """Apply random commands; return p50/p99 in ms of whole commands and their storage part."""
    rng = random.Random(1)
    running = list(states)
    totals: list[float] = []
    storage: list[float] = []
    warmup = 50
    for index in range(commands + warmup):
        game_id = rng.choice(running)
        state = states[game_id]
        seat = min(ENGINE.to_act(state))
        action = ENGINE.encode_action(ENGINE.default_action(state, seat))
        started = time.perf_counter()
        await apply_action(
            uow,
            game_id=game_id,
            seat=seat,
            action_text=action,
            expected_version=ENGINE.version(state),
            actor=ActorKind.BOT,
            now=utc_now,
        )
        total = time.perf_counter() - started
        engine, states[game_id] = engine_seconds(state, seat, action)
        if not ENGINE.to_act(states[game_id]):
            running.remove(game_id)
        if index >= warmup:
            totals.append(total * 1000)
            storage.append(max(0.0, total - engine) * 1000)
    return {
        "p50": percentile(totals, 0.50),
        "p99": percentile(totals, 0.99),
        "storage_p50": percentile(storage, 0.50),
        "storage_p99": percentile(storage, 0.99),
        "mean": statistics.fmean(totals),
    }


async def run_backend(name: str, sizes: list[int], commands: int) -> list[dict[str, Any]]:
    """Benchmark one backend at each size, each on a fresh database."""
    rows = []
    for size in sizes:
        if name == "sqlite":
            folder = tempfile.mkdtemp(prefix="bgb-bench-")
            engine = make_engine(f"sqlite+aiosqlite:///{folder}/bench.sqlite3")
        else:
            url = os.environ.get(
                "TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
            )
            admin = make_engine(url)
            async with admin.begin() as connection:
                await connection.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
                await connection.execute(text(f"CREATE SCHEMA {SCHEMA}"))
            await admin.dispose()
            engine = make_engine(url, schema=SCHEMA)
        try:
            await upgrade(engine)
            uow = sql_uow_factory(engine)
            started = time.perf_counter()
            states = await fill(uow, size)
            filled = time.perf_counter() - started
            result = await measure(uow, states, commands)
            rows.append({"backend": name, "games": size, "fill_s": filled, **result})
            print(
                f"{name:8} {size:>6} games  command p50 {result['p50']:.2f} ms"
                f"  p99 {result['p99']:.2f} ms  |  storage part p50 {result['storage_p50']:.2f}"
                f" ms  p99 {result['storage_p99']:.2f} ms  (fill {filled:.1f} s)",
                flush=True,
            )
        finally:
            if name == "postgres":
                async with engine.begin() as connection:
                    await connection.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
            await engine.dispose()
    return rows


async def main_async(args: argparse.Namespace) -> None:
    sizes = [int(size) for size in args.sizes.split(",")]
    backends = ["sqlite"] if args.no_postgres else ["sqlite", "postgres"]
    rows: list[dict[str, Any]] = []
    for name in backends:
        rows += await run_backend(name, sizes, args.commands)
    print()
    print("| backend | stored games | command p50 | command p99 | storage p50 | storage p99 |")
    print("|---|---:|---:|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['backend']} | {row['games']:,} | {row['p50']:.2f} ms | {row['p99']:.2f} ms"
            f" | {row['storage_p50']:.2f} ms | {row['storage_p99']:.2f} ms |"
        )


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_storage")
    parser.add_argument("--commands", type=int, default=1000)
    parser.add_argument("--sizes", default="100,10000")
    parser.add_argument("--no-postgres", action="store_true")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
