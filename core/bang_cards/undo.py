"""Which moves of the card game the table may let a player take back (R-BC-10)."""

from __future__ import annotations

from dataclasses import replace

from core.bang_cards.actions import CardsAction
from core.bang_cards.state import CardsState
from core.engine.protocol import Event, Step, reveals_nothing

SAFE_EVENTS = frozenset({
    "card_played", "card_equipped", "card_discarded", "card_taken", "responded",
    "shot_cancelled", "hit_taken", "life_changed", "phase_started",
})
"""What a play, an answer or the end of the playing phase shows when it reveals only the
mover's own card. A draw, a "draw!", a shuffle, the General Store, a new turn, an
elimination (a role shown), the end of the game and every Gold Rush event are absent
[R-BC-10]."""


def undoable(state: CardsState, seat: int, action: CardsAction,
             step: Step[CardsState]) -> bool:
    """Return True when the move showed nothing hidden but the mover's own card: every event
    public and of a safe kind, no card discarded from another player, none taken from a
    hand (Panic! and Cat Balou on a hand pick at random) [R-BC-10]."""
    if step.state.outcome is not None or not reveals_nothing(step.events, SAFE_EVENTS):
        return False
    return all(_own_or_public(event, seat) for event in step.events)


def _own_or_public(event: Event, seat: int) -> bool:
    """Return False for a card leaving another player's hand or play area at random."""
    if event.kind == "card_discarded":
        return getattr(event, "seat", seat) == seat
    if event.kind == "card_taken":
        return getattr(event, "zone", "hand") != "hand"
    return True


def rewind(before: CardsState, after: CardsState) -> Step[CardsState]:
    """Return `before` at the version after `after` (states are never changed in place)."""
    return Step(replace(before, version=after.version + 1))
