"""What the six brown equipment kinds do, one function each in `BROWN`, and how any
equipment card comes into play once paid for (`acquire`).

A brown card acts at once and goes to the bottom of the equipment deck [GR-BUY-1]; Bottle
and Pardner have a base card's effect without being that card [GR-EQ-GEN-4]: they are not
BANG! cards (no limit, no Slab the Killer [R-GR-05]) nor Beers (no Madam Yto, they heal
with 2 players left [R-GR-06]).
"""

from __future__ import annotations

from collections.abc import Callable

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.cards import CARD
from core.bang_cards.characters import check_cards
from core.bang_cards.damage import heal
from core.bang_cards.effects import EFFECTS
from core.bang_cards.gold_rush import events as gev
from core.bang_cards.gold_rush.equipment import Gear, gear_of, rule_of_gear
from core.bang_cards.gold_rush.supply import gear_to_bottom
from core.bang_cards.gold_rush.traits import extra_check_cards
from core.bang_cards.ids import Kind, Role
from core.bang_cards.state import CardsState, Shot
from core.bang_cards.zones import draw, pop_deck

Brown = Callable[[CardsState, int, str, "Kind | None", "int | None", "str | None", Events],
                 None]

RUM_CARDS = 4  # [GR-EQ-RUM-1]
UNION_PACIFIC_CARDS = 4  # [GR-EQ-UNION-1]


def _shot(state: CardsState, seat: int, card: str, mode: Kind | None, target: int | None,
          pick: str | None, out: Events) -> None:
    # [GR-EQ-SHOT-1] any living player regains 1; not a Beer
    heal(state, seat if target is None else target, 1, "shot", out)


def _bottle(state: CardsState, seat: int, card: str, mode: Kind | None, target: int | None,
            pick: str | None, out: Events) -> None:
    if mode is Kind.BEER:
        heal(state, seat, 1, "bottle", out)  # [GR-EQ-BOTTLE-2, R-GR-06]
    elif mode is Kind.BANG:
        assert target is not None
        schedule(state, Shot(target, seat, card, 1))  # [GR-EQ-BOTTLE-2, R-GR-05]
    else:
        EFFECTS[Kind.PANIC](state, seat, card, target, pick, out)  # [GR-EQ-BOTTLE-1]


def _pardner(state: CardsState, seat: int, card: str, mode: Kind | None, target: int | None,
             pick: str | None, out: Events) -> None:
    # [GR-EQ-PARDNER-1] a General Store, Duel (its buyer the source) or Cat Balou effect
    EFFECTS[mode or Kind.GENERAL_STORE](state, seat, card, target, pick, out)


def _rum(state: CardsState, seat: int, card: str, mode: Kind | None, target: int | None,
         pick: str | None, out: Events) -> None:
    """[GR-EQ-RUM-1, R-GR-07] 4 cards (+1 for Lucky Duke, +1 for a Horseshoe); one life per
    suit among them; all are discarded."""
    count = (RUM_CARDS + check_cards(state.seats[seat].character) - 1
             + extra_check_cards(state, seat))
    shown: list[str] = []
    for _ in range(count):
        drawn = pop_deck(state, out)
        if drawn is None:
            break
        state.discard.append(drawn)
        shown.append(drawn)
    out.append(ev.CheckRevealed(seat=seat, purpose="rum", cards=tuple(shown)))
    heal(state, seat, len({CARD[c].suit for c in shown}), "rum", out)


def _union_pacific(state: CardsState, seat: int, card: str, mode: Kind | None,
                   target: int | None, pick: str | None, out: Events) -> None:
    draw(state, seat, UNION_PACIFIC_CARDS, out)  # [GR-EQ-UNION-1]


def _gold_rush(state: CardsState, seat: int, card: str, mode: Kind | None,
               target: int | None, pick: str | None, out: Events) -> None:
    # [GR-EQ-GOLDRUSH-2, R-GR-08] phase 2 ends now; healing and the extra turn come after
    # phase 3 (turns.run_epilogue)
    state.turn.gold_rush = True


BROWN: dict[Gear, Brown] = {
    Gear.SHOT: _shot,
    Gear.BOTTLE: _bottle,
    Gear.PARDNER: _pardner,
    Gear.RUM: _rum,
    Gear.UNION_PACIFIC: _union_pacific,
    Gear.GOLD_RUSH: _gold_rush,
}


def acquire(state: CardsState, seat: int, card: str, mode: Kind | None, target: int | None,
            pick: str | None, cost: int, origin: str, out: Events) -> None:
    """Put a paid equipment card to use: a brown one acts and goes to the bottom of the
    deck; a black one goes in front of its owner (a Wanted's receiver) [GR-BUY-1]."""
    black = rule_of_gear(card).black
    owner = (target if gear_of(card) is Gear.WANTED else seat) if black else None
    out.append(gev.GearBought(seat=seat, card=card, cost=cost, origin=origin,
                              mode=None if mode is None else mode.value,
                              target=None if black else target, owner=owner))
    if target is not None and target != seat and state.seats[target].role is Role.SHERIFF:
        state.seats[seat].sheriff_attacks += int(mode in (Kind.BANG, Kind.PANIC, Kind.DUEL,
                                                          Kind.CAT_BALOU))
    if owner is not None:
        state.seats[owner].equipment.append(card)
        return
    BROWN[gear_of(card)](state, seat, card, mode, target, pick, out)
    gear_to_bottom(state, card, seat, "used", out)


def ends_turn(card: str) -> bool:
    """Return True for the card that ends phase 2 at once (Gold Rush)."""
    return gear_of(card) is Gear.GOLD_RUSH
