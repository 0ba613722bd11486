"""What a logged action text means when the log is replayed.

The action log holds each engine's own action texts plus one reserved text, REMOVAL, for an
admin's removal of a seat. Every replay of a log (the service's commands, `storage.replay`,
anyone replaying an export) turns a record into a step through `logged_step`.
"""

from __future__ import annotations

from typing import Any

from core.engine.errors import IllegalAction, StaleVersion
from core.engine.protocol import Step, apply_checked
from core.engine.registry import AnyGame

REMOVAL = "~"
"""The logged action text of an admin's removal of the record's seat; never an engine's."""


def logged_step(engine: AnyGame, state: Any, seat: int, text: str,
                expected_version: int | None = None, *, checked: bool = True) -> Step[Any]:
    """Return the step a logged action makes: the engine's removal of `seat` for REMOVAL,
    else the action (`checked`: after the shared checks of `apply_checked`; unchecked is
    for a trusted log). Raise StaleVersion, IllegalAction (a game without removal) and the
    engine's errors; every replay of the log goes through here."""
    if text == REMOVAL:
        return _removal_step(engine, state, seat, expected_version)
    if not checked:
        return engine.apply(state, seat, engine.decode_action(text))
    return apply_checked(engine, state, seat, text, expected_version)


def _removal_step(engine: AnyGame, state: Any, seat: int,
                  expected_version: int | None) -> Step[Any]:
    """Return the engine's removal of `seat`; raise StaleVersion, or IllegalAction when the
    game has no removal (the optional `remove_seat` of core.engine.protocol.Game)."""
    if expected_version is not None and engine.version(state) != expected_version:
        raise StaleVersion(f"expected version {expected_version}, "
                           f"game is at {engine.version(state)}")
    remove = getattr(engine, "remove_seat", None)
    if remove is None:
        raise IllegalAction(f"{engine.name} has no seat removal")
    step: Step[Any] = remove(state, seat)
    return step
