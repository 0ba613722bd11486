"""The polite pop-up for a press the game refuses (shared by the press handlers)."""

from __future__ import annotations

from core.engine.errors import GameOver, NotYourTurn, StaleVersion
from tgbot.i18n import t


def refusal(language: str, error: Exception) -> str:
    """Return the polite pop-up for a press the game refuses."""
    if isinstance(error, StaleVersion):
        return t(language, "This prompt is outdated: the game has moved on.")
    if isinstance(error, NotYourTurn):
        return t(language, "This decision belongs to another player.")
    if isinstance(error, GameOver):
        return t(language, "This game is over.")
    return t(language, "That move is not possible now.")
