"""The hooks through which a card in front of a player changes the rules.

Each card kind that does more than sit in front of its owner is one `CardRule` subclass,
in `card_rules/` (base blue cards) or `gold_rush/brown.py` and `gold_rush/black.py` (Gold
Rush equipment, `GearCard`s), and registers itself here. The mechanics ask
`rules_at(state, seat)` and call the hook; they never test for a card kind themselves. A
"draw!" is resolved by the `CheckRule` registered for its purpose (a card's, or a
character's such as Jourdonnais').

`core/bang_cards/__init__.py` imports the rule modules, so the registry is full as soon
as any module of the game is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from core.bang_cards.agenda import Events
from core.bang_cards.cards import is_heart
from core.bang_cards.ids import Purpose
from core.bang_cards.state import CardsState, Task


class CheckRule:
    """What a "draw!" for `purpose` does [BC-CHECK-2]: by default a heart succeeds."""

    purpose: ClassVar[Purpose]

    def succeeds(self, card: str) -> bool:
        """Return True if the revealed card is a success for this purpose."""
        return is_heart(card)

    def checked(self, state: CardsState, seat: int, success: bool, out: Events) -> None:
        """Apply the result of the "draw!" (`success` is False when no card was left)."""


class CardRule:
    """One card kind's rules in play; every hook of this base is neutral."""

    kind: ClassVar[str]
    """The kind's value: a base `Kind` or a Gold Rush `Gear`."""
    seen_farther: ClassVar[int] = 0
    """Added to the distance at which others see the owner."""
    sees_closer: ClassVar[int] = 0
    """Taken from the distance at which the owner sees others."""
    unlimited_bangs: ClassVar[bool] = False
    """True if the owner may play any number of BANG! cards [BC-BANG-3]."""
    extra_check_cards: ClassVar[int] = 0
    """Cards added to every "draw!" of the owner."""
    hand_limit: ClassVar[int | None] = None
    """The owner's phase-3 hand limit instead of his life."""
    ends_play: ClassVar[bool] = False
    """True if using the card ends phase 2 at once."""

    def blocks(self, player: int, card: str) -> bool:
        """Return True if `card`, played by `player`, cannot be aimed at the owner."""
        return False

    def saves(self, state: CardsState, seat: int) -> bool:
        """Return True if the card lets its dying owner regain life now (not a Beer)."""
        return False

    def defend(self, seat: int) -> tuple[Task, ...]:
        """Return the tasks the owner runs before answering a shot."""
        return ()

    def turn_start(self, seat: int) -> tuple[Task, ...]:
        """Return the tasks the owner's turn opens with, before the Jail [BC-TURN-1]."""
        return ()

    def before_draw(self, seat: int) -> tuple[Task, ...]:
        """Return the tasks run after the turn's start checks, before phase 1."""
        return ()

    def after_draw(self, state: CardsState, seat: int, out: Events) -> None:
        """Act once the owner's phase 1 is over."""

    def life_lost(self, state: CardsState, seat: int, not_last: int, out: Events) -> None:
        """React to the owner losing life; `not_last` counts the points that were not his
        last."""

    def eliminated(self, state: CardsState, seat: int, source: int | None,
                   out: Events) -> None:
        """React to the owner's elimination by `source`, once his cards are gone."""


RULES: dict[str, CardRule] = {}
CHECKS: dict[Purpose, CheckRule] = {}
_KIND_OF: dict[str, str] = {}
_RULE_OF: dict[str, CardRule] = {}
_RANK: dict[str, int] = {}
# Indexes of the hooks asked for every pair of seats, kept apart for speed.
_FARTHER: dict[str, int] = {}
_CLOSER: dict[str, int] = {}
_BLOCKERS: dict[str, CardRule] = {}


def register(rule: CardRule, cards: Iterable[str]) -> None:
    """Register a kind's rule for the card ids of that kind; the order of registration is
    the order in which hooks of one seat's cards run."""
    RULES[rule.kind] = rule
    _RANK[rule.kind] = len(_RANK)
    blocks = type(rule).blocks is not CardRule.blocks
    for card in cards:
        _KIND_OF[card] = rule.kind
        _RULE_OF[card] = rule
        if rule.seen_farther:
            _FARTHER[card] = rule.seen_farther
        if rule.sees_closer:
            _CLOSER[card] = rule.sees_closer
        if blocks:
            _BLOCKERS[card] = rule
    if isinstance(rule, CheckRule):
        register_check(rule)


def register_check(rule: CheckRule) -> None:
    """Register what a "draw!" for the rule's purpose does."""
    CHECKS[rule.purpose] = rule


def rules_at(state: CardsState, seat: int) -> list[CardRule]:
    """Return the rules of the cards in front of a seat (blue cards, then equipment), in
    registration order."""
    player = state.seats[seat]
    if not player.in_play and not player.equipment:
        return []
    found = [_RULE_OF[card] for card in (*player.in_play, *player.equipment)
             if card in _RULE_OF]
    if len(found) > 1:
        found.sort(key=_rank)
    return found


def _rank(rule: CardRule) -> int:
    return _RANK[rule.kind]


def distance_shift(state: CardsState, seer: int, seen: int) -> int:
    """Return what the cards in front of the two seats add to the distance at which `seer`
    sees `seen`: `seen_farther` of the one, less `sees_closer` of the other."""
    him, me = state.seats[seen], state.seats[seer]
    shift = 0
    for card in him.in_play:
        shift += _FARTHER.get(card, 0)
    for card in him.equipment:
        shift += _FARTHER.get(card, 0)
    for card in me.in_play:
        shift -= _CLOSER.get(card, 0)
    for card in me.equipment:
        shift -= _CLOSER.get(card, 0)
    return shift


def keeps_off(state: CardsState, player: int, card: str, target: int) -> bool:
    """Return True if a card in front of `target` keeps `card`, played by `player`, off him."""
    if target == player:
        return False
    them = state.seats[target]
    return any(c in _BLOCKERS and _BLOCKERS[c].blocks(player, card)
               for c in (*them.in_play, *them.equipment))


def rule_of(card: str) -> CardRule | None:
    """Return the rule of a card id, or None for a card without one."""
    return _RULE_OF.get(card)


def in_front(state: CardsState, seat: int, kind: str) -> str:
    """Return the card of `kind` in front of a seat; raise StopIteration if none is."""
    player = state.seats[seat]
    return next(c for c in (*player.in_play, *player.equipment) if _KIND_OF.get(c) == kind)
