"""Turn sequence, rolling, dynamite and final-resolution order.

Rules: bang_dice.md §3 (BD-TURN), §4 (BD-ROLL), §6 (BD-DYN), §7 (BD-RES), BD-DEC-6/7, BD-TO.
"""

from __future__ import annotations

import pytest

from core.scenario import ScenarioError
from tests.core.scenario_helpers import (
    QUIET_ROLL,
    arrows,
    events,
    fields,
    kinds,
    lives,
    losses,
    play,
    prompt,
    reroll_texts,
    run,
    timeout,
    turn_events,
)


def test_BD_TURN_1_steps_in_order_roll_resolve_end() -> None:
    """[BD-TURN-1] Start of turn, rolling, final resolution, end of turn, in this order."""
    result = run(5, dice=["bullseye_1", "beer", "gatling", "gatling", "gatling", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1")])
    first = [k for k in kinds(result) if k != "role_dealt"]
    assert first[:4] == ["turn_started", "dice_rolled", "rolling_stopped", "hit_assigned"]
    assert first.index("beer_assigned") < first.index("gatling_fired")
    assert first.index("gatling_fired") < first.index("turn_started", 1)


def test_BD_ROLL_1_first_roll_rolls_all_five_dice_automatically() -> None:
    """[BD-ROLL-1] The first roll happens at once and rolls all 5 dice."""
    result = run(5, dice=["beer", "gatling", "bullseye_1", "bullseye_2", "dynamite"])
    rolled = events(result, "dice_rolled")
    assert fields(rolled, "audience", "seat", "dice", "faces") == [
        {"audience": None, "seat": 0, "dice": [0, 1, 2, 3, 4],
         "faces": ["beer", "gatling", "bullseye_1", "bullseye_2", "dynamite"]}]
    assert result["rolls_left"] == 2
    assert prompt(result)[:2] == (0, "reroll")


def test_BD_ROLL_2_two_rerolls_of_any_dice_then_rolling_stops() -> None:
    """[BD-ROLL-2, BD-ROLL-4a] Two re-rolls; a die kept before may be re-rolled; then stop."""
    result = run(5, dice=["beer", "beer", "beer", "beer", "beer",
                          "gatling", "gatling", "gatling", "beer", *QUIET_ROLL],
                 actions=[play(0, "r01"), play(0, "r012")])
    rolled = events(result, "dice_rolled")
    assert [e["dice"] for e in rolled[:3]] == [[0, 1, 2, 3, 4], [0, 1], [0, 1, 2]]
    stopped = events(result, "rolling_stopped")[0]
    assert stopped["final"] == ["gatling", "beer", "beer", "beer", "beer"]
    assert stopped["seat"] == 0


def test_BD_ROLL_3_dynamite_cannot_be_rerolled() -> None:
    """[BD-ROLL-3] A dynamite die is never in the re-roll choices."""
    result = run(5, dice=["beer", "dynamite", "beer", "dynamite", "beer"])
    assert prompt(result)[2] == reroll_texts([0, 2, 4])
    with pytest.raises(ScenarioError, match="may not play 'r01'"):
        run(5, dice=["beer", "dynamite", "beer", "dynamite", "beer"], actions=[play(0, "r01")])


def test_BD_ROLL_4_player_may_stop_after_any_roll() -> None:
    """[BD-ROLL-4, BD-ROLL-5] Stopping after the first roll makes those faces the final result."""
    faces = ["beer", "gatling", "dynamite", "beer", "arrow"]
    result = run(5, dice=[*faces, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t0"),
                                                          play(0, "t0")])
    assert events(result, "rolling_stopped")[0]["final"] == faces
    assert len([e for e in turn_events(result) if e["kind"] == "dice_rolled"]) == 1


def test_BD_ROLL_4b_three_dynamite_stop_rolling_with_rerolls_left() -> None:
    """[BD-ROLL-4b] Three dynamite stop rolling although re-rolls are left."""
    result = run(5, dice=["dynamite", "dynamite", "dynamite", "beer", "gatling", *QUIET_ROLL],
                 actions=[play(0, "t0")])
    first_turn = turn_events(result)
    assert [e["kind"] for e in first_turn if e["kind"] == "dice_rolled"] == ["dice_rolled"]
    assert events(result, "rolling_stopped")[0]["final"] == [
        "dynamite", "dynamite", "dynamite", "beer", "gatling"]


def test_BD_ROLL_4d_and_BD_TURN_10_active_player_eliminated_while_rolling() -> None:
    """[BD-ROLL-4d, BD-TURN-10] Killed by the Indians on his first roll: no re-roll, turn over."""
    result = run(5, {0: {"role": "outlaw", "life": 2, "arrows": 2}, 1: {"arrows": 6},
                     2: {"role": "sheriff"}},
                 dice=["arrow", "bullseye_1", "beer", "beer", "gatling", *QUIET_ROLL])
    assert result["seats"][0]["alive"] is False
    first_turn = [e["kind"] for e in turn_events(result)]
    assert "rolling_stopped" not in first_turn
    assert "hit_assigned" not in first_turn
    assert result["outcome"] is None
    assert result["turn"] == 1
    assert prompt(result)[:2] == (1, "reroll")


def test_BD_ROLL_6_arrows_resolve_after_every_roll_only_for_rolled_dice() -> None:
    """[BD-ROLL-6] A kept arrow is not taken again; a re-rolled arrow die may show a new one."""
    result = run(5, dice=["arrow", "beer", "beer", "beer", "beer",
                          "beer",
                          "arrow", "arrow", *QUIET_ROLL],
                 actions=[play(0, "r1"), play(0, "r01"), *[play(0, "t0")] * 3])
    taken = [e["seat"] for e in turn_events(result) if e["kind"] == "arrow_taken"]
    assert taken == [0, 0, 0]
    assert arrows(result)[0] == 3
    assert result["pile"] == 6


def test_BD_DEC_6_reroll_choices_are_stop_or_any_nonempty_set() -> None:
    """[BD-DEC-6] Legal: stop, or any non-empty set of the non-dynamite dice (31 + 1)."""
    result = run(5, dice=["beer", "gatling", "bullseye_1", "bullseye_2", "arrow"])
    seat, decision, legal = prompt(result)
    assert (seat, decision) == (0, "reroll")
    assert legal == reroll_texts(range(5))
    assert len(legal) == 32


def test_BD_DEC_6_no_prompt_once_rerolls_are_used() -> None:
    """[BD-DEC-6] After the second re-roll nobody is asked to re-roll again."""
    result = run(5, dice=["beer"] * 5 + ["beer", "beer"],
                 actions=[play(0, "r0"), play(0, "r0")])
    seat, decision, legal = prompt(result)
    assert (seat, decision) == (0, "beer_target")
    assert legal == ["t0", "t1", "t2", "t3", "t4"]


def test_BD_TO_DEC_6_default_reroll_is_stop() -> None:
    """[BD-TO table, BD-DEC-6/7] A timed-out re-roll keeps the current result."""
    result = run(5, dice=["gatling", "gatling", "gatling", "beer", "dynamite", *QUIET_ROLL],
                 actions=[timeout(0), play(0, "t0")])
    assert events(result, "rolling_stopped")[0]["final"] == [
        "gatling", "gatling", "gatling", "beer", "dynamite"]
    assert len(events(result, "dice_rolled")) == 2  # this turn's first roll, the next one's


def test_BD_DYN_1_three_dynamite_stop_rolling_and_cost_one_life() -> None:
    """[BD-DYN-1] Dynamite counts over the turn: 2 then 1 more on a re-roll explodes."""
    result = run(5, dice=["dynamite", "dynamite", "beer", "gatling", "gatling",
                          "dynamite", *QUIET_ROLL],
                 actions=[play(0, "r2")])
    assert len(events(result, "dynamite_exploded")) == 1
    assert losses(result, "dynamite") == [(0, 1)]
    assert lives(result)[0] == 10
    assert len([e for e in turn_events(result) if e["kind"] == "dice_rolled"]) == 2


def test_BD_DYN_2_dynamite_elimination_ends_turn_before_other_dice() -> None:
    """[BD-DYN-2, BD-TURN-10] Killed by his dynamite: the "1" and beer never resolve."""
    result = run(5, {0: {"role": "outlaw"}, 2: {"role": "sheriff"}, 4: {"life": 1}}, turn=4,
                 dice=["dynamite", "dynamite", "dynamite", "bullseye_1", "beer", *QUIET_ROLL])
    assert result["seats"][4]["alive"] is False
    assert losses(result) == [(4, 1)]
    assert events(result, "hit_assigned") == []
    assert events(result, "beer_assigned") == []
    assert result["turn"] == 0


def test_BD_DYN_2_survivor_resolves_the_other_dice() -> None:
    """[BD-DYN-2] Not eliminated: the other dice still resolve (a "1" and a beer)."""
    result = run(5, {0: {"life": 5}},
                 dice=["dynamite", "dynamite", "dynamite", "bullseye_1", "beer", *QUIET_ROLL],
                 actions=[play(0, "t1"), play(0, "t0")])
    assert losses(result) == [(0, 1), (1, 1)]
    assert lives(result)[:2] == [5, 8]


def test_BD_DYN_3_dynamite_loss_applies_at_F2_after_the_rolls_arrows() -> None:
    """[BD-DYN-3, R-BD-01] The roll's arrows resolve first; the life is lost at F2, before hits."""
    result = run(5, dice=["dynamite", "dynamite", "arrow", "bullseye_1", "beer",
                          "dynamite", "arrow", *QUIET_ROLL],
                 actions=[play(0, "r24"), play(0, "t1")])
    order = [(e["kind"], e.get("cause")) for e in turn_events(result)
             if e["kind"] in ("arrow_taken", "dynamite_exploded", "rolling_stopped",
                              "life_lost", "hit_assigned")]
    assert order == [("arrow_taken", None), ("arrow_taken", None),
                     ("dynamite_exploded", None), ("rolling_stopped", None),
                     ("life_lost", "dynamite"), ("hit_assigned", None), ("life_lost", "hit")]


def test_BD_DYN_4_two_dynamite_have_no_effect() -> None:
    """[BD-DYN-4] Two dynamite only stay locked: no life lost, rolling goes on."""
    result = run(5, dice=["dynamite", "dynamite", "beer", "beer", "beer", *QUIET_ROLL],
                 actions=[play(0, "s"), *[play(0, "t0")] * 3])
    assert events(result, "dynamite_exploded") == []
    assert losses(result) == []
    assert lives(result)[0] == 11


def test_BD_RES_1_final_resolution_order_hits_beers_gatling() -> None:
    """[BD-RES-1, BD-RES-2] F3 hits, then F4 beers, then F5 Gatling."""
    result = run(5, {1: {"life": 5}},
                 dice=["bullseye_1", "beer", "gatling", "gatling", "gatling", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1")])
    order = [(e["kind"], e.get("cause")) for e in turn_events(result)
             if e["kind"] in ("life_lost", "beer_assigned", "gatling_fired", "hit_assigned")]
    assert order == [("hit_assigned", None), ("life_lost", "hit"), ("beer_assigned", None),
                     ("gatling_fired", None), *[("life_lost", "gatling")] * 4]
    assert lives(result)[1] == 4  # 5 - 1 hit + 1 beer - 1 gatling


def test_BD_RES_1_hits_and_beers_cannot_be_declined() -> None:
    """[BD-RES-1, BD-HIT-4] No "skip" among hit and beer choices: every die is used."""
    hit = run(5, dice=["bullseye_1", "beer", "dynamite", "dynamite", "arrow"],
              actions=[play(0, "s")])
    assert prompt(hit) == (0, "hit_target", ["t1", "t4"])
    beer = run(5, dice=["bullseye_1", "beer", "dynamite", "dynamite", "arrow"],
               actions=[play(0, "s"), play(0, "t1")])
    assert prompt(beer) == (0, "beer_target", ["t0", "t1", "t2", "t3", "t4"])


def test_BD_RES_1_full_order_with_every_step() -> None:
    """[BD-RES-1] With dynamite, a hit, a beer and 3 gatlings, events follow F2-F5."""
    result = run(5, {0: {"life": 5}},
                 dice=["dynamite", "dynamite", "dynamite", "bullseye_1", "beer",
                       *QUIET_ROLL],
                 actions=[play(0, "t1"), play(0, "t0")])
    order = [e["kind"] for e in turn_events(result)
             if e["kind"] in ("life_lost", "hit_assigned", "beer_assigned")]
    assert order == ["life_lost", "hit_assigned", "life_lost", "beer_assigned"]


def test_BD_TURN_11_game_end_stops_everything() -> None:
    """[BD-TURN-11] The last Outlaw/Renegade dies in F3: beers and Gatling never resolve."""
    result = run(4, {1: {"life": 1}, 2: {"alive": False}, 3: {"alive": False}},
                 dice=["bullseye_1", "beer", "gatling", "gatling", "gatling", *QUIET_ROLL],
                 actions=[play(0, "s")])
    assert result["outcome"] == {"side": "law", "winners": [0],
                                 "reason": "outlaws_and_renegades_eliminated"}
    assert result["to_act"] == []
    assert events(result, "beer_assigned") == []
    assert events(result, "gatling_fired") == []
    assert kinds(result)[-1] == "game_ended"
