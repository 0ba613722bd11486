"""Small builders for the card game's rule tests (docs/rules/bang_cards.md).

`table(5, {2: {"hand": ["missed_2s"]}}, deck=["beer_6h"])` builds a 5-seat position in
phase 2 of seat 0's turn; `act(state, seat, text)` plays an action text and returns the
new state with its events. The default cast has no ability that acts during phase 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core.bang_cards.actions import encode
from core.bang_cards.cards import NUMBER
from core.bang_cards.game import BangCards
from core.bang_cards.state import CardsState
from core.engine.protocol import Event

GAME = BangCards()

ROLES: dict[int, list[str]] = {
    3: ["deputy", "outlaw", "renegade"],
    4: ["sheriff", "outlaw", "outlaw", "renegade"],
    5: ["sheriff", "deputy", "outlaw", "outlaw", "renegade"],
    6: ["sheriff", "deputy", "outlaw", "outlaw", "outlaw", "renegade"],
    7: ["sheriff", "deputy", "deputy", "outlaw", "outlaw", "outlaw", "renegade"],
    8: ["sheriff", "deputy", "deputy", "outlaw", "outlaw", "outlaw", "renegade", "renegade"],
}
NEUTRAL = "black_jack"  # acts only in phase 1


def spec(count: int, changes: Mapping[int, Mapping[str, Any]] | None = None, *,
         deck: Iterable[str] = (), discard: Iterable[str] = (), turn: int = 0,
         phase: str = "play", **extra: Any) -> dict[str, Any]:
    """Return a position spec: `count` seats, default roles, the neutral cast, empty hands."""
    seats: list[dict[str, Any]] = [{"role": ROLES[count][i], "character": NEUTRAL}
                                   for i in range(count)]
    for index, fields in (changes or {}).items():
        seats[index] = {**seats[index], **fields}
    return {"game": "bang_cards", "seats": seats, "deck": list(deck),
            "discard": list(discard), "turn": turn, "phase": phase, **extra}


def table(count: int, changes: Mapping[int, Mapping[str, Any]] | None = None,
          **options: Any) -> CardsState:
    """Return the position of `spec(...)`, advanced to its first decision."""
    state = GAME.position(spec(count, changes, **options)).state
    GAME.check_state(state)
    return state


def act(state: CardsState, seat: int, text: str) -> tuple[CardsState, list[Event]]:
    """Play an action text (checked legal) and return the new state and its events."""
    action = GAME.decode_action(text)
    assert action in GAME.legal_actions(state, seat), (
        f"{text!r} not legal for {seat}: {texts(state, seat)}")
    step = GAME.apply(state, seat, action)
    GAME.check_state(step.state)
    return step.state, list(step.events)


def timeout(state: CardsState, seat: int) -> tuple[CardsState, list[Event]]:
    """Play the seat's timeout default."""
    return act(state, seat, GAME.encode_action(GAME.default_action(state, seat)))


def texts(state: CardsState, seat: int) -> list[str]:
    """Return the seat's legal action texts."""
    return [encode(a) for a in GAME.legal_actions(state, seat)]


def n(card: str) -> str:
    """Return a card's two-digit number as action texts write it."""
    return f"{NUMBER[card]:02d}"


def kinds(events: Iterable[Event]) -> list[str]:
    """Return the kinds of public events, in order."""
    return [e.kind for e in events if e.audience is None]


def decision(state: CardsState) -> tuple[str, tuple[int, ...]] | None:
    """Return the pending decision and who owes it."""
    frame = state.pending
    return None if frame is None else (frame.decision.value, tuple(sorted(frame.owed_by)))


def lives(state: CardsState) -> list[int]:
    """Return every seat's life."""
    return [seat.life for seat in state.seats]
