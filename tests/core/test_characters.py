"""Every character's rules live in one Ability object [issue #12 item 3]."""

from __future__ import annotations

from core.bang_dice.characters import ABILITIES, DECISION_OWNERS, STEP_OWNERS, ability_of
from core.bang_dice.characters.ability import Ability
from core.bang_dice.ids import Character, Decision


def test_every_character_has_its_rules() -> None:
    assert set(ABILITIES) == set(Character)
    for character in Character:
        rules = ability_of(character)
        assert rules.character is character
        assert type(rules) is not Ability, f"{character} changes no rule"


def test_each_character_decision_has_one_owner() -> None:
    owned = [rules.decision for rules in ABILITIES.values() if rules.decision is not None]
    assert len(owned) == len(set(owned))
    assert set(DECISION_OWNERS) == set(owned)
    assert Decision.HIT_TARGET not in DECISION_OWNERS  # shared decisions stay in decisions.py


def test_own_final_steps_have_one_owner_and_a_place() -> None:
    steps = [step for rules in ABILITIES.values() for step in rules.steps]
    assert len(steps) == len(set(steps)) == len(STEP_OWNERS)
    for rules in ABILITIES.values():
        assert rules.step_before in (None, "dynamite", "hits", "beers", "gatling")
