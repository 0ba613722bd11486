"""Barrel [BC-BARREL-1] and Jourdonnais' built-in one [BC-CHAR-JOURD-1]: a heart cancels
the shot as a Missed! would."""

from __future__ import annotations

from core.bang_cards.agenda import Events
from core.bang_cards.cards import cards_of
from core.bang_cards.hooks import CardRule, CheckRule, register, register_check
from core.bang_cards.ids import Kind, Purpose
from core.bang_cards.state import CardsState, Check, Task


class Barrel(CardRule, CheckRule):
    """One "draw!" per shot at its owner, before he answers."""

    kind = Kind.BARREL
    purpose = Purpose.BARREL

    def defend(self, seat: int) -> tuple[Task, ...]:
        return (Check(Purpose.BARREL, seat),)

    def checked(self, state: CardsState, seat: int, success: bool, out: Events) -> None:
        if success:
            state.dodges.append(seat)


class BuiltInBarrel(CheckRule):
    """Jourdonnais' own "draw!" (`combat.run_defend` makes it after a real Barrel's)."""

    purpose = Purpose.JOURDONNAIS

    def checked(self, state: CardsState, seat: int, success: bool, out: Events) -> None:
        if success:
            state.dodges.append(seat)


register(Barrel(), cards_of(Kind.BARREL))
register_check(BuiltInBarrel())
