"""Turning view records (frozen dataclasses) into JSON-ready values."""

from __future__ import annotations

from typing import Any

_LEAVES = frozenset({str, int, bool, float, type(None)})


def plain(value: Any) -> Any:
    """Return a view record as dicts, tuples and lists of plain values, as
    `dataclasses.asdict` would, without its deep copy of every leaf (a view is immutable).
    """
    if type(value) in _LEAVES:  # most of a view: checked first, as cheaply as it gets
        return value
    if isinstance(value, tuple):
        return tuple(plain(item) for item in value)
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if hasattr(value, "__dataclass_fields__"):
        return {name: plain(getattr(value, name)) for name in value.__dataclass_fields__}
    return value
