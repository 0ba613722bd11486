"""Builders for the Gold Rush rule tests (docs/rules/gold_rush.md), over `helpers.py`.

`gr_table(5, {0: {"nuggets": 3}}, shop=["shot_1", ...])` is `helpers.table` with the
`gold_rush` option on; `buy("bottle_1", "bang", 3)` writes a purchase's action text.
"""

from __future__ import annotations

from typing import Any

from core.bang_cards.actions import Buy, Force, Sell, Use, encode
from core.bang_cards.gold_rush.equipment import GEAR_NUMBER
from core.bang_cards.ids import Kind
from core.bang_cards.state import CardsState
from tests.core.bang_cards.helpers import table

GOLD = {"gold_rush": True}
SHADOWS = {"shadow_gunslingers": True}
BOTH = {"gold_rush": True, "shadow_gunslingers": True}


def gr_table(count: int, changes: dict[int, dict[str, Any]] | None = None, *,
             options: dict[str, bool] | None = None, **extra: Any) -> CardsState:
    """Return a position with Gold Rush on (or the given options)."""
    return table(count, changes, options=GOLD if options is None else options, **extra)


def buy(card: str, mode: str | None = None, target: int | None = None,
        pick: str | None = None, full: bool = False) -> str:
    """Return the text of buying (or using) an equipment card."""
    return encode(Buy(card, None if mode is None else Kind(mode), target, pick, full))


def force(target: int, card: str) -> str:
    return encode(Force(target, card))


def sell(card: str) -> str:
    return encode(Sell(card))


def use(what: str, target: int | None = None) -> str:
    return encode(Use(what, target))  # type: ignore[arg-type]


def g(card: str) -> str:
    """Return an equipment card's two-digit number."""
    return f"{GEAR_NUMBER[card]:02d}"


def nuggets(state: CardsState) -> list[int]:
    return [seat.nuggets for seat in state.seats]
