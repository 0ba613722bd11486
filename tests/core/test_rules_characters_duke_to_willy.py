"""The base characters Lucky Duke to Willy the Kid (alphabetical), their decision points and their
timeout defaults.

Rules: bang_dice.md §14 (BD-CHAR-DUKE-1, PAUL-1, PEDRO-1, ROSE-1, SID-1, SLAB-1, SUZY-1,
VULTURE-1, WILLY-1),
BD-DEC-2/10/15, BD-TO table.
Default table: see tests/core/character_helpers.py.
"""

from __future__ import annotations

from tests.core.character_helpers import BOOM, GATLING, ONE, PEDRO, SLAB, TWO
from tests.core.scenario_helpers import (
    QUIET_ROLL,
    arrows,
    events,
    fields,
    lives,
    losses,
    play,
    prompt,
    run,
    timeout,
)

# --- Lucky Duke [BD-CHAR-DUKE-1] ---------------------------------------------------------------


def test_BD_CHAR_DUKE_1_three_rerolls() -> None:
    """[BD-CHAR-DUKE-1] After 2 re-rolls Lucky Duke may still re-roll; after 3 he stops."""
    duke = {0: {"character": "lucky_duke"}, 2: {"character": "paul_regret"}}
    two = run(5, duke, dice=["beer"] * 7, actions=[play(0, "r0"), play(0, "r0")])
    assert prompt(two)[:2] == (0, "reroll")
    assert two["rolls_left"] == 1
    three = run(5, duke, dice=["beer"] * 8, actions=[play(0, "r0")] * 3)
    assert prompt(three)[:2] == (0, "beer_target")
    assert len(events(three, "dice_rolled")) == 4


# --- Paul Regret [BD-CHAR-PAUL-1] --------------------------------------------------------------


def test_BD_CHAR_PAUL_1_never_loses_life_to_the_gatling() -> None:
    """[BD-CHAR-PAUL-1] The Gatling hurts everyone but Paul Regret (no life_lost for him)."""
    result = run(5, {0: {"character": "willy_the_kid"}, 2: {"character": "paul_regret"}},
                 dice=[*GATLING, *QUIET_ROLL], actions=[play(0, "s")])
    assert sorted(losses(result)) == [(1, 1), (3, 1), (4, 1)]
    assert lives(result)[2] == 9


def test_BD_CHAR_PAUL_1_hits_still_hurt() -> None:
    """[BD-CHAR-PAUL-1] Only the Gatling: a "1" costs Paul Regret 1 life."""
    result = run(5, {0: {"character": "suzy_lafayette"}, 1: {"character": "paul_regret"},
                     2: {"character": "jesse_jones"}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t1")])
    assert losses(result) == [(1, 1)]


# --- Pedro Ramirez [BD-CHAR-PEDRO-1, BD-DEC-15] ------------------------------------------------


def test_BD_CHAR_PEDRO_1_and_BD_DEC_15_may_return_an_arrow_per_life_lost() -> None:
    """[BD-CHAR-PEDRO-1, BD-DEC-15] Hit once with 2 arrows: return 0 or 1; still loses life."""
    asked = run(5, {1: {**PEDRO, "arrows": 2}}, dice=[*ONE, *QUIET_ROLL],
                actions=[play(0, "s"), play(0, "t1")])
    assert prompt(asked) == (1, "pedro_return", ["n0", "n1"])
    done = run(5, {1: {**PEDRO, "arrows": 2}}, dice=[*ONE, *QUIET_ROLL],
               actions=[play(0, "s"), play(0, "t1"), play(1, "n1")])
    assert (lives(done)[1], arrows(done)[1], done["pile"]) == (7, 1, 8)


def test_BD_CHAR_PEDRO_1_limited_by_points_and_arrows() -> None:
    """[BD-CHAR-PEDRO-1] Doubled hit (2 points): up to 2 with 3 arrows, up to 1 with 1 arrow."""
    dice = ["bullseye_1", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL]
    many = run(5, {0: SLAB, 1: {**PEDRO, "arrows": 3}}, dice=dice,
               actions=[play(0, "s"), play(0, "t1d")])
    assert prompt(many) == (1, "pedro_return", ["n0", "n1", "n2"])
    few = run(5, {0: SLAB, 1: {**PEDRO, "arrows": 1}}, dice=dice,
              actions=[play(0, "s"), play(0, "t1d")])
    assert prompt(few) == (1, "pedro_return", ["n0", "n1"])


def test_BD_CHAR_PEDRO_1_any_source_even_his_own_dynamite() -> None:
    """[BD-CHAR-PEDRO-1] His own dynamite costs 1 life: he may return 1 arrow."""
    result = run(5, {1: {**PEDRO, "arrows": 2}}, turn=1, dice=[*BOOM, *QUIET_ROLL])
    assert prompt(result) == (1, "pedro_return", ["n0", "n1"])


def test_BD_TO_DEC_15_pedro_default_returns_arrows() -> None:
    """[BD-TO table, BD-DEC-15] The default returns an arrow for each point lost."""
    result = run(5, {1: {**PEDRO, "arrows": 2}}, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), timeout(1)])
    assert arrows(result)[1] == 1


# --- Rose Doolan [BD-CHAR-ROSE-1] --------------------------------------------------------------


def test_BD_CHAR_ROSE_1_reach_one_seat_further() -> None:
    """[BD-CHAR-ROSE-1] 7 players: her "1" reaches 1-2 (seats 1, 2, 5, 6), her "2" 2-3."""
    rose = {0: {"character": "rose_doolan"}, 4: {"character": "paul_regret"}}
    one = run(7, rose, dice=ONE, actions=[play(0, "s")])
    assert prompt(one) == (0, "hit_target", ["t1", "t2", "t5", "t6"])
    two = run(7, rose, dice=TWO, actions=[play(0, "s")])
    assert prompt(two) == (0, "hit_target", ["t2", "t3", "t4", "t5"])


# --- Sid Ketchum [BD-CHAR-SID-1, BD-DEC-2] -----------------------------------------------------


SID = {"character": "sid_ketchum"}


def test_BD_CHAR_SID_1_BD_DEC_2_BD_TURN_2_heals_anyone_before_rolling() -> None:
    """[BD-CHAR-SID-1, BD-DEC-2, BD-TURN-2] Before his first roll Sid picks a living player."""
    result = run(5, {1: {**SID}, 3: {"alive": False}, 4: {"life": 5}}, turn=1)
    assert prompt(result) == (1, "sid_heal", ["t0", "t1", "t2", "t4"])
    assert events(result, "dice_rolled") == []
    healed = run(5, {1: {**SID}, 3: {"alive": False}, 4: {"life": 5}}, turn=1,
                 dice=QUIET_ROLL, actions=[play(1, "t4")])
    assert lives(healed)[4] == 6
    assert prompt(healed)[:2] == (1, "reroll")


def test_BD_CHAR_SID_1_at_maximum_is_wasted() -> None:
    """[BD-CHAR-SID-1] Choosing a player at maximum life is legal and wastes the heal."""
    result = run(5, {1: SID}, turn=1, dice=QUIET_ROLL, actions=[play(1, "t0")])
    assert lives(result)[0] == 11
    assert events(result, "life_gained")[0]["amount"] == 0


def test_BD_TO_DEC_2_sid_default_heals_himself() -> None:
    """[BD-TO table, BD-DEC-2] Default: Sid heals himself."""
    result = run(5, {1: {**SID, "life": 3}, 4: {"life": 1}}, turn=1, dice=QUIET_ROLL,
                 actions=[timeout(1)])
    assert lives(result)[1] == 4
    assert lives(result)[4] == 1


# --- Slab the Killer [BD-CHAR-SLAB-1, BD-BEER-4, BD-DEC-10] ------------------------------------


def test_BD_CHAR_SLAB_1_and_BD_BEER_4_beer_doubles_a_hit_and_heals_nobody() -> None:
    """[BD-CHAR-SLAB-1, BD-BEER-4] Doubled "1": the target loses 2; the spent beer is gone."""
    asked = run(5, {0: SLAB}, dice=["bullseye_1", "beer", "dynamite", "dynamite", "gatling"],
                actions=[play(0, "s")])
    assert prompt(asked) == (0, "hit_target", ["t1", "t4", "t1d", "t4d"])
    done = run(5, {0: {**SLAB, "life": 5}},
               dice=["bullseye_1", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL],
               actions=[play(0, "s"), play(0, "t4d")])
    assert losses(done) == [(4, 2)]
    assert events(done, "beer_assigned") == []
    assert lives(done)[0] == 5


def test_BD_CHAR_SLAB_1_once_per_turn() -> None:
    """[BD-CHAR-SLAB-1] After one doubled symbol the next cannot be doubled, even with beers."""
    result = run(5, {0: SLAB},
                 dice=["bullseye_1", "bullseye_1", "beer", "beer", "dynamite"],
                 actions=[play(0, "s"), play(0, "t1d")])
    assert prompt(result) == (0, "hit_target", ["t1", "t4"])
    rest = run(5, {0: SLAB},
               dice=["bullseye_1", "bullseye_1", "beer", "beer", "dynamite"],
               actions=[play(0, "s"), play(0, "t1d"), play(0, "t1")])
    assert losses(rest) == [(1, 3)]
    assert prompt(rest)[:2] == (0, "beer_target")  # one beer left of two


def test_BD_CHAR_SLAB_1_needs_a_beer() -> None:
    """[BD-CHAR-SLAB-1] Without a beer in the final result nothing can be doubled."""
    result = run(5, {0: SLAB}, dice=["bullseye_1", "gatling", "dynamite", "dynamite", "arrow"],
                 actions=[play(0, "s")])
    assert prompt(result) == (0, "hit_target", ["t1", "t4"])


def test_BD_CHAR_SLAB_1_single_target_still_offers_doubling() -> None:
    """[BD-CHAR-SLAB-1] 4 players, a "2" has one target but Slab is asked whether to double."""
    result = run(4, {0: SLAB}, dice=["bullseye_2", "beer", "dynamite", "dynamite", "gatling"],
                 actions=[play(0, "s")])
    assert prompt(result) == (0, "hit_target", ["t2", "t2d"])


def test_BD_TO_DEC_10_slab_default_does_not_double() -> None:
    """[BD-TO table, BD-DEC-10] Default: Slab does not double; the beer then heals."""
    result = run(5, {0: {**SLAB, "life": 5}, 1: {"life": 2}, 4: {"life": 1}},
                 dice=["bullseye_1", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL],
                 actions=[play(0, "s"), timeout(0), timeout(0)])
    assert [e["doubled"] for e in events(result, "hit_assigned")] == [False]
    assert losses(result) == [(1, 1)]
    assert lives(result)[0] == 6


# --- Suzy Lafayette [BD-CHAR-SUZY-1] -----------------------------------------------------------


SUZY = {"character": "suzy_lafayette"}


def test_BD_CHAR_SUZY_1_and_BD_TURN_8_no_hit_symbols_gains_two() -> None:
    """[BD-CHAR-SUZY-1, BD-TURN-8] No "1"/"2" in her final result: +2 at the end of her turn."""
    result = run(5, {1: {**SUZY, "life": 4}}, turn=1, dice=[*BOOM, *QUIET_ROLL])
    assert lives(result)[1] == 5  # 4 - 1 dynamite + 2
    gained = [e for e in events(result, "life_gained") if e["cause"] == "suzy_lafayette"]
    assert fields(gained, "audience", "seat", "amount") == [
        {"audience": None, "seat": 1, "amount": 2}]


def test_BD_CHAR_SUZY_1_a_hit_symbol_cancels() -> None:
    """[BD-CHAR-SUZY-1] A "1" in her final result: no gain."""
    result = run(5, {1: {**SUZY, "life": 4}}, turn=1, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(1, "s"), play(1, "t2")])
    assert lives(result)[1] == 4


def test_BD_CHAR_SUZY_1_only_the_final_result_counts() -> None:
    """[BD-CHAR-SUZY-1] A "2" rolled first then re-rolled away does not matter."""
    result = run(5, {1: {**SUZY, "life": 4}}, turn=1,
                 dice=[*TWO, "gatling", *QUIET_ROLL], actions=[play(1, "r0"), play(1, "s")])
    assert lives(result)[1] == 6
    capped = run(5, {1: {**SUZY, "life": 7}}, turn=1,
                 dice=[*TWO, "gatling", *QUIET_ROLL], actions=[play(1, "r0"), play(1, "s")])
    assert lives(capped)[1] == 8


# --- Vulture Sam [BD-CHAR-VULTURE-1] -----------------------------------------------------------


def test_BD_CHAR_VULTURE_1_gains_two_per_elimination() -> None:
    """[BD-CHAR-VULTURE-1] Another player eliminated: Vulture Sam gains 2 (capped)."""
    result = run(5, {1: {"life": 1}, 3: {"character": "vulture_sam", "life": 8}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t1")])
    assert lives(result)[3] == 9
    gains = [e["amount"] for e in events(result, "life_gained") if e["cause"] == "vulture_sam"]
    assert gains == [1]


def test_BD_CHAR_VULTURE_1_dead_vulture_gains_nothing() -> None:
    """[BD-CHAR-VULTURE-1] Vulture Sam dying in the same step gains nothing."""
    result = run(5, {1: {"life": 1}, 3: {"character": "vulture_sam", "life": 1}},
                 dice=[*GATLING, *QUIET_ROLL], actions=[play(0, "s")])
    assert result["seats"][3]["alive"] is False
    assert [e for e in events(result, "life_gained") if e["cause"] == "vulture_sam"] == []


# --- Willy the Kid [BD-CHAR-WILLY-1] -----------------------------------------------------------


WILLY = {0: {"character": "willy_the_kid"}}


def test_BD_CHAR_WILLY_1_two_gatlings_fire() -> None:
    """[BD-CHAR-WILLY-1] Two gatlings fire the Gatling for Willy the Kid."""
    result = run(5, {**WILLY, 1: {"character": "paul_regret"}, 4: {"character": "jesse_jones"}},
                 dice=["gatling", "gatling", "dynamite", "dynamite", "beer", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t0")])
    assert len(events(result, "gatling_fired")) == 1
    assert sorted(losses(result)) == [(2, 1), (3, 1), (4, 1)]


def test_BD_CHAR_WILLY_1_one_gatling_does_nothing_four_fire_once() -> None:
    """[BD-CHAR-WILLY-1] One gatling: nothing. Four gatlings: fires once."""
    one = run(5, {**WILLY, 1: {"character": "paul_regret"}},
              dice=["gatling", "dynamite", "dynamite", "beer", "arrow", *QUIET_ROLL],
              actions=[play(0, "s"), play(0, "t0")])
    assert events(one, "gatling_fired") == []
    four = run(5, {**WILLY, 1: {"character": "paul_regret"}},
               dice=["gatling"] * 4 + ["dynamite", *QUIET_ROLL], actions=[play(0, "s")])
    assert len(events(four, "gatling_fired")) == 1
    assert sorted(losses(four)) == [(2, 1), (3, 1), (4, 1)]
