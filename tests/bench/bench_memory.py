"""`python -m tests.bench.bench_memory [--games 10000] [--players 4] [--bot-dir DIR]`:
the process's memory (RSS) with many open games.

Opens `--games` BANG! The Dice Game tables through the service layer on a SQLite file, as
the bot does: each in a group of its own whose `--players` people open the lobby, join
and start it, with the real outbox, the delivery loop sending every table (a picture,
drawn at send time, as pictures are on by default) and private prompt to a fake Telegram
that only answers, and the waker keeping each game's deadlines. After every `--every`
games it waits for the deliveries to settle, collects garbage and prints one line: the
games open, the process's RSS (VmRSS) and its growth per game since the first line.

`--trace N` lists the N places whose memory held grew the most from the first line to
the end.
`--bot-dir DIR` runs the code of another checkout (e.g. a `git worktree` of an older
commit; only service calls older code also has are used). Prints Markdown rows; not
collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
import tracemalloc
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
FIRST: list[tracemalloc.Snapshot] = []  # with --trace: the allocations at the first line


def rss_mb() -> float:
    """Return the process's resident set size in MB (VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Answers:
    """A Telegram that answers every delivery call and keeps nothing."""

    def __init__(self) -> None:
        self.next_id = 100
        self.calls = 0

    async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
        self.calls += 1
        if endpoint.startswith("send"):
            self.next_id += 1
            return {"message_id": self.next_id, "chat": {"id": data["chat_id"]}}
        return True

    async def send_message(self, chat_id: int, text: str, **kwargs: Any) -> Any:
        return await self.post_raw("sendMessage", {"chat_id": chat_id})


class Jobs:
    """A job queue that never fires (the waker's deadlines are only kept)."""

    class _Job:
        def schedule_removal(self) -> None:
            return None

    def run_once(self, *args: Any, **kwargs: Any) -> Any:
        return self._Job()


async def run(args: argparse.Namespace) -> list[tuple[int, float]]:
    """Open the games; return (games open, RSS in MB) at each report."""
    from storage.database import make_engine
    from storage.migrate import upgrade
    from storage.uow import sql_uow_factory
    from tgbot.delivery.loop import Deliverer
    from tgbot.delivery.photos import TablePictures
    from tgbot.jobs.waker import Waker
    from tgbot.render.outbox import Outbox
    from tgbot.service import lobby
    from tgbot.service.commands import Player
    from tgbot.service.games import GameService

    workdir = Path(tempfile.mkdtemp(prefix="bench_memory_"))
    engine = make_engine(f"sqlite+aiosqlite:///{workdir}/bench.sqlite3")
    await upgrade(engine)
    uow_factory = sql_uow_factory(engine)
    ticks = iter(range(10**9))

    def now() -> datetime:
        return START + timedelta(milliseconds=next(ticks))

    bot, pictures = Answers(), TablePictures()
    deliverer = Deliverer(bot, uow_factory, now, pictures=pictures)  # type: ignore[arg-type]
    waker = Waker(Jobs(), lambda context: asyncio.sleep(0), now)  # type: ignore[arg-type]
    games = GameService(uow_factory, now=now, seed_source=lambda: 7,
                        outbox=Outbox(lambda game_id: f"https://t.me/bot?start=j{game_id}", now),
                        deliver=deliverer.push, wake=waker.wake_at)
    gc.collect()
    rows = [(0, rss_mb())]
    print(f"| 0 | {rows[0][1]:.1f} MB | | | |", flush=True)
    started = time.monotonic()
    for number in range(1, args.games + 1):
        chat, first = -1_000_000_000_000 - number, 10_000_000 + number * args.players
        game_id = await lobby.open_lobby(uow_factory, chat_id=chat, topic_id=None,
                                         kind="bang_dice", options={},
                                         creator=Player(first, f"P{first}"), now=now)
        for user in range(first + 1, first + args.players):
            await lobby.join_lobby(uow_factory, game_id=game_id,
                                   player=Player(user, f"P{user}"), now=now)
        await games.start(game_id)
        if number % 50 == 0:
            await deliverer.idle()
        if number % args.every == 0 or number == args.games:
            await deliverer.idle()
            gc.collect()
            rows.append((number, rss_mb()))
            if tracemalloc.is_tracing() and len(rows) == 2:  # rows[1]: the first line
                FIRST.append(tracemalloc.take_snapshot())
            print(f"| {number:,} | {rows[-1][1]:.1f} MB | "
                  f"{(rows[-1][1] - rows[1][1]) * 1024 / max(1, number - rows[1][0]):.1f} KB "
                  f"| {time.monotonic() - started:.0f} s | {bot.calls:,} |", flush=True)
    await deliverer.stop()
    pictures.close()
    uow_factory.close()
    await engine.dispose()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--every", type=int, default=1_000,
                        help="print a line every this many games")
    parser.add_argument("--trace", type=int, default=0, metavar="N",
                        help="trace allocations; print the N places that grew the most")
    parser.add_argument("--bot-dir", default=None,
                        help="run the code of this checkout (default: this repository)")
    args = parser.parse_args()
    if args.bot_dir:
        sys.path.insert(0, str(Path(args.bot_dir).resolve()))
    print("| Games open | RSS | Per game since the first line | Wall | Telegram calls |")
    print("|---:|---:|---:|---:|---:|")
    if args.trace:
        tracemalloc.start(3)
    asyncio.run(run(args))
    if args.trace:
        gc.collect()
        for stat in tracemalloc.take_snapshot().compare_to(FIRST[0], "traceback")[:args.trace]:
            print(f"{stat.size_diff / 1024:+.0f} KB in {stat.count_diff:+} blocks since the "
                  "first line")
            for line in stat.traceback.format()[-6:]:
                print("   ", line)
    import tgbot

    print(f"code: {Path(tgbot.__file__).parent.parent}")


if __name__ == "__main__":
    main()
