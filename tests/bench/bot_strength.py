"""`python -m tests.bench.bot_strength GAME --players P --games N`: the bot against the default.

In game k the seat k mod P plays the bot policy and every other seat the timeout
default; prints the bot's share of wins (shared wins count) beside the fair share 1/P.
"""

from __future__ import annotations

import argparse
import json

from core.engine.registry import get_game


def bot_win_share(game_id: str, players: int, games: int, seed: int = 0,
                  options: dict[str, object] | None = None) -> float:
    """Return the fraction of games the bot seat won (or shared)."""
    game = get_game(game_id)
    wins = 0
    for number in range(games):
        state = game.setup(options or {}, players, seed + number).state
        bot = number % players
        while game.to_act(state):
            seat = min(game.to_act(state))
            policy = game.bot_action if seat == bot else game.default_action
            state = game.apply(state, seat, policy(state, seat)).state
        outcome = game.outcome(state)
        wins += bool(outcome and bot in outcome.winners)
    return wins / games


def main() -> None:
    """Parse the arguments and print one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bot_strength")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    share = bot_win_share(args.game, args.players, args.games, args.seed)
    print(json.dumps({"game": args.game, "players": args.players, "games": args.games,
                      "bot_win_share": round(share, 3), "fair_share": round(1 / args.players, 3)}))


if __name__ == "__main__":
    main()
