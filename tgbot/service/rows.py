"""The stored game row as the handlers see it: its type, and whether it is gathering in the
lobby or running. The reads (tgbot/service/reads.py) hand the rows out; the handlers never
import storage/ themselves (tests/test_layers.py)."""

from __future__ import annotations

from storage.models import Game, GameStatus

__all__ = ["Game", "is_lobby", "is_running"]


def is_running(game: Game) -> bool:
    """Return whether the game is being played (dealt, not finished, not cancelled)."""
    return game.status is GameStatus.RUNNING


def is_lobby(game: Game) -> bool:
    """Return whether the game is still gathering players in its lobby."""
    return game.status is GameStatus.LOBBY
