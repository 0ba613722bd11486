"""The registry of games by id: listed explicitly, never registered by import side effect."""

from __future__ import annotations

from functools import cache
from typing import Any

from core.engine.errors import InvalidSetup
from core.engine.protocol import Game

AnyGame = Game[Any, Any, Any]


@cache
def _games() -> dict[str, AnyGame]:
    from core.bang_cards.actions import CardsAction
    from core.bang_cards.game import BangCards
    from core.bang_cards.state import CardsState
    from core.bang_cards.view import CardsView
    from core.bang_dice.actions import DiceAction
    from core.bang_dice.game import BangDice
    from core.bang_dice.state import DiceState
    from core.bang_dice.view import DiceView
    from core.colt_express.actions import ColtAction
    from core.colt_express.game import ColtExpress
    from core.colt_express.state import ColtState
    from core.colt_express.view import ColtView

    # Each engine typed with its own state, action and view types, so that mypy checks
    # its class against the protocol (a list of AnyGame alone accepts any signature).
    dice: Game[DiceState, DiceAction, DiceView] = BangDice()
    colt: Game[ColtState, ColtAction, ColtView] = ColtExpress()
    cards: Game[CardsState, CardsAction, CardsView] = BangCards()
    return {game.name: game for game in (dice, colt, cards)}


def game_ids() -> list[str]:
    """Return the ids of every registered game, sorted."""
    return sorted(_games())


def get_game(game_id: str) -> AnyGame:
    """Return the engine for a game id; raise InvalidSetup for an unknown id."""
    games = _games()
    if game_id not in games:
        raise InvalidSetup(f"unknown game {game_id!r}; known: {', '.join(sorted(games))}")
    return games[game_id]
