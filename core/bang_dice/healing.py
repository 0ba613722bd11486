"""Life gained: a heal runs now, or, when The Bad could cancel it, as the next task."""

from __future__ import annotations

from core.bang_dice import events as ev
from core.bang_dice.agenda import Events, identities_on, schedule
from core.bang_dice.ids import Identity
from core.bang_dice.state import DiceState, Heal, OpenWindow


def heal(state: DiceState, seat_index: int, amount: int, cause: str, out: Events) -> None:
    """Give a seat life now, or, when The Bad could cancel it, as the next task."""
    task = Heal(seat=seat_index, amount=amount, cause=cause)
    if identities_on(state):
        schedule(state, task)
    else:
        run_heal(state, task, out)


def run_heal(state: DiceState, task: Heal, out: Events) -> None:
    """Run a Heal task: the seat gains life up to its maximum [BD-GEN-3]."""
    seat = state.seats[task.seat]
    if not seat.alive:
        return
    gained = max(0, min(task.amount, seat.max_life - seat.life))  # [BD-GEN-3] capped
    if gained and not task.checked and identities_on(state):
        # [OS-ROLE-BAD-1] when any player is about to gain life
        schedule(state, OpenWindow(identity=Identity.THE_BAD, targets=(task.seat,)),
                 Heal(seat=task.seat, amount=task.amount, cause=task.cause, checked=True))
        return
    seat.life += gained
    out.append(ev.LifeGained(seat=task.seat, amount=gained, cause=task.cause))
