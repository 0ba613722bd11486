"""A rendered message: HTML text and rows of buttons, as every renderer returns it."""

from __future__ import annotations

from dataclasses import dataclass

Buttons = tuple[tuple[tuple[str, str], ...], ...]
"""Rows of (label, callback data or https URL)."""


@dataclass(frozen=True)
class Rendered:
    """A message to show: HTML text and button rows of (label, callback data or URL)."""

    text: str
    buttons: Buttons = ()
