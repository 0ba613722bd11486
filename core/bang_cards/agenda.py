"""The agenda's primitives shared by every task handler: putting tasks on the agenda and
leaving a decision for a seat."""

from __future__ import annotations

from core.bang_cards.ids import Decision, Purpose
from core.bang_cards.state import CardsState, Frame, Task
from core.engine.protocol import Event

Events = list[Event]


def schedule(state: CardsState, *tasks: Task) -> None:
    """Put tasks on top of the agenda so that the first given runs next."""
    state.agenda.extend(reversed(tasks))


def ask(state: CardsState, decision: Decision, seat: int, *, source: int | None = None,
        card: str | None = None, need: int = 0, other: int | None = None,
        purpose: Purpose | None = None, waiting: tuple[int, ...] = (),
        hits: tuple[int, ...] = ()) -> None:
    """Leave a pending decision; the agenda stops until it is answered."""
    state.pending = Frame(decision, seat, source, card, need, other, purpose, waiting, hits)

