"""The 16 base characters [BC-CHAR], one `Ability` each: those who change phase 1
(`drawing.py`) and the others (`base.py`). Importing this package registers them."""

from __future__ import annotations

from core.bang_cards.character_rules import base, drawing

__all__ = ["base", "drawing"]
