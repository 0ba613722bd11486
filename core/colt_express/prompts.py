"""Colt Express's prompts: who is asked what, what the group may see, on which clock.

Schemin' decisions are made from a hand, which only its owner sees (CE-SCHEME-4), so they
(and the expert discard and the 2-player team set-up, also made from one's own cards) are
asked privately; Stealin' decisions are public and shown on the group's table.
"""

from __future__ import annotations

from typing import TypeVar

from core.colt_express.state import ColtState
from core.colt_express.view import make_view
from core.engine.protocol import Clock, Game, Prompt

ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
# Decisions made from a hand: private prompts [CE-SCHEME-4, CE-EXPERT-3, CE-2P-2].
PRIVATE = ("scheme", "discard", "team_setup")
# Decisions several seats owe at once, each about its own cards only.
INDEPENDENT = ("discard", "team_setup")


def prompts(game: Game[ColtState, ActionT, ViewT], state: ColtState) -> tuple[Prompt, ...]:
    """Return one prompt per seat owing the pending decision, by seat (none once over).

    Every Colt Express decision is the owner's own move, so it runs on the turn clock.
    """
    frame = state.pending
    if state.outcome is not None or frame is None:
        return ()
    owed = sorted(set(frame.owed_by))
    decision = frame.decision
    found = []
    for seat in owed:
        texts = tuple(game.encode_action(a) for a in game.legal_actions(state, seat))
        private = decision in PRIVATE
        public = texts if not private and len(owed) == 1 else ()
        found.append(Prompt(seat, decision, public, texts if private else (), Clock.TURN,
                            decision in INDEPENDENT, in_private=private))
    return tuple(found)


def turn_marker(state: ColtState) -> int:
    """Return a number that changes with each Schemin' turn and each Stealin' phase."""
    return make_view(state, None).turn_number
