"""The hooks through which a character changes the rules; this base changes nothing.

Each character is one `Ability` subclass, in `character_rules/` (the 16 base characters)
or `gold_rush/characters.py` (Gold Rush's 8), registered here by its id. The mechanics
ask `ability_of(character)` and read the hook; they never test for a character by name.
`core/bang_cards/__init__.py` imports the modules that register them.
"""

from __future__ import annotations

from typing import ClassVar

from core.bang_cards.actions import DrawFrom, Sid
from core.bang_cards.agenda import Events
from core.bang_cards.ids import AnyCharacter, Kind
from core.bang_cards.state import CardsState

_MISSED = frozenset({Kind.MISSED})
_BANG = frozenset({Kind.BANG})


class Ability:
    """A character's rules; every hook of this base is neutral."""

    character: ClassVar[AnyCharacter | None] = None
    seen_farther: ClassVar[int] = 0
    """Added to the distance at which others see him."""
    sees_closer: ClassVar[int] = 0
    """Taken from the distance at which he sees others."""
    unlimited_bangs: ClassVar[bool] = False
    """True if he may play any number of BANG! cards [BC-BANG-3]."""
    shot_need: ClassVar[int] = 1
    """Missed! effects a target of his BANG! cards needs."""
    built_in_barrel: ClassVar[bool] = False
    """True if he makes a Barrel's "draw!" of his own after a real Barrel's."""
    check_cards: ClassVar[int] = 1
    """Cards he reveals for every "draw!" [BC-CHECK-3]."""
    missed_kinds: ClassVar[frozenset[Kind]] = _MISSED
    """The kinds he may play as a Missed! [BC-MISSED-1]."""
    bang_kinds: ClassVar[frozenset[Kind]] = _BANG
    """The kinds he may play or discard as a BANG! [BC-BANG-3]."""
    takes_eliminated_cards: ClassVar[bool] = False
    """True if the cards of an eliminated player go to his hand."""
    refills_empty_hand: ClassVar[bool] = False
    """True if he draws a card whenever his hand is empty."""

    def draw_phase(self, state: CardsState, seat: int, out: Events) -> bool:
        """Run his own phase 1, or return False to draw the usual two cards."""
        return False

    def draw_sources(self, state: CardsState, seat: int) -> list[DrawFrom]:
        """Return where else than the deck his first phase-1 card may come from."""
        return []

    def life_discards(self, state: CardsState, seat: int) -> list[Sid]:
        """Return the card discards that give him one life (not a Beer)."""
        return []

    def life_lost(self, state: CardsState, seat: int, amount: int, before: int,
                  source: int | None, out: Events) -> None:
        """React to losing `amount` life from `before`, hurt by `source` (None: no one)."""

    def beer_played(self, state: CardsState, seat: int, out: Events) -> None:
        """React to a Beer card being played by anyone, for life or sold."""


NO_ABILITY = Ability()
ABILITIES: dict[AnyCharacter, Ability] = {}


def register_ability(ability: Ability) -> None:
    """Register a character's rules."""
    assert ability.character is not None
    ABILITIES[ability.character] = ability


def ability_of(character: AnyCharacter) -> Ability:
    """Return a character's rules (the neutral ones for a character without hooks)."""
    return ABILITIES.get(character, NO_ABILITY)


def ability_at(state: CardsState, seat: int) -> Ability:
    """Return the rules of the character at a seat."""
    return ability_of(state.seats[seat].character)


def missed_kinds(character: AnyCharacter) -> frozenset[Kind]:
    """Return the kinds a character may play as a Missed! [BC-MISSED-1]."""
    return ability_of(character).missed_kinds


def bang_kinds(character: AnyCharacter) -> frozenset[Kind]:
    """Return the kinds a character may play or discard as a BANG! [BC-BANG-3]."""
    return ability_of(character).bang_kinds
