"""The circle of players: living seats, distance [BC-DIST] and reach."""

from __future__ import annotations

from core.bang_cards.cards import COLT_RANGE, KINDS, kind_of
from core.bang_cards.characters import ability_at
from core.bang_cards.hooks import distance_shift, rules_at
from core.bang_cards.ids import Kind
from core.bang_cards.state import CardsState


def living(state: CardsState) -> list[int]:
    """Return the living seats in seat order."""
    return [i for i, seat in enumerate(state.seats) if seat.alive]


def survivors(state: CardsState) -> list[int]:
    """Return the living seats that are not shadows: who counts as alive for the Beer and
    the end of the game [GR-SHADOW-8, GR-SHADOW-10, R-GR-14]."""
    return [i for i, seat in enumerate(state.seats) if seat.alive and not seat.shadow]


def clockwise_from(state: CardsState, start: int) -> list[int]:
    """Return the living seats clockwise, starting at `start` (included if alive)."""
    count = len(state.seats)
    return [(start + k) % count for k in range(count) if state.seats[(start + k) % count].alive]


def others_from(state: CardsState, seat: int) -> list[int]:
    """Return the other living seats clockwise from the one after `seat`."""
    return [s for s in clockwise_from(state, seat) if s != seat]


def next_living(state: CardsState, seat: int) -> int:
    """Return the next living seat clockwise after `seat`."""
    count = len(state.seats)
    for k in range(1, count + 1):
        candidate = (seat + k) % count
        if state.seats[candidate].alive:
            return candidate
    return seat


def has_in_play(state: CardsState, seat: int, kind: Kind) -> bool:
    """Return True if a blue card of `kind` is in front of the seat."""
    return any(kind_of(card) is kind for card in state.seats[seat].in_play)


def base_distance(state: CardsState, a: int, b: int) -> int:
    """Return the steps between two living seats the shorter way round [BC-DIST-1]."""
    ring = living(state)
    if a not in ring or b not in ring:
        return 99
    gap = abs(ring.index(a) - ring.index(b))
    return min(gap, len(ring) - gap)


def distance(state: CardsState, a: int, b: int) -> int:
    """Return the distance at which `a` sees `b` [BC-DIST-2, R-BC-03]."""
    value = base_distance(state, a, b)
    value += ability_at(state, b).seen_farther - ability_at(state, a).sees_closer
    return max(1, value + distance_shift(state, a, b))


def reach(state: CardsState, seat: int) -> int:
    """Return the range of the seat's weapon, or the Colt .45's [BC-DIST-3]."""
    for card in state.seats[seat].in_play:
        weapon = KINDS[kind_of(card)].weapon_range
        if weapon:
            return weapon
    return COLT_RANGE


def may_bang(state: CardsState, seat: int) -> bool:
    """Return True if the seat may still play a BANG! card this turn [BC-BANG-3]."""
    if state.turn.bangs == 0 or ability_at(state, seat).unlimited_bangs:
        return True
    return any(rule.unlimited_bangs for rule in rules_at(state, seat))

