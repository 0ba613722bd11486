"""BANG! the card game, base set (rules: docs/rules/bang_cards.md)."""
