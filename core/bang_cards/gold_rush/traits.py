"""Questions about Gold Rush and the shadows: who has an equipment card, Pretty Luzena's
price [GR-CHAR-LUZENA-1], and who still takes turns with shadows [GR-SHADOW-4]."""

from __future__ import annotations

from core.bang_cards.agenda import is_character
from core.bang_cards.gold_rush.equipment import Gear, gear_of, rule_of_gear
from core.bang_cards.ids import GoldRushCharacter, Role
from core.bang_cards.state import CardsState


def has_gear(state: CardsState, seat: int, gear: Gear) -> bool:
    """Return True if the seat has an equipment card of that kind in front of him."""
    return any(gear_of(card) is gear for card in state.seats[seat].equipment)


def price(state: CardsState, seat: int, card: str, full: bool = False) -> int:
    """Return what buying `card` costs the seat; Pretty Luzena's one discount per turn
    unless `full` [GR-CHAR-LUZENA-1]."""
    cost = rule_of_gear(card).cost
    if (not full and not state.turn.discount
            and is_character(state, seat, GoldRushCharacter.PRETTY_LUZENA)):
        cost = max(0, cost - 1)
    return cost


def may_discount(state: CardsState, seat: int) -> bool:
    """Return True while Pretty Luzena's discount of this turn is unused."""
    return (not state.turn.discount
            and is_character(state, seat, GoldRushCharacter.PRETTY_LUZENA))


def takes_turns(state: CardsState, seat: int) -> bool:
    """Return True if turns come to this seat: alive, or an eliminated non-Sheriff with the
    Shadow Gunslingers [GR-SHADOW-3, GR-SHADOW-4]."""
    player = state.seats[seat]
    if player.alive:
        return True
    return state.options.shadow_gunslingers and player.role is not Role.SHERIFF
