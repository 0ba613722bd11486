"""Gold Rush and Shadow Gunslingers options, setup, conservation and views
(docs/rules/gold_rush.md §1-§3)."""

from __future__ import annotations

import pytest

from core.bang_cards.gold_rush.equipment import EQUIPMENT, NUGGETS
from core.bang_cards.ids import GoldRushCharacter
from core.engine.errors import InvalidSetup
from core.simulate import POLICIES, play_one
from tests.core.bang_cards.gold_rush_helpers import BOTH, GOLD, gr_table, nuggets
from tests.core.bang_cards.helpers import GAME, act, n


def test_options_are_two_switches_off_by_default() -> None:
    """[GR-SETUP-1, GR-SHADOW-1] `gold_rush` and `shadow_gunslingers`: booleans, off."""
    plain = GAME.setup({}, 5, 1).state
    assert not plain.options.gold_rush
    assert not plain.options.shadow_gunslingers
    assert (plain.shop, plain.gear_deck, plain.bank) == ([], [], 0)
    for bad in ({"gold_rush": "yes"}, {"shadow_gunslingers": 1}, {"gold": True}):
        with pytest.raises(InvalidSetup):
            GAME.setup(bad, 5, 1)
    both = GAME.setup(BOTH, 5, 1).state
    assert both.options.gold_rush
    assert both.options.shadow_gunslingers


def test_the_conformance_suite_is_given_all_four_combinations() -> None:
    sets = GAME.option_sets(5)
    assert len(sets) == 4
    assert {(s["gold_rush"], s["shadow_gunslingers"]) for s in sets} == {
        (False, False), (False, True), (True, False), (True, True)}


def test_switched_off_options_deal_the_base_game_unchanged() -> None:
    base = GAME.setup({}, 6, 7).state
    off = GAME.setup({"gold_rush": False, "shadow_gunslingers": False}, 6, 7).state
    shadows = GAME.setup({"shadow_gunslingers": True}, 6, 7).state
    for other in (off, shadows):
        assert [(s.role, s.character, s.hand) for s in other.seats] == [
            (s.role, s.character, s.hand) for s in base.seats]
        assert other.deck == base.deck


def test_GR_SETUP_1_and_2_shop_deck_and_bank() -> None:
    """[GR-SETUP-1, GR-SETUP-2, GR-COMP-1] three face-up cards, 21 face down, 30 nuggets
    in the bank, none and no equipment held."""
    step = GAME.setup(GOLD, 5, 3)
    state = step.state
    GAME.check_state(state)
    assert len(state.shop) == 3
    assert len(state.gear_deck) == 21
    assert state.gear_face_up == 0
    assert sorted(state.shop + state.gear_deck) == sorted(EQUIPMENT)
    assert state.bank == NUGGETS
    assert all(s.nuggets == 0 and not s.equipment for s in state.seats)
    assert [e.card for e in step.events if e.kind == "shop_filled"] == state.shop


def test_GR_SETUP_3_and_R_GR_01_one_pool_of_24_characters() -> None:
    """[GR-SETUP-3, R-GR-01] the Gold Rush characters are dealt with the base ones."""
    dealt = {s.character for seed in range(40) for s in GAME.setup(GOLD, 8, seed).state.seats}
    assert set(GoldRushCharacter) <= dealt
    assert len(dealt) == 24
    base = {s.character for seed in range(40) for s in GAME.setup({}, 8, seed).state.seats}
    assert not base & set(GoldRushCharacter)


def test_conservation_check_catches_lost_equipment_and_nuggets() -> None:
    """[GR-COMP-1] 24 equipment cards in one zone each; bank + held = 30, none negative."""
    state = gr_table(5, {0: {"nuggets": 2}})
    lost = state.copy()
    lost.gear_deck.pop()
    with pytest.raises(AssertionError, match="equipment"):
        GAME.check_state(lost)
    doubled = state.copy()
    doubled.seats[1].equipment.append(doubled.shop[0])
    doubled.gear_deck.pop()
    with pytest.raises(AssertionError, match="equipment"):
        GAME.check_state(doubled)
    minted = state.copy()
    minted.seats[0].nuggets += 1
    with pytest.raises(AssertionError, match="nuggets"):
        GAME.check_state(minted)
    negative = state.copy()
    negative.seats[0].nuggets = -1
    negative.bank += 3
    with pytest.raises(AssertionError, match="negative"):
        GAME.check_state(negative)


def test_GR_COMP_2_an_empty_bank_still_pays() -> None:
    """[GR-COMP-2] the bank at 0 still pays a hit's nugget (a stand-in token)."""
    state = gr_table(5, {0: {"nuggets": 30, "hand": ["bang_as"]}})
    assert state.bank == 0
    state, _ = act(state, 0, "p" + n("bang_as") + "t1")
    assert nuggets(state)[0] == 31
    assert state.bank == -1


def test_GR_NUG_3_the_shop_nuggets_and_equipment_are_public() -> None:
    """[GR-NUG-3] everybody, the group included, sees the shop, nuggets and equipment."""
    state = gr_table(5, {1: {"nuggets": 4, "equipment": ["horseshoe"]}},
                     shop=["shot_1", "rum_1", "calumet"])
    for viewer in (None, 0, 1, 3):
        view = GAME.view(state, viewer)
        assert view.shop == ("shot_1", "rum_1", "calumet")
        assert view.seats[1].nuggets == 4
        assert view.seats[1].equipment == ("horseshoe",)
        assert view.bank == 26
        assert view.gear_deck_count == 20
        assert "gear_deck" not in GAME.view_json(view)


@pytest.mark.parametrize("options", [GOLD, {"shadow_gunslingers": True}, BOTH])
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("players", range(3, 9))
def test_whole_games_keep_cards_and_nuggets_at_every_step(options: dict[str, bool],
                                                          policy: str, players: int) -> None:
    """[GR-COMP-1, GR-COMP-2] the simulator runs check_state after every step."""
    for seed in (11, 12):
        assert play_one(GAME, players, seed, options, policy).actions > 0
