"""Every character's rules in one place: one `Ability` object per character (`base.py`,
`saloon.py`), looked up here by the flow, the decisions and the policies."""

from __future__ import annotations

from core.bang_dice.characters.ability import NO_ABILITY, Ability
from core.bang_dice.characters.base import BASE_ABILITIES
from core.bang_dice.characters.saloon import SALOON_ABILITIES
from core.bang_dice.ids import Character, Decision
from core.bang_dice.state import DiceState

ABILITIES: dict[Character, Ability] = {
    ability.character: ability for ability in (*BASE_ABILITIES, *SALOON_ABILITIES)
    if ability.character is not None
}


def ability_of(character: Character) -> Ability:
    """Return a character's rules."""
    return ABILITIES[character]


def ability_at(state: DiceState, seat: int) -> Ability:
    """Return the rules of the character at a seat; the Ghost's have no effect [OS-GHOST-3]."""
    played = state.seats[seat]
    return NO_ABILITY if played.ghost else ABILITIES[played.character]


def active_ability(state: DiceState) -> Ability:
    """Return the active player's rules; none on the Ghost's turn [OS-GHOST-3]."""
    if state.turn.ghost_turn:
        return NO_ABILITY
    return ABILITIES[state.seats[state.turn.active].character]


def _overriding(hook: str) -> tuple[Ability, ...]:
    """Return the abilities that override `hook`, in table order."""
    neutral = getattr(Ability, hook)
    return tuple(a for a in ABILITIES.values() if getattr(type(a), hook) is not neutral)


DECISION_OWNERS: dict[Decision, Ability] = {
    a.decision: a for a in ABILITIES.values() if a.decision is not None
}
"""The decisions only one character is asked, and whose rules answer them."""

STEP_OWNERS: dict[str, Ability] = {step: a for a in ABILITIES.values() for step in a.steps}
"""The final resolution steps only one character has."""

# A damage step's stage 2 asks Molly Stark before Bart Cassidy [BD-DMG-1].
SUBSTITUTES: tuple[Ability, ...] = (ABILITIES[Character.MOLLY_STARK],
                                     ABILITIES[Character.BART_CASSIDY])
assert set(SUBSTITUTES) == set(_overriding("substitute")), "order every substitution"
LOSS_REACTIONS = _overriding("after_loss")
# Stage 7's triggers: elimination triggers (Vulture Sam) come first [BD-DMG-1].
ELIMINATION_TRIGGERS = _overriding("on_eliminations")
DAMAGE_TRIGGERS = _overriding("after_damage")

__all__ = [
    "ABILITIES",
    "DAMAGE_TRIGGERS",
    "DECISION_OWNERS",
    "ELIMINATION_TRIGGERS",
    "LOSS_REACTIONS",
    "NO_ABILITY",
    "STEP_OWNERS",
    "SUBSTITUTES",
    "Ability",
    "ability_at",
    "ability_of",
    "active_ability",
]
