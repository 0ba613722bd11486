"""Arrow tokens: the pile, the nine arrows and the Chief's Arrow [BD-ARROW, OS-CHIEF]."""

from __future__ import annotations

from core.bang_dice import events as ev
from core.bang_dice.ids import ARROWS_IN_GAME, Module
from core.bang_dice.state import DiceState
from core.engine.protocol import Event

Events = list[Event]


def pile_tokens(state: DiceState) -> int:
    """Return the tokens in the pile: normal arrows plus the Chief's Arrow if there."""
    return state.pile + (1 if state.chief_in_pile else 0)


def take_from_pile(state: DiceState, seat_index: int, chief: bool, out: Events) -> None:
    """Move one token (the Chief's Arrow if `chief`) from the pile to a seat."""
    seat = state.seats[seat_index]
    if chief:
        state.chief_in_pile = False
        seat.chief = True
    else:
        state.pile -= 1
        seat.arrows += 1
    out.append(ev.ArrowTaken(seat=seat_index, pile=pile_tokens(state), chief=chief))


def return_arrows(state: DiceState, seat_index: int, count: int, reason: str, out: Events,
                  *, chief: bool = False) -> None:
    """Return `count` tokens of a seat to the pile; one is the Chief's Arrow if `chief`.

    Returning never triggers the Indians [BD-ARROW-5].
    """
    seat = state.seats[seat_index]
    returned_chief = chief and seat.chief
    normal = min(count - (1 if returned_chief else 0), seat.arrows)
    if normal <= 0 and not returned_chief:
        return
    seat.arrows -= max(normal, 0)
    state.pile += max(normal, 0)
    if returned_chief:
        seat.chief = False
        state.chief_in_pile = True
    out.append(ev.ArrowsReturned(seat=seat_index, count=max(normal, 0) + returned_chief,
                                 reason=reason, chief=returned_chief))


def return_all(state: DiceState, seat_index: int, reason: str, out: Events) -> None:
    """Return every token a seat holds, the Chief's Arrow included [OS-CHIEF-6/7]."""
    seat = state.seats[seat_index]
    return_arrows(state, seat_index, seat.tokens, reason, out, chief=seat.chief)


def refill(state: DiceState, out: Events) -> None:
    """Every seat returns all its tokens after an Indian attack [BD-ARROW-2]."""
    for index in range(len(state.seats)):
        return_all(state, index, "indians", out)
    state.pile = ARROWS_IN_GAME
    state.chief_in_pile = state.options.has(Module.CHIEF_ARROW)


def indian_losses(state: DiceState) -> list[int]:
    """Return each seat's life loss in an Indian attack before any character's rule
    [BD-ARROW-2, OS-CHIEF-4]."""
    counts = [seat.arrow_count if seat.alive else 0 for seat in state.seats]
    losses = []
    for index, seat in enumerate(state.seats):
        loss = counts[index]
        if seat.chief and all(counts[index] > c for i, c in enumerate(counts) if i != index):
            loss = 0  # [OS-CHIEF-4] strictly the most arrows: the Chief's holder loses nothing
        losses.append(loss)
    return losses


def chief_holder(state: DiceState) -> int | None:
    """Return the seat holding the Chief's Arrow, or None."""
    for index, seat in enumerate(state.seats):
        if seat.chief:
            return index
    return None
