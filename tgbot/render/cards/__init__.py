"""Rendering BANG! the card game for Telegram: the table, hands, event lines, buttons.

Pure functions of the engine's typed view (CardsView) and of events (JSON dicts). The group
table shows public facts only; hands, secret roles and Kit Carlson's cards appear only in a
player's DMs.

`labels.py` names cards, suits, roles; `table.py` is the group table and whom it waits
for; `prompts.py` the hand as buttons (a card's help, then its targets); `events.py` the
event lines; `front.py` the `CardsFront` the bot uses; `rules.py` the /rules texts.
"""

from tgbot.render.cards.front import CardsFront
from tgbot.render.cards.rules import cards_character_help, cards_rules

__all__ = ["CardsFront", "cards_character_help", "cards_rules"]
