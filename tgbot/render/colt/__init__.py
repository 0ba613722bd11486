"""Rendering Colt Express for Telegram: the train, the pile, hands, event lines, buttons.

Pure functions of the engine's typed view (ColtView) and of events (JSON dicts). The group
table shows public facts only; hands and face-down cards appear only in a player's private
messages.

`labels.py` names cards, rounds, bandits and cars; `table.py` is the group table;
`prompts.py` the buttons and the private hand; `events.py` the event lines; `front.py`
the `ColtFront` the bot uses; `rules.py` the /rules texts.
"""

from tgbot.render.colt.front import ColtFront
from tgbot.render.colt.labels import bandit_label, card_label
from tgbot.render.colt.rules import colt_character_help, colt_rules

__all__ = ["ColtFront", "bandit_label", "card_label", "colt_character_help", "colt_rules"]
