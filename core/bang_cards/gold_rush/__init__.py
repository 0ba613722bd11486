"""BANG! Gold Rush and the Shadow Gunslingers variant (docs/rules/gold_rush.md), switched on
by the table options `gold_rush` and `shadow_gunslingers`. Every hook the base rules call
does nothing while its option is off.

Where each equipment card's rule lives (costs, borders and copies: `equipment.GEAR`):

| Card | Rule | Where |
|---|---|---|
| Shot, Bottle, Pardner, Rum, Union Pacific, Gold Rush | acts once when bought | `brown.py: BROWN` |
| Gold Rush | healing and the extra turn after phase 3 | `turns.py: run_epilogue` |
| Wanted | placed on a chosen player; the bounty | `phase_two.uses_of`, `triggers.eliminated` |
| Gun Belt | hand limit 8 | `traits.hand_limit` |
| Horseshoe | one more "draw!" card | `traits.extra_check_cards` (`checks.py`, `brown._rum`) |
| Pickaxe | one more card in phase 1 | `turns.run_after_draw` |
| Gold Pan | a nugget a card, twice | `phase_two._uses`, `phase_two._use` |
| Boots, Lucky Charm | a card / a nugget per life lost, not the last | `triggers.life_lost` |
| Rucksack | two nuggets a life, also when dying | `traits.can_rucksack`, `phase_two` |
| Calumet | others' diamonds miss him | `traits.calumet_blocks` (`targeting`, `effects`) |

Where each character's ability lives:

| Character | Ability | Where |
|---|---|---|
| Don Bell | a red "draw!" after a turn: one more | `turns.run_epilogue`, `checks._apply` |
| Dutch Will | drops a phase-1 card for a nugget | `turns.run_after_draw`, `phase_two.answer` |
| Jacky Murieta | 2 nuggets: a BANG! effect | `phase_two._uses`, `phase_two._use` |
| Josh McCloud | 2 nuggets: the top equipment card | `phase_two._josh` |
| Madam Yto | draws when a Beer card is played | `triggers.beer_played` |
| Pretty Luzena | one purchase a turn 1 cheaper | `traits.price`, `traits.may_discount` |
| Raddie Snake | a nugget a card, twice | `phase_two._uses`, `phase_two._use` |
| Simeon Picos | a nugget per life lost | `triggers.life_lost` |

Nuggets and the equipment deck: `supply.py` (an eliminated player's nuggets back to the
bank, or kept by a shadow: `supply.nuggets_of_the_eliminated`, GR-NUG-5 and GR-SHADOW-2,
called from `triggers.eliminated`); the shadows: `shadow.py`; timeout defaults:
`defaults.py`; the bot's plan: `bot.py`; scenario positions: `position.py`.
"""
