"""The card game's prompts: who is asked what, what the group may see, on which clock.

A hand is secret [BC-INFO-2], so every choice made from a hand goes to its seat alone; the
group's table shows only choices made of public facts (ending phase 2, Jesse Jones's and
Pedro Ramirez's sources, the General Store, Lucky Duke's two cards). Every seat owing an
answer to an attack is written to privately, whatever its hand holds [R-BC-09].
"""

from __future__ import annotations

from core.bang_cards import actions
from core.bang_cards.actions import EndPlay
from core.bang_cards.decisions import legal_actions
from core.bang_cards.ids import Decision
from core.bang_cards.state import CardsState
from core.engine.protocol import Clock, Prompt

REACTIONS = frozenset({Decision.DODGE, Decision.VOLLEY, Decision.DUEL, Decision.SAVE})
PUBLIC_CHOICES = frozenset({Decision.DRAW_SOURCE, Decision.STORE_PICK, Decision.LUCKY_PICK})


def prompts(state: CardsState) -> tuple[Prompt, ...]:
    """Return one prompt per seat owing the pending frame, by seat (none once over)."""
    frame = state.pending
    if state.outcome is not None or frame is None:
        return ()
    found = []
    for seat in sorted(set(frame.owed_by)):
        legal = legal_actions(state, frame, seat)
        texts = tuple(actions.encode(action) for action in legal)
        public: tuple[str, ...] = ()
        if frame.decision in PUBLIC_CHOICES:
            public = texts
        elif frame.decision is Decision.PLAY:
            public = (actions.encode(EndPlay()),)
        private = () if public == texts else texts
        reaction = frame.decision in REACTIONS or seat != state.turn.active
        clock = Clock.REACTION if reaction else Clock.TURN
        # Gatling and Indians!: one seat's answer leaves the others' choices as they were.
        independent = frame.decision is Decision.VOLLEY
        # A hand's choices are made in private; whether a seat has any is public (hand
        # sizes are shown, and every attack's answer is asked privately) [R-BC-09].
        found.append(Prompt(seat, frame.decision.value, public, private, clock, independent,
                            in_private=bool(private)))
    return tuple(found)


def turn_marker(state: CardsState) -> int:
    """Return the turn number (it grows by one as each turn starts)."""
    return state.turn_number
