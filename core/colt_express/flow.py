"""The game's progression: run the phases until a decision is owed or the game ends.

Each phase advances by small steps; a step that needs an answer leaves a `Pending`
frame (who owes it, the card being resolved) and returns. `apply` answers the frame on
a fresh copy of the state, then calls `advance` again.
"""

from __future__ import annotations

from core.colt_express.actions import LEAVE, TAKE, ColtAction, TakePurse, Team
from core.colt_express.ids import PHASE_EVENT, PHASE_OVER, PHASE_SCHEME, PHASE_STEAL, Decision
from core.colt_express.rounds import (
    answer_pickpocket,
    apply_round_event,
    last_round,
    next_pickpocket,
    score,
)
from core.colt_express.scheme import (
    answer_discard,
    answer_scheme,
    discard_options,
    scheme_options,
    scheme_step,
    start_round,
)
from core.colt_express.setup import answer_team
from core.colt_express.state import ColtState, Pending
from core.colt_express.steal import answer_steal, options_of, resolve_next
from core.engine.protocol import Event

# [CE-DEC-12] which team bandit gives the Marshal card, which starts in the caboose.
TEAM_CHOICES: list[ColtAction] = [Team(marshal, caboose) for marshal in (0, 1)
                                  for caboose in (0, 1)]


def advance(state: ColtState, out: list[Event]) -> None:
    """Run the game on until someone owes a decision or it ends."""
    while state.pending is None and state.outcome is None:
        if state.phase == PHASE_SCHEME:
            scheme_step(state, out)
        elif state.phase == PHASE_STEAL:
            if not resolve_next(state, out):
                state.phase = PHASE_EVENT
                apply_round_event(state, out)
        elif state.phase == PHASE_EVENT:
            if not next_pickpocket(state):
                _end_round(state, out)
        else:
            start_round(state, out)  # the set-up is complete


def _end_round(state: ColtState, out: list[Event]) -> None:
    """Pass the First Player on and start the next round, or score [CE-RND-3]."""
    if last_round(state):
        state.phase = PHASE_OVER
        score(state, out)
        return
    state.round += 1
    state.first = (state.first + 1) % state.players
    start_round(state, out)


def legal(state: ColtState, frame: Pending, seat: int) -> list[ColtAction]:
    """Return the actions a seat owing the frame may take, in a fixed order."""
    if frame.decision == Decision.TEAM_SETUP:
        return list(TEAM_CHOICES)
    if frame.decision == Decision.SCHEME:
        return scheme_options(state, seat)
    if frame.decision == Decision.DISCARD:
        return discard_options(state, seat)
    if frame.decision == Decision.PICKPOCKET:
        return [TAKE, LEAVE]
    return options_of(state, frame)


def answer(state: ColtState, out: list[Event], frame: Pending, seat: int,
           action: ColtAction) -> None:
    """Carry out a seat's legal answer to the frame (state.pending is already cleared)."""
    if frame.decision == Decision.TEAM_SETUP:
        assert isinstance(action, Team)
        answer_team(state, out, frame, seat, action)
    elif frame.decision == Decision.SCHEME:
        answer_scheme(state, out, seat, action)
    elif frame.decision == Decision.DISCARD:
        answer_discard(state, out, frame, seat, action)
    elif frame.decision == Decision.PICKPOCKET:
        assert isinstance(action, TakePurse)
        answer_pickpocket(state, out, frame, action)
    else:
        answer_steal(state, out, frame, action)
