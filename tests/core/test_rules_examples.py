"""The worked examples BD-EX-1 .. BD-EX-11 of bang_dice.md §24 (base game parts only).

Old Saloon parts are left out: double faces (EX-3, EX-11 use base dice instead), Vera
Custer (EX-6), the Chief's Arrow (EX-8 keeps only its Jourdonnais part), the Ghost (EX-12).
"""

from __future__ import annotations

from tests.core.scenario_helpers import (
    QUIET_ROLL,
    alive,
    arrows,
    events,
    lives,
    losses,
    play,
    prompt,
    run,
)

BART = {"character": "bart_cassidy"}


# --- BD-EX-1 -------------------------------------------------------------------------------

EX1_SEATS = {0: {"life": 6, "arrows": 1}, 1: {"arrows": 3}, 2: {"arrows": 2},
             3: {"arrows": 2}}
EX1_DICE = ["arrow", "arrow", "dynamite", "bullseye_1", "beer",
            "gatling", "gatling",
            "gatling", "bullseye_2"]


def test_BD_EX_1_first_roll_indian_attack_then_second_arrow() -> None:
    """[BD-EX-1 step 1] The first arrow empties the pile: 6 -> 4, everyone pays; then pile 8."""
    result = run(5, EX1_SEATS, dice=EX1_DICE)
    assert [e["pile"] for e in events(result, "arrow_taken")] == [0, 8]
    assert sorted(losses(result, "indians")) == [(0, 2), (1, 3), (2, 2), (3, 2)]
    assert lives(result) == [4, 6, 6, 6, 9]
    assert arrows(result) == [1, 0, 0, 0, 0]
    assert result["pile"] == 8


def test_BD_EX_1_rerolls_and_final_resolution() -> None:
    """[BD-EX-1 steps 2-5] Dynamite locked; kept dice re-rolled; "2" hits; Gatling fires."""
    result = run(5, EX1_SEATS, dice=[*EX1_DICE, *QUIET_ROLL],
                 actions=[play(0, "r01"), play(0, "r34"), play(0, "t2")])
    assert events(result, "rolling_stopped")[0]["final"] == [
        "gatling", "gatling", "dynamite", "gatling", "bullseye_2"]
    assert events(result, "dynamite_exploded") == []
    assert losses(result, "hit") == [(2, 1)]
    assert sorted(losses(result, "gatling")) == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert lives(result) == [4, 5, 4, 5, 8]
    assert arrows(result) == [0, 0, 0, 0, 0]
    assert result["pile"] == 9


# --- BD-EX-2 -------------------------------------------------------------------------------

EX2_SEATS = {0: {"life": 6, "arrows": 2},
             1: {"character": "el_gringo", "life": 3, "arrows": 1},
             2: {"arrows": 3}, 3: {"life": 2, "arrows": 2}, 4: {"arrows": 0}}
EX2_DICE = ["bullseye_1", "beer", "beer", "dynamite", "dynamite"]


def test_BD_EX_2_el_gringo_arrow_empties_the_pile() -> None:
    """[BD-EX-2] Gringo 3 -> 2; A takes the last arrow; Indians: A -3, Gringo -1, B -3, C -2."""
    result = run(5, EX2_SEATS, dice=EX2_DICE, actions=[play(0, "s"), play(0, "t1")])
    assert sorted(losses(result, "indians")) == [(0, 3), (1, 1), (2, 3), (3, 2)]
    assert lives(result) == [3, 1, 5, 0, 9]
    assert result["pile"] == 9
    # F4 only now; C was eliminated by the Indians and cannot be saved by a beer.
    assert prompt(result) == (0, "beer_target", ["t0", "t1", "t2", "t4"])


def test_BD_EX_2_beers_resolve_after_the_attack() -> None:
    """[BD-EX-2] A's two beers then heal him 3 -> 5."""
    result = run(5, EX2_SEATS, dice=[*EX2_DICE, *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t0"), play(0, "t0")])
    assert lives(result) == [5, 1, 5, 0, 9]
    assert alive(result) == [True, True, True, False, True]


# --- BD-EX-3 -------------------------------------------------------------------------------

EX3_DICE = ["bullseye_2", "dynamite", "dynamite", "gatling", "gatling", *QUIET_ROLL]


def test_BD_EX_3_bart_cannot_take_the_last_arrow() -> None:
    """[BD-EX-3] Pile 1: Bart hit by a "2" loses 1 life, no choice."""
    result = run(5, {2: BART, 4: {"arrows": 8}}, dice=EX3_DICE,
                 actions=[play(0, "s"), play(0, "t2")])
    assert lives(result)[2] == 7
    assert result["pile"] == 1
    assert events(result, "arrows_instead_of_life") == []


def test_BD_EX_3_bart_takes_one_of_two() -> None:
    """[BD-EX-3] Pile 2: Bart may take 1 arrow (pile 1) and lose nothing."""
    asked = run(5, {2: BART, 4: {"arrows": 7}}, dice=EX3_DICE,
                actions=[play(0, "s"), play(0, "t2")])
    assert prompt(asked) == (2, "bart_arrows", ["n0", "n1"])
    result = run(5, {2: BART, 4: {"arrows": 7}}, dice=EX3_DICE,
                 actions=[play(0, "s"), play(0, "t2"), play(2, "n1")])
    assert (lives(result)[2], arrows(result)[2], result["pile"]) == (8, 1, 1)


# --- BD-EX-4 -------------------------------------------------------------------------------

GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite", *QUIET_ROLL]


def test_BD_EX_4_vulture_sam_gains_two_per_simultaneous_death() -> None:
    """[BD-EX-4] B and C die to the Gatling; Vulture Sam 4 -> 3 -> 7."""
    result = run(5, {1: {"life": 1}, 2: {"life": 1},
                     3: {"character": "vulture_sam", "life": 4}},
                 dice=GATLING, actions=[play(0, "s")])
    assert [e["seat"] for e in events(result, "eliminated")] == [1, 2]
    assert lives(result)[3] == 7


def test_BD_EX_4_variant_vulture_sam_dies_too() -> None:
    """[BD-EX-4 variant] Vulture Sam at 1 life dies in the same step and gains nothing."""
    result = run(5, {1: {"life": 1}, 2: {"life": 1},
                     3: {"character": "vulture_sam", "life": 1}},
                 dice=GATLING, actions=[play(0, "s")])
    assert [e["seat"] for e in events(result, "eliminated")] == [1, 2, 3]
    assert [e for e in events(result, "life_gained") if e["cause"] == "vulture_sam"] == []


# --- BD-EX-5 -------------------------------------------------------------------------------


def test_BD_EX_5_kit_carlson_with_three_gatlings() -> None:
    """[BD-EX-5, R-BD-10] Kit discards B -2 and C -1, then his Gatling returns his own 2."""
    result = run(5, {0: {"character": "kit_carlson", "arrows": 2}, 1: {"arrows": 3},
                     2: {"arrows": 1}},
                 dice=GATLING, actions=[play(0, "s"), play(0, "k1"), play(0, "k1"),
                                        play(0, "k2")])
    assert arrows(result) == [0, 1, 0, 0, 0]
    assert result["pile"] == 8
    kinds = [e["kind"] for e in result["events"]
             if e["kind"] in ("arrow_discarded", "gatling_fired")]
    assert kinds == ["arrow_discarded"] * 3 + ["gatling_fired"]
    assert lives(result) == [9, 8, 7, 7, 8]


# --- BD-EX-6 -------------------------------------------------------------------------------

EX6_DICE = ["bullseye_1", "bullseye_1", "beer", "dynamite", "gatling", *QUIET_ROLL]


def test_BD_EX_6_slab_doubles_one_hit() -> None:
    """[BD-EX-6] Doubled "1" on L (-2), the other "1" on R (-1); no beer left in F4."""
    result = run(5, {0: {"character": "slab_the_killer"}}, dice=EX6_DICE,
                 actions=[play(0, "s"), play(0, "t1d"), play(0, "t4")])
    assert losses(result) == [(1, 2), (4, 1)]
    assert events(result, "beer_assigned") == []


def test_BD_EX_6_both_hits_on_left_neighbour() -> None:
    """[BD-EX-6] Both "1" on L: he loses 3."""
    result = run(5, {0: {"character": "slab_the_killer"}}, dice=EX6_DICE,
                 actions=[play(0, "s"), play(0, "t1d"), play(0, "t1")])
    assert losses(result) == [(1, 3)]


# --- BD-EX-7 -------------------------------------------------------------------------------

ROSE = {0: {"character": "rose_doolan"}, 4: {"character": "paul_regret"}}


def test_BD_EX_7_rose_doolan_reach_with_six_players() -> None:
    """[BD-EX-7] 6 players: her "1" hits 1, 2, 4, 5; her "2" hits 2, 3, 4."""
    one = run(6, ROSE, dice=["bullseye_1", "dynamite", "dynamite", "beer", "arrow"],
              actions=[play(0, "s")])
    assert prompt(one) == (0, "hit_target", ["t1", "t2", "t4", "t5"])
    two = run(6, ROSE, dice=["bullseye_2", "dynamite", "dynamite", "beer", "arrow"],
              actions=[play(0, "s")])
    assert prompt(two) == (0, "hit_target", ["t2", "t3", "t4"])


def test_BD_EX_7_rose_doolan_with_three_alive() -> None:
    """[BD-EX-7] Only 3 alive: her "2" acts as a "1" and reaches either other player."""
    dead = {i: {**ROSE.get(i, {}), "alive": False} for i in (2, 3, 4)}
    result = run(6, {**ROSE, **dead}, dice=["bullseye_2", "dynamite", "dynamite", "beer",
                                            "arrow"],
                 actions=[play(0, "s")])
    assert prompt(result) == (0, "hit_target", ["t1", "t5"])


# --- BD-EX-8 (base part) ---------------------------------------------------------------------


def test_BD_EX_8_jourdonnais_capped_in_indian_attack() -> None:
    """[BD-EX-8, base part] Martin 3, Barbara 2, William 1, Jourdonnais 3 -> loses only 1."""
    result = run(4, {0: {"arrows": 2}, 1: {"arrows": 2}, 2: {"arrows": 1},
                     3: {"character": "jourdonnais", "arrows": 3}},
                 dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    assert sorted(losses(result, "indians")) == [(0, 3), (1, 2), (2, 1), (3, 1)]
    assert result["pile"] == 9


def test_BD_EX_8_variant_base_part() -> None:
    """[BD-EX-8 variant, base part] Martin 3, Barbara 1, William 2, Jourdonnais 3 (-> 1)."""
    result = run(4, {0: {"arrows": 2}, 1: {"arrows": 1}, 2: {"arrows": 2},
                     3: {"character": "jourdonnais", "arrows": 3}},
                 dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    assert sorted(losses(result, "indians")) == [(0, 3), (1, 1), (2, 2), (3, 1)]


# --- BD-EX-9 -------------------------------------------------------------------------------


def test_BD_EX_9_everybody_dies_at_once_outlaws_win() -> None:
    """[BD-EX-9] The Deputy takes the last arrow; all four die; the Outlaws win."""
    roles = ["sheriff", "outlaw", "renegade", "deputy"]
    seats = {i: {"role": role, "life": 1, "arrows": 2} for i, role in enumerate(roles)}
    result = run(4, seats, turn=3, dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    assert alive(result) == [False, False, False, False]
    assert result["outcome"] == {"side": "outlaws", "winners": [1],
                                 "reason": "sheriff_eliminated"}
    assert result["to_act"] == []


# --- BD-EX-10 ------------------------------------------------------------------------------


def test_BD_EX_10_eight_players_two_renegades_outlaws_win() -> None:
    """[BD-EX-10] R1 kills the Sheriff; R1 and R2 alive: the dead Outlaws win."""
    dead = {i: {"alive": False} for i in range(1, 6)}
    result = run(8, {**dead, 0: {"life": 1}}, turn=6,
                 dice=["bullseye_1", "dynamite", "dynamite", "beer", "arrow", *QUIET_ROLL],
                 actions=[play(6, "s"), play(6, "t0")])
    assert result["outcome"] == {"side": "outlaws", "winners": [3, 4, 5],
                                 "reason": "sheriff_eliminated"}


# --- BD-EX-11 ------------------------------------------------------------------------------

THREE_TWOS = ["bullseye_2", "bullseye_2", "bullseye_2", "dynamite", "dynamite", *QUIET_ROLL]


def test_BD_EX_11_twos_act_as_ones_with_three_alive() -> None:
    """[BD-EX-11] 3 alive: each "2" may hit either neighbour; 2 to B and 1 to C."""
    dead = {2: {"alive": False}, 3: {"alive": False}}
    asked = run(5, dead, dice=THREE_TWOS, actions=[play(0, "s")])
    assert prompt(asked) == (0, "hit_target", ["t1", "t4"])
    result = run(5, dead, dice=THREE_TWOS,
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1"), play(0, "t4")])
    assert losses(result) == [(1, 2), (4, 1)]


def test_BD_EX_11_with_four_alive_only_the_opposite_player() -> None:
    """[BD-EX-11] 4 alive: all three "2" go to the player opposite (distance 2)."""
    result = run(4, dice=THREE_TWOS, actions=[play(0, "s")])
    assert [e["target"] for e in events(result, "hit_assigned")] == [2, 2, 2]
    assert losses(result) == [(2, 3)]
