"""Group statistics benchmark: `/stats`, `/top` and `/games` on a group with many finished
games, on SQLite and PostgreSQL.

    python -m tests.bench.bench_stats [--games 10000] [--reads 300] [--no-postgres]
    python -m tests.bench.bench_stats --animation

Fills a fresh database with `--games` finished dice games of one group (5 seats drawn
from 12 players, roles, places and winners at random), each tallied into the players'
records in the unit of work that stores it, as a game's end does. Then times, per call,
the reads each command makes (`standings.player_stats` for /stats in the group and in
private, `standings.group_table` for /top, `archive.ended_games` for /games) plus the
text the front renders; and, for comparison, what /stats would cost without the records:
reading the group's finished games and their seats and counting them (the "from the
games" row). Wall time and the bot process's CPU time (`time.process_time`: on SQLite the
database runs in the process, so it counts; PostgreSQL's own work does not). Also the
cost of tallying one game's end (5 seats). PostgreSQL is `TEST_POSTGRES_URL` (default
postgres@127.0.0.1/test), schema `bgb_stats_bench`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from sqlalchemy import text

from core.engine.registry import get_game
from storage.clock import utc_now
from storage.database import make_engine
from storage.migrate import upgrade
from storage.models import ActionRecord, ActorKind, Chat, Game, GameStatus, Seat, User
from storage.records import SeatResult
from storage.uow import UnitOfWorkFactory, sql_uow_factory
from tests.bench.bench_storage import percentile
from tgbot.render.archive import animation, frame_steps
from tgbot.render.stats import stats_text, top_text
from tgbot.service import archive, standings

GROUP = -100
PLAYERS = 12
SEATS = 5
BATCH = 500
SCHEMA = "bgb_stats_bench"
ROLES = ("sheriff", "renegade", "outlaw", "outlaw", "deputy")


def _game(rng: random.Random, at: Any) -> tuple[Game, list[int], list[SeatResult]]:
    """Return a finished game row, its players and their results."""
    players = rng.sample(range(1, PLAYERS + 1), SEATS)
    roles = list(ROLES)
    rng.shuffle(roles)
    law = rng.random() < 0.5
    winners = [s for s, role in enumerate(roles)
               if (role in ("sheriff", "deputy")) == law and role != "renegade"]
    results = [SeatResult(GROUP, user, "bang_dice", roles[s], 1 if s in winners else 2,
                          s in winners) for s, user in enumerate(players)]
    game = Game(chat_id=GROUP, kind="bang_dice", options={}, seed=rng.randrange(1 << 30),
                status=GameStatus.FINISHED, version=80, snapshot="{}",
                outcome={"side": "law" if law else "outlaws", "winners": winners,
                         "reason": "bench"}, created_at=at, updated_at=at)
    return game, players, results


async def fill(uow: UnitOfWorkFactory, count: int) -> None:
    """Store the group, its players and `count` finished games with their records."""
    rng = random.Random(7)
    start = utc_now() - timedelta(days=count)
    async with uow() as work:
        await work.chats.add(chat=Chat(id=GROUP, created_at=start))
        for user in range(1, PLAYERS + 1):
            await work.users.add(user=User(id=user, display_name=f"Player {user}",
                                           created_at=start))
        await work.commit()
    for first in range(0, count, BATCH):
        async with uow() as work:
            for index in range(first, min(count, first + BATCH)):
                game, players, results = _game(rng, start + timedelta(days=index))
                added = await work.games.add(game=game)
                for seat, user in enumerate(players):
                    await work.seats.add(seat=Seat(game_id=added.id or 0, seat=seat,
                                                   user_id=user))
                await work.records.tally(results=results)
            await work.commit()


async def from_the_games(uow: UnitOfWorkFactory, *, chat_id: int,
                         user_id: int) -> tuple[int, int]:
    """Return (played, wins) of a player counted from the stored games (no records)."""
    async with uow() as work:
        games = await work.games.list(chat_id=chat_id, status=GameStatus.FINISHED)
        seats = await work.seats.list_many(game_ids=[game.id or 0 for game in games])
    held = {row.game_id: row.seat for row in seats if row.user_id == user_id}
    played = wins = 0
    for game in games:
        if game.id in held:
            played += 1
            wins += held[game.id] in (game.outcome or {}).get("winners", [])
    return played, wins


async def timed(calls: int, work: Callable[[], Awaitable[Any]]) -> dict[str, float]:
    """Return p50/p99 wall and CPU milliseconds of `calls` calls (after 10 warm-up calls)."""
    for _ in range(10):
        await work()
    walls, cpus = [], []
    for _ in range(calls):
        wall, cpu = time.perf_counter(), time.process_time()
        await work()
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    return {"p50": percentile(walls, 0.5), "p99": percentile(walls, 0.99),
            "cpu_p50": percentile(cpus, 0.5), "cpu_p99": percentile(cpus, 0.99)}


async def measure(uow: UnitOfWorkFactory, reads: int) -> dict[str, dict[str, float]]:
    """Time each command's reads and rendering."""
    async def stats_here() -> None:
        stats_text("en", await standings.player_stats(uow, chat_id=GROUP, user_id=3),
                   everywhere=False)

    async def stats_everywhere() -> None:
        stats_text("en", await standings.player_stats(uow, chat_id=None, user_id=3),
                   everywhere=True)

    async def top() -> None:
        top_text("en", await standings.group_table(uow, chat_id=GROUP))

    async def games() -> None:
        await archive.ended_games(uow, chat_id=GROUP)

    async def tally() -> None:
        async with uow() as work:
            _, _, results = _game(random.Random(1), utc_now())
            await work.records.tally(results=results)
            await work.rollback()

    async def counted() -> None:
        await from_the_games(uow, chat_id=GROUP, user_id=3)

    found = {"/stats (group)": await timed(reads, stats_here),
             "/stats (private, all groups)": await timed(reads, stats_everywhere),
             "/top": await timed(reads, top), "/games": await timed(reads, games),
             "a game's end: tally 5 seats": await timed(reads, tally)}
    found["/stats from the games (no records)"] = await timed(max(5, reads // 30), counted)
    return found


async def run_backend(name: str, games: int, reads: int) -> dict[str, dict[str, float]]:
    """Fill a fresh database of one backend and time the reads."""
    if name == "sqlite":
        engine = make_engine(f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/stats.sqlite3")
    else:
        url = os.environ.get("TEST_POSTGRES_URL",
                             "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
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
        await fill(uow, games)
        print(f"{name}: {games} games stored in {time.perf_counter() - started:.1f} s",
              flush=True)
        played, _ = await from_the_games(uow, chat_id=GROUP, user_id=3)
        mine = await standings.player_stats(uow, chat_id=GROUP, user_id=3)
        assert mine.overall is not None
        assert mine.overall.played == played  # the records count what the games hold
        result = await measure(uow, reads)
        uow.close()
        return result
    finally:
        if name == "postgres":
            async with engine.begin() as connection:
                await connection.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
        await engine.dispose()


def animations() -> None:
    """Print what a game's animation costs: one bot game of each kind, 5 players, replayed
    as the archive does and drawn frame by frame into a GIF (CPU time of the process)."""
    print("| game | actions | frames | replay | animation (draw + GIF) | GIF size |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind in ("bang_dice", "colt_express", "bang_cards"):
        engine = get_game(kind)
        state = engine.setup({}, SEATS, 3).state
        log = []
        while seats := engine.to_act(state):
            seat = min(seats)
            action = engine.encode_action(engine.bot_action(state, seat))
            step = engine.apply(state, seat, engine.decode_action(action))
            log.append(ActionRecord(game_id=1, version=len(log) + 1, seat=seat, action=action,
                                    actor=ActorKind.BOT, applied_at=utc_now(),
                                    events=[e.to_json() for e in step.events
                                            if e.visible_to(None)]))
            state = step.state
        cpu = time.process_time()
        states = [engine.setup({}, SEATS, 3).state]
        for record in log:
            states.append(engine.apply(states[-1], record.seat,
                                       engine.decode_action(record.action)).state)
        replayed = time.process_time() - cpu
        game = Game(id=1, chat_id=GROUP, kind=kind, seed=3, status=GameStatus.FINISHED,
                    created_at=utc_now(), updated_at=utc_now())
        found = archive.Archived(game, [f"Player {i}" for i in range(SEATS)], frozenset(),
                                 log, states, [])
        cpu = time.process_time()
        gif = animation("en", found) or b""
        drawn = time.process_time() - cpu
        print(f"| {kind} | {len(log)} | {len(frame_steps(found))} | {replayed * 1000:.0f} ms"
              f" | {drawn * 1000:.0f} ms | {len(gif) // 1024} KB |", flush=True)


async def main_async(args: argparse.Namespace) -> None:
    if args.animation:
        animations()
        return
    print("| backend | command | wall p50 | wall p99 | bot CPU p50 | bot CPU p99 |")
    print("|---|---|---:|---:|---:|---:|")
    for name in ["sqlite"] if args.no_postgres else ["sqlite", "postgres"]:
        for command, row in (await run_backend(name, args.games, args.reads)).items():
            print(f"| {name} | {command} | {row['p50']:.2f} ms | {row['p99']:.2f} ms | "
                  f"{row['cpu_p50']:.2f} ms | {row['cpu_p99']:.2f} ms |", flush=True)


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_stats")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--animation", action="store_true",
                        help="time the /games animation of one game of each kind instead")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
