"""Which moves of the dice game the table may let a player take back (R-BD-11)."""

from __future__ import annotations

from dataclasses import replace

from core.bang_dice.actions import DiceAction
from core.bang_dice.state import DiceState
from core.engine.protocol import Step, reveals_nothing

SAFE_EVENTS = frozenset({
    "rolling_stopped", "hit_assigned", "beer_assigned", "arrow_discarded", "gatling_fired",
    "arrows_instead_of_life", "life_lost", "life_gained", "dice_chosen", "loss_taken",
    "arrow_given", "arrows_returned", "indians_attacked", "dynamite_exploded",
    "window_opened",
})
"""Events that follow from dice everyone already sees and the mover's own choices. A roll,
a new turn (which rolls), an elimination (a role shown), an identity revealed or the end
of the game are absent: each shows something hidden [R-BD-11]."""


def undoable(state: DiceState, seat: int, action: DiceAction, step: Step[DiceState]) -> bool:
    """Return True when the move showed nothing hidden: the game goes on, the move answered
    no identity window, and each event it made is public and of a safe kind [R-BD-11]."""
    # An offer to take back a window's answer would name a player the window asked in
    # private, a possible holder of that identity [OS-ROLE-9].
    answered_window = state.pending is not None and state.pending.window is not None
    return not answered_window and step.state.outcome is None \
        and reveals_nothing(step.events, SAFE_EVENTS)


def rewind(before: DiceState, after: DiceState) -> Step[DiceState]:
    """Return `before` at the version after `after` (states are never changed in place, so
    sharing `before`'s parts is safe)."""
    return Step(replace(before, version=after.version + 1))
