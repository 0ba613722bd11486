"""BANG! the card game (rules: docs/rules/bang_cards.md, docs/rules/gold_rush.md).

Importing the package registers every card's rules in `hooks.py`: the base blue cards of
`card_rules/`, Gold Rush's equipment (`gold_rush/brown.py`, `gold_rush/black.py`) and
Don Bell's "draw!" (`gold_rush/turns.py`)."""

from core.bang_cards import card_rules
from core.bang_cards.gold_rush import black, brown, turns

__all__ = ["black", "brown", "card_rules", "turns"]
