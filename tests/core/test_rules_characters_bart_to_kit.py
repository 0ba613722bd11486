"""The character table and the base characters Bart Cassidy to Kit Carlson (alphabetical), their
decision points and their timeout defaults.

Rules: bang_dice.md §14 (BD-CHAR-0; BD-CHAR-BART-1, BLACKJACK-1, CALAMITY-1, GRINGO-1,
JESSE-1, JOURD-1, KIT-1),
BD-DEC-7/12/13, BD-TO table.
Default table: see tests/core/character_helpers.py.
"""

from __future__ import annotations

import pytest

from tests.core.character_helpers import BART, BOOM, GATLING, ONE, SLAB, TWO
from tests.core.scenario_helpers import (
    PRINTED_LIFE,
    QUIET_ROLL,
    arrows,
    events,
    fields,
    lives,
    losses,
    play,
    prompt,
    reroll_texts,
    run,
    timeout,
    turn_events,
)

# --- The character table [BD-CHAR-0] ----------------------------------------------------------


@pytest.mark.parametrize("character", sorted(PRINTED_LIFE))
def test_BD_CHAR_0_printed_life_and_sheriff_bonus(character: str) -> None:
    """[BD-CHAR-0, BD-SETUP-5] Each character's printed life; as Sheriff +2."""
    others = [c for c in sorted(PRINTED_LIFE) if c not in (character, "sid_ketchum")][:4]
    deputy = run(5, {1: {"character": character}, 0: {"character": others[0]},
                     2: {"character": others[1]}, 3: {"character": others[2]},
                     4: {"character": others[3]}}, dice=QUIET_ROLL)
    assert (deputy["seats"][1]["life"], deputy["seats"][1]["max_life"]) == (
        PRINTED_LIFE[character], PRINTED_LIFE[character])
    sheriff = run(5, {0: {"character": character}, 1: {"character": others[0]},
                      2: {"character": others[1]}, 3: {"character": others[2]},
                      4: {"character": others[3]}}, dice=QUIET_ROLL)
    assert (sheriff["seats"][0]["life"], sheriff["seats"][0]["max_life"]) == (
        PRINTED_LIFE[character] + 2, PRINTED_LIFE[character] + 2)


# --- Bart Cassidy [BD-CHAR-BART-1, BD-DEC-13] --------------------------------------------------


def test_BD_CHAR_BART_1_and_BD_DEC_13_may_take_an_arrow_instead_of_a_hit() -> None:
    """[BD-CHAR-BART-1, BD-DEC-13] Hit by a "1": lose 1 life or take 1 arrow."""
    asked = run(5, {1: BART}, dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t1")])
    assert prompt(asked) == (1, "bart_arrows", ["n0", "n1"])
    took = run(5, {1: BART}, dice=[*ONE, *QUIET_ROLL],
               actions=[play(0, "s"), play(0, "t1"), play(1, "n1")])
    assert lives(took)[1] == 8
    assert arrows(took)[1] == 1
    assert took["pile"] == 8
    assert fields(events(took, "arrows_instead_of_life"), "audience", "seat", "count") == [
        {"audience": None, "seat": 1, "count": 1}]
    kept = run(5, {1: BART}, dice=[*ONE, *QUIET_ROLL],
               actions=[play(0, "s"), play(0, "t1"), play(1, "n0")])
    assert (lives(kept)[1], arrows(kept)[1]) == (7, 0)


def test_BD_CHAR_BART_1_cannot_take_last_arrow() -> None:
    """[BD-CHAR-BART-1, BD-EX-3] With 1 arrow in the pile Bart is not asked and loses 1 life."""
    result = run(5, {1: BART, 3: {"arrows": 8}}, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1")])
    assert result["pile"] == 1
    assert lives(result)[1] == 7
    assert events(result, "arrows_instead_of_life") == []
    assert events(result, "indians_attacked") == []


def test_BD_CHAR_BART_1_each_point_decided_separately() -> None:
    """[BD-CHAR-BART-1] A doubled hit (2 points), pile 3: take 0, 1 or 2 arrows; pile 2: 0 or 1."""
    spec = {0: SLAB, 1: BART, 3: {"arrows": 6}}
    dice = ["bullseye_1", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL]
    three = run(5, spec, dice=dice, actions=[play(0, "s"), play(0, "t1d")])
    assert prompt(three) == (1, "bart_arrows", ["n0", "n1", "n2"])
    split = run(5, spec, dice=dice, actions=[play(0, "s"), play(0, "t1d"), play(1, "n1")])
    assert (lives(split)[1], arrows(split)[1], split["pile"]) == (7, 1, 2)
    two = run(5, {**spec, 3: {"arrows": 7}}, dice=dice, actions=[play(0, "s"), play(0, "t1d")])
    assert prompt(two) == (1, "bart_arrows", ["n0", "n1"])


def test_BD_CHAR_BART_1_gatling_counts() -> None:
    """[BD-CHAR-BART-1] The Gatling's loss may be turned into an arrow too."""
    result = run(5, {1: BART}, dice=[*GATLING, *QUIET_ROLL],
                 actions=[play(0, "s"), play(1, "n1")])
    assert (lives(result)[1], arrows(result)[1]) == (8, 1)
    assert sorted(losses(result, "gatling")) == [(2, 1), (3, 1), (4, 1)]


def test_BD_CHAR_BART_1_not_against_indians_or_dynamite() -> None:
    """[BD-CHAR-BART-1] Indians and his own dynamite cost life with no arrow option."""
    indians = run(5, {0: {"arrows": 1}, 1: {**BART, "arrows": 2}, 3: {"arrows": 5}},
                  dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    assert lives(indians)[1] == 6
    assert prompt(indians)[:2] == (0, "reroll")
    dynamite = run(5, {1: BART}, turn=1, dice=[*BOOM, *QUIET_ROLL])
    assert lives(dynamite)[1] == 7
    assert events(dynamite, "arrows_instead_of_life") == []
    assert dynamite["turn"] == 2


def test_BD_TO_DEC_13_bart_default_takes_arrows_only_to_survive() -> None:
    """[BD-TO table, BD-DEC-13] Default: take arrows only for points that would kill him."""
    dying = run(5, {1: {**BART, "life": 1}}, dice=[*ONE, *QUIET_ROLL],
                actions=[play(0, "s"), play(0, "t1"), timeout(1)])
    assert (lives(dying)[1], arrows(dying)[1], dying["seats"][1]["alive"]) == (1, 1, True)
    healthy = run(5, {1: {**BART, "life": 3}}, dice=[*ONE, *QUIET_ROLL],
                  actions=[play(0, "s"), play(0, "t1"), timeout(1)])
    assert (lives(healthy)[1], arrows(healthy)[1]) == (2, 0)
    doubled = run(5, {0: SLAB, 1: {**BART, "life": 2}},
                  dice=["bullseye_1", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL],
                  actions=[play(0, "s"), play(0, "t1d"), timeout(1)])
    assert (lives(doubled)[1], arrows(doubled)[1]) == (1, 1)


# --- Black Jack [BD-CHAR-BLACKJACK-1, BD-DEC-7] ------------------------------------------------


def test_BD_CHAR_BLACKJACK_1_and_BD_DEC_7_may_reroll_dynamite() -> None:
    """[BD-CHAR-BLACKJACK-1, BD-DEC-7] Dynamite dice are among Black Jack's re-roll choices."""
    black_jack = {0: {"character": "black_jack"}, 3: {"character": "paul_regret"}}
    dice = ["dynamite", "dynamite", "beer", "gatling", "beer"]
    asked = run(5, black_jack, dice=dice)
    assert prompt(asked) == (0, "reroll", reroll_texts(range(5)))
    result = run(5, black_jack, dice=[*dice, "beer", "beer"], actions=[play(0, "r01")])
    assert events(result, "dice_rolled")[1]["dice"] == [0, 1]
    assert [die["face"] for die in result["dice"]] == ["beer", "beer", "beer", "gatling", "beer"]


def test_BD_CHAR_BLACKJACK_1_three_dynamite_still_explode() -> None:
    """[BD-CHAR-BLACKJACK-1] 3 dynamite in total (2 kept, 1 new) stop rolling; he loses 1."""
    result = run(5, {0: {"character": "black_jack"}, 3: {"character": "paul_regret"}},
                 dice=["dynamite", "dynamite", "beer", "gatling", "gatling",
                       "dynamite", *QUIET_ROLL],
                 actions=[play(0, "r2")])
    assert len(events(result, "dynamite_exploded")) == 1
    assert losses(result) == [(0, 1)]
    assert lives(result)[0] == 9  # Black Jack Sheriff: 8 + 2 - 1


def test_BD_TO_DEC_7_black_jack_default_keeps_dynamite() -> None:
    """[BD-TO table, BD-DEC-7] Default for Black Jack is to stop, dynamite not re-rolled."""
    result = run(5, {0: {"character": "black_jack"}, 3: {"character": "paul_regret"}},
                 dice=["dynamite", "dynamite", "gatling", "gatling", "arrow", *QUIET_ROLL],
                 actions=[timeout(0)])
    assert events(result, "rolling_stopped")[0]["final"] == [
        "dynamite", "dynamite", "gatling", "gatling", "arrow"]


# --- Calamity Janet [BD-CHAR-CALAMITY-1] -------------------------------------------------------


def test_BD_CHAR_CALAMITY_1_one_and_two_are_interchangeable() -> None:
    """[BD-CHAR-CALAMITY-1] 6 players: her "1" and her "2" both reach distance 1 or 2."""
    calamity = {0: {"character": "calamity_janet"}, 5: {"character": "paul_regret"}}
    one = run(6, calamity, dice=ONE, actions=[play(0, "s")])
    assert prompt(one) == (0, "hit_target", ["t1", "t2", "t4", "t5"])
    two = run(6, calamity, dice=TWO, actions=[play(0, "s")])
    assert prompt(two) == (0, "hit_target", ["t1", "t2", "t4", "t5"])
    hit = run(6, calamity, dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t2")])
    assert losses(hit) == [(2, 1)]


def test_BD_TO_DEC_10_calamity_default_uses_printed_distance() -> None:
    """[BD-TO table, BD-DEC-10] Calamity's default treats a "1" as printed (distance 1).

    Neighbours: seat 1 (5 life) and seat 4 (4 life); seat 2 at distance 2 has 9 life.
    """
    result = run(5, {0: {"character": "calamity_janet", "role": "outlaw"},
                     3: {"role": "sheriff", "character": "paul_regret"},
                     2: {"character": "rose_doolan", "life": 9},
                     4: {"character": "lucky_duke", "life": 4},
                     1: {"life": 5}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), timeout(0)])
    assert [e["target"] for e in events(result, "hit_assigned")] == [1]


# --- El Gringo [BD-CHAR-GRINGO-1] --------------------------------------------------------------


def test_BD_CHAR_GRINGO_1_shooter_takes_one_arrow_per_damage_step() -> None:
    """[BD-CHAR-GRINGO-1] Two "1"s on El Gringo in one step: the shooter takes exactly 1 arrow."""
    result = run(5, {1: {"character": "el_gringo"}},
                 dice=["bullseye_1", "bullseye_1", "dynamite", "dynamite", "gatling",
                       *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1")])
    assert losses(result) == [(1, 2)]
    assert arrows(result)[0] == 1
    assert result["pile"] == 8


def test_BD_CHAR_GRINGO_1_hits_and_gatling_give_two_arrows() -> None:
    """[BD-CHAR-GRINGO-1, R-BD-03] F3 hit and F5 Gatling are two steps: two arrows taken.

    The first is returned by the Gatling before its damage, so he ends with 1.
    """
    result = run(5, {1: {"character": "el_gringo"}},
                 dice=["bullseye_1", "gatling", "gatling", "gatling", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1")])
    taken = [e for e in turn_events(result) if e["kind"] == "arrow_taken"]
    assert [e["seat"] for e in taken] == [0, 0]
    assert arrows(result)[0] == 1
    assert lives(result)[1] == 5


def test_BD_CHAR_GRINGO_1_arrow_taken_even_if_el_gringo_dies() -> None:
    """[BD-CHAR-GRINGO-1, R-BD-07] El Gringo killed by the hit still gives the arrow."""
    result = run(5, {1: {"character": "el_gringo", "life": 1}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t1")])
    assert result["seats"][1]["alive"] is False
    assert arrows(result)[0] == 1


def test_BD_CHAR_GRINGO_1_not_for_dynamite() -> None:
    """[BD-CHAR-GRINGO-1] El Gringo's own dynamite makes nobody take an arrow."""
    result = run(5, {1: {"character": "el_gringo"}}, turn=1, dice=[*BOOM, *QUIET_ROLL])
    assert lives(result)[1] == 6
    assert arrows(result) == [0, 0, 0, 0, 0]


# --- Jesse Jones [BD-CHAR-JESSE-1] -------------------------------------------------------------


def test_BD_CHAR_JESSE_1_beers_heal_two_at_four_life_or_less() -> None:
    """[BD-CHAR-JESSE-1, R-BD-09] At 4 life, two beers on himself: 4 -> 8."""
    result = run(5, {0: {"character": "jesse_jones", "life": 4}, 1: {"character": "paul_regret"}},
                 dice=["beer", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t0"), play(0, "t0")])
    assert lives(result)[0] == 8


def test_BD_CHAR_JESSE_1_above_four_heals_one() -> None:
    """[BD-CHAR-JESSE-1] At 5 life a beer heals 1; a beer on someone else always heals 1."""
    result = run(5, {0: {"character": "jesse_jones", "life": 5},
                     1: {"character": "paul_regret", "life": 2}},
                 dice=["beer", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t0"), play(0, "t1")])
    assert lives(result)[:2] == [6, 3]
    low = run(5, {0: {"character": "jesse_jones", "life": 3},
                  1: {"character": "paul_regret", "life": 2}},
              dice=["beer", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL],
              actions=[play(0, "s"), play(0, "t1"), play(0, "t0")])
    assert lives(low)[:2] == [5, 3]


def test_BD_CHAR_JESSE_1_threshold_checked_at_start_of_F4() -> None:
    """[R-BD-09] 5 life, dynamite at F2 drops him to 4: both beers heal 2 (4 -> 8)."""
    result = run(5, {0: {"character": "jesse_jones", "life": 5}, 1: {"character": "paul_regret"}},
                 dice=["dynamite", "dynamite", "dynamite", "beer", "beer", *QUIET_ROLL],
                 actions=[play(0, "t0"), play(0, "t0")])
    assert lives(result)[0] == 8


def test_BD_CHAR_JESSE_1_still_capped() -> None:
    """[BD-CHAR-JESSE-1] 3 life (max 9, not Sheriff), three beers: 3 -> 9, not 9+."""
    result = run(5, {0: {"character": "jesse_jones", "life": 3, "role": "outlaw"},
                     1: {"character": "paul_regret"}, 2: {"role": "sheriff"}},
                 dice=["beer", "beer", "beer", "beer", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s"), *[play(0, "t0")] * 4])
    assert lives(result)[0] == 9


# --- Jourdonnais [BD-CHAR-JOURD-1] -------------------------------------------------------------


def test_BD_CHAR_JOURD_1_loses_at_most_one_to_the_indians() -> None:
    """[BD-CHAR-JOURD-1] Holding 4 arrows, Jourdonnais loses only 1 to the Indians."""
    result = run(5, {0: {"arrows": 1}, 2: {"character": "jourdonnais", "arrows": 4},
                     3: {"arrows": 3}},
                 dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    assert sorted(losses(result, "indians")) == [(0, 2), (2, 1), (3, 3)]
    assert lives(result)[2] == 6


# --- Kit Carlson [BD-CHAR-KIT-1, BD-DEC-12] ----------------------------------------------------


KIT = {"character": "kit_carlson"}


def test_BD_DEC_12_kit_discard_choices() -> None:
    """[BD-DEC-12] Per gatling: an arrow of any player holding one (himself too), or skip."""
    result = run(5, {0: {**KIT, "arrows": 1}, 2: {"arrows": 2}, 4: {"arrows": 1}},
                 dice=["gatling", "dynamite", "dynamite", "beer", "bullseye_2"],
                 actions=[play(0, "s"), play(0, "t2"), play(0, "t0")])
    assert prompt(result) == (0, "kit_discard", ["k0", "k2", "k4", "x"])


def test_BD_CHAR_KIT_1_one_gatling_discards_one_arrow_without_firing() -> None:
    """[BD-CHAR-KIT-1, BD-GAT-4] One gatling: one discard, no Gatling damage."""
    result = run(5, {0: KIT, 2: {"arrows": 2}},
                 dice=["gatling", "dynamite", "dynamite", "bullseye_2", "bullseye_2",
                       *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t2"), play(0, "t3"), play(0, "k2")])
    assert arrows(result)[2] == 1
    assert result["pile"] == 8
    assert events(result, "gatling_fired") == []
    assert fields(events(result, "arrow_discarded"), "audience", "seat", "target") == [
        {"audience": None, "seat": 0, "target": 2}]


def test_BD_CHAR_KIT_1_two_gatlings_two_discards_may_skip() -> None:
    """[BD-CHAR-KIT-1] Two gatlings: two discards, each may be skipped."""
    result = run(5, {0: KIT, 1: {"arrows": 2}, 3: {"arrows": 1}},
                 dice=["gatling", "gatling", "dynamite", "dynamite", "beer", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t0"), play(0, "k3"), play(0, "x")])
    assert arrows(result) == [0, 2, 0, 0, 0]
    assert result["pile"] == 7


def test_BD_TO_DEC_12_kit_default_discards_only_his_own_arrows() -> None:
    """[BD-TO table, BD-DEC-12] Default: his own arrow; once he has none, skip."""
    result = run(5, {0: {**KIT, "arrows": 1}, 1: {"arrows": 3}},
                 dice=["gatling", "gatling", "dynamite", "dynamite", "beer", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t0"), timeout(0), timeout(0)])
    assert arrows(result)[:2] == [0, 3]
    assert [e["target"] for e in events(result, "arrow_discarded")] == [0]
