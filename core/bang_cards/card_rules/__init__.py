"""The base game's blue cards that change the rules while in play, one module each:
Barrel (`barrel.py`), Jail (`jail.py`), Dynamite (`dynamite.py`), Mustang, Scope and
Volcanic (`sights.py`). Importing this package registers them in `hooks.RULES`."""

from __future__ import annotations

from core.bang_cards.card_rules import barrel, dynamite, jail, sights

__all__ = ["barrel", "dynamite", "jail", "sights"]
