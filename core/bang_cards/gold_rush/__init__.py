"""BANG! Gold Rush and the Shadow Gunslingers variant (docs/rules/gold_rush.md), switched on
by the table options `gold_rush` and `shadow_gunslingers`. Every hook the base rules call
does nothing while its option is off.

Each equipment kind is one `GearCard` (`gear.py`), registered in the base registry
(`hooks.RULES`) with the base blue cards; costs, borders and copies are `equipment.GEAR`:

- `brown.py` (acts once when bought): Shot, Bottle, Pardner, Rum, Union Pacific, Gold Rush
  (whose healing and extra turn come after phase 3: `turns.run_epilogue`);
- `black.py` (stays in front of its owner): Wanted, Gun Belt, Horseshoe, Pickaxe, Gold
  Pan, Boots, Lucky Charm, Rucksack, Calumet.

Each character is one `Prospector` (`characters.py`), registered with the base characters
(`characters.ABILITIES`): Don Bell, Dutch Will, Jacky Murieta, Josh McCloud, Madam Yto,
Pretty Luzena, Raddie Snake, Simeon Picos.

The rest: buying, forcing, selling and paid uses in phase 2 (`phase_two.py`); the tasks
Gold Rush adds to a turn (`turns.py`); nuggets on hits and what leaves with an eliminated
player (`triggers.py`); nuggets and the equipment deck (`supply.py`); the shadows
(`shadow.py`); timeout defaults (`defaults.py`); the bot's plan (`bot.py`); scenario
positions (`position.py`).
"""
