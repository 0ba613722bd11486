"""Scenario positions with Gold Rush and the shadows (docs/scenarios.md).

A spec may add `"options": {"gold_rush": true, "shadow_gunslingers": true}`, per seat
`"nuggets"` and `"equipment"` (equipment card ids) and `"side"` (a Shadow Renegade's
`law` or `outlaws`), and at the top `"shop"` (up to three equipment ids) and
`"gear_deck"` (from the top down). Equipment the spec does not place goes under the listed
equipment deck in the GR-EQ-0 order, face down; a shop left unlisted is filled from the
deck. The bank holds whatever of the 30 nuggets the seats do not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bang_cards.agenda import Events
from core.bang_cards.gold_rush.equipment import EQUIPMENT, GEAR_OF, NUGGETS
from core.bang_cards.gold_rush.supply import fill_shop
from core.bang_cards.ids import Side
from core.bang_cards.setup import parse_options
from core.bang_cards.state import CardsOptions, CardsState
from core.engine.errors import InvalidSetup


def _gear(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in GEAR_OF
                                              for c in value):
        raise InvalidSetup(f"{where} must be a list of equipment card ids")
    return list(value)


def options_of(spec: Mapping[str, Any], players: int) -> CardsOptions:
    """Return the table options a spec asks for (none: the base game)."""
    return parse_options(spec.get("options", {}), players)


def place(state: CardsState, spec: Mapping[str, Any], out: Events) -> None:
    """Put the spec's nuggets, equipment, shop and equipment deck on a built position."""
    raw_seats = spec.get("seats", [])
    placed: list[str] = []
    for index, raw in enumerate(raw_seats):
        seat = state.seats[index]
        seat.nuggets = int(raw.get("nuggets", 0))
        seat.equipment = _gear(raw.get("equipment", []), f"seat {index} equipment")
        if raw.get("side") is not None:
            seat.side = Side(raw["side"])
        if seat.nuggets < 0:
            raise InvalidSetup(f"seat {index} nuggets must not be negative")
        if seat.nuggets and not seat.alive and not state.options.shadow_gunslingers:
            raise InvalidSetup(f"seat {index} is eliminated: his nuggets went back to the "
                               "bank (GR-NUG-5; the shadow_gunslingers option keeps them)")
        placed += seat.equipment
    if not state.options.gold_rush:
        if placed or any(seat.nuggets for seat in state.seats) or spec.get("shop"):
            raise InvalidSetup("nuggets and equipment need the gold_rush option")
        return
    shop = _gear(spec.get("shop", []), "shop")
    top_down = _gear(spec.get("gear_deck", []), "gear_deck")
    placed += shop + top_down
    if len(set(placed)) != len(placed) or len(shop) > 3:
        raise InvalidSetup("an equipment card is placed twice, or the shop holds over 3")
    rest = [card for card in EQUIPMENT if card not in set(placed)]
    state.gear_deck = list(reversed(top_down + rest))
    state.shop = shop
    state.bank = NUGGETS - sum(seat.nuggets for seat in state.seats)
    if "shop" not in spec:
        fill_shop(state, out)
