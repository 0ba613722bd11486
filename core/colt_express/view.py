"""What each audience may see of a Colt Express game [CE-INFO].

The group sees public facts only. A seat also sees its own hand, its own face-down
cards on the pile, its expert discard pile and the values of its own purses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.colt_express.cards import card_key
from core.colt_express.ids import JEWEL, PURSE, RANSOM, STRONGBOX, loot_type, loot_value
from core.colt_express.scheme import pattern
from core.colt_express.state import ColtState
from core.engine.protocol import Outcome
from core.engine.records import plain


@dataclass(frozen=True)
class BanditView:
    bandit: int
    seat: int
    character: str
    car: int
    roof: bool
    purses: int
    jewels: int
    strongboxes: int
    ransoms: int
    purse_values: tuple[int, ...] | None
    bullets_left: int
    received: int


@dataclass(frozen=True)
class SeatView:
    seat: int
    bandits: tuple[int, ...]
    hand: int
    deck: int
    discard: int


@dataclass(frozen=True)
class CarView:
    car: str
    inside: tuple[str, ...]
    roof: tuple[str, ...]


@dataclass(frozen=True)
class PileView:
    seat: int
    bandit: int
    card: str | None
    face_down: bool


@dataclass(frozen=True)
class ColtView:
    """A table as one audience sees it; `hand` and `discard` (the expert discard pile, oldest
    first) are the viewer's own, empty for the group [CE-EXPERT-6]."""

    viewer: int | None
    bandits: tuple[BanditView, ...]
    seats: tuple[SeatView, ...]
    cars: tuple[CarView, ...]
    marshal: int
    round: int
    round_card: str
    pattern: str
    turn: int
    first: int
    phase: str
    pile: tuple[PileView, ...]
    resolving: int
    hand: tuple[str, ...]
    hand_keys: tuple[str, ...]
    discard: tuple[str, ...]
    to_act: tuple[int, ...]
    decision: str | None
    acting_bandit: int
    victim: int
    characters_on: bool
    expert: bool
    scores: tuple[int, ...] | None
    outcome: Outcome | None
    version: int

    @property
    def turn_number(self) -> int:
        """Return a number that changes with every Schemin' turn and Stealin' phase."""
        return self.round * 20 + (self.turn if self.phase == "scheme" else 19)

    def to_json(self) -> dict[str, Any]:
        """Return the view as a JSON-ready dict."""
        data: dict[str, Any] = plain(self)
        data["outcome"] = None if self.outcome is None else self.outcome.to_json()
        data["turn_number"] = self.turn_number
        return data


def _kinds(tokens: list[str]) -> tuple[str, ...]:
    return tuple(sorted(loot_type(t) for t in tokens))


def make_view(state: ColtState, viewer: int | None) -> ColtView:
    """Return the view of `viewer` (None = the group)."""
    over = state.outcome is not None
    bandits = []
    for index, b in enumerate(state.bandits):
        kinds = [loot_type(t) for t in b.loot]
        mine = over or b.seat == viewer  # purse values stay hidden until scoring [CE-SCORE-4]
        bandits.append(BanditView(
            bandit=index, seat=b.seat, character=b.character, car=b.car, roof=b.roof,
            purses=kinds.count(PURSE), jewels=kinds.count(JEWEL),
            strongboxes=kinds.count(STRONGBOX), ransoms=kinds.count(RANSOM),
            purse_values=(tuple(sorted(loot_value(t) for t in b.loot if loot_type(t) == PURSE))
                          if mine else None),
            bullets_left=b.revolver, received=b.received))
    seats = tuple(SeatView(seat=i, bandits=tuple(p.bandits), hand=len(p.hand), deck=len(p.deck),
                           discard=len(p.discard)) for i, p in enumerate(state.seats))
    cars = tuple(CarView(name, _kinds(state.inside[i]), _kinds(state.roof[i]))
                 for i, name in enumerate(state.cars))
    pile = tuple(PileView(p.seat, int(p.card[0]),
                          p.card if (not p.face_down or p.revealed or p.seat == viewer) else None,
                          p.face_down) for p in state.pile)
    frame = state.pending
    hand = tuple(state.seats[viewer].hand) if viewer is not None else ()
    return ColtView(
        viewer=viewer, bandits=tuple(bandits), seats=seats, cars=cars, marshal=state.marshal,
        round=state.round, round_card=state.round_cards[state.round],
        pattern=pattern(state), turn=state.turn, first=state.first, phase=state.phase,
        pile=pile, resolving=state.resolving, hand=hand,
        hand_keys=tuple(card_key(state, c) for c in hand),
        # [CE-EXPERT-6] a discard pile's contents are known to its owner only
        discard=tuple(state.seats[viewer].discard) if viewer is not None else (),
        to_act=tuple(frame.owed_by) if frame else (),
        decision=frame.decision if frame else None,
        acting_bandit=frame.bandit if frame else -1, victim=frame.victim if frame else -1,
        characters_on=state.characters_on, expert=state.expert,
        scores=tuple(state.scores) if over else None,
        outcome=state.outcome, version=state.version)
