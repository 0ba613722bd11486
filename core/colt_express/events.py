"""Events of Colt Express: typed records of what happened, each with its audience."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.engine.protocol import Event


@dataclass(kw_only=True)
class RoundStarted(Event):
    kind: str = "round_started"
    round: int
    card: str
    pattern: str
    first: int


@dataclass(kw_only=True)
class TurnStarted(Event):
    """A turn of Schemin' began: its symbol and the seats in playing order."""

    kind: str = "scheme_turn"
    turn: int
    symbol: str
    order: tuple[int, ...]


@dataclass(kw_only=True)
class CardsDrawn(Event):
    """A seat drew cards; `cards` only in the private copy its owner receives."""

    kind: str = "cards_drawn"
    seat: int
    count: int
    cards: tuple[str, ...] = ()
    start: bool = False


@dataclass(kw_only=True)
class CardPlayed(Event):
    """A card went on the pile; `card` is "" for the group when it went face down."""

    kind: str = "card_played"
    seat: int
    bandit: int
    card: str
    face_down: bool


@dataclass(kw_only=True)
class Passed(Event):
    kind: str = "passed"
    seat: int


@dataclass(kw_only=True)
class HandDiscarded(Event):
    """End of Schemin', expert variant: how many cards a seat discarded [CE-EXPERT-3]."""

    kind: str = "hand_discarded"
    seat: int
    count: int


@dataclass(kw_only=True)
class PhaseStarted(Event):
    kind: str = "phase_started"
    phase: str


@dataclass(kw_only=True)
class CardResolved(Event):
    """The pile's card at `index` is resolving now (turned face up if it was down)."""

    kind: str = "card_resolved"
    index: int
    seat: int
    bandit: int
    card: str


@dataclass(kw_only=True)
class NoEffect(Event):
    kind: str = "no_effect"
    bandit: int
    card: str


@dataclass(kw_only=True)
class BanditMoved(Event):
    """A bandit is now at (car, roof); `cause` says why (move, floor, punch, django, ...)."""

    kind: str = "bandit_moved"
    bandit: int
    car: int
    roof: bool
    cause: str


@dataclass(kw_only=True)
class Shot(Event):
    """`bandit` shot `target`; `neutral` for the Marshal's or an event's bullet."""

    kind: str = "shot"
    bandit: int
    target: int
    neutral: bool = False


@dataclass(kw_only=True)
class Punched(Event):
    kind: str = "punched"
    bandit: int
    target: int


@dataclass(kw_only=True)
class LootDropped(Event):
    kind: str = "loot_dropped"
    bandit: int
    loot: str
    car: int
    roof: bool


@dataclass(kw_only=True)
class LootTaken(Event):
    """A bandit took a loot token of type `loot`; the value goes only to its owner."""

    kind: str = "loot_taken"
    bandit: int
    loot: str
    value: int = 0
    how: str = "robbery"


@dataclass(kw_only=True)
class LootLost(Event):
    kind: str = "loot_lost"
    bandit: int
    loot: str


@dataclass(kw_only=True)
class MarshalMoved(Event):
    kind: str = "marshal_moved"
    car: int


@dataclass(kw_only=True)
class RoundEvent(Event):
    kind: str = "round_event"
    card: str


@dataclass(kw_only=True)
class GameEnded(Event):
    """Final scores per seat, the Gunslingers and the winners [CE-SCORE]."""

    kind: str = "game_ended"
    scores: tuple[int, ...]
    gunslingers: tuple[int, ...]
    winners: tuple[int, ...]
    values: dict[str, int] = field(default_factory=dict)
