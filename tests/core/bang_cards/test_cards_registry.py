"""Every card kind and character has one home (issue #28): the registries are complete."""

from __future__ import annotations

from core.bang_cards.card_rules.brown import BROWN_CARDS
from core.bang_cards.cards import CARDS, KINDS
from core.bang_cards.characters import ABILITIES
from core.bang_cards.decisions import card_plays
from core.bang_cards.effects import EFFECTS, equip
from core.bang_cards.gold_rush.equipment import EQUIPMENT, Gear, gear_of
from core.bang_cards.gold_rush.gear import GEAR_RULES, gear_rule
from core.bang_cards.hooks import CHECKS, RULES, rule_of
from core.bang_cards.ids import Character, Color, GoldRushCharacter, Kind, Purpose
from tests.core.bang_cards.helpers import table

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


def test_every_kind_is_declared_once_with_its_effect() -> None:
    brown = {card.kind for card in BROWN_CARDS}
    assert len(brown) == len(BROWN_CARDS)  # one declaration each
    assert set(KINDS) == set(Kind)
    assert brown == {k for k, rule in KINDS.items() if rule.color is Color.BROWN}
    assert set(EFFECTS) == set(Kind) - {Kind.MISSED}  # played only in answer
    assert [k for k, rule in KINDS.items() if rule.once_a_turn] == [Kind.BANG]
    assert {k for k, rule in KINDS.items() if rule.color is Color.BLUE} == {
        k for k, effect in EFFECTS.items() if effect is equip}


def test_the_one_bang_a_turn_follows_the_declared_limit() -> None:
    # [BC-BANG-3] after one BANG!, another BANG! card is not playable; a Duel still is
    state = table(4, {0: {"hand": ["bang_ad", "duel_js"]}, 1: {"hand": ["missed_2s"]}},
                  bangs=1)
    assert card_plays(state, 0, "bang_ad") == []
    assert card_plays(state, 0, "duel_js") != []
    fresh = table(4, {0: {"hand": ["bang_ad"]}})
    assert card_plays(fresh, 0, "bang_ad") != []
