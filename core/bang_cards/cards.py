"""The 80 cards as data [BC-DECK-1] and what each kind needs to be played [BC-COMP-2].

A card instance is named by its id (`bang_10d`, `stagecoach_9s_2`); action texts use its
number, its index in `CARDS`. `KINDS` is the registry of card kinds: colour, how a target
is chosen, weapon range. The blue kinds are declared here (their rules in play in
`card_rules/`); each brown kind is declared once with what it does when played, in
`card_rules/brown.py`, which registers it here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.bang_cards.ids import Color, Kind, Suit

RANK_NAMES = {11: "j", 12: "q", 13: "k", 14: "a"}

# How the player of a card chooses its target [BC-DIST-3..5, BC-JAIL-1, R-BC-05]:
# none: no target; reach: another living player within the weapon's reach; near: another
# living player at distance 1 with a card; any_card: any other living player with a card;
# any: any other living player; jail: any other living player except the Sheriff.
Targeting = Literal["none", "reach", "near", "any_card", "any", "jail"]


@dataclass(frozen=True)
class KindRule:
    """What a card kind is: its colour, how it targets, its weapon range (0: not a weapon),
    for a card aimed at every other player at once what each answers with (a Missed! for a
    Gatling's shots, a BANG! for Indians!), and whether a player may play only one a turn
    (BANG! [BC-BANG-3])."""

    color: Color
    targeting: Targeting = "none"
    weapon_range: int = 0
    volley_answer: Kind | None = None
    once_a_turn: bool = False


KINDS: dict[Kind, KindRule] = {
    Kind.BARREL: KindRule(Color.BLUE),
    Kind.MUSTANG: KindRule(Color.BLUE),
    Kind.SCOPE: KindRule(Color.BLUE),
    Kind.JAIL: KindRule(Color.BLUE, "jail"),
    Kind.DYNAMITE: KindRule(Color.BLUE),
    Kind.VOLCANIC: KindRule(Color.BLUE, weapon_range=1),
    Kind.SCHOFIELD: KindRule(Color.BLUE, weapon_range=2),
    Kind.REMINGTON: KindRule(Color.BLUE, weapon_range=3),
    Kind.REV_CARABINE: KindRule(Color.BLUE, weapon_range=4),
    Kind.WINCHESTER: KindRule(Color.BLUE, weapon_range=5),
}
"""The blue kinds; each brown kind is registered with its effect (`card_rules/brown.py`)."""


def register_kind(kind: Kind, rule: KindRule) -> None:
    """Register a card kind's rule (a brown kind, declared with its effect)."""
    KINDS[kind] = rule


COLT_RANGE = 1  # [BC-COMP-2] the Colt .45 when no weapon is in play


@dataclass(frozen=True)
class Card:
    """One card of the deck: its instance id, kind, suit and rank (2..14, A = 14)."""

    id: str
    kind: Kind
    suit: Suit
    rank: int

    @property
    def red(self) -> bool:
        """Return True for hearts and diamonds (Black Jack's bonus [BC-CHAR-BLACKJACK-1])."""
        return self.suit in (Suit.HEARTS, Suit.DIAMONDS)


def _deck() -> tuple[Card, ...]:
    """Return the 80 cards in the order of the BC-DECK-1 table."""
    listing: list[tuple[Kind, str]] = [
        (Kind.BANG, "As Qh Kh Ah 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad 2c 3c 4c 5c 6c 7c 8c 9c"),
        (Kind.MISSED, "2s 3s 4s 5s 6s 7s 8s 10c Jc Qc Kc Ac"),
        (Kind.BEER, "6h 7h 8h 9h 10h Jh"),
        (Kind.PANIC, "Jh Qh Ah 8d"),
        (Kind.CAT_BALOU, "Kh 9d 10d Jd"),
        (Kind.DUEL, "Js Qd 8c"),  # [R-BC-01] Duel 8 of clubs
        (Kind.STAGECOACH, "9s 9s"),
        (Kind.GENERAL_STORE, "Qs 9c"),
        (Kind.INDIANS, "Kd Ad"),  # [R-BC-01] Indians! ace of diamonds
        (Kind.GATLING, "10h"),
        (Kind.SALOON, "5h"),
        (Kind.WELLS_FARGO, "3h"),
        (Kind.BARREL, "Qs Ks"),
        (Kind.MUSTANG, "8h 9h"),
        (Kind.SCOPE, "As"),
        (Kind.JAIL, "10s Js 4h"),
        (Kind.DYNAMITE, "2h"),  # [R-BC-01] Dynamite 2 of hearts
        (Kind.VOLCANIC, "10s 10c"),
        (Kind.SCHOFIELD, "Ks Jc Qc"),
        (Kind.REMINGTON, "Kc"),
        (Kind.REV_CARABINE, "Ac"),
        (Kind.WINCHESTER, "8s"),
    ]
    letters = {"J": 11, "Q": 12, "K": 13, "A": 14}
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for kind, text in listing:
        for code in text.split():
            rank = letters.get(code[:-1]) or int(code[:-1])
            suit = Suit(code[-1])
            base = f"{kind.value}_{RANK_NAMES.get(rank, str(rank))}{suit.value}"
            seen[base] = seen.get(base, 0) + 1
            cards.append(Card(base, kind, suit, rank))
    # Two identical cards (the Stagecoach 9 of spades) are told apart by _1 and _2.
    numbered: dict[str, int] = {}
    result = []
    for card in cards:
        if seen[card.id] > 1:
            numbered[card.id] = numbered.get(card.id, 0) + 1
            card = Card(f"{card.id}_{numbered[card.id]}", card.kind, card.suit, card.rank)
        result.append(card)
    return tuple(result)


CARDS: tuple[Card, ...] = _deck()
CARD: dict[str, Card] = {card.id: card for card in CARDS}
NUMBER: dict[str, int] = {card.id: index for index, card in enumerate(CARDS)}
DECK_SIZE = len(CARDS)


def cards_of(kind: str) -> list[str]:
    """Return the ids of the cards of a kind, in deck order."""
    return [card.id for card in CARDS if card.kind == kind]


def kind_of(card: str) -> Kind:
    """Return the kind of a card instance id; raise KeyError for an unknown id."""
    return CARD[card].kind


def is_kind(card: str | None, kind: Kind) -> bool:
    """Return True if `card` is a base card of `kind` (False for None or an equipment card)."""
    info = CARD.get(card or "")
    return info is not None and info.kind is kind


def rule_of(card: str) -> KindRule:
    """Return the kind rule of a card instance id."""
    return KINDS[CARD[card].kind]


def volley_answer(card: str) -> Kind:
    """Return what each target of a volley card answers with; raise ValueError for another
    card."""
    answer = rule_of(card).volley_answer
    if answer is None:
        raise ValueError(f"{card} is not a volley")
    return answer


def is_weapon(card: str) -> bool:
    """Return True if the card is a weapon [BC-WEAPON-1]."""
    return rule_of(card).weapon_range > 0


def explodes(card: str) -> bool:
    """Return True if a "draw!" of this card makes Dynamite explode: 2-9 of spades [BC-DYN-2]."""
    info = CARD[card]
    return info.suit is Suit.SPADES and 2 <= info.rank <= 9


def is_heart(card: str) -> bool:
    """Return True for a heart: a successful Barrel, Jourdonnais or Jail check [BC-CHECK-2]."""
    return CARD[card].suit is Suit.HEARTS
