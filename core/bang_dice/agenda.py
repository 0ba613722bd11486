"""The agenda's primitives, shared by every task handler: putting tasks on the agenda,
leaving a decision for a seat, and reading or fixing the task a decision waits on."""

from __future__ import annotations

from core.bang_dice.ids import Decision, Module
from core.bang_dice.state import (
    ArrowSource,
    Damage,
    DiceState,
    Frame,
    TakeArrow,
    Task,
    with_changes,
)
from core.engine.protocol import Event

Events = list[Event]


def schedule(state: DiceState, *tasks: Task) -> None:
    """Put tasks on top of the agenda so that the first given runs next."""
    state.agenda.extend(reversed(tasks))


def ask(state: DiceState, decision: Decision, seat: int, *, symbol: int = 0,
        limit: int = 0, targets: tuple[int, ...] = ()) -> None:
    """Leave a pending decision for a seat; the agenda stops until it is answered."""
    state.pending = Frame(decision, seat, symbol, limit, targets)


def identities_on(state: DiceState) -> bool:
    """Return True when the special identities module is on."""
    return state.options.has(Module.SPECIAL_IDENTITIES)


def pending_losses(state: DiceState) -> list[int]:
    """Return the losses of the damage step waiting on top of the agenda."""
    task = state.agenda[-1]
    assert isinstance(task, Damage)
    return list(task.losses)


def set_pending_losses(state: DiceState, losses: list[int]) -> None:
    """Rewrite the losses of the damage step waiting on top of the agenda."""
    task = state.agenda[-1]
    assert isinstance(task, Damage)
    state.agenda[-1] = with_changes(task, losses=tuple(losses))


def settle_arrow_source(state: DiceState, source: ArrowSource) -> None:
    """Fix the source of the arrow being taken (the TakeArrow task on top of the agenda)."""
    task = state.agenda.pop()
    assert isinstance(task, TakeArrow)
    schedule(state, TakeArrow(seat=task.seat, source=source))
