"""The bot: placeholder."""

from __future__ import annotations

from core.bang_cards.actions import CardsAction
from core.bang_cards.policies import default_action
from core.bang_cards.state import CardsState, Frame


def bot_action(state: CardsState, frame: Frame, seat: int) -> CardsAction:
    """Return the bot's answer."""
    return default_action(state, frame, seat)
