"""The agenda's primitives shared by every task handler: putting tasks on the agenda and
leaving a decision for a seat."""

from __future__ import annotations

from core.bang_cards.frames import Frame
from core.bang_cards.state import CardsState, Task
from core.engine.protocol import Event

Events = list[Event]


def schedule(state: CardsState, *tasks: Task) -> None:
    """Put tasks on top of the agenda so that the first given runs next."""
    state.agenda.extend(reversed(tasks))


def ask(state: CardsState, frame: Frame) -> None:
    """Leave a pending decision; the agenda stops until it is answered."""
    state.pending = frame
