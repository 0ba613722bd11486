"""The agenda's primitives, shared by every task handler: putting tasks on the agenda,
leaving a decision for a seat, and whose abilities apply this turn."""

from __future__ import annotations

from core.bang_dice.ids import Character, Decision, Module
from core.bang_dice.state import DiceState, Frame, Task
from core.engine.protocol import Event

Events = list[Event]


def schedule(state: DiceState, *tasks: Task) -> None:
    """Put tasks on top of the agenda so that the first given runs next."""
    state.agenda.extend(reversed(tasks))


def ask(state: DiceState, decision: Decision, seat: int, *, symbol: int = 0,
        limit: int = 0, targets: tuple[int, ...] = ()) -> None:
    """Leave a pending decision for a seat; the agenda stops until it is answered."""
    state.pending = Frame(decision, seat, symbol, limit, targets)


def active_character(state: DiceState) -> Character | None:
    """Return the active player's character, or None on the Ghost's turn [OS-GHOST-3]."""
    return None if state.turn.ghost_turn else state.seats[state.turn.active].character


def has_ability(state: DiceState, seat_index: int, character: Character) -> bool:
    """Return True if a seat plays `character` and is not the Ghost."""
    seat = state.seats[seat_index]
    return seat.character is character and not seat.ghost


def identities_on(state: DiceState) -> bool:
    """Return True when the special identities module is on."""
    return state.options.has(Module.SPECIAL_IDENTITIES)
