"""What a logged action text means when the log is replayed.

The action log holds each engine's own action texts plus two reserved texts: REMOVAL, an
admin's removal of a seat, and UNDO, the move logged just before taken back by the table's
consent. Every replay of a log (the service's commands, `storage.replay`, anyone replaying
an export) turns a record into a step through `logged_step`, or a whole log through
`replay_log`, which keeps the state an UNDO returns to.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from core.engine.errors import IllegalAction, StaleVersion
from core.engine.protocol import Step, apply_checked
from core.engine.registry import AnyGame

REMOVAL = "~"
"""The logged action text of an admin's removal of the record's seat; never an engine's."""
UNDO = "<"
"""The logged action text of a move taken back: the game returns to the state before the
record logged just before it (the engine's `rewind`), at the next version; never an
engine's. Its seat is the seat whose move was taken back."""


def logged_step(engine: AnyGame, state: Any, seat: int, text: str,
                expected_version: int | None = None, *, checked: bool = True,
                previous: Any = None) -> Step[Any]:
    """Return the step a logged action makes: the engine's removal of `seat` for REMOVAL,
    the engine's `rewind` to `previous` (the state before the last record) for UNDO, else
    the action (`checked`: after the shared checks of `apply_checked`; unchecked is for a
    trusted log). Raise StaleVersion, IllegalAction (a game without removal or undo, or an
    UNDO with nothing to return to) and the engine's errors; every replay of the log goes
    through here."""
    if text == REMOVAL:
        return _removal_step(engine, state, seat, expected_version)
    if text == UNDO:
        return undo_step(engine, state, previous, expected_version)
    if not checked:
        return engine.apply(state, seat, engine.decode_action(text))
    return apply_checked(engine, state, seat, text, expected_version)


def undo_step(engine: AnyGame, state: Any, previous: Any,
              expected_version: int | None = None) -> Step[Any]:
    """Return the engine's rewind of `state` to `previous`; raise StaleVersion, or
    IllegalAction when there is nothing to return to or the game has no undo."""
    _check_version(engine, state, expected_version)
    rewind = getattr(engine, "rewind", None)
    if rewind is None:
        raise IllegalAction(f"{engine.name} has no undo")
    if previous is None or engine.version(previous) >= engine.version(state):
        raise IllegalAction("no move to take back")
    step: Step[Any] = rewind(previous, state)
    return step


@dataclass(frozen=True)
class Replayed:
    """A log replayed: the state it ends on, and the state before its last record (None
    when that record is an UNDO, or the log is empty: a move taken back stays so)."""

    state: Any
    previous: Any = None


def replay_log(engine: AnyGame, state: Any, records: Iterable[tuple[int, str]], *,
               checked: bool = True) -> Replayed:
    """Return what replaying (seat, text) records from `state` (the dealt game) gives;
    raise the errors of `logged_step`."""
    previous = None
    for seat, text in records:
        expected = engine.version(state) if checked else None
        step = logged_step(engine, state, seat, text, expected, checked=checked,
                           previous=previous)
        previous = None if text == UNDO else state
        state = step.state
    return Replayed(state, previous)


def _check_version(engine: AnyGame, state: Any, expected_version: int | None) -> None:
    if expected_version is not None and engine.version(state) != expected_version:
        raise StaleVersion(f"expected version {expected_version}, "
                           f"game is at {engine.version(state)}")


def _removal_step(engine: AnyGame, state: Any, seat: int,
                  expected_version: int | None) -> Step[Any]:
    """Return the engine's removal of `seat`; raise StaleVersion, or IllegalAction when the
    game has no removal (the optional `remove_seat` of core.engine.protocol.Game)."""
    _check_version(engine, state, expected_version)
    remove = getattr(engine, "remove_seat", None)
    if remove is None:
        raise IllegalAction(f"{engine.name} has no seat removal")
    step: Step[Any] = remove(state, seat)
    return step
