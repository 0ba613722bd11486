"""Arrows and the Indian attack.

Rules: bang_dice.md §5 (BD-ARROW-1..5), BD-ELIM-2.
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
    turn_events,
)


def test_BD_ARROW_1_one_arrow_per_arrow_face_taken_one_at_a_time() -> None:
    """[BD-ARROW-1] Three arrow faces: three arrows, the pile going 8, 7, 6."""
    result = run(5, dice=["arrow", "arrow", "arrow", "beer", "beer"])
    assert [e["pile"] for e in events(result, "arrow_taken")] == [8, 7, 6]
    assert arrows(result) == [3, 0, 0, 0, 0]
    assert result["pile"] == 6


def test_BD_ARROW_2_indian_attack_when_last_arrow_is_taken() -> None:
    """[BD-ARROW-2] Taking the last arrow: each living player loses 1 per arrow, all return."""
    result = run(5, {0: {"arrows": 1}, 1: {"arrows": 3}, 2: {"arrows": 2}, 3: {"arrows": 2}},
                 dice=["arrow", "beer", "beer", "beer", "beer"])
    assert len(events(result, "indians_attacked")) == 1
    assert sorted(losses(result, "indians")) == [(0, 2), (1, 3), (2, 2), (3, 2)]
    assert lives(result) == [9, 6, 6, 6, 9]
    assert arrows(result) == [0, 0, 0, 0, 0]
    assert result["pile"] == 9
    assert prompt(result)[:2] == (0, "reroll")  # the active player goes on with his turn


def test_BD_ARROW_2_owed_arrows_taken_from_refilled_pile() -> None:
    """[BD-ARROW-2 step 4] The second arrow of the roll comes from the refilled pile."""
    result = run(5, {0: {"arrows": 1}, 1: {"arrows": 7}},
                 dice=["arrow", "arrow", "arrow", "beer", "beer"])
    assert [e["pile"] for e in events(result, "arrow_taken")] == [0, 8, 7]
    assert arrows(result) == [2, 0, 0, 0, 0]
    assert result["pile"] == 7
    assert lives(result)[:2] == [9, 2]


def test_BD_ARROW_2_indian_losses_are_one_simultaneous_damage_step() -> None:
    """[BD-ARROW-2, BD-DMG-1] The Indians kill several players in one step."""
    result = run(5, {0: {"arrows": 1}, 1: {"life": 2, "arrows": 3}, 3: {"life": 1, "arrows": 4}},
                 dice=["arrow", "beer", "beer", "beer", "beer"])
    assert [e["seat"] for e in events(result, "eliminated")] == [1, 3]
    assert result["pile"] == 9
    assert result["outcome"] is None


def test_BD_ARROW_3_indians_outside_rolling_via_el_gringo() -> None:
    """[BD-ARROW-3] El Gringo's arrow empties the pile in F3: the Indians attack then."""
    result = run(5, {1: {"character": "el_gringo", "arrows": 2}, 0: {"arrows": 6}},
                 dice=["bullseye_1", "beer", "beer", "dynamite", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t0"), play(0, "t0")])
    first_turn = [e["kind"] for e in turn_events(result)]
    assert first_turn.index("indians_attacked") > first_turn.index("hit_assigned")
    assert first_turn.index("indians_attacked") < first_turn.index("beer_assigned")
    assert sorted(losses(result, "indians")) == [(0, 7), (1, 2)]
    # Paul Regret 11 - 7 + 2 beers = 6; El Gringo 7 - 1 hit - 2 Indians = 4.
    assert lives(result)[:2] == [6, 4]
    assert result["pile"] == 9


def test_BD_ARROW_4_indian_losses_are_caused_by_nobody() -> None:
    """[BD-ARROW-4] El Gringo hurt by the Indians gives nobody an arrow."""
    attack = run(5, {0: {"arrows": 1}, 1: {"character": "el_gringo", "arrows": 3},
                     2: {"arrows": 4}},
                 dice=["arrow", "beer", "beer", "beer", "beer"])
    assert losses(attack, "indians") == [(0, 2), (1, 3), (2, 4)]
    assert all(e["source"] is None for e in events(attack, "life_lost"))
    assert [e["pile"] for e in events(attack, "arrow_taken")] == [0]
    assert arrows(attack) == [0, 0, 0, 0, 0]


def test_BD_ARROW_5_and_BD_ELIM_2_eliminated_player_returns_arrows_quietly() -> None:
    """[BD-ARROW-5, BD-ELIM-2] A dead player's arrows go back; no Indian attack follows."""
    result = run(5, {1: {"life": 1, "arrows": 4}, 0: {"arrows": 4}},
                 dice=["bullseye_1", "beer", "beer", "dynamite", "dynamite", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t0"), play(0, "t0")])
    returned = [e for e in events(result, "arrows_returned") if e["seat"] == 1]
    assert fields(returned, "audience", "count", "reason") == [
        {"audience": None, "count": 4, "reason": "elimination"}]
    assert events(result, "indians_attacked") == []
    assert result["pile"] == 5
    assert arrows(result) == [4, 0, 0, 0, 0]
