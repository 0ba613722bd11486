"""Legal answers to each pending decision, and how an answer changes the state."""

from __future__ import annotations

from itertools import combinations

from core.bang_dice import events as ev
from core.bang_dice.actions import Amount, DiceAction, DiscardArrow, Reroll, Skip, Stop, Target
from core.bang_dice.board import living
from core.bang_dice.flow import (
    Events,
    assign_hit,
    can_double,
    give_beer,
    heal,
    rerollable,
    return_arrows,
    schedule,
    stop_rolling,
    with_changes,
)
from core.bang_dice.ids import Decision
from core.bang_dice.state import Damage, DiceState, Frame, Roll


def legal_actions(state: DiceState, frame: Frame) -> list[DiceAction]:
    """Return every legal answer to the pending frame."""
    match frame.decision:
        case Decision.REROLL:
            dice = rerollable(state)
            subsets: list[DiceAction] = [Stop()]
            for size in range(1, len(dice) + 1):
                subsets.extend(Reroll(frozenset(c)) for c in combinations(dice, size))
            return subsets
        case Decision.HIT_TARGET:
            plain: list[DiceAction] = [Target(t) for t in frame.targets]
            if can_double(state):
                plain.extend(Target(t, doubled=True) for t in frame.targets)
            return plain
        case Decision.BEER_TARGET | Decision.SID_HEAL:
            return [Target(t) for t in living(state)]
        case Decision.KIT_DISCARD:
            holders: list[DiceAction] = [DiscardArrow(i) for i, s in enumerate(state.seats)
                                         if s.alive and s.arrows > 0]
            return [*holders, Skip()]
        case Decision.BART_ARROWS | Decision.PEDRO_RETURN:
            return [Amount(n) for n in range(frame.limit + 1)]
    return []


def is_legal(state: DiceState, frame: Frame, action: DiceAction) -> bool:
    """Return True if the action answers the frame legally (without listing every answer)."""
    match frame.decision, action:
        case Decision.REROLL, Reroll(dice=dice):
            return bool(dice) and dice <= set(rerollable(state))
        case Decision.REROLL, Stop():
            return True
        case Decision.HIT_TARGET, Target(seat=seat, doubled=doubled):
            return seat in frame.targets and (not doubled or can_double(state))
        case Decision.BEER_TARGET | Decision.SID_HEAL, Target(seat=seat, doubled=False):
            return 0 <= seat < len(state.seats) and state.seats[seat].alive
        case Decision.BART_ARROWS | Decision.PEDRO_RETURN, Amount(count=count):
            return 0 <= count <= frame.limit
    return action in legal_actions(state, frame)


def answer(state: DiceState, frame: Frame, action: DiceAction, out: Events) -> None:
    """Apply a legal answer to the pending frame (already cleared from the state)."""
    turn = state.turn
    match frame.decision, action:
        case Decision.REROLL, Stop():
            stop_rolling(state, out)
        case Decision.REROLL, Reroll(dice=dice):
            schedule(state, Roll(dice=tuple(sorted(dice))))
        case Decision.HIT_TARGET, Target(seat=seat, doubled=doubled):
            assign_hit(state, seat, doubled=doubled, out=out)
        case Decision.BEER_TARGET, Target(seat=seat):
            give_beer(state, seat, out)
        case Decision.SID_HEAL, Target(seat=seat):
            heal(state, seat, 1, "sid_ketchum", out)
        case Decision.KIT_DISCARD, DiscardArrow(seat=seat):
            turn.kit_left -= 1
            out.append(ev.ArrowDiscarded(seat=turn.active, target=seat))
            return_arrows(state, seat, 1, "kit_carlson", out)
        case Decision.KIT_DISCARD, Skip():
            turn.kit_left -= 1
        case Decision.BART_ARROWS, Amount(count=count):
            _bart_takes(state, frame.seat, count, out)
        case Decision.PEDRO_RETURN, Amount(count=count):
            return_arrows(state, frame.seat, count, "pedro_ramirez", out)


def _bart_takes(state: DiceState, seat: int, count: int, out: Events) -> None:
    """Bart Cassidy takes arrows instead of life; the damage step on top resumes after."""
    if count <= 0:
        return
    state.pile -= count
    state.seats[seat].arrows += count
    out.append(ev.ArrowsInsteadOfLife(seat=seat, count=count))
    task = state.agenda[-1]
    assert isinstance(task, Damage)
    losses = list(task.losses)
    losses[seat] -= count
    state.agenda[-1] = with_changes(task, losses=tuple(losses))
