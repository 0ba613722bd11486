"""Distance, hits, beers and the Gatling, with their decision points and timeout defaults.

Rules: bang_dice.md §8 (BD-DIST, BD-HIT), §9 (BD-BEER), §10 (BD-GAT), BD-DEC-10/11,
BD-TO-1, BD-TO-2.
"""

from __future__ import annotations

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

ONE = ["bullseye_1", "dynamite", "dynamite", "arrow", "arrow"]
TWO = ["bullseye_2", "dynamite", "dynamite", "arrow", "arrow"]


def test_BD_DIST_1_distance_is_the_shorter_way_round() -> None:
    """[BD-DIST-1, R-BD-08] 6 players: seat 0's "1" reaches 1 and 5, its "2" reaches 2 and 4."""
    one = run(6, dice=ONE, actions=[play(0, "s")])
    assert prompt(one) == (0, "hit_target", ["t1", "t5"])
    two = run(6, dice=TWO, actions=[play(0, "s")])
    assert prompt(two) == (0, "hit_target", ["t2", "t4"])


def test_BD_DIST_1_eliminated_players_are_skipped() -> None:
    """[BD-DIST-1] With seat 1 dead, seat 2 becomes seat 0's neighbour."""
    one = run(6, {1: {"alive": False}}, dice=ONE, actions=[play(0, "s")])
    assert prompt(one) == (0, "hit_target", ["t2", "t5"])
    two = run(6, {1: {"alive": False}}, dice=TWO, actions=[play(0, "s")])
    assert prompt(two) == (0, "hit_target", ["t3", "t4"])


def test_BD_DIST_2_never_target_yourself() -> None:
    """[BD-DIST-2] Two players left: a "1" has exactly one target, the other player."""
    result = run(5, {1: {"alive": False}, 2: {"alive": False}, 3: {"alive": False}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s")])
    assert [(e["seat"], e["target"]) for e in events(result, "hit_assigned")] == [(0, 4)]


def test_BD_HIT_1_one_at_distance_one_two_at_distance_two() -> None:
    """[BD-HIT-1] 5 players: "1" hits seats 1 or 4, "2" hits seats 2 or 3."""
    assert prompt(run(5, dice=ONE, actions=[play(0, "s")]))[2] == ["t1", "t4"]
    assert prompt(run(5, dice=TWO, actions=[play(0, "s")]))[2] == ["t2", "t3"]


def test_BD_HIT_1_single_legal_target_is_assigned_without_prompt() -> None:
    """[BD-HIT-1] 4 players: the only player at distance 2 takes the "2"."""
    result = run(4, dice=[*TWO, *QUIET_ROLL], actions=[play(0, "s")])
    assert [e["target"] for e in events(result, "hit_assigned")] == [2]
    assert losses(result) == [(2, 1)]


def test_BD_HIT_2_two_acts_as_one_with_three_players_alive() -> None:
    """[BD-HIT-2] Only 3 alive (of 6 seats): a "2" may hit either neighbour."""
    result = run(6, {2: {"alive": False}, 3: {"alive": False}, 4: {"alive": False}},
                 dice=TWO, actions=[play(0, "s")])
    assert prompt(result) == (0, "hit_target", ["t1", "t5"])


def test_BD_HIT_3_hits_assigned_first_then_one_damage_step() -> None:
    """[BD-HIT-3] Two "1"s on one player: both assigned, then one loss of 2."""
    result = run(5, dice=["bullseye_1", "bullseye_1", "bullseye_2", "dynamite", "dynamite",
                          *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1"), play(0, "t3")])
    kinds = [e["kind"] for e in result["events"]
             if e["kind"] in ("hit_assigned", "life_lost")]
    assert kinds == ["hit_assigned"] * 3 + ["life_lost"] * 2
    assert losses(result, "hit") == [(1, 2), (3, 1)]


def test_BD_HIT_3_more_hits_than_life_is_allowed() -> None:
    """[BD-HIT-3, BD-DMG-2] Three hits may go to a player with 1 life: he drops to 0."""
    result = run(5, {1: {"life": 1}},
                 dice=["bullseye_1", "bullseye_1", "bullseye_1", "dynamite", "dynamite",
                       *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1"), play(0, "t1")])
    assert losses(result) == [(1, 1)]
    assert result["seats"][1]["alive"] is False


def test_BD_HIT_4_all_symbols_must_be_assigned() -> None:
    """[BD-HIT-4] After the first "1" is placed, the second is still owed (no skip)."""
    result = run(5, dice=["bullseye_1", "bullseye_1", "dynamite", "dynamite", "beer"],
                 actions=[play(0, "s"), play(0, "t1")])
    assert prompt(result) == (0, "hit_target", ["t1", "t4"])


def test_BD_HIT_5_one_symbol_one_life() -> None:
    """[BD-HIT-5] A "2" costs its target exactly 1 life."""
    result = run(5, dice=[*TWO, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t2")])
    assert lives(result) == [11, 9, 7, 8, 9]


def test_BD_DEC_10_hit_choices_are_the_legal_targets() -> None:
    """[BD-DEC-10] A "2" lists only seats at distance 2; the answer is applied as chosen."""
    result = run(7, dice=[*TWO, *QUIET_ROLL], actions=[play(0, "s")])
    assert prompt(result) == (0, "hit_target", ["t2", "t5"])
    done = run(7, dice=[*TWO, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t5")])
    assert losses(done) == [(5, 1)]


def test_BD_BEER_1_beer_heals_any_living_player_capped() -> None:
    """[BD-BEER-1] A beer may go to anyone, self included; at maximum it is wasted but legal."""
    result = run(5, {0: {"life": 10}, 2: {"life": 3}},
                 dice=["beer", "beer", "beer", "dynamite", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t0"), play(0, "t2"), play(0, "t1")])
    assert [(e["seat"], e["amount"]) for e in events(result, "life_gained")] == [
        (0, 1), (2, 1), (1, 0)]
    assert lives(result)[:3] == [11, 9, 4]


def test_BD_DEC_11_beer_choices_are_every_living_player() -> None:
    """[BD-DEC-11] Beer targets: all living players, the active one included."""
    result = run(6, {3: {"alive": False}}, dice=["beer", "dynamite", "dynamite", "arrow", "arrow"],
                 actions=[play(0, "s")])
    assert prompt(result) == (0, "beer_target", ["t0", "t1", "t2", "t4", "t5"])


def test_BD_BEER_2_beers_come_after_hits_and_cannot_save_the_dead() -> None:
    """[BD-BEER-2] A player killed in F3 is no longer a beer target."""
    result = run(5, {1: {"life": 1}},
                 dice=["bullseye_1", "beer", "dynamite", "dynamite", "arrow"],
                 actions=[play(0, "s"), play(0, "t1")])
    assert result["seats"][1]["alive"] is False
    assert prompt(result) == (0, "beer_target", ["t0", "t2", "t3", "t4"])


def test_BD_BEER_3_each_beer_is_a_separate_healing() -> None:
    """[BD-BEER-3] Two beers can heal two different players, one each."""
    result = run(5, {1: {"life": 5}, 3: {"life": 5}},
                 dice=["beer", "beer", "dynamite", "dynamite", "arrow", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t3")])
    assert len(events(result, "beer_assigned")) == 2
    assert lives(result)[1] == 6
    assert lives(result)[3] == 6


def test_BD_TO_DEC_11_default_beers_all_on_himself() -> None:
    """[BD-TO table, BD-DEC-11] Timed-out beers all go to the active player."""
    result = run(5, {0: {"life": 9}, 1: {"life": 2}},
                 dice=["beer", "beer", "beer", "dynamite", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s"), timeout(0), timeout(0), timeout(0)])
    assert [e["target"] for e in events(result, "beer_assigned")] == [0, 0, 0]
    assert lives(result)[:2] == [11, 2]


def test_BD_GAT_1_gatling_returns_shooters_arrows_then_hits_everyone_else() -> None:
    """[BD-GAT-1] 3 gatlings: the shooter's arrows return; every other player loses 1."""
    result = run(5, {0: {"arrows": 3}, 1: {"arrows": 2}},
                 dice=["gatling", "gatling", "gatling", "dynamite", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s")])
    assert fields(events(result, "arrows_returned")[:1], "seat", "count", "reason") == [
        {"seat": 0, "count": 3, "reason": "gatling"}]
    assert sorted(losses(result, "gatling")) == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert arrows(result) == [0, 2, 0, 0, 0]
    assert result["pile"] == 7
    assert lives(result) == [11, 8, 7, 7, 8]


def test_BD_GAT_2_gatling_fires_once_however_many_symbols() -> None:
    """[BD-GAT-2] Five gatlings still cost each other player only 1 life."""
    result = run(5, dice=["gatling"] * 5 + QUIET_ROLL, actions=[play(0, "s")])
    assert len(events(result, "gatling_fired")) == 1
    assert lives(result) == [11, 8, 7, 7, 8]


def test_BD_GAT_3_discard_before_damage_el_gringo_arrow_kept() -> None:
    """[BD-GAT-3, R-BD-03] Hitting El Gringo with the Gatling leaves the shooter 1 arrow."""
    result = run(5, {0: {"arrows": 2}, 2: {"character": "el_gringo"}},
                 dice=["gatling", "gatling", "gatling", "dynamite", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s")])
    assert arrows(result)[0] == 1
    assert result["pile"] == 8


def test_BD_GAT_4_two_gatlings_have_no_effect() -> None:
    """[BD-GAT-4] Fewer than 3 gatlings (not Willy, not Kit): nothing happens."""
    result = run(5, {0: {"arrows": 2}},
                 dice=["gatling", "gatling", "dynamite", "dynamite", "arrow", *QUIET_ROLL],
                 actions=[play(0, "s")])
    assert events(result, "gatling_fired") == []
    assert losses(result) == []
    assert arrows(result)[0] == 3


def test_BD_TO_2_and_DEC_10_secret_shooter_drops_the_sheriff_then_most_life() -> None:
    """[BD-TO-2 step 3/4] A secret identity avoids the Sheriff, then picks the most life."""
    result = run(5, {0: {"life": 11}, 2: {"life": 3}}, turn=1,
                 dice=["bullseye_1", "bullseye_2", "dynamite", "dynamite", "arrow",
                       *QUIET_ROLL],
                 actions=[play(1, "s"), timeout(1), timeout(1)])
    # "1": seats 0 (Sheriff, 11) and 2 (3 life) -> 2. "2": seats 3 (8) and 4 (9) -> 4.
    assert [e["target"] for e in events(result, "hit_assigned")] == [2, 4]


def test_BD_TO_2_sheriff_dropped_with_three_alive() -> None:
    """[BD-TO-2 step 3] 3 alive: the Sheriff (more life) and seat 4 are both legal; 4 is hit."""
    result = run(5, {2: {"alive": False}, 3: {"alive": False}}, turn=1,
                 dice=[*ONE, *QUIET_ROLL], actions=[play(1, "s"), timeout(1)])
    # Living circle 0, 1, 4: both 0 (Sheriff) and 4 are neighbours -> 4 (Sheriff dropped).
    assert [e["target"] for e in events(result, "hit_assigned")] == [4]


def test_BD_TO_2_tie_goes_to_first_clockwise() -> None:
    """[BD-TO-2 step 4] Equal life: the first seat clockwise from the shooter."""
    result = run(5, {1: {"life": 6}, 4: {"life": 6}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), timeout(0)])
    assert [e["target"] for e in events(result, "hit_assigned")] == [1]
    later = run(5, {0: {"role": "outlaw", "life": 6}, 2: {"role": "sheriff"}, 1: {"life": 6},
                    4: {"life": 6}, 3: {"life": 6}}, turn=3,
                dice=[*TWO, *QUIET_ROLL], actions=[play(3, "s"), timeout(3)])
    # From seat 3 the "2" reaches seats 0 and 1 (6 life each): 0 comes first clockwise.
    assert [e["target"] for e in events(later, "hit_assigned")] == [0]


def test_BD_TO_1_sheriff_default_avoids_revealed_deputy() -> None:
    """[BD-TO-1, BD-TO-2 step 2] The public Sheriff skips a revealed Deputy (a known ally)."""
    result = run(5, {1: {"role_revealed": True}, 4: {"life": 4}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), timeout(0)])
    assert [e["target"] for e in events(result, "hit_assigned")] == [4]


def test_BD_TO_1_secret_deputy_is_no_known_ally() -> None:
    """[BD-TO-1] An unrevealed Deputy is not a known ally: most life decides."""
    result = run(5, {4: {"life": 4}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), timeout(0)])
    assert [e["target"] for e in events(result, "hit_assigned")] == [1]
