"""Old Saloon module 1's double faces, Saloon arrows and dynamite, the resolution order, and the
worked examples with double faces.

Rules: bang_dice.md §17 (OS-DICE-3/4/5), BD-GEN-4, BD-RES-1/2, R-OS-01, BD-ROLL-6,
BD-EX-3 (double face part), BD-EX-11.
Default table and which die is the Saloon die: see tests/core/saloon_dice_helpers.py.
"""

from __future__ import annotations

from tests.core.saloon_dice_helpers import STILL, saloon
from tests.core.scenario_helpers import (
    arrows,
    events,
    fields,
    kinds,
    lives,
    losses,
    play,
    prompt,
    reroll_texts,
)

# --- Double faces [OS-DICE-3, BD-GEN-4] ------------------------------------------------------


def test_OS_DICE_3_double_one_two_independent_targets() -> None:
    """[OS-DICE-3] A double "1" is two symbols: each may go to a different neighbour."""
    dice = [*STILL, "double_bullseye_1"]
    first = saloon(dice=dice, actions=[play(0, "dl"), play(0, "s")])
    assert prompt(first) == (0, "hit_target", ["t1", "t4"])
    second = saloon(dice=dice, actions=[play(0, "dl"), play(0, "s"), play(0, "t1")])
    assert prompt(second) == (0, "hit_target", ["t1", "t4"])
    split = saloon(dice=dice, actions=[play(0, "dl"), play(0, "s"), play(0, "t1"),
                                        play(0, "t4")])
    assert sorted(losses(split)) == [(1, 1), (4, 1)]
    assert fields(events(split, "hit_assigned"), "target", "symbol") == [
        {"target": 1, "symbol": 1}, {"target": 4, "symbol": 1}]
    same = saloon(dice=dice, actions=[play(0, "dl"), play(0, "s"), play(0, "t1"),
                                       play(0, "t1")])
    assert losses(same) == [(1, 2)]


def test_OS_DICE_3_double_two_hits_at_distance_two() -> None:
    """[OS-DICE-3] A double "2": two symbols at distance 2 (seats 2 and 3)."""
    result = saloon(dice=[*STILL, "double_bullseye_2"],
                    actions=[play(0, "dl"), play(0, "s"), play(0, "t2")])
    assert prompt(result) == (0, "hit_target", ["t2", "t3"])
    done = saloon(dice=[*STILL, "double_bullseye_2"],
                  actions=[play(0, "dl"), play(0, "s"), play(0, "t2"), play(0, "t3")])
    assert sorted(losses(done)) == [(2, 1), (3, 1)]


def test_OS_DICE_3_double_beer_two_players() -> None:
    """[OS-DICE-3] A double beer heals two different players 1 each."""
    result = saloon({1: {"life": 5}, 2: {"life": 5}}, dice=[*STILL, "double_beer"],
                    actions=[play(0, "dc"), play(0, "s"), play(0, "t1"), play(0, "t2")])
    assert lives(result)[1:3] == [6, 6]
    assert [e["target"] for e in events(result, "beer_assigned")] == [1, 2]


def test_OS_DICE_3_double_gatling_counts_two_toward_three() -> None:
    """[OS-DICE-3, BD-GAT-1] gatling + double gatling = 3: the Gatling fires."""
    result = saloon({0: {"arrows": 1}},
                    dice=["gatling", "dynamite", "dynamite", "bullseye_2", "double_gatling"],
                    actions=[play(0, "dl"), play(0, "s"), play(0, "t2")])
    assert len(events(result, "gatling_fired")) == 1
    assert arrows(result)[0] == 0
    assert sorted(losses(result, "gatling")) == [(1, 1), (2, 1), (3, 1), (4, 1)]


def test_OS_DICE_3_double_gatling_alone_is_two() -> None:
    """[OS-DICE-3, BD-GAT-4] A double gatling alone is 2 symbols: no Gatling."""
    result = saloon(dice=["arrow", "arrow", "dynamite", "dynamite", "double_gatling"],
                    actions=[play(0, "dl"), play(0, "s")])
    assert events(result, "gatling_fired") == []
    assert losses(result) == []


def test_OS_DICE_3_double_gatling_alone_fires_for_willy_the_kid() -> None:
    """[OS-DICE-3, BD-CHAR-WILLY-1] 2 symbols are enough for Willy the Kid."""
    result = saloon({0: {"character": "willy_the_kid"}, 1: {"character": "paul_regret"}},
                    dice=["arrow", "arrow", "dynamite", "dynamite", "double_gatling"],
                    actions=[play(0, "dl"), play(0, "s")])
    assert len(events(result, "gatling_fired")) == 1
    assert sorted(losses(result, "gatling")) == [(2, 1), (3, 1), (4, 1)]


def test_OS_DICE_3_gatling_fires_at_most_once() -> None:
    """[OS-DICE-3, BD-GAT-2] 5 gatling symbols: the Gatling still fires once."""
    result = saloon(dice=["gatling", "gatling", "gatling", "dynamite", "double_gatling"],
                    actions=[play(0, "dl"), play(0, "s")])
    assert len(events(result, "gatling_fired")) == 1
    assert sorted(losses(result)) == [(1, 1), (2, 1), (3, 1), (4, 1)]


def test_OS_DICE_3_kit_carlson_one_discard_per_gatling_symbol() -> None:
    """[OS-DICE-3, BD-CHAR-KIT-1] A double gatling gives Kit Carlson two discards."""
    result = saloon({0: {"character": "kit_carlson"}, 2: {"arrows": 2}},
                    dice=["arrow", "arrow", "dynamite", "dynamite", "double_gatling"],
                    actions=[play(0, "dl"), play(0, "s"), play(0, "k0")])
    assert prompt(result) == (0, "kit_discard", ["k0", "k2", "x"])
    done = saloon({0: {"character": "kit_carlson"}, 2: {"arrows": 2}},
                  dice=["arrow", "arrow", "dynamite", "dynamite", "double_gatling"],
                  actions=[play(0, "dl"), play(0, "s"), play(0, "k0"), play(0, "k2")])
    assert arrows(done) == [1, 0, 1, 0, 0]
    assert events(done, "gatling_fired") == []
    assert prompt(done)[:2] == (1, "dice_choice")


def test_BD_CHAR_SLAB_1_half_of_a_double_one_may_be_doubled() -> None:
    """[BD-CHAR-SLAB-1] Either half of a double face is one symbol: L loses 2, R loses 1."""
    slab = {0: {"character": "slab_the_killer"}}
    dice = ["beer", "gatling", "dynamite", "dynamite", "double_bullseye_1"]
    asked = saloon(slab, dice=dice, actions=[play(0, "dl"), play(0, "s")])
    assert prompt(asked) == (0, "hit_target", ["t1", "t4", "t1d", "t4d"])
    done = saloon(slab, dice=dice, actions=[play(0, "dl"), play(0, "s"), play(0, "t1d"),
                                             play(0, "t4")])
    assert sorted(losses(done)) == [(1, 2), (4, 1)]
    assert events(done, "beer_assigned") == []


def test_BD_CHAR_SLAB_1_may_spend_half_of_a_double_beer() -> None:
    """[BD-CHAR-SLAB-1, BD-BEER-4] Slab spends one beer symbol of a double beer; one heals."""
    result = saloon({0: {"character": "slab_the_killer", "life": 5}},
                    dice=["bullseye_1", "gatling", "dynamite", "dynamite", "double_beer"],
                    actions=[play(0, "dc"), play(0, "s"), play(0, "t1d"), play(0, "t0")])
    assert losses(result) == [(1, 2)]
    assert [e["target"] for e in events(result, "beer_assigned")] == [0]
    assert lives(result)[0] == 6
    assert prompt(result)[:2] == (1, "dice_choice")


def test_BD_CHAR_SUZY_1_a_double_hit_face_counts_as_a_hit_symbol() -> None:
    """[BD-CHAR-SUZY-1] A double "2" in her final result: Suzy gains nothing."""
    result = saloon({0: {"character": "suzy_lafayette", "life": 4}},
                    dice=[*STILL, "double_bullseye_2"],
                    actions=[play(0, "dl"), play(0, "s"), play(0, "t2"), play(0, "t3")])
    assert lives(result)[0] == 4
    assert [e for e in events(result, "life_gained") if e["cause"] == "suzy_lafayette"] == []


# --- Saloon arrows and dynamite [OS-DICE-4]; resolution order [OS-DICE-5, BD-RES-1/2] --------


def test_OS_DICE_4_saloon_dynamite_counts_and_stays_locked() -> None:
    """[OS-DICE-4, BD-ROLL-3] The Loudmouth's dynamite is locked like a base die's."""
    result = saloon(dice=["dynamite", "beer", "gatling", "gatling", "dynamite"],
                    actions=[play(0, "dl")])
    assert prompt(result) == (0, "reroll", reroll_texts([1, 2, 3]))


def test_OS_DICE_4_and_BD_RES_1_saloon_dynamite_explodes_then_hits_then_beers() -> None:
    """[OS-DICE-4, BD-RES-1] 3 dynamite incl. the Coward's: F2 dynamite, F3 hit, F4 beer."""
    result = saloon({0: {"life": 8}},
                    dice=["dynamite", "dynamite", "bullseye_1", "beer", "dynamite"],
                    actions=[play(0, "dc"), play(0, "t1"), play(0, "t0")])
    assert len(events(result, "dynamite_exploded")) == 1
    order = [(e["kind"], e.get("cause")) for e in result["events"]
             if e["kind"] in ("life_lost", "beer_assigned")]
    assert order == [("life_lost", "dynamite"), ("life_lost", "hit"), ("beer_assigned", None)]
    assert lives(result)[:2] == [8, 8]


def test_OS_DICE_5_final_order_hits_beers_gatling() -> None:
    """[OS-DICE-5, BD-RES-2, R-OS-01] 1s and 2s, then beers, then the gatling symbols."""
    result = saloon({1: {"life": 5}},
                    dice=["bullseye_1", "beer", "gatling", "gatling", "double_gatling"],
                    actions=[play(0, "dl"), play(0, "s"), play(0, "t1"), play(0, "t1")])
    steps = [k for k in kinds(result)
             if k in ("hit_assigned", "beer_assigned", "gatling_fired")]
    assert steps == ["hit_assigned", "beer_assigned", "gatling_fired"]
    assert lives(result)[1] == 4  # 5 - 1 hit + 1 beer - 1 gatling


def test_R_OS_01_all_ones_and_twos_are_one_damage_step() -> None:
    """[R-OS-01, BD-HIT-3] A "1" and a double "2": all three assigned, then one damage step."""
    result = saloon(dice=["bullseye_1", "gatling", "dynamite", "dynamite", "double_bullseye_2"],
                    actions=[play(0, "dl"), play(0, "s"), play(0, "t1"), play(0, "t2"),
                             play(0, "t2")])
    kinds_seen = [k for k in kinds(result) if k in ("hit_assigned", "life_lost")]
    assert kinds_seen == ["hit_assigned"] * 3 + ["life_lost"] * 2
    assert sorted(losses(result, "hit")) == [(1, 1), (2, 2)]


# --- Worked examples [BD-EX-3 double face part, BD-EX-11] ------------------------------------


def test_BD_EX_3_bart_hit_by_a_double_one_with_three_arrows_in_the_pile() -> None:
    """[BD-EX-3] Double "1" on Bart, pile 3: take 2 (pile 1), or 1 and lose 1, or lose 2."""
    spec = {1: {"character": "bart_cassidy"}, 3: {"arrows": 6}}
    dice = [*STILL, "double_bullseye_1"]
    base = [play(0, "dl"), play(0, "s"), play(0, "t1"), play(0, "t1")]
    asked = saloon(spec, dice=dice, actions=base)
    assert prompt(asked) == (1, "bart_arrows", ["n0", "n1", "n2"])
    two = saloon(spec, dice=dice, actions=[*base, play(1, "n2")])
    assert (lives(two)[1], arrows(two)[1], two["pile"]) == (8, 2, 1)
    assert events(two, "indians_attacked") == []
    one = saloon(spec, dice=dice, actions=[*base, play(1, "n1")])
    assert (lives(one)[1], arrows(one)[1], one["pile"]) == (7, 1, 2)
    none = saloon(spec, dice=dice, actions=[*base, play(1, "n0")])
    assert (lives(none)[1], arrows(none)[1], none["pile"]) == (6, 0, 3)


def test_BD_EX_11_three_alive_every_two_acts_as_one() -> None:
    """[BD-EX-11, BD-HIT-2] 3 alive: a "2" and a double "2" hit either other player."""
    dead = {"alive": False}
    spec = {2: dead, 3: dead}
    dice = ["bullseye_2", "gatling", "dynamite", "dynamite", "double_bullseye_2"]
    asked = saloon(spec, dice=dice, actions=[play(0, "dl"), play(0, "s")])
    assert prompt(asked) == (0, "hit_target", ["t1", "t4"])
    done = saloon(spec, dice=dice, actions=[play(0, "dl"), play(0, "s"), play(0, "t1"),
                                             play(0, "t1"), play(0, "t4")])
    assert sorted(losses(done)) == [(1, 2), (4, 1)]


def test_BD_EX_11_four_alive_twos_only_hit_the_opposite_player() -> None:
    """[BD-EX-11] 4 alive (0, 1, 2, 4): the three "2"s can only hit seat 2, opposite."""
    result = saloon({3: {"alive": False}},
                    dice=["bullseye_2", "gatling", "dynamite", "dynamite", "double_bullseye_2"],
                    actions=[play(0, "dl"), play(0, "s")])
    assert losses(result) == [(2, 3)]
    assert [e["target"] for e in events(result, "hit_assigned")] == [2, 2, 2]


def test_BD_ROLL_6_kept_broken_arrow_does_not_resolve_again() -> None:
    """[BD-ROLL-6, OS-FACE-BROKEN-1] Only the dice rolled in a roll resolve their faces."""
    result = saloon({1: {"arrows": 3}}, dice=[*STILL, "broken_arrow", "gatling"],
                    actions=[play(0, "dc"), play(0, "t1"), play(0, "r0")])
    assert arrows(result)[1] == 2
    assert prompt(result)[:2] == (0, "reroll")
    assert len(events(result, "arrows_returned")) == 1
