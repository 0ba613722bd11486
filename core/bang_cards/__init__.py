"""BANG! the card game (rules: docs/rules/bang_cards.md, docs/rules/gold_rush.md).

Importing the package registers every card's and character's rules, whichever module is
loaded first: the cards in `hooks.py` (`card_rules/`, `gold_rush/brown.py`,
`gold_rush/black.py`), the characters in `characters.py` (`character_rules/`,
`gold_rush/characters.py`) and Gold Rush's hooks in the base flow in `expansion.py`
(`gold_rush/expansion.py`)."""

from core.bang_cards import card_rules, character_rules
from core.bang_cards.gold_rush import black, brown
from core.bang_cards.gold_rush import characters as prospectors
from core.bang_cards.gold_rush import expansion as gold_rush_hooks

__all__ = ["black", "brown", "card_rules", "character_rules", "gold_rush_hooks", "prospectors"]
