"""Questions the base rules ask about Gold Rush and the shadows; each answer is the base
one while the options are off.

Calumet [GR-EQ-CALUMET-1/2], Horseshoe [GR-EQ-HORSESHOE-1], Gun Belt
[GR-EQ-GUNBELT-1], Rucksack in the save window [GR-EQ-RUCKSACK-1], Pretty Luzena's
price [GR-CHAR-LUZENA-1], and who still takes turns with shadows [GR-SHADOW-4].
"""

from __future__ import annotations

from core.bang_cards.agenda import is_character
from core.bang_cards.cards import CARD
from core.bang_cards.gold_rush.equipment import HAND_LIMIT_BELT, Gear, gear_of, rule_of_gear
from core.bang_cards.ids import GoldRushCharacter, Role, Suit
from core.bang_cards.state import CardsState

RUCKSACK_PRICE = 2  # [GR-EQ-RUCKSACK-1]


def has_gear(state: CardsState, seat: int, gear: Gear) -> bool:
    """Return True if the seat has an equipment card of that kind in front of him."""
    return any(gear_of(card) is gear for card in state.seats[seat].equipment)


def calumet_blocks(state: CardsState, player: int, card: str, target: int) -> bool:
    """Return True if a card of diamonds `player` plays cannot reach `target`'s Calumet.

    [GR-EQ-CALUMET-1, R-GR-10] only base cards have a suit; a Duel is never stopped.
    """
    info = CARD.get(card)
    if info is None or info.suit is not Suit.DIAMONDS or target == player:
        return False
    if info.kind.value == "duel":
        return False
    return has_gear(state, target, Gear.CALUMET)


def extra_check_cards(state: CardsState, seat: int) -> int:
    """Return the extra cards a "draw!" reveals: one for a Horseshoe [GR-EQ-HORSESHOE-1]."""
    return 1 if has_gear(state, seat, Gear.HORSESHOE) else 0


def hand_limit(state: CardsState, seat: int) -> int | None:
    """Return the phase-3 hand limit: life, 8 with a Gun Belt; None for a shadow, whose
    whole hand goes at the end of his turn anyway [R-GR-17]."""
    player = state.seats[seat]
    if player.shadow:
        return None
    return HAND_LIMIT_BELT if has_gear(state, seat, Gear.GUN_BELT) else player.life


def can_rucksack(state: CardsState, seat: int) -> bool:
    """Return True if the seat may pay for one life with his Rucksack now."""
    player = state.seats[seat]
    return (has_gear(state, seat, Gear.RUCKSACK) and player.nuggets >= RUCKSACK_PRICE
            and not player.shadow and player.life < player.max_life)


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
