"""Events of Gold Rush and the Shadow Gunslingers: nuggets, the shop, equipment, shadows.

All are public: nuggets, the shop and equipment are on the table for all to see
[GR-NUG-3]; only a card Josh McCloud draws is shown as it is drawn, like any shop card.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.protocol import Event


@dataclass(kw_only=True)
class NuggetsChanged(Event):
    """`seat` took (`delta` > 0) or paid nuggets; `nuggets` is what he holds now."""

    kind: str = "nuggets_changed"
    seat: int
    delta: int
    nuggets: int
    cause: str


@dataclass(kw_only=True)
class ShopFilled(Event):
    """`card` came from the equipment deck into the shop."""

    kind: str = "shop_filled"
    card: str


@dataclass(kw_only=True)
class GearReshuffled(Event):
    """The equipment deck was turned face down and shuffled [GR-EQDECK-2]."""

    kind: str = "gear_reshuffled"
    count: int


@dataclass(kw_only=True)
class GearBought(Event):
    """`seat` paid `cost` for `card` from the shop (`origin` "shop") or drew it (Josh
    McCloud, `origin` "deck"); `mode` and `target` say how a brown card was used, `owner`
    who a black card went to."""

    kind: str = "gear_bought"
    seat: int
    card: str
    cost: int
    origin: str = "shop"
    mode: str | None = None
    target: int | None = None
    owner: int | None = None


@dataclass(kw_only=True)
class GearDrawn(Event):
    """Josh McCloud took `card` from the top of the equipment deck [GR-CHAR-JOSH-1]."""

    kind: str = "gear_drawn"
    seat: int
    card: str


@dataclass(kw_only=True)
class GearDiscarded(Event):
    """`card` left `seat` for the bottom of the equipment deck, for `reason`."""

    kind: str = "gear_discarded"
    seat: int | None
    card: str
    reason: str
    by: int | None = None


@dataclass(kw_only=True)
class BeerSold(Event):
    kind: str = "beer_sold"
    seat: int
    card: str


@dataclass(kw_only=True)
class AbilityUsed(Event):
    """A paid ability: `what` is gold_pan, rucksack, raddie_snake, josh_mccloud or
    jacky_murieta (at `target`)."""

    kind: str = "ability_used"
    seat: int
    what: str
    target: int | None = None


@dataclass(kw_only=True)
class ExtraTurn(Event):
    """`seat` will play an extra turn (`cause`: gold_rush or don_bell)."""

    kind: str = "extra_turn"
    seat: int
    cause: str


@dataclass(kw_only=True)
class ShadowReturned(Event):
    """An eliminated player comes back for one shadow turn; `side` is a Shadow
    Renegade's side for this turn and until his next one [GR-SHADOW-4, GR-SREN-2]."""

    kind: str = "shadow_returned"
    seat: int
    side: str | None = None


@dataclass(kw_only=True)
class ShadowLeft(Event):
    """The shadow turn is over: he discarded everything and left again [GR-SHADOW-7]."""

    kind: str = "shadow_left"
    seat: int
