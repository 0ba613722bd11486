"""Typed errors every engine raises; the front maps each one to a polite message."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error an engine raises on bad input."""

    code = "game_error"


class MalformedAction(GameError):
    """The action text does not parse."""

    code = "malformed_action"


class NotYourTurn(GameError):
    """The seat owes no decision right now."""

    code = "not_your_turn"


class IllegalAction(GameError):
    """The action parses but the rules forbid it now."""

    code = "illegal_action"


class StaleVersion(GameError):
    """The action was based on an older version of the game."""

    code = "stale_version"


class GameOver(GameError):
    """The game has ended; nothing more can be applied."""

    code = "game_over"


class InvalidSetup(GameError):
    """Options or player count that the game cannot be set up with."""

    code = "invalid_setup"
