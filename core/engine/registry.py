"""The registry of games by id: listed explicitly, never registered by import side effect."""

from __future__ import annotations

from functools import cache
from typing import Any

from core.engine.errors import InvalidSetup
from core.engine.protocol import Game

AnyGame = Game[Any, Any, Any]


@cache
def _games() -> dict[str, AnyGame]:
    from core.bang_dice.game import BangDice
    from core.colt_express.game import ColtExpress

    games: list[AnyGame] = [BangDice(), ColtExpress()]
    return {game.name: game for game in games}


def game_ids() -> list[str]:
    """Return the ids of every registered game, sorted."""
    return sorted(_games())


def get_game(game_id: str) -> AnyGame:
    """Return the engine for a game id; raise InvalidSetup for an unknown id."""
    games = _games()
    if game_id not in games:
        raise InvalidSetup(f"unknown game {game_id!r}; known: {', '.join(sorted(games))}")
    return games[game_id]
