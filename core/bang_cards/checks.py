""""draw!" checks [BC-CHECK]: reveal, Lucky Duke's pick, then the purpose's `CheckRule`
(`hooks.CHECKS`: Barrel, Jail and Dynamite in `card_rules/`, Don Bell in `gold_rush/`)."""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, ask, schedule
from core.bang_cards.characters import ability_at
from core.bang_cards.frames import AskLuckyPick
from core.bang_cards.hooks import CHECKS, rules_at
from core.bang_cards.ids import Purpose
from core.bang_cards.state import CardsState, Check
from core.bang_cards.zones import pop_deck


def succeeds(purpose: Purpose, card: str) -> bool:
    """Return True if the card is a success for the purpose (for Dynamite: it explodes)."""
    return CHECKS[purpose].succeeds(card)


def revealed_cards(state: CardsState, seat: int) -> int:
    """Return how many cards a "draw!" of the seat reveals: Lucky Duke's two
    [BC-CHECK-3], plus what his cards add (a Horseshoe [GR-EQ-HORSESHOE-1])."""
    return (ability_at(state, seat).check_cards
            + sum(rule.extra_check_cards for rule in rules_at(state, seat)))


def run_check(state: CardsState, task: Check, out: Events) -> None:
    """Reveal the cards of a "draw!", let Lucky Duke pick, then resolve it."""
    if task.card is not None:
        _resolve(state, task.purpose, task.seat, task.card, out)
        return
    for _ in range(revealed_cards(state, task.seat)):  # [BC-CHECK-3, BC-CHECK-4]
        card = pop_deck(state, out)
        if card is not None:
            state.table.append(card)
    if not state.table:
        _apply(state, task.purpose, task.seat, None, out)
        return
    out.append(ev.CheckRevealed(seat=task.seat, purpose=task.purpose.value,
                                cards=tuple(state.table)))
    if len(state.table) == 1:
        _resolve(state, task.purpose, task.seat, state.table[0], out)
    else:
        ask(state, AskLuckyPick(task.seat, task.purpose))  # [BC-CHAR-DUKE-1]


def pick_check_card(state: CardsState, purpose: Purpose, seat: int, card: str) -> None:
    """Resume a Lucky Duke "draw!" with the card he chose."""
    schedule(state, Check(purpose, seat, card))


def _resolve(state: CardsState, purpose: Purpose, seat: int, card: str, out: Events) -> None:
    # Every revealed card is discarded, the one that counts last (on top).
    others = [c for c in state.table if c != card]
    state.discard.extend([*others, card])
    state.table.clear()
    _apply(state, purpose, seat, card, out)


def _apply(state: CardsState, purpose: Purpose, seat: int, card: str | None,
           out: Events) -> None:
    success = card is not None and succeeds(purpose, card)
    if card is not None:
        out.append(ev.CheckResolved(seat=seat, purpose=purpose.value, card=card,
                                    success=success))
    CHECKS[purpose].checked(state, seat, success, out)
