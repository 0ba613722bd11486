"""BANG! the card game (rules: docs/rules/bang_cards.md, docs/rules/gold_rush.md).

Importing the package registers every card's rules in `hooks.py` (the base blue cards of
`card_rules/`, Gold Rush's equipment in `gold_rush/brown.py` and `gold_rush/black.py`,
Don Bell's "draw!" in `gold_rush/turns.py`) and every character's in `characters.py`
(`character_rules/`)."""

from core.bang_cards import card_rules, character_rules
from core.bang_cards.gold_rush import black, brown, turns

__all__ = ["black", "brown", "card_rules", "character_rules", "turns"]
