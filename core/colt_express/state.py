"""The Colt Express state: plain dataclasses, JSON through one pydantic TypeAdapter.

Positions: car 0 is the locomotive, car N the caboose [CE-GEN-1]. A deck's top is the
END of its list. Bandits are numbered 0..B-1; with 3-6 players bandit i is seat i's, with
2 players seat 0 runs bandits 0 and 1 and seat 1 runs 2 and 3 [CE-2P-1].
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import TypeAdapter

from core.colt_express.ids import Character, Decision
from core.engine.protocol import Outcome


@dataclass(slots=True)
class Bandit:
    """One bandit on the train: where he is, his revolver and his loot."""

    character: Character
    seat: int
    car: int = 0
    roof: bool = False
    revolver: int = 6
    received: int = 0
    loot: list[str] = field(default_factory=list)

    def copy(self) -> Bandit:
        """Return an independent copy."""
        return Bandit(self.character, self.seat, self.car, self.roof, self.revolver,
                      self.received, list(self.loot))


@dataclass(slots=True)
class Player:
    """One seat's cards: deck (top last), hand and, in the expert variant, discard pile."""

    bandits: list[int]
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    discarded: int = 0

    def copy(self) -> Player:
        """Return an independent copy."""
        return Player(list(self.bandits), list(self.deck), list(self.hand),
                      list(self.discard), self.discarded)


@dataclass(slots=True)
class Played:
    """A card on the common pile: who played it and whether it went face down."""

    card: str
    seat: int
    face_down: bool = False
    revealed: bool = False


@dataclass(slots=True)
class Pending:
    """The decision the game waits for: who owes it and the card being resolved.

    `victim` and `token` carry a Punch between its steps (target, loot, push).
    """

    decision: Decision
    owed_by: list[int]
    bandit: int = -1
    victim: int = -1
    token: str = ""


@dataclass
class ColtState:
    """A whole game of Colt Express."""

    players: int
    characters_on: bool
    expert: bool
    bandits: list[Bandit]
    seats: list[Player]
    cars: list[str]
    inside: list[list[str]]
    roof: list[list[str]]
    marshal: int
    aside: list[str]
    box: list[str]
    removed: list[str]
    round_cards: list[str]
    rng: int
    round: int = 0
    first: int = 0
    phase: str = "setup"
    turn: int = 0
    order: list[int] = field(default_factory=list)
    steps_left: int = 0
    pile: list[Played] = field(default_factory=list)
    resolving: int = 0
    pending: Pending | None = None
    pickpockets: list[int] = field(default_factory=list)
    bullet_holder: dict[str, int] = field(default_factory=dict)
    neutral: int = 0
    forced_order: bool = False
    ransoms: int = 0
    scores: list[int] = field(default_factory=list)
    version: int = 0
    outcome: Outcome | None = None

    @property
    def train_length(self) -> int:
        """Return N, the caboose's position (the number of cars behind the locomotive)."""
        return len(self.cars) - 1

    @property
    def two_player(self) -> bool:
        """Return True for the 2-player team game [CE-2P-1]."""
        return self.players == 2

    def copy(self) -> ColtState:
        """Return an independent copy that a step may change freely."""
        new = object.__new__(ColtState)
        new.__dict__.update(self.__dict__)
        new.bandits = [b.copy() for b in self.bandits]
        new.seats = [p.copy() for p in self.seats]
        new.inside = [list(loot) for loot in self.inside]
        new.roof = [list(loot) for loot in self.roof]
        new.aside = list(self.aside)
        new.box = list(self.box)
        new.removed = list(self.removed)
        new.order = list(self.order)
        new.pile = [Played(p.card, p.seat, p.face_down, p.revealed) for p in self.pile]
        if self.pending is not None:
            p = self.pending
            new.pending = Pending(p.decision, list(p.owed_by), p.bandit, p.victim, p.token)
        new.pickpockets = list(self.pickpockets)
        new.bullet_holder = dict(self.bullet_holder)
        return new

    def loot_at(self, car: int, roof: bool) -> list[str]:
        """Return the (live) list of loot lying at a location."""
        return self.roof[car] if roof else self.inside[car]

    def others_at(self, bandit: int) -> list[int]:
        """Return the other bandits at the same location as `bandit` [CE-GEN-2]."""
        me = self.bandits[bandit]
        return [i for i, b in enumerate(self.bandits)
                if i != bandit and b.car == me.car and b.roof == me.roof]


STATE_ADAPTER: TypeAdapter[ColtState] = TypeAdapter(ColtState)


def dump_state(state: ColtState) -> str:
    """Return the state as JSON text."""
    return STATE_ADAPTER.dump_json(state).decode()


def load_state(text: str | bytes) -> ColtState:
    """Return the state stored as JSON text; raise ValueError if it is not a valid state."""
    return STATE_ADAPTER.validate_json(text)
