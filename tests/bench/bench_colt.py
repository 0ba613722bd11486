"""Benchmark: full Colt Express games per CPU-second (`python -m tests.bench.bench_colt`).

Plays complete games with one policy for every seat, in one process (one core),
repeats the batch and reports the best and median rate, in CPU time of this
process (so other work on the machine does not count against it). One JSON line per
policy (default: the timeout policy, then the bot). `--profile` prints where the time goes.
Not collected by pytest: figures belong in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time
from typing import Any

from core.engine.registry import get_game
from core.simulate import play_one


def run_batch(players: int, games: int, seed: int, policy: str,
              options: dict[str, Any], game_id: str = "colt_express") -> tuple[float, float]:
    """Return (games per CPU-second, mean actions per game) for one batch."""
    game = get_game(game_id)
    actions = 0
    started = time.process_time()
    for number in range(games):
        actions += play_one(game, players, seed + number, options, policy).actions
    elapsed = time.process_time() - started
    return games / elapsed, actions / games


def measure(players: int, games: int, repeats: int, policy: str,
            options: dict[str, Any], game_id: str = "colt_express") -> dict[str, Any]:
    """Return the JSON-ready figures of `repeats` batches of one policy."""
    run_batch(players, 20, 10**6, policy, options, game_id)  # warm up: imports and caches
    rates, mean_actions = [], 0.0
    for repeat in range(repeats):
        rate, mean_actions = run_batch(players, games, repeat * games, policy, options, game_id)
        rates.append(rate)
    return {
        "game": game_id, "players": players, "policy": policy, "options": options,
        "games_per_batch": games, "repeats": repeats,
        "best_games_per_second": round(max(rates), 1),
        "median_games_per_second": round(statistics.median(rates), 1),
        "mean_actions": round(mean_actions, 1),
        "microseconds_per_action": round(1e6 / (max(rates) * mean_actions), 1),
    }


def main(game_id: str = "colt_express", players: int = 4, games: int = 300,
         doc: str | None = __doc__) -> None:
    """Parse arguments, run the batches of `game_id` and print one JSON line per policy
    (the card game's bench calls this with its own defaults)."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--players", type=int, default=players)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--policy", action="append", choices=["default", "bot", "random"],
                        help="repeatable; default: --policy default --policy bot")
    parser.add_argument("--options", default="{}", help='JSON, e.g. \'{"expert": true}\'')
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    options = json.loads(args.options)
    policies = args.policy or ["default", "bot"]
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run_batch, args.players, args.games, 0, policies[0], options, game_id)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return
    for policy in policies:
        print(json.dumps(measure(args.players, args.games, args.repeats, policy, options,
                                 game_id)), flush=True)


if __name__ == "__main__":
    main()
