"""Phase 1, drawing [BC-TURN-1], with the characters that change it: Black Jack, Jesse
Jones, Kit Carlson and Pedro Ramirez."""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, ask
from core.bang_cards.board import others_from
from core.bang_cards.cards import CARD
from core.bang_cards.ids import Character, Decision
from core.bang_cards.state import CardsState, DrawPhase
from core.bang_cards.zones import draw, pop_deck, random_hand_card, take_from_hand


def jesse_sources(state: CardsState, seat: int) -> list[int]:
    """Return the seats Jesse Jones may draw from: others with a card in hand."""
    return [s for s in others_from(state, seat) if state.seats[s].hand]


def run_draw_phase(state: CardsState, task: DrawPhase, out: Events) -> None:
    """Draw two cards, or ask the character whose ability changes phase 1."""
    active = state.turn.active
    state.turn.phase = "draw"
    state.turn.drawn_from = len(state.seats[active].hand)  # [GR-CHAR-DUTCH-1]
    out.append(ev.PhaseStarted(seat=active, phase="draw"))
    character = state.seats[active].character
    if character is Character.JESSE_JONES and jesse_sources(state, active):
        ask(state, Decision.DRAW_SOURCE, active)  # [BC-CHAR-JESSE-1, BC-DEC-1]
    elif character is Character.PEDRO_RAMIREZ and state.discard:
        ask(state, Decision.DRAW_SOURCE, active)  # [BC-CHAR-PEDRO-1, BC-DEC-2]
    elif character is Character.KIT_CARLSON:
        _kit_looks(state, active, out)
    elif character is Character.BLACK_JACK:
        _black_jack(state, active, out)
    else:
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


def _kit_looks(state: CardsState, seat: int, out: Events) -> None:
    """[BC-CHAR-KIT-1] the top three, seen by Kit Carlson alone [BC-INFO-3]."""
    for _ in range(3):
        card = pop_deck(state, out)
        if card is not None:
            state.table.append(card)
    state.table_owner = seat
    out.append(ev.CardsSeen(seat=seat, count=len(state.table)))
    out.append(ev.CardsSeen(seat=seat, count=len(state.table), cards=tuple(state.table),
                            audience=frozenset({seat})))
    if len(state.table) == 3:
        ask(state, Decision.KIT_RETURN, seat)
    else:
        kit_keeps(state, seat, None, out)


def kit_keeps(state: CardsState, seat: int, back: str | None, out: Events) -> None:
    """Kit Carlson puts `back` on top of the deck and keeps the rest of what he saw."""
    kept = [card for card in state.table if card != back]
    state.table.clear()
    state.table_owner = None
    if back is not None:
        state.deck.append(back)
        out.append(ev.CardReturned(seat=seat))
        out.append(ev.CardReturned(seat=seat, card=back, audience=frozenset({seat})))
    state.seats[seat].hand.extend(kept)
    out.append(ev.CardsDrawn(seat=seat, count=len(kept)))
    out.append(ev.CardsDrawn(seat=seat, count=len(kept), cards=tuple(kept),
                             audience=frozenset({seat})))


def _black_jack(state: CardsState, seat: int, out: Events) -> None:
    """[BC-CHAR-BLACKJACK-1] the second card is shown; a red one brings a third."""
    cards = draw(state, seat, 2, out)
    if len(cards) == 2:
        bonus = CARD[cards[1]].red
        out.append(ev.CardShown(seat=seat, card=cards[1], bonus=bonus))
        if bonus:
            draw(state, seat, 1, out)
