"""Benchmark: CPU time of one press's command, as the bot runs it, without Telegram.

    python -m tests.bench.bench_command [--rounds 20] [--groups 20] [--bot-dir DIR]

Opens `--groups` BANG! The Dice Game tables of 3-5 players on a fresh SQLite file through
the service the bot builds (`GameService` with the bot's outbox and deadline rule, table
pictures off as in bench_press), then `--rounds` times presses one button at each table:
the player the table waits for ends his re-rolls ("done") or plays his first legal action.
Only `GameService.play` is timed (process CPU time): load the scene, apply, render what
every audience should see, save, commit. A finished game is replaced by a new one, outside
the timing. The seeds are fixed, so two checkouts play the same presses.

`--bot-dir` measures another checkout (e.g. a `git worktree` of an older commit) with this
repository's virtual environment. The machine's speed drifts; for a figure that does not,
count instructions: run the bench under `valgrind --tool=callgrind` with `--rounds 5` and
`--rounds 0` and divide the difference of the two totals by the presses (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


async def run(rounds: int, groups: int) -> tuple[int, float]:
    """Return the presses made and their total CPU seconds."""
    from storage.database import make_engine
    from storage.migrate import upgrade
    from storage.uow import sql_uow_factory
    from tgbot.render.outbox import Outbox
    from tgbot.service import lobby, profiles
    from tgbot.service.commands import Player
    from tgbot.service.games import GameService

    engine = make_engine(f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    await upgrade(engine)
    seeds = iter(range(1, 10**6))
    service = GameService(sql_uow_factory(engine), seed_source=lambda: next(seeds),
                          outbox=Outbox(lambda g: f"https://t.me/b?start={g}"))

    async def new_game(n: int) -> int:
        # as `/settings pictures off` in the group: the table is text (as in bench_press)
        await profiles.set_chat_pictures(service.uow_factory, chat_id=-10_000 - n, on=False,
                                         now=service.now)
        game_id = await lobby.open_lobby(service.uow_factory, chat_id=-10_000 - n,
                                         topic_id=None, kind="bang_dice", options={},
                                         creator=Player(1000 * n + 1, "A"), now=service.now)
        for user in range(2, 4 + n % 3):
            await lobby.join_lobby(service.uow_factory, game_id=game_id,
                                   player=Player(1000 * n + user, f"P{user}"), now=service.now)
        await service.start(game_id)
        return game_id

    games = [await new_game(n) for n in range(groups)]
    gc.collect()
    gc.freeze()  # as the bot does once started
    presses, cpu = 0, 0.0
    for round_ in range(rounds):
        for index, game_id in enumerate(games):
            table = await service.table(game_id)
            if table.engine.outcome(table.state) is not None:
                games[index] = game_id = await new_game(groups * (round_ + 1) + index)
                table = await service.table(game_id)
            engine_, state = table.engine, table.state
            seat = min(engine_.to_act(state))
            legal = [engine_.encode_action(a) for a in engine_.legal_actions(state, seat)]
            action = "s" if "s" in legal else legal[0]
            user = table.user_of(seat)
            assert user is not None
            started = time.process_time()
            await service.play(game_id, user, table.game.version, action)
            cpu += time.process_time() - started
            presses += 1
    await engine.dispose()
    return presses, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--groups", type=int, default=20)
    parser.add_argument("--bot-dir", default=str(ROOT),
                        help="checkout whose service is measured (default: this repository)")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.bot_dir).resolve()))
    presses, cpu = asyncio.run(run(args.rounds, args.groups))
    figure = f"{1000 * cpu / presses:.3f} ms" if presses else "-"
    print(f"{args.bot_dir}: {presses} presses, CPU per command {figure}")


if __name__ == "__main__":
    main()
