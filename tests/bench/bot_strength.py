"""`python -m tests.bench.bot_strength GAME --players P --games N [--seed S] [--options JSON]`.

How much better the bot plays a seat than the timeout default and than chance, role by
role. Works for any registered game.

Game k uses seed S+k and tests seat k mod P. Each seed is played three times, the tested
seat played by the bot (`bot_action`), by the timeout default (`default_action`) and by a
uniformly random legal policy (`random.Random(seed)`); every other seat plays the
default every time. The seat wins a game when it is among `Outcome.winners` (a shared win
counts). Each game is reported under the tested seat's role, read from the seat's own view
after the game (a top-level `role`, or `role` in the seat's entry of `seats`). Games
without roles (Colt Express) are reported by seat position. "Won as" lists the
`Outcome.side` values of the seat's wins. Each margin is the mean paired difference on the
same seeds, in percentage points, with a 95 % normal-approximation interval (clipped to
±100).

A team game's base rate belongs to the side (the dice game's Law wins ~89 % of
default-policy games at 5 players), so read a margin against the same role's default
figure, never against 1/P. Prints Markdown; not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.engine.registry import AnyGame, get_game
from core.simulate import add_table_arguments, table_options

POLICIES = ("bot", "default", "random")
MAX_ACTIONS = 100_000
Z95 = 1.96


@dataclass
class Tally:
    """The tested seat's results for one role: one 0/1 win per seed and policy."""

    wins: dict[str, list[int]] = field(default_factory=lambda: {p: [] for p in POLICIES})
    sides: set[str] = field(default_factory=set)

    @property
    def games(self) -> int:
        return len(self.wins["bot"])

    def rate(self, policy: str) -> float:
        """Return the policy's win share (0 when there are no games)."""
        column = self.wins[policy]
        return sum(column) / len(column) if column else 0.0

    def margin(self, other: str) -> tuple[float, float]:
        """Return the bot's mean paired margin over `other` and its 95 % half-width."""
        diffs = [b - o for b, o in zip(self.wins["bot"], self.wins[other], strict=True)]
        n = len(diffs)
        if n == 0:
            return 0.0, math.nan
        mean = sum(diffs) / n
        if n < 2:
            return mean, math.nan
        variance = (sum(d * d for d in diffs) - n * mean * mean) / (n - 1)
        return mean, Z95 * math.sqrt(max(variance, 0.0) / n)


def seat_label(game: AnyGame, state: Any, seat: int) -> str:
    """Return the seat's role as its own view shows it, else "seat N"."""
    data = game.view_json(game.view(state, seat))
    role = data.get("role")
    entries = data.get("seats")
    if role is None and isinstance(entries, list | tuple) and seat < len(entries):
        entry = entries[seat]
        role = entry.get("role") if isinstance(entry, dict) else None
    return f"seat {seat}" if role is None else str(role)


def play(game: AnyGame, players: int, seed: int, options: dict[str, Any], tested: int,
         policy: str) -> tuple[bool, str | None, str]:
    """Play one game; return (did the tested seat win, winning side, the seat's label)."""
    state = game.setup(options, players, seed).state
    chooser = random.Random(seed)
    pick: Callable[[Any, int], Any] = {
        "bot": game.bot_action,
        "default": game.default_action,
        "random": lambda s, seat: chooser.choice(game.legal_actions(s, seat)),
    }[policy]
    for _ in range(MAX_ACTIONS):
        seats = game.to_act(state)
        if not seats:
            break
        seat = min(seats)
        action = pick(state, seat) if seat == tested else game.default_action(state, seat)
        state = game.apply(state, seat, action).state
    else:
        raise RuntimeError(f"seed {seed}: no end after {MAX_ACTIONS} actions ({policy})")
    outcome = game.outcome(state)
    won = outcome is not None and tested in outcome.winners
    side = None if outcome is None or outcome.side is None else str(outcome.side)
    return won, side, seat_label(game, state, tested)


def measure(game_id: str, players: int, games: int, seed: int = 0,
            options: dict[str, Any] | None = None) -> dict[str, Tally]:
    """Play every seed three ways; return the tallies by role (or seat), plus "all"."""
    game = get_game(game_id)
    tallies: dict[str, Tally] = {}
    overall = Tally()
    for number in range(games):
        tested = number % players
        results = {p: play(game, players, seed + number, options or {}, tested, p)
                   for p in POLICIES}
        label = results["default"][2]
        for tally in (tallies.setdefault(label, Tally()), overall):
            for policy, (won, side, _) in results.items():
                tally.wins[policy].append(int(won))
                if won and side is not None:
                    tally.sides.add(side)
    ordered = dict(sorted(tallies.items(), key=lambda item: _order(item[0])))
    ordered["all"] = overall
    return ordered


def _order(label: str) -> tuple[int, str]:
    """Sort seats by number, roles by name."""
    tail = label.removeprefix("seat ")
    return (int(tail), "") if tail.isdigit() else (1_000, label)


def _pct(value: float) -> str:
    return f"{100 * value:.1f}"


def _margin(tally: Tally, other: str) -> str:
    mean, half = tally.margin(other)
    if math.isnan(half):
        return f"{100 * mean:+.1f}"
    low, high = max(-1.0, mean - half), min(1.0, mean + half)  # a margin lies in [-1, 1]
    return f"{100 * mean:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"


def table(tallies: dict[str, Tally], with_sides: bool) -> str:
    """Return the tallies as a Markdown table."""
    head = ["Role / seat", "Games", "Bot win %", "Default win %", "Random win %",
            "Bot − default (pp, 95 %)", "Bot − random (pp, 95 %)"]
    if with_sides:
        head.insert(1, "Won as")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for label, tally in tallies.items():
        row = [f"**{label}**" if label == "all" else label, str(tally.games),
               _pct(tally.rate("bot")), _pct(tally.rate("default")), _pct(tally.rate("random")),
               _margin(tally, "default"), _margin(tally, "random")]
        if with_sides:
            row.insert(1, ", ".join(sorted(tally.sides)) if label != "all" else "")
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure and print a heading and a Markdown table."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bot_strength",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_table_arguments(parser, games=400)
    args = parser.parse_args(argv)
    options = table_options(parser, args)
    if args.games < 1:
        parser.error("--games must be at least 1")
    started = time.perf_counter()
    tallies = measure(args.game, args.players, args.games, args.seed, options)
    elapsed = time.perf_counter() - started
    with_sides = any(not label.startswith("seat ") for label in tallies if label != "all")
    print(f"{args.game}, {args.players} players, {args.games} games (seeds {args.seed}–"
          f"{args.seed + args.games - 1}), options {json.dumps(options)}: "
          f"{elapsed:.1f} s wall clock\n")
    print(table(tallies, with_sides))
    return 0


if __name__ == "__main__":
    sys.exit(main())
