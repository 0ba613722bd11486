"""The hooks of a Gold Rush equipment kind: the base `CardRule` ones (for a black card in
front of its owner) and Gold Rush's own: how the card may be used when bought, what a
brown card does, and a black card's paid use in phase 2.

Each kind is one `GearCard` in `brown.py` or `black.py`, registered in `hooks.RULES` with
the base cards and here by its `Gear`.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from core.bang_cards.actions import Buy, Use
from core.bang_cards.agenda import Events
from core.bang_cards.gold_rush.equipment import EQUIPMENT, Gear, gear_of, rule_of_gear
from core.bang_cards.gold_rush.traits import has_gear
from core.bang_cards.hooks import CardRule, register
from core.bang_cards.ids import Kind, PaidUse
from core.bang_cards.state import CardsState
from core.bang_cards.targeting import plays_as


class UseOwner(Protocol):
    """A black card's or a character's rules that carry out a paid use."""

    def use(self, state: CardsState, seat: int, action: Use, out: Events) -> None:
        """Carry out a paid use."""


class GearCard(CardRule):
    """One equipment kind's rules; the Gold Rush hooks of this base are neutral."""

    paid_use: ClassVar[PaidUse | None] = None
    """The `Use` a black card offers its owner in phase 2, if any."""

    def uses(self, state: CardsState, seat: int, card: str) -> list[Buy]:
        """Return every legal way to use the card, its price aside [GR-BUY-2/3]: a black one
        if its name is not in front of him yet, a Bottle's or Pardner's every mode that can
        be applied now [R-GR-02]."""
        rule = rule_of_gear(card)
        if rule.black:
            return [] if has_gear(state, seat, gear_of(card)) else [Buy(card)]
        found: list[Buy] = []
        for mode in rule.modes:
            found += [Buy(card, mode, p.target, p.pick) for p in plays_as(state, seat, card, mode)]
        return found if rule.modes else [Buy(card)]

    def bought(self, state: CardsState, seat: int, card: str, mode: Kind | None,
               target: int | None, pick: str | None, out: Events) -> None:
        """Act once, for a brown card just paid for."""

    def paid_uses(self, state: CardsState, seat: int) -> list[Use]:
        """Return the owner's paid uses of the card now."""
        return []

    def use(self, state: CardsState, seat: int, action: Use, out: Events) -> None:
        """Carry out a paid use (one of `paid_uses`)."""
        raise NotImplementedError(action)


GEAR_RULES: dict[Gear, GearCard] = {}
USE_OWNERS: dict[PaidUse, UseOwner] = {}
"""Who carries out each paid use: a black card's rules or a Gold Rush character's."""


def register_gear(rule: GearCard) -> None:
    """Register an equipment kind's rules for its card ids."""
    gear = Gear(rule.kind)
    GEAR_RULES[gear] = rule
    if rule.paid_use is not None:
        register_use(rule.paid_use, rule)
    register(rule, [card for card in EQUIPMENT if gear_of(card) is gear])


def register_use(what: PaidUse, owner: UseOwner) -> None:
    """Register who carries out a paid use."""
    USE_OWNERS[what] = owner


def gear_rule(card: str) -> GearCard:
    """Return the rules of an equipment card id; raise KeyError for an unknown id."""
    return GEAR_RULES[gear_of(card)]
