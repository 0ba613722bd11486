"""The six brown equipment kinds, each one `GearCard` acting once when bought, and how any
equipment card comes into play once paid for (`acquire`).

A brown card acts at once and goes to the bottom of the equipment deck [GR-BUY-1]; Bottle
and Pardner have a base card's effect without being that card [GR-EQ-GEN-4]: they are not
BANG! cards (no limit, no Slab the Killer [R-GR-05]) nor Beers (no Madam Yto, they heal
with 2 players left [R-GR-06]).
"""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.actions import Buy
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.board import living
from core.bang_cards.cards import CARD
from core.bang_cards.checks import revealed_cards
from core.bang_cards.damage import heal
from core.bang_cards.effects import EFFECTS
from core.bang_cards.gold_rush import events as gev
from core.bang_cards.gold_rush.equipment import Gear, gear_of, rule_of_gear
from core.bang_cards.gold_rush.gear import GearCard, gear_rule, register_gear
from core.bang_cards.gold_rush.supply import gear_to_bottom
from core.bang_cards.ids import Kind
from core.bang_cards.state import CardsState, PlayPhase, Settle, Shot
from core.bang_cards.targeting import note_attack
from core.bang_cards.zones import draw, pop_deck

RUM_CARDS = 4  # [GR-EQ-RUM-1]
UNION_PACIFIC_CARDS = 4  # [GR-EQ-UNION-1]


class ShotCard(GearCard):
    """Any living player regains 1; not a Beer [GR-EQ-SHOT-1]."""

    kind = Gear.SHOT

    def uses(self, state: CardsState, seat: int, card: str) -> list[Buy]:
        return [Buy(card, target=t) for t in living(state)]

    def bought(self, state: CardsState, seat: int, card: str, mode: Kind | None,
               target: int | None, pick: str | None, out: Events) -> None:
        heal(state, seat if target is None else target, 1, "shot", out)


class Bottle(GearCard):
    """A Panic!, a Beer or a BANG! effect [GR-EQ-BOTTLE-1/2, R-GR-05, R-GR-06]."""

    kind = Gear.BOTTLE

    def bought(self, state: CardsState, seat: int, card: str, mode: Kind | None,
               target: int | None, pick: str | None, out: Events) -> None:
        if mode is Kind.BEER:
            heal(state, seat, 1, "bottle", out)
        elif mode is Kind.BANG:
            assert target is not None
            schedule(state, Shot(target, seat, card, 1))
        else:
            EFFECTS[Kind.PANIC](state, seat, card, target, pick, out)


class Pardner(GearCard):
    """A General Store, Duel (its buyer the source) or Cat Balou effect [GR-EQ-PARDNER-1]."""

    kind = Gear.PARDNER

    def bought(self, state: CardsState, seat: int, card: str, mode: Kind | None,
               target: int | None, pick: str | None, out: Events) -> None:
        EFFECTS[mode or Kind.GENERAL_STORE](state, seat, card, target, pick, out)


class Rum(GearCard):
    """4 cards, one more per card a "draw!" of the buyer adds (Lucky Duke, a Horseshoe); one
    life per suit among them; all are discarded [GR-EQ-RUM-1, R-GR-07]."""

    kind = Gear.RUM

    def bought(self, state: CardsState, seat: int, card: str, mode: Kind | None,
               target: int | None, pick: str | None, out: Events) -> None:
        shown: list[str] = []
        for _ in range(RUM_CARDS - 1 + revealed_cards(state, seat)):
            drawn = pop_deck(state, out)
            if drawn is None:
                break
            state.discard.append(drawn)
            shown.append(drawn)
        out.append(ev.CheckRevealed(seat=seat, purpose="rum", cards=tuple(shown)))
        heal(state, seat, len({CARD[c].suit for c in shown}), "rum", out)


class UnionPacific(GearCard):
    kind = Gear.UNION_PACIFIC

    def bought(self, state: CardsState, seat: int, card: str, mode: Kind | None,
               target: int | None, pick: str | None, out: Events) -> None:
        draw(state, seat, UNION_PACIFIC_CARDS, out)  # [GR-EQ-UNION-1]


class GoldRush(GearCard):
    """Phase 2 ends now; healing and the extra turn come after phase 3 (`turns.py:
    run_epilogue`) [GR-EQ-GOLDRUSH-1/2, R-GR-08]."""

    kind = Gear.GOLD_RUSH
    ends_play = True

    def bought(self, state: CardsState, seat: int, card: str, mode: Kind | None,
               target: int | None, pick: str | None, out: Events) -> None:
        state.turn.rush.gold_rush = True


for _rule in (ShotCard(), Bottle(), Pardner(), Rum(), UnionPacific(), GoldRush()):
    register_gear(_rule)


def play_on_after(state: CardsState, card: str) -> None:
    """After an equipment card is used: check the end, then phase 2 again, unless the card
    ends phase 2 (Gold Rush [GR-EQ-GOLDRUSH-1])."""
    if gear_rule(card).ends_play:
        schedule(state, Settle())
    else:
        schedule(state, Settle(), PlayPhase())


def acquire(state: CardsState, seat: int, card: str, mode: Kind | None, target: int | None,
            pick: str | None, cost: int, origin: str, out: Events) -> None:
    """Put a paid equipment card to use: a brown one acts and goes to the bottom of the
    deck; a black one goes in front of its owner (a Wanted's receiver) [GR-BUY-1]."""
    black = rule_of_gear(card).black
    owner = (target if gear_of(card) is Gear.WANTED else seat) if black else None
    out.append(gev.GearBought(seat=seat, card=card, cost=cost, origin=origin,
                              mode=None if mode is None else mode.value,
                              target=None if black else target, owner=owner))
    if mode is not None:
        note_attack(state, seat, target, mode)
    if owner is not None:
        state.seats[owner].equipment.append(card)
        return
    gear_rule(card).bought(state, seat, card, mode, target, pick, out)
    gear_to_bottom(state, card, seat, "used", out)
