"""How each seat finished a game: the group it played in (a role id) and its place.

Engines that can say so implement `SupportsStandings` (core/engine/protocol.py); the
shell keeps the group statistics from it when a game ends (`storage/records.py`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    """One seat at the end: `group` is the role or side it played (an engine id, None when
    the game has none) and `place` its finishing place, 1 the best; tied seats share it."""

    seat: int
    group: str | None
    place: int


def places(keys: Sequence[Hashable]) -> list[int]:
    """Return each seat's place for its sort key (smaller is better), tied keys sharing
    the best place of their tie ("1, 1, 3"), in seat order."""
    ordered = sorted(keys)  # type: ignore[type-var]
    return [ordered.index(key) + 1 for key in keys]
