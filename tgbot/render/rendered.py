"""A rendered message: HTML text and rows of buttons, as every renderer returns it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Buttons = tuple[tuple[tuple[str, str], ...], ...]
"""Rows of (label, callback data or https URL)."""


@dataclass(frozen=True)
class Rendered:
    """A message to show: HTML text and button rows of (label, callback data or URL)."""

    text: str
    buttons: Buttons = ()


TABLE_LIMIT = 3300  # a table's HTML, leaving room under Telegram's 4096 characters for
# the waiting line, the final scores and the lines leading a new message


def with_recent(lines: Sequence[str], recent: Sequence[str]) -> str:
    """Return `lines` then, after a blank line, as many of the newest `recent` lines as fit
    in TABLE_LIMIT (the oldest give way first), each as a bullet."""
    shown = list(recent)
    while shown and len("\n".join([*lines, "", *shown])) > TABLE_LIMIT:
        shown.pop(0)
    if not shown:
        return "\n".join(lines)
    return "\n".join([*lines, "", *(f"• {line}" for line in shown)])
