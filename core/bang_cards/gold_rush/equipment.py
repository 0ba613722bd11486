"""The 24 Gold Rush equipment cards in 15 kinds, as data [GR-EQ-0].

Each kind's cost, border and copies are one `GearRule` in `GEAR`; what each kind does is
one `GearCard` in `brown.py` or `black.py`. Equipment has no suit and no rank
[GR-EQ-GEN-2]; action texts name a card by its index in `EQUIPMENT`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from core.bang_cards.ids import Kind


class Gear(StrEnum):
    """An equipment kind [GR-EQ-0]."""

    SHOT = "shot"
    BOTTLE = "bottle"
    PARDNER = "pardner"
    RUM = "rum"
    UNION_PACIFIC = "union_pacific"
    GOLD_RUSH = "gold_rush"
    WANTED = "wanted"
    GUN_BELT = "gun_belt"
    HORSESHOE = "horseshoe"
    PICKAXE = "pickaxe"
    GOLD_PAN = "gold_pan"
    BOOTS = "boots"
    LUCKY_CHARM = "lucky_charm"
    RUCKSACK = "rucksack"
    CALUMET = "calumet"


@dataclass(frozen=True)
class GearRule:
    """A kind's cost in nuggets, border (black stays in front of its owner), copies, and for
    Bottle and Pardner the base kinds whose effect it may have [GR-EQ-GEN-4]."""

    cost: int
    black: bool
    copies: int = 1
    modes: tuple[Kind, ...] = ()


GEAR: dict[Gear, GearRule] = {
    Gear.SHOT: GearRule(1, False, 3),
    Gear.BOTTLE: GearRule(2, False, 3, (Kind.PANIC, Kind.BEER, Kind.BANG)),
    Gear.PARDNER: GearRule(2, False, 3, (Kind.GENERAL_STORE, Kind.DUEL, Kind.CAT_BALOU)),
    Gear.RUM: GearRule(3, False, 2),
    Gear.UNION_PACIFIC: GearRule(4, False),
    Gear.GOLD_RUSH: GearRule(5, False),
    Gear.WANTED: GearRule(2, True, 3),
    Gear.GUN_BELT: GearRule(2, True),
    Gear.HORSESHOE: GearRule(2, True),
    Gear.PICKAXE: GearRule(4, True),
    Gear.GOLD_PAN: GearRule(3, True),
    Gear.BOOTS: GearRule(3, True),
    Gear.LUCKY_CHARM: GearRule(3, True),
    Gear.RUCKSACK: GearRule(3, True),
    Gear.CALUMET: GearRule(3, True),
}

NUGGETS = 30  # [GR-COMP-1] the nuggets in the box
SHOP_SIZE = 3  # [GR-SETUP-1]
HAND_LIMIT_BELT = 8  # [GR-EQ-GUNBELT-1]
PAID_DRAWS = 2  # [GR-EQ-GOLDPAN-1, GR-CHAR-RADDIE-1] per turn


def _instances() -> tuple[tuple[str, Gear], ...]:
    """Return every card id with its kind: `shot_1`..`shot_3`, a single copy plain."""
    found: list[tuple[str, Gear]] = []
    for gear, rule in GEAR.items():
        if rule.copies == 1:
            found.append((gear.value, gear))
        else:
            found += [(f"{gear.value}_{n}", gear) for n in range(1, rule.copies + 1)]
    return tuple(found)


_ALL = _instances()
EQUIPMENT: tuple[str, ...] = tuple(card for card, _ in _ALL)
GEAR_OF: dict[str, Gear] = dict(_ALL)
GEAR_NUMBER: dict[str, int] = {card: index for index, card in enumerate(EQUIPMENT)}
EQUIPMENT_SIZE = len(EQUIPMENT)


def gear_of(card: str) -> Gear:
    """Return the kind of an equipment card id; raise KeyError for an unknown id."""
    return GEAR_OF[card]


def rule_of_gear(card: str) -> GearRule:
    """Return the rule of an equipment card id."""
    return GEAR[GEAR_OF[card]]
