"""Events of the card game: typed records of what happened, each with its audience.

A card that only some seats may see travels in a private event (`audience` set); its
public twin says what everybody may know (how many cards, from where).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.protocol import Event


@dataclass(kw_only=True)
class RoleDealt(Event):
    """A seat's role: public for the Sheriff and in the 3-player game, else private."""

    kind: str = "role_dealt"
    seat: int
    role: str


@dataclass(kw_only=True)
class CharacterDealt(Event):
    kind: str = "character_dealt"
    seat: int
    character: str
    life: int


@dataclass(kw_only=True)
class TurnStarted(Event):
    kind: str = "turn_started"
    seat: int
    turn_number: int


@dataclass(kw_only=True)
class PhaseStarted(Event):
    kind: str = "phase_started"
    seat: int
    phase: str


@dataclass(kw_only=True)
class CardsDrawn(Event):
    """`seat` took `count` cards from `origin`: deck, discard, store or seat `from_seat`.

    `cards` is filled only in the private copy (or when the cards were public anyway).
    """

    kind: str = "cards_drawn"
    seat: int
    count: int
    origin: str = "deck"
    from_seat: int | None = None
    cards: tuple[str, ...] = ()


@dataclass(kw_only=True)
class CardsSeen(Event):
    """Kit Carlson looks at the top cards of the deck; `cards` only in the private copy."""

    kind: str = "cards_seen"
    seat: int
    count: int
    cards: tuple[str, ...] = ()


@dataclass(kw_only=True)
class CardReturned(Event):
    """A card went back on top of the deck (Kit Carlson); `card` only in the private copy."""

    kind: str = "card_returned"
    seat: int
    card: str | None = None


@dataclass(kw_only=True)
class CardShown(Event):
    """A drawn card shown to all (Black Jack's second card)."""

    kind: str = "card_shown"
    seat: int
    card: str
    bonus: bool


@dataclass(kw_only=True)
class DeckReshuffled(Event):
    kind: str = "deck_reshuffled"
    count: int


@dataclass(kw_only=True)
class CheckRevealed(Event):
    """The cards of a "draw!" (two for Lucky Duke)."""

    kind: str = "check_revealed"
    seat: int
    purpose: str
    cards: tuple[str, ...]


@dataclass(kw_only=True)
class CheckResolved(Event):
    kind: str = "check_resolved"
    seat: int
    purpose: str
    card: str
    success: bool


@dataclass(kw_only=True)
class CardPlayed(Event):
    """`seat` played `card` (as `as_kind` when it stands for another kind), at `target`."""

    kind: str = "card_played"
    seat: int
    card: str
    as_kind: str
    target: int | None = None


@dataclass(kw_only=True)
class CardEquipped(Event):
    """A blue card went in front of `owner`; `replaced` is a weapon it pushed out."""

    kind: str = "card_equipped"
    seat: int
    card: str
    owner: int
    replaced: str | None = None


@dataclass(kw_only=True)
class CardDiscarded(Event):
    """A card left `seat`'s hand or play area for the discard pile, for `reason`."""

    kind: str = "card_discarded"
    seat: int
    card: str
    reason: str


@dataclass(kw_only=True)
class CardTaken(Event):
    """`seat` took a card from `from_seat`'s `zone`; a hand card is named only privately."""

    kind: str = "card_taken"
    seat: int
    from_seat: int
    zone: str
    card: str | None = None


@dataclass(kw_only=True)
class Responded(Event):
    """A reaction: `card` played to cancel a shot, or discarded in a Duel or to Indians!."""

    kind: str = "responded"
    seat: int
    card: str
    as_kind: str
    need: int = 0


@dataclass(kw_only=True)
class ShotCancelled(Event):
    kind: str = "shot_cancelled"
    seat: int


@dataclass(kw_only=True)
class HitTaken(Event):
    """`seat` does not (or cannot) answer: he will lose the life."""

    kind: str = "hit_taken"
    seat: int


@dataclass(kw_only=True)
class LifeChanged(Event):
    kind: str = "life_changed"
    seat: int
    delta: int
    life: int
    source: int | None = None
    cause: str = ""


@dataclass(kw_only=True)
class StoreRevealed(Event):
    kind: str = "store_revealed"
    seat: int
    cards: tuple[str, ...]


@dataclass(kw_only=True)
class DynamitePassed(Event):
    kind: str = "dynamite_passed"
    seat: int
    to_seat: int
    card: str


@dataclass(kw_only=True)
class PlayerEliminated(Event):
    kind: str = "player_eliminated"
    seat: int
    role: str
    source: int | None
    to_seat: int | None = None


@dataclass(kw_only=True)
class Rewarded(Event):
    """An eliminator drew cards (`count`) or, as a Sheriff who killed a Deputy, lost all."""

    kind: str = "rewarded"
    seat: int
    victim: int
    count: int = 0
    penalty: bool = False


@dataclass(kw_only=True)
class TurnSkipped(Event):
    kind: str = "turn_skipped"
    seat: int


@dataclass(kw_only=True)
class OrderSet(Event):
    """A private standing order [BC-TO-ORD]: only its owner hears of it."""

    kind: str = "order_set"
    seat: int
    order: str
    value: bool


@dataclass(kw_only=True)
class GameEnded(Event):
    kind: str = "game_ended"
    side: str | None
    winners: tuple[int, ...]
    reason: str
