"""The base game's cards: the brown kinds with their effects (`brown.py`), and the blue
cards that change the rules while in play, one module each: Barrel (`barrel.py`), Jail
(`jail.py`), Dynamite (`dynamite.py`), Mustang, Scope and Volcanic (`sights.py`).
Importing this package registers them (`cards.KINDS`, `effects.EFFECTS`, `hooks.RULES`)."""

from __future__ import annotations

from core.bang_cards.card_rules import barrel, brown, dynamite, jail, sights

__all__ = ["barrel", "brown", "dynamite", "jail", "sights"]
