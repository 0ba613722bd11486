"""Every card kind and character has one home (issue #28): the registries are complete."""

from __future__ import annotations

from core.bang_cards.cards import CARDS
from core.bang_cards.characters import ABILITIES
from core.bang_cards.gold_rush.equipment import EQUIPMENT, Gear, gear_of
from core.bang_cards.gold_rush.gear import GEAR_RULES, gear_rule
from core.bang_cards.hooks import CHECKS, RULES, rule_of
from core.bang_cards.ids import Character, GoldRushCharacter, Kind, Purpose

RULED_KINDS = {Kind.BARREL, Kind.JAIL, Kind.DYNAMITE, Kind.MUSTANG, Kind.SCOPE,
               Kind.VOLCANIC}


def test_every_equipment_kind_and_ruled_blue_card_is_registered() -> None:
    assert set(GEAR_RULES) == set(Gear)
    assert set(RULES) == RULED_KINDS | set(Gear)
    for gear_card in EQUIPMENT:
        assert rule_of(gear_card) is gear_rule(gear_card)
        assert gear_rule(gear_card).kind == gear_of(gear_card)
    for card in CARDS:
        rule = rule_of(card.id)
        assert (rule is not None) == (card.kind in RULED_KINDS)
        assert rule is None or rule.kind == card.kind


def test_every_draw_purpose_and_character_has_its_rules() -> None:
    assert set(CHECKS) == set(Purpose)
    assert set(ABILITIES) == set(Character) | set(GoldRushCharacter)
