"""Moving cards between zones: drawing (with the reshuffle), discarding, taking.

Every function keeps the 80 cards in exactly one zone each and reports public facts
through events; a card only its owner may see goes in a private event.
"""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events
from core.bang_cards.characters import ability_of
from core.bang_cards.state import CardsState
from core.engine.rng import next_below, shuffled


def refill(state: CardsState, out: Events) -> bool:
    """Make sure the deck has a card, reshuffling the discard pile; return False if none.

    [BC-DECKX-1, R-BC-04] the top discard stays behind as the new discard pile.
    """
    if state.deck:
        return True
    if len(state.discard) < 2:
        return False
    top = state.discard.pop()
    state.rng, state.deck = shuffled(state.rng, state.discard)
    state.discard = [top]
    out.append(ev.DeckReshuffled(count=len(state.deck)))
    return True


def pop_deck(state: CardsState, out: Events) -> str | None:
    """Return the top card of the deck, reshuffling first if needed; None if there is none."""
    if not refill(state, out):
        return None
    return state.deck.pop()


def draw(state: CardsState, seat: int, count: int, out: Events) -> list[str]:
    """Move up to `count` cards from the deck into a seat's hand; return them."""
    cards: list[str] = []
    for _ in range(count):
        card = pop_deck(state, out)
        if card is None:
            break
        state.seats[seat].hand.append(card)
        cards.append(card)
    if cards:
        out.append(ev.CardsDrawn(seat=seat, count=len(cards)))
        out.append(ev.CardsDrawn(seat=seat, count=len(cards), cards=tuple(cards),
                                 audience=frozenset({seat})))
    return cards


def discard_from_hand(state: CardsState, seat: int, card: str, reason: str,
                      out: Events) -> None:
    """Move a card from a seat's hand to the discard pile, for all to see."""
    state.seats[seat].hand.remove(card)
    state.discard.append(card)
    out.append(ev.CardDiscarded(seat=seat, card=card, reason=reason))


def discard_from_play(state: CardsState, seat: int, card: str, reason: str,
                      out: Events) -> None:
    """Move a blue card from in front of a seat to the discard pile."""
    state.seats[seat].in_play.remove(card)
    state.discard.append(card)
    out.append(ev.CardDiscarded(seat=seat, card=card, reason=reason))


def random_hand_card(state: CardsState, seat: int) -> str:
    """Return a card of a non-empty hand chosen by the game's generator."""
    hand = state.seats[seat].hand
    state.rng, index = next_below(state.rng, len(hand))
    return hand[index]


def take_from_hand(state: CardsState, taker: int, victim: int, card: str, out: Events) -> None:
    """Move a hand card from `victim` to `taker`; only the two of them learn which."""
    state.seats[victim].hand.remove(card)
    state.seats[taker].hand.append(card)
    out.append(ev.CardTaken(seat=taker, from_seat=victim, zone="hand"))
    out.append(ev.CardTaken(seat=taker, from_seat=victim, zone="hand", card=card,
                            audience=frozenset({taker, victim})))


def take_from_play(state: CardsState, taker: int, victim: int, card: str, out: Events) -> None:
    """Move a blue card from in front of `victim` into `taker`'s hand, for all to see."""
    state.seats[victim].in_play.remove(card)
    state.seats[taker].hand.append(card)
    out.append(ev.CardTaken(seat=taker, from_seat=victim, zone="play", card=card))


def refill_hands(state: CardsState, out: Events) -> None:
    """A living player whose character draws when his hand is empty (Suzy Lafayette) draws."""
    for index, seat in enumerate(state.seats):
        if not seat.hand and seat.alive and ability_of(seat.character).refills_empty_hand:
            draw(state, index, 1, out)
