"""The dice game's prompts: who is asked what, what the group may see, on which clock.

Which choices the group's table shows and which go to a seat alone is a rule of hidden
information (BD-INFO-3, OS-ROLE-9): nothing shown to the group may tell who holds a secret
identity, so reveals are offered privately and reaction windows show no buttons at all.
"""

from __future__ import annotations

from core.bang_dice import actions
from core.bang_dice.actions import Skip
from core.bang_dice.decisions import legal_actions
from core.bang_dice.ids import Decision
from core.bang_dice.state import DiceState, Frame
from core.engine.protocol import Clock, Prompt


def prompts(state: DiceState) -> tuple[Prompt, ...]:
    """Return one prompt per seat owing the pending frame, by seat (none once over)."""
    frame = state.pending
    if state.outcome is not None or frame is None:
        return ()
    owed = sorted(set(frame.owed_by))
    clock = _clock(state, frame, owed)
    decision = frame.decision.value
    found = []
    for seat in owed:
        legal = legal_actions(state, frame, seat)
        texts = tuple(actions.encode(action) for action in legal)
        public: tuple[str, ...] = ()
        if len(owed) == 1 and frame.window is None:
            public = texts
            if frame.decision is Decision.START_REVEAL:
                # [BD-DEC-1, BD-INFO-3] the group sees only "go on": every turn looks the
                # same whether or not its player holds a start-of-turn identity.
                public = tuple(t for t, a in zip(texts, legal, strict=True)
                               if isinstance(a, Skip))
        # A seat is written to only when it has a real choice the group does not show: a
        # window's possible holders without the card only owe a pass [OS-ROLE-9].
        secret = any(not isinstance(a, Skip) and t not in public
                     for t, a in zip(texts, legal, strict=True))
        # Never independent: a reveal in a window changes what the others may still do. Never
        # `in_private`: a holder's reveal is an extra, secret choice, so the seat is told of
        # its move the way every other seat is [BD-INFO-3].
        found.append(Prompt(seat, decision, public, texts if secret else (), clock))
    return tuple(found)


def turn_marker(state: DiceState) -> int:
    """Return the turn number (it grows by one as each turn starts)."""
    return state.turn_number


def _clock(state: DiceState, frame: Frame, owed: list[int]) -> Clock:
    """Return the timer of a frame: a window's own, the active player's turn, or a reaction."""
    if frame.window is not None:
        return Clock.WINDOW  # [OS-ROLE-9] the same grace for every window
    return Clock.TURN if state.turn.active in owed else Clock.REACTION
