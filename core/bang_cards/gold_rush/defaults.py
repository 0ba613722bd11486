"""Timeout defaults of the Gold Rush decisions [GR-TO-1]: fixed rules on public facts.

Phase 2's default takes no Gold Rush action (the base script BC-TO-PLAY only plays cards).
Dutch Will drops the last card he drew; a card Josh McCloud drew is used the committed
way: Bottle as a Beer, Pardner as a General Store, Shot on himself, Wanted on himself or
the next player clockwise without one. The save window's Rucksack is in `save_action`.
"""

from __future__ import annotations

from core.bang_cards.actions import Buy, CardsAction, Discard
from core.bang_cards.board import clockwise_from
from core.bang_cards.frames import AskDutchDiscard, AskGearUse, Frame
from core.bang_cards.gold_rush.black import RUCKSACK, RUCKSACK_PRICE
from core.bang_cards.gold_rush.characters import dutch_cards
from core.bang_cards.gold_rush.equipment import Gear, gear_of
from core.bang_cards.gold_rush.phase_two import uses_of
from core.bang_cards.ids import Kind
from core.bang_cards.state import CardsState

COMMITTED_MODE = {Gear.BOTTLE: Kind.BEER, Gear.PARDNER: Kind.GENERAL_STORE}


def default_action(state: CardsState, frame: Frame, seat: int) -> CardsAction | None:
    """Return the timeout answer to a Gold Rush frame; None for the base frames."""
    if isinstance(frame, AskDutchDiscard):
        return Discard(dutch_cards(state, seat)[-1])  # GR-DEC-7: the last drawn
    if isinstance(frame, AskGearUse) and state.gear_held is not None:
        return committed_use(state, seat, state.gear_held)
    return None


def committed_use(state: CardsState, seat: int, card: str) -> Buy:
    """Return the fixed use of a card Josh McCloud drew (GR-DEC-2/3/4 defaults)."""
    uses = uses_of(state, seat, card)
    gear = gear_of(card)
    if gear in COMMITTED_MODE:
        return next(u for u in uses if u.mode is COMMITTED_MODE[gear])
    order = clockwise_from(state, seat)  # himself first, then clockwise
    return min(uses, key=lambda u: order.index(u.target) if u.target in order else len(order))


def rucksack_lives(state: CardsState, seat: int) -> int:
    """Return how many lives the seat's Rucksack can still buy now."""
    if not RUCKSACK.affordable(state, seat):
        return 0
    return state.seats[seat].nuggets // RUCKSACK_PRICE
