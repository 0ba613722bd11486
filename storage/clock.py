"""The injectable clock: storage never reads the time itself, callers pass a `now` callable."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """Return the current time, timezone-aware in UTC (the production clock)."""
    return datetime.now(UTC)
