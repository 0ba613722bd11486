"""Column types shared by the tables."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


class UtcDateTime(TypeDecorator[datetime]):
    """A timezone-aware datetime stored in UTC; SQLite's naive values come back as UTC."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> datetime | None:
        """Return the value in UTC; raise ValueError for a naive datetime."""
        if value is None:
            return None
        if not isinstance(value, datetime) or value.tzinfo is None:
            raise ValueError(f"timezone-aware datetime required, got {value!r}")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        """Return the stored value as an aware UTC datetime."""
        if value is None:
            return None
        assert isinstance(value, datetime)
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


INTEGER_MAX = 2**31 - 1
"""The largest value of an INTEGER column (PostgreSQL's int4): a games.id is 1..INTEGER_MAX.

(Telegram user and chat ids are BIGINT columns.) A game id read from a user (callback data,
a /start payload) is checked against this bound before any query: PostgreSQL answers an
out-of-range parameter with an error, not with "no such row".
"""
