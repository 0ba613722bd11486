"""Which moves of Colt Express the table may let a player take back (R-CE-20)."""

from __future__ import annotations

from dataclasses import replace

from core.colt_express.actions import ColtAction, Play
from core.colt_express.state import ColtState
from core.engine.protocol import Step, reveals_nothing

SAFE_EVENTS = frozenset({"card_played", "scheme_turn"})
"""A card put face up on the pile, and the next Schemin' turn. A draw, a face-down card, the
start of Stealin' (which turns the pile over) or anything of Stealin' is absent [R-CE-20]."""


def undoable(state: ColtState, seat: int, action: ColtAction, step: Step[ColtState]) -> bool:
    """Return True for a card played face up in Schemin' whose step showed nothing hidden:
    every event public, of a safe kind, and no card face down [R-CE-20]."""
    if not isinstance(action, Play) or action.hidden:
        return False
    if not reveals_nothing(step.events, SAFE_EVENTS):
        return False
    return not any(getattr(event, "face_down", False) for event in step.events)


def rewind(before: ColtState, after: ColtState) -> Step[ColtState]:
    """Return `before` at the version after `after` (states are never changed in place)."""
    return Step(replace(before, version=after.version + 1))
