"""End of game with 4-8 players.

Rules: bang_dice.md §12 (BD-END-1..5, R-BD-04), BD-COMP-3 goals, BD-ELIM-1 (dead still win).
"""

from __future__ import annotations

from tests.core.scenario_helpers import QUIET_ROLL, events, kinds, play, run

ONE = ["bullseye_1", "dynamite", "dynamite", "beer", "beer"]
GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]


def test_BD_END_1a_sheriff_eliminated_outlaws_win_dead_ones_included() -> None:
    """[BD-END-1a, BD-END-2, BD-ELIM-1] An Outlaw kills the Sheriff; the dead Outlaw wins too."""
    result = run(5, {0: {"life": 1}, 3: {"alive": False}}, turn=2,
                 dice=["bullseye_2", "dynamite", "dynamite", "beer", "beer", *QUIET_ROLL],
                 actions=[play(2, "s")])
    assert result["outcome"] == {"side": "outlaws", "winners": [2, 3],
                                 "reason": "sheriff_eliminated"}
    assert result["to_act"] == []
    assert kinds(result)[-1] == "game_ended"


def test_BD_END_1b_and_BD_END_3_last_renegade_dies_law_wins_dead_deputy_included() -> None:
    """[BD-END-1b, BD-END-3] All Outlaws and Renegades dead: Sheriff and every Deputy win."""
    result = run(5, {1: {"alive": False}, 2: {"alive": False}, 3: {"alive": False},
                     4: {"life": 1}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s")])
    assert result["outcome"] == {"side": "law", "winners": [0, 1],
                                 "reason": "outlaws_and_renegades_eliminated"}


def test_BD_END_1_game_goes_on_while_both_goals_are_open() -> None:
    """[BD-END-1] An Outlaw dies but the Renegade lives: no outcome, next turn starts."""
    result = run(5, {3: {"alive": False}, 4: {"life": 1}},
                 dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t4"),
                                                    play(0, "t0"), play(0, "t0")])
    assert result["outcome"] is None
    assert result["turn"] == 1


def test_BD_END_2_single_surviving_renegade_wins_alone() -> None:
    """[BD-END-2] The Renegade kills the Sheriff when they are the last two."""
    result = run(4, {0: {"life": 1}, 1: {"alive": False}, 2: {"alive": False}}, turn=3,
                 dice=[*ONE, *QUIET_ROLL], actions=[play(3, "s")])
    assert result["outcome"] == {"side": "renegade", "winners": [3],
                                 "reason": "last_renegade_standing"}


def test_BD_END_2_sheriff_death_wins_for_outlaws_even_if_b_also_holds() -> None:
    """[BD-END-2] Sheriff, last Outlaw and Renegade die together: (a) holds, Outlaws win."""
    result = run(5, {0: {"character": "kit_carlson", "life": 1}, 2: {"life": 1},
                     3: {"alive": False}, 4: {"life": 1}},
                 turn=1, dice=[*GATLING, *QUIET_ROLL], actions=[play(1, "s")])
    assert result["outcome"] == {"side": "outlaws", "winners": [2, 3],
                                 "reason": "sheriff_eliminated"}


def test_BD_END_4_eight_players_two_renegades_alive_outlaws_win() -> None:
    """[BD-END-4] Sheriff dies while both Renegades live: the (all dead) Outlaws win."""
    dead = {i: {"alive": False} for i in (1, 2, 3, 4, 5)}
    result = run(8, {**dead, 0: {"life": 1}}, turn=7,
                 dice=[*ONE, *QUIET_ROLL], actions=[play(7, "s"), play(7, "t0")])
    assert result["outcome"] == {"side": "outlaws", "winners": [3, 4, 5],
                                 "reason": "sheriff_eliminated"}


def test_BD_END_5_only_survivors_of_the_step_count_renegade_wins() -> None:
    """[BD-END-5, R-BD-04] The Renegade's Gatling kills Sheriff and Outlaw: he is alone, wins."""
    result = run(5, {0: {"character": "kit_carlson", "life": 1}, 1: {"alive": False},
                     2: {"life": 1}, 3: {"alive": False}}, turn=4,
                 dice=[*GATLING, *QUIET_ROLL], actions=[play(4, "s")])
    assert result["outcome"] == {"side": "renegade", "winners": [4],
                                 "reason": "last_renegade_standing"}
    assert [e["seat"] for e in events(result, "eliminated")] == [0, 2]


def test_BD_END_5_sheriff_dies_with_deputy_and_renegade_left_outlaws_win() -> None:
    """[BD-END-5] Sheriff dies; a Deputy and the Renegade survive: the Outlaws win."""
    result = run(5, {0: {"life": 1}, 2: {"alive": False}}, turn=3,
                 dice=["bullseye_2", "dynamite", "dynamite", "beer", "beer", *QUIET_ROLL],
                 actions=[play(3, "s")])
    assert result["outcome"] == {"side": "outlaws", "winners": [2, 3],
                                 "reason": "sheriff_eliminated"}
