"""The engine protocol shared by every game, its values, errors and randomness."""

from core.engine.errors import (
    GameError,
    GameOver,
    IllegalAction,
    InvalidSetup,
    MalformedAction,
    NotYourTurn,
    StaleVersion,
)
from core.engine.protocol import Event, Game, Outcome, Step, apply_checked, check_turn

__all__ = [
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "IllegalAction",
    "InvalidSetup",
    "MalformedAction",
    "NotYourTurn",
    "Outcome",
    "StaleVersion",
    "Step",
    "apply_checked",
    "check_turn",
]
