"""An admin removes a player: in the dice game the seat is eliminated at once.

The printed rules know no removal, so the table plays on as if the player had died
outside any damage step, with the usual consequences: the role is revealed and the
arrows go back [BD-ELIM-1, BD-ELIM-2], the end is checked with no player as the source
[BD-END-1, BD-3P-6], Vulture Sam gains 2 life [BD-CHAR-VULTURE-1], and on the player's
own turn the turn ends [BD-TURN-10]. A removed player has left, so he never becomes the
Ghost and does not use it up [OS-GHOST-1]; he still wins if his team wins [BD-ELIM-1].

The decision pending at that moment goes on without him: his own decision lapses and its
task carries on (a damage step finishes, an arrow for him is not taken); a hit target is
asked again on the smaller circle; he leaves the targets of other decisions and the
seats a reaction window waits for; an identity effect he used or was chosen for is void.
"""

from __future__ import annotations

from dataclasses import replace

from core.bang_dice import events as ev
from core.bang_dice.agenda import Events, schedule
from core.bang_dice.damage import eliminate_all, vulture_heals
from core.bang_dice.flow import advance
from core.bang_dice.ids import Decision, Identity
from core.bang_dice.state import AskAgain, DiceState, Frame, IdentityEffect

# Windows about the active player's dice: nothing is left to change once he is removed.
_DICE_WINDOWS = (Identity.THE_DOCTOR, Identity.THE_GAMBLER)
# Windows whose targets are seats (the dying for the Left Hand, the healed for The Bad).
_SEAT_WINDOWS = (Identity.DEVILS_LEFT_HAND, Identity.THE_BAD)


def remove(state: DiceState, seat: int, out: Events) -> None:
    """Eliminate a living seat now and run the game on to its next decision (or its end)."""
    frame = state.pending
    state.pending = None
    out.append(ev.SeatRemoved(seat=seat))
    if frame is not None and _void_judged_effect(state, frame, seat):
        frame = None
    if eliminate_all(state, [seat], None, out, haunt=False):
        return
    if seat == state.turn.active:
        state.turn.aborted = True  # [BD-TURN-10]
    kept = None if frame is None else _without(state, frame, seat)
    # Vulture Sam's gain comes first; then the interrupted decision is asked again.
    schedule(state, *vulture_heals(state, [seat]), *([AskAgain(kept)] if kept else []))
    advance(state, out)


def _void_judged_effect(state: DiceState, frame: Frame, removed: int) -> bool:
    """Drop the identity effect a Judge window waits on if it used or chose the removed
    seat [OS-ROLE-4]; return True if dropped (the window then has nothing to judge)."""
    top = state.agenda[-1] if state.agenda else None
    if frame.window is not Identity.THE_JUDGE or not isinstance(top, IdentityEffect):
        return False
    if removed != top.seat and removed not in top.targets:
        return False
    state.agenda.pop()
    return True


def _without(state: DiceState, frame: Frame, removed: int) -> Frame | None:
    """Return the pending decision without the removed seat, or None when it lapses."""
    if frame.decision is Decision.WINDOW:
        return _window_without(state, frame, removed)
    if frame.seat == removed:
        return None
    if frame.decision is Decision.HIT_TARGET:
        return None  # the Resolve step on the agenda asks again: reach changed [BD-HIT-1]
    targets = tuple(seat for seat in frame.targets if seat != removed)
    if frame.targets and not targets:
        return None  # e.g. Molly Stark's victim, or the Chief's holder for Apache Kid
    return replace(frame, targets=targets)


def _window_without(state: DiceState, frame: Frame, removed: int) -> Frame | None:
    """Return a reaction window without the removed seat, or None when it closes."""
    if removed == state.turn.active and frame.window in _DICE_WINDOWS:
        return None  # [BD-TURN-10] his dice have no effect any more
    targets = frame.targets
    if frame.window in _SEAT_WINDOWS:
        targets = tuple(seat for seat in targets if seat != removed)
        if not targets:
            return None  # nobody left to save, or the healed player is gone
    waiting = tuple(seat for seat in frame.waiting if seat != removed)
    return replace(frame, waiting=waiting, targets=targets) if waiting else None
