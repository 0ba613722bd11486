"""Questions about Gold Rush and the shadows: who has an equipment card, and who still
takes turns with shadows [GR-SHADOW-4]."""

from __future__ import annotations

from core.bang_cards.gold_rush.equipment import Gear, gear_of
from core.bang_cards.ids import Role
from core.bang_cards.state import CardsState


def has_gear(state: CardsState, seat: int, gear: Gear) -> bool:
    """Return True if the seat has an equipment card of that kind in front of him."""
    return any(gear_of(card) is gear for card in state.seats[seat].equipment)


def takes_turns(state: CardsState, seat: int) -> bool:
    """Return True if turns come to this seat: alive, or an eliminated non-Sheriff with the
    Shadow Gunslingers [GR-SHADOW-3, GR-SHADOW-4]."""
    player = state.seats[seat]
    if player.alive:
        return True
    return state.options.shadow_gunslingers and player.role is not Role.SHERIFF
