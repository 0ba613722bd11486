"""The nugget supply and the equipment deck with its shop [GR-NUG, GR-EQDECK, GR-BUY-4].

Every function keeps the nuggets counted (bank + held = the box's 30, the bank going
below 0 only as stand-in tokens [GR-COMP-2]) and the 24 equipment cards in one zone each.
"""

from __future__ import annotations

from core.bang_cards.actions import Use
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.gold_rush import events as gev
from core.bang_cards.gold_rush.equipment import (
    EQUIPMENT,
    EQUIPMENT_SIZE,
    NUGGETS,
    PAID_DRAWS,
    SHOP_SIZE,
)
from core.bang_cards.ids import PaidUse
from core.bang_cards.state import CardsState, PlayPhase
from core.bang_cards.zones import draw
from core.engine.rng import shuffled


def open_shop(state: CardsState, out: Events) -> None:
    """Shuffle the equipment deck, fill the bank and turn up the shop [GR-SETUP-1/2]."""
    state.rng, state.gear_deck = shuffled(state.rng, EQUIPMENT)
    state.gear_face_up = 0
    state.bank = NUGGETS
    fill_shop(state, out)


def gain(state: CardsState, seat: int, count: int, cause: str, out: Events) -> None:
    """Give a seat `count` nuggets from the supply [GR-NUG-1]; nothing for 0."""
    if count <= 0 or not state.options.gold_rush:
        return
    state.bank -= count
    state.seats[seat].nuggets += count
    out.append(gev.NuggetsChanged(seat=seat, delta=count, nuggets=state.seats[seat].nuggets,
                                  cause=cause))


def pay(state: CardsState, seat: int, count: int, cause: str, out: Events) -> None:
    """Move `count` nuggets from a seat back to the supply [GR-NUG-3]; the caller checked
    he holds them."""
    player = state.seats[seat]
    if count > player.nuggets:
        raise ValueError(f"seat {seat} cannot pay {count}")
    if count <= 0:
        return
    player.nuggets -= count
    state.bank += count
    out.append(gev.NuggetsChanged(seat=seat, delta=-count, nuggets=player.nuggets,
                                  cause=cause))


def paid_draw_offer(state: CardsState, seat: int, used: int, what: PaidUse) -> list[Use]:
    """Return the `Use` buying a card for a nugget, while the seat has one and has bought
    fewer than two this turn [GR-EQ-GOLDPAN-1, GR-CHAR-RADDIE-1]."""
    return [Use(what)] if state.seats[seat].nuggets >= 1 and used < PAID_DRAWS else []


def paid_draw(state: CardsState, seat: int, cause: str, out: Events) -> None:
    """Pay a nugget for a card, then phase 2 goes on [GR-EQ-GOLDPAN-1, GR-CHAR-RADDIE-1]."""
    pay(state, seat, 1, cause, out)
    draw(state, seat, 1, out)
    schedule(state, PlayPhase())


def pop_gear(state: CardsState, out: Events) -> str | None:
    """Return the top card of the equipment deck; None if it is empty.

    [GR-EQDECK-2] a face-up card on top (every card left is a face-up return) means the
    whole deck is turned face down and shuffled first.
    """
    if not state.gear_deck:
        return None
    if state.gear_face_up >= len(state.gear_deck):
        state.rng, state.gear_deck = shuffled(state.rng, state.gear_deck)
        state.gear_face_up = 0
        out.append(gev.GearReshuffled(count=len(state.gear_deck)))
    return state.gear_deck.pop()


def fill_shop(state: CardsState, out: Events) -> None:
    """Refill the shop to three cards at once [GR-BUY-4]; an empty deck leaves gaps until a
    card comes back [R-GR-04]."""
    while len(state.shop) < SHOP_SIZE:
        card = pop_gear(state, out)
        if card is None:
            return
        state.shop.append(card)
        out.append(gev.ShopFilled(card=card))


def gear_to_bottom(state: CardsState, card: str, seat: int | None, reason: str,
                   out: Events, by: int | None = None) -> None:
    """Put an equipment card face up at the bottom of its deck [GR-EQDECK-1], then refill
    any gap in the shop [R-GR-04]."""
    state.gear_deck.insert(0, card)
    state.gear_face_up += 1
    out.append(gev.GearDiscarded(seat=seat, card=card, reason=reason, by=by))
    fill_shop(state, out)


def drop_equipment(state: CardsState, seat: int, reason: str, out: Events) -> None:
    """Send all of a seat's equipment to the bottom of the deck (elimination, the Sheriff's
    penalty, the end of a shadow turn) [GR-EQ-GEN-3, GR-SHADOW-7]."""
    player = state.seats[seat]
    cards, player.equipment = list(player.equipment), []
    for card in cards:
        gear_to_bottom(state, card, seat, reason, out)


def nuggets_of_the_eliminated(state: CardsState, seat: int, out: Events) -> None:
    """An eliminated player's nuggets go back to the bank [GR-NUG-5]; with the Shadow
    Gunslingers he keeps them for his shadow turns [GR-SHADOW-2]."""
    if state.options.shadow_gunslingers:
        return
    pay(state, seat, state.seats[seat].nuggets, "eliminated", out)


def check_supply(state: CardsState) -> None:
    """Raise AssertionError unless the 24 equipment cards are each in one zone (none without
    Gold Rush) and the nuggets add up: none negative, bank + held = the box's 30, and
    without the shadows none held by an eliminated player [GR-NUG-5]."""
    ids = [*state.gear_deck, *state.shop, *(c for s in state.seats for c in s.equipment)]
    if state.gear_held is not None:
        ids.append(state.gear_held)
    expected = EQUIPMENT_SIZE if state.options.gold_rush else 0
    if len(ids) != expected or len(set(ids)) != expected:
        raise AssertionError(f"{len(ids)} equipment cards ({len(set(ids))} distinct), "
                             f"not {expected}")
    if not 0 <= state.gear_face_up <= len(state.gear_deck):
        raise AssertionError("more face-up equipment than cards in its deck")
    held = [seat.nuggets for seat in state.seats]
    if min(held) < 0:
        raise AssertionError("a seat holds negative nuggets")
    if not state.options.shadow_gunslingers and any(
            seat.nuggets for seat in state.seats if not seat.alive):
        raise AssertionError("an eliminated player holds nuggets")
    total = NUGGETS if state.options.gold_rush else 0
    if state.bank + sum(held) != total:
        raise AssertionError(f"nuggets: bank {state.bank} + held {sum(held)} != {total}")
