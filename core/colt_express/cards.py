"""Decks and hands: drawing, the 2-player quota draw, and which cards a seat may play."""

from __future__ import annotations

from typing import NamedTuple

from core.colt_express.characters import ability_at
from core.colt_express.events import CardsDrawn
from core.colt_express.ids import CardKind, card_bandit, card_kind
from core.colt_express.state import ColtState
from core.engine.protocol import Event
from core.engine.rng import shuffled

HAND_SIZE = 6
TEAM_QUOTA = 3


class CardKey(NamedTuple):
    """What a play or a discard names: the bandit a card counts for and its kind."""

    bandit: int
    kind: CardKind


def bandit_of_card(state: ColtState, card: str) -> int:
    """Return the bandit a card counts for: its owner, or who received a bullet [CE-2P-6]."""
    return state.bullet_holder[card] if card_kind(card) == CardKind.BULLET else card_bandit(card)


def key_of(state: ColtState, card: str) -> CardKey:
    """Return a card's play/discard key."""
    return CardKey(bandit_of_card(state, card), card_kind(card))


def card_key(state: ColtState, card: str) -> str:
    """Return a card's key as the views show it: bandit digit and kind letter, e.g. "0f"."""
    return f"{bandit_of_card(state, card)}{card_kind(card)}"


def can_draw(state: ColtState, seat: int) -> bool:
    """Return True when a draw would get at least one card (expert: the discard reshuffles)."""
    player = state.seats[seat]
    return bool(player.deck) or (state.expert and bool(player.discard))


def draw_one(state: ColtState, seat: int) -> str | None:
    """Return the deck's top card, removed; reshuffle the expert discard when the deck is out.

    [CE-EXPERT-2] Returns None when nothing is left to draw.
    """
    player = state.seats[seat]
    if not player.deck and state.expert and player.discard:
        state.rng, player.deck = shuffled(state.rng, player.discard)
        player.discard = []
    return player.deck.pop() if player.deck else None


def draw_cards(state: ColtState, out: list[Event], seat: int, count: int,
               start: bool = False) -> None:
    """Move up to `count` cards from the deck to the hand; the cards are told only to the seat."""
    drawn = []
    for _ in range(count):
        card = draw_one(state, seat)
        if card is None:
            break
        drawn.append(card)
    state.seats[seat].hand.extend(drawn)
    out.append(CardsDrawn(seat=seat, count=len(drawn), start=start))
    out.append(CardsDrawn(seat=seat, count=len(drawn), cards=tuple(drawn), start=start,
                          audience=frozenset({seat})))


def deal_hand(state: ColtState, out: list[Event], seat: int) -> None:
    """Draw a seat's start-of-round hand [CE-RND-1, CE-EXPERT-2, CE-2P-6]."""
    player = state.seats[seat]
    if not state.expert and not state.forced_order:
        state.rng, player.deck = shuffled(state.rng, player.deck)
    if state.two_player:
        _deal_team_hand(state, out, seat)
        return
    extra = max(ability_at(state, b).extra_cards for b in player.bandits)  # Doc
    draw_cards(state, out, seat, HAND_SIZE + extra, start=True)


def _deal_team_hand(state: ColtState, out: list[Event], seat: int) -> None:
    """Draw one card at a time until each bandit has 3 (Doc 4); extras go back on top [R-CE-15]."""
    player = state.seats[seat]
    quota = {b: TEAM_QUOTA + ability_at(state, b).extra_cards for b in player.bandits}
    held = dict.fromkeys(player.bandits, 0)
    kept: list[str] = []
    aside: list[str] = []
    while any(held[b] < quota[b] for b in player.bandits):
        card = draw_one(state, seat)
        if card is None:
            break
        owner = bandit_of_card(state, card)
        if held[owner] < quota[owner]:
            held[owner] += 1
            kept.append(card)
        else:
            aside.append(card)
    player.deck.extend(reversed(aside))  # the first card set aside is on top again
    player.hand.extend(kept)
    out.append(CardsDrawn(seat=seat, count=len(kept), start=True))
    out.append(CardsDrawn(seat=seat, count=len(kept), cards=tuple(kept), start=True,
                          audience=frozenset({seat})))


def playable_keys(state: ColtState, seat: int) -> list[CardKey]:
    """Return the distinct keys of the action cards in a seat's hand, in hand order."""
    return list(dict.fromkeys(CardKey(card_bandit(c), card_kind(c))
                              for c in state.seats[seat].hand
                              if card_kind(c) != CardKind.BULLET))


def has_action_card(state: ColtState, seat: int) -> bool:
    """Return True when the seat holds at least one playable (non-bullet) card."""
    return any(card_kind(c) != CardKind.BULLET for c in state.seats[seat].hand)


def hand_keys(state: ColtState, seat: int) -> list[CardKey]:
    """Return the distinct keys of every card in a seat's hand, bullets included."""
    return list(dict.fromkeys(key_of(state, card) for card in state.seats[seat].hand))


def take_from_hand(state: ColtState, seat: int, key: CardKey) -> str:
    """Return the first hand card with that key, removed from the hand."""
    hand = state.seats[seat].hand
    card = next(c for c in hand if key_of(state, c) == key)
    hand.remove(card)
    return card
