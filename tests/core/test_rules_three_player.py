"""The three-player game: public Deputy, Outlaw and Renegade hunting each other.

Rules: bang_dice.md §13 (BD-3P-1..7, R-BD-05, R-BD-06), BD-TO-1/2 for 3 players.
Seats here: 0 Deputy (hunts 2), 1 Outlaw (hunts 0), 2 Renegade (hunts 1).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.core.scenario_helpers import (
    GAME,
    PRINTED_LIFE,
    QUIET_ROLL,
    events,
    play,
    prompt,
    run,
    timeout,
)

ONE = ["bullseye_1", "dynamite", "dynamite", "gatling", "gatling"]
GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]
NOTHING = ["dynamite", "dynamite", "gatling", "gatling", "beer"]


def test_BD_3P_1_deputy_outlaw_renegade_dealt_face_up() -> None:
    """[BD-3P-1] Exactly Deputy, Outlaw and Renegade; every identity is public."""
    for seed in range(10):
        step = GAME.setup({}, 3, seed)
        described = GAME.describe(step.state)
        assert Counter(s["role"] for s in described["seats"]) == Counter(
            deputy=1, outlaw=1, renegade=1)
        assert all(s["role_revealed"] for s in described["seats"])
        assert all(s.role is not None for s in GAME.view(step.state, None).seats)
        assert all(e.to_json()["audience"] is None for e in step.events
                   if e.kind == "role_dealt")


def test_BD_3P_2_no_bonus_life() -> None:
    """[BD-3P-2] No Sheriff, no bonus: max life is the printed life."""
    for seed in range(10):
        described = GAME.describe(GAME.setup({}, 3, seed).state)
        for seat in described["seats"]:
            assert seat["max_life"] == PRINTED_LIFE[seat["character"]]


def test_BD_3P_4_deputy_takes_the_first_turn() -> None:
    """[BD-3P-4] The Deputy starts."""
    for seed in range(10):
        described = GAME.describe(GAME.setup({}, 3, seed).state)
        deputy = next(s["seat"] for s in described["seats"] if s["role"] == "deputy")
        assert described["turn"] == deputy


def test_BD_3P_4_two_acts_as_one() -> None:
    """[BD-3P-4, BD-HIT-2] With 3 players a "2" may hit either other player."""
    result = run(3, dice=["bullseye_2", "dynamite", "dynamite", "beer", "beer"],
                 actions=[play(0, "s")])
    assert prompt(result) == (0, "hit_target", ["t1", "t2"])


@pytest.mark.parametrize(("hunter", "target"), [(0, 2), (2, 1), (1, 0)])
def test_BD_3P_3_and_BD_3P_5_killing_your_own_target_wins_at_once(hunter: int,
                                                                  target: int) -> None:
    """[BD-3P-3, BD-3P-5] Deputy->Renegade, Renegade->Outlaw, Outlaw->Deputy: hit it dead, win."""
    result = run(3, {target: {"life": 1}}, turn=hunter, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(hunter, "s"), play(hunter, f"t{target}")])
    role = ["deputy", "outlaw", "renegade"][hunter]
    assert result["outcome"] == {"side": role, "winners": [hunter],
                                 "reason": "target_eliminated"}


def test_BD_3P_5_gatling_on_your_turn_earns_the_win() -> None:
    """[BD-3P-5] The Renegade's Gatling kills the Outlaw: the Renegade wins."""
    result = run(3, {1: {"life": 1}}, turn=2, dice=[*GATLING, *QUIET_ROLL],
                 actions=[play(2, "s")])
    assert result["outcome"] == {"side": "renegade", "winners": [2],
                                 "reason": "target_eliminated"}


def test_BD_3P_5_indians_earn_nobody_the_win() -> None:
    """[BD-3P-5, R-BD-05, BD-ARROW-4] The Deputy takes the last arrow; Indians kill the
    Renegade: no win, and the Deputy goes on with his turn."""
    result = run(3, {0: {"arrows": 2}, 1: {"arrows": 3}, 2: {"life": 1, "arrows": 3}},
                 dice=["arrow", "beer", "beer", "gatling", "gatling"])
    assert result["seats"][2]["alive"] is False
    assert result["outcome"] is None
    assert prompt(result)[:2] == (0, "reroll")


def test_BD_3P_5_targets_own_dynamite_earns_nobody_the_win() -> None:
    """[R-BD-05] The Renegade dies to his own dynamite: the Deputy does not win."""
    result = run(3, {2: {"life": 1}}, turn=2,
                 dice=["dynamite", "dynamite", "dynamite", "gatling", "gatling", *QUIET_ROLL])
    assert result["seats"][2]["alive"] is False
    assert result["outcome"] is None
    assert result["turn"] == 0


def test_BD_3P_6_target_killed_by_another_then_last_survivor_wins() -> None:
    """[BD-3P-6] The Outlaw kills the Renegade (the Deputy's target): nobody wins yet.
    Then the Deputy kills the Outlaw and wins as last survivor."""
    result = run(3, {1: {"life": 1}, 2: {"life": 1}}, turn=1,
                 dice=[*ONE, *ONE, *QUIET_ROLL],
                 actions=[play(1, "s"), play(1, "t2"), play(0, "s")])
    assert [e["seat"] for e in events(result, "eliminated")] == [2, 1]
    assert result["outcome"] == {"side": "deputy", "winners": [0], "reason": "last_survivor"}


def test_BD_3P_6_last_survivor_wins_by_any_cause() -> None:
    """[BD-3P-6] In the last-survivor game the Outlaw's own dynamite makes the Deputy win."""
    result = run(3, {1: {"life": 1}, 2: {"life": 1}}, turn=1,
                 dice=[*ONE, *NOTHING,
                       "dynamite", "dynamite", "dynamite", "gatling", "gatling", *QUIET_ROLL],
                 actions=[play(1, "s"), play(1, "t2"), play(0, "s"), play(0, "t0")])
    assert result["outcome"] == {"side": "deputy", "winners": [0], "reason": "last_survivor"}


def test_BD_3P_7_hunter_who_survives_wins_even_if_third_also_dies() -> None:
    """[BD-3P-7, R-BD-06] The Deputy's Gatling kills both others: he killed his target, wins."""
    result = run(3, {1: {"life": 1}, 2: {"life": 1}}, dice=[*GATLING, *QUIET_ROLL],
                 actions=[play(0, "s")])
    assert result["outcome"] == {"side": "deputy", "winners": [0],
                                 "reason": "target_eliminated"}


def test_BD_3P_7_last_two_die_together_is_a_draw() -> None:
    """[BD-3P-7, R-BD-06] After the Renegade's death, Indians kill both others: draw."""
    result = run(3, {0: {"life": 1, "arrows": 3}, 1: {"life": 1, "arrows": 3},
                     2: {"life": 1}}, turn=1,
                 dice=[*ONE, "arrow", "arrow", "arrow", "beer", "beer", *QUIET_ROLL],
                 actions=[play(1, "s"), play(1, "t2")])
    assert result["outcome"] == {"side": None, "winners": [], "reason": "draw"}


def test_BD_3P_7_all_three_die_at_once_is_a_draw() -> None:
    """[BD-3P-7, R-BD-06] The Indians kill all three; nobody earned a win: draw."""
    result = run(3, {0: {"life": 1, "arrows": 2}, 1: {"life": 1, "arrows": 3},
                     2: {"life": 1, "arrows": 3}},
                 dice=["arrow", "beer", "beer", "gatling", "gatling"])
    assert result["outcome"] == {"side": None, "winners": [], "reason": "draw"}


def test_BD_TO_2_three_players_default_prefers_own_target() -> None:
    """[BD-TO-1, BD-TO-2 step 2] The Deputy's default hit goes to the Renegade, not the
    Outlaw with more life; nobody is an ally."""
    result = run(3, {2: {"life": 3}}, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(0, "s"), timeout(0)])
    assert [e["target"] for e in events(result, "hit_assigned")] == [2]
    outlaw = run(3, {0: {"life": 2}}, turn=1, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(1, "s"), timeout(1)])
    assert [e["target"] for e in events(outlaw, "hit_assigned")] == [0]
