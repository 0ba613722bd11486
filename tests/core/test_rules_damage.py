"""Damage steps, elimination and the end of the active player's turn.

Rules: bang_dice.md §11 (BD-DMG-1/2, BD-ELIM-1/2), BD-TURN-10.
"""

from __future__ import annotations

from tests.core.scenario_helpers import (
    QUIET_ROLL,
    alive,
    arrows,
    events,
    fields,
    kinds,
    lives,
    losses,
    play,
    run,
)

GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]


def test_BD_DMG_1_losses_applied_together_then_eliminations() -> None:
    """[BD-DMG-1 sub-steps 3-5] The Gatling's losses all apply before anyone is eliminated."""
    result = run(5, {1: {"life": 1}, 3: {"life": 1}}, dice=[*GATLING, *QUIET_ROLL],
                 actions=[play(0, "s")])
    step = [k for k in kinds(result) if k in ("life_lost", "eliminated")]
    assert step == ["life_lost"] * 4 + ["eliminated"] * 2
    assert alive(result) == [True, False, True, False, True]


def test_BD_DMG_1_game_end_check_comes_before_triggers() -> None:
    """[BD-DMG-1 sub-steps 6-7] The game ends before Vulture Sam could gain life."""
    result = run(4, {1: {"role": "deputy", "character": "vulture_sam", "life": 5},
                     2: {"life": 1}, 3: {"life": 1}},
                 dice=[*GATLING, *QUIET_ROLL], actions=[play(0, "s")])
    assert result["outcome"]["side"] == "law"
    assert lives(result)[1] == 4
    assert [e for e in events(result, "life_gained") if e["cause"] == "vulture_sam"] == []


def test_BD_DMG_1_triggers_follow_eliminations() -> None:
    """[BD-DMG-1 sub-step 7] Vulture Sam gains after the step's eliminations, El Gringo after."""
    result = run(5, {1: {"character": "el_gringo"}, 2: {"life": 1},
                     3: {"character": "vulture_sam", "life": 4}},
                 dice=[*GATLING, *QUIET_ROLL], actions=[play(0, "s")])
    order = [(e["kind"], e.get("cause")) for e in result["events"]
             if e["kind"] in ("eliminated", "life_gained", "arrow_taken")]
    assert order == [("eliminated", None), ("life_gained", "vulture_sam"),
                     ("arrow_taken", None)]
    assert lives(result)[3] == 5  # 4 - 1 + 2
    assert arrows(result)[0] == 1


def test_BD_DMG_2_extra_damage_is_ignored() -> None:
    """[BD-DMG-2] Two hits on a 1-life target: he loses 1 and stops at 0."""
    result = run(5, {2: {"life": 1}}, turn=1,
                 dice=["bullseye_1", "bullseye_1", "dynamite", "dynamite", "beer", *QUIET_ROLL],
                 actions=[play(1, "s"), play(1, "t2"), play(1, "t2"), play(1, "t1")])
    assert losses(result) == [(2, 1)]
    assert result["seats"][2]["life"] == 0


def test_BD_ELIM_1_eliminated_player_reveals_role_returns_arrows_and_is_skipped() -> None:
    """[BD-ELIM-1] Role revealed, arrows back to the pile, no more turns."""
    result = run(5, {0: {"arrows": 1}, 1: {"life": 1, "arrows": 3}},
                 dice=["bullseye_1", "beer", "beer", "dynamite", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t0"), play(0, "t0")])
    dead = result["seats"][1]
    assert (dead["alive"], dead["life"], dead["arrows"], dead["role_revealed"]) == (
        False, 0, 0, True)
    assert result["public_view"]["seats"][1]["role"] == "deputy"
    assert fields(events(result, "eliminated"), "audience", "seat", "role") == [
        {"audience": None, "seat": 1, "role": "deputy"}]
    assert result["pile"] == 8
    assert result["turn"] == 2


def test_BD_TURN_10_active_player_killed_by_indians_mid_roll() -> None:
    """[BD-TURN-10] The Indians kill the active player on a re-roll: his other dice are void."""
    result = run(5, {0: {"role": "outlaw"}, 3: {"role": "sheriff"},
                     2: {"life": 3, "arrows": 2}, 4: {"arrows": 6}}, turn=2,
                 dice=["beer", "beer", "gatling", "gatling", "gatling",
                       "arrow", *QUIET_ROLL],
                 actions=[play(2, "r0")])
    assert result["seats"][2]["alive"] is False
    assert events(result, "gatling_fired") == []
    assert events(result, "beer_assigned") == []
    assert result["turn"] == 3
    assert result["pile"] == 9


def test_BD_TURN_10_active_killed_by_indians_from_el_gringo_arrow() -> None:
    """[BD-TURN-10, BD-ARROW-3] El Gringo's arrow starts an attack that kills the active
    player in F3: his beers and Gatling never resolve, the next living seat plays."""
    result = run(5, {0: {"role": "outlaw", "life": 3, "arrows": 2},
                     1: {"character": "el_gringo", "arrows": 1},
                     2: {"role": "sheriff", "arrows": 5}},
                 dice=["bullseye_1", "beer", "gatling", "gatling", "gatling", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1")])
    assert result["seats"][0]["alive"] is False
    assert events(result, "beer_assigned") == []
    assert events(result, "gatling_fired") == []
    assert result["turn"] == 1
    assert result["pile"] == 9
