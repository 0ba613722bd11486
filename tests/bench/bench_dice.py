"""Benchmark: full BANG! dice games per second on one core (`python -m tests.bench.bench_dice`).

Plays complete games with one policy for every seat, in one process (one core),
repeats the batch and reports the best and median rate, in CPU time of this
process (so other work on the machine does not count against it). `--profile` prints where
the time goes. Not collected by pytest: figures belong in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time

from core.engine.registry import get_game
from core.simulate import play_one


def run_batch(players: int, games: int, seed: int, policy: str) -> tuple[float, float]:
    """Return (games per second, mean actions per game) for one batch."""
    game = get_game("bang_dice")
    actions = 0
    started = time.process_time()
    for number in range(games):
        actions += play_one(game, players, seed + number, {}, policy).actions
    elapsed = time.process_time() - started
    return games / elapsed, actions / games


def main() -> None:
    """Parse arguments, run the batches and print one JSON line of results."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--policy", default="default", choices=["default", "bot", "random"])
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run_batch, args.players, args.games, 0, args.policy)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    run_batch(args.players, 20, 10**6, args.policy)  # warm up: imports and caches
    rates, mean_actions = [], 0.0
    for repeat in range(args.repeats):
        rate, mean_actions = run_batch(args.players, args.games, repeat * args.games,
                                       args.policy)
        rates.append(rate)
    print(json.dumps({
        "players": args.players, "policy": args.policy, "games_per_batch": args.games,
        "repeats": args.repeats, "best_games_per_second": round(max(rates), 1),
        "median_games_per_second": round(statistics.median(rates), 1),
        "mean_actions": round(mean_actions, 1),
        "microseconds_per_action": round(1e6 / (max(rates) * mean_actions), 1),
    }))


if __name__ == "__main__":
    main()
