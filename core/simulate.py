"""`python -m core.simulate GAME --players N --games K --seed S [--options JSON] [--policy P]`.

Plays K complete games with one policy for every seat and prints a JSON summary on
the last line. Any exception counts as an error and is reported with its seed so
the game can be replayed. A progress bar goes to stderr for long runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from core.engine.errors import GameError
from core.engine.registry import game_ids, get_game
from core.engine.rng import next_below, seed_state

POLICIES = ("default", "bot", "random")
MAX_ACTIONS = 100_000


@dataclass
class GameResult:
    """One finished game: the winning side (None for a draw), its length and its tallies."""

    side: str | None
    actions: int
    tallies: dict[str, list[str]]


def play_one(game: Any, players: int, seed: int, options: dict[str, Any],
             policy: str) -> GameResult:
    """Play one game to the end and return its result; raise RuntimeError if it never ends."""
    state = game.setup(options, players, seed).state
    # An engine may check its own invariants after every step (the card game: 80 cards).
    check = getattr(game, "check_state", None)
    if check is not None:
        check(state)
    chooser = seed_state(seed, "random-policy")
    count = 0
    while True:
        seats = game.to_act(state)
        if not seats:
            break
        seat = min(seats)
        if policy == "default":
            action = game.default_action(state, seat)
        elif policy == "bot":
            action = game.bot_action(state, seat)
        else:
            legal = game.legal_actions(state, seat)
            chooser, index = next_below(chooser, len(legal))
            action = legal[index]
        state = game.apply(state, seat, action).state
        if check is not None:
            check(state)
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
    outcome = game.outcome(state)
    tallies = game.tallies(state) if hasattr(game, "tallies") else {}
    return GameResult(None if outcome is None or outcome.side is None else str(outcome.side),
                      count, tallies)


def simulate(game_id: str, players: int, games: int, seed: int, options: dict[str, Any],
             policy: str, progress: bool = False) -> dict[str, Any]:
    """Play `games` games with seeds seed, seed+1, ... and return the summary dict."""
    game = get_game(game_id)
    outcomes: Counter[str] = Counter()
    tallies: dict[str, Counter[str]] = {}
    failures: list[dict[str, Any]] = []
    total_actions = 0
    started = time.perf_counter()
    for number in range(games):
        game_seed = seed + number
        try:
            result = play_one(game, players, game_seed, options, policy)
        except (GameError, RuntimeError, ValueError, KeyError, IndexError, TypeError,
                AssertionError, AttributeError) as error:
            failures.append({"seed": game_seed, "error": f"{type(error).__name__}: {error}"})
            continue
        outcomes[result.side or "draw"] += 1
        total_actions += result.actions
        for name, items in result.tallies.items():
            tallies.setdefault(name, Counter()).update(items)
        if progress and (number + 1) % max(1, games // 50) == 0:
            done = (number + 1) / games
            bar = "#" * int(done * 40)
            print(f"\r[{bar:<40}] {number + 1}/{games}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    finished = games - len(failures)
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "errors": len(failures),
        "outcomes": dict(sorted(outcomes.items())),
        "mean_actions": round(total_actions / finished, 2) if finished else 0,
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
        "policy": policy,
        "seed": seed,
        **{name: dict(counter.most_common()) for name, counter in sorted(tallies.items())},
        "failures": failures[:20],
    }


def add_table_arguments(parser: argparse.ArgumentParser, *, games: int) -> None:
    """Add the arguments naming the tables to play: game, --players, --games, --seed,
    --options."""
    parser.add_argument("game", choices=game_ids())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default="{}", help="table options as a JSON object")


def table_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Any]:
    """Return the table options of parsed `add_table_arguments`; exit through
    `parser.error` for bad JSON, a player count or options the game refuses."""
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as error:
        parser.error(f"--options is not valid JSON: {error}")
    if not isinstance(options, dict):
        parser.error("--options must be a JSON object")
    game = get_game(args.game)
    if not game.min_players <= args.players <= game.max_players:
        parser.error(f"{args.game} takes {game.min_players}-{game.max_players} players")
    try:
        game.setup(options, args.players, args.seed)
    except GameError as error:
        parser.error(str(error))
    return options


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the simulation, print the summary; return 0, or 1 on errors."""
    parser = argparse.ArgumentParser(prog="python -m core.simulate", description=__doc__)
    add_table_arguments(parser, games=100)
    parser.add_argument("--policy", choices=POLICIES, default="default")
    args = parser.parse_args(argv)
    options = table_options(parser, args)
    summary = simulate(args.game, args.players, args.games, args.seed, options, args.policy,
                       progress=args.games >= 200 and sys.stderr.isatty())
    for failure in summary["failures"]:
        print(f"error in game with seed {failure['seed']}: {failure['error']}", file=sys.stderr)
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
