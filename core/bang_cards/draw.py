"""Phase 1, drawing [BC-TURN-1]; the characters who change it are in
`character_rules/drawing.py`."""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events
from core.bang_cards.characters import ability_at
from core.bang_cards.state import CardsState, DrawPhase
from core.bang_cards.zones import draw, random_hand_card, take_from_hand


def run_draw_phase(state: CardsState, task: DrawPhase, out: Events) -> None:
    """Draw two cards, unless the character's ability changes phase 1."""
    active = state.turn.active
    state.turn.phase = "draw"
    state.turn.rush.drawn_from = len(state.seats[active].hand)  # [GR-CHAR-DUTCH-1]
    out.append(ev.PhaseStarted(seat=active, phase="draw"))
    if not ability_at(state, active).draw_phase(state, active, out):
        draw(state, active, 2, out)


def draw_first_from(state: CardsState, seat: int, origin: str | int, out: Events) -> None:
    """Jesse Jones's or Pedro Ramirez's answer: the first card from `origin`, then the deck."""
    if origin == "deck":
        draw(state, seat, 2, out)
        return
    if origin == "discard":
        card = state.discard.pop()
        state.seats[seat].hand.append(card)
        out.append(ev.CardsDrawn(seat=seat, count=1, origin="discard", cards=(card,)))
    else:
        assert isinstance(origin, int)
        take_from_hand(state, seat, origin, random_hand_card(state, origin), out)
    draw(state, seat, 1, out)
