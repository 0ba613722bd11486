"""Old Saloon module 1 (Loudmouth and Coward dice), double faces, and module options.

Rules: bang_dice.md §16 (OS-MOD), §17 (OS-DICE, OS-FACE), BD-ROLL-6, BD-RES-1/2, R-OS-01,
R-OS-02, BD-DEC-3/5, their BD-TO defaults, BD-EX-3 (double face part), BD-EX-11.
Default table (5 seats): 0 Sheriff Paul Regret (11), 1 Deputy Jesse Jones (9),
2 Outlaw Lucky Duke (8), 3 Outlaw Black Jack (8), 4 Renegade Rose Doolan (9).
With saloon_dice on, every turn starts with the dice choice, before the first roll. A Saloon
die that replaces a base die is the last die (index 4), so the 5th scripted face is its face.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.errors import InvalidSetup
from core.scenario import ScenarioError
from tests.core.scenario_helpers import (
    GAME,
    QUIET_ROLL,
    arrows,
    die_kinds,
    events,
    faces,
    fields,
    kinds,
    lives,
    losses,
    play,
    prompt,
    reroll_texts,
    run_saloon,
    timeout,
)

SALOON = ["saloon_dice"]
BASE4 = ["base_die"] * 4
LOUDMOUTH_FACES = {"arrow", "dynamite", "double_bullseye_1", "double_bullseye_2",
                   "double_gatling", "bullet"}
COWARD_FACES = {"arrow", "dynamite", "bullseye_1", "broken_arrow", "beer", "double_beer"}
# Four base faces that resolve nothing and need no decision (2 dynamite do not explode).
STILL = ["gatling", "gatling", "dynamite", "dynamite"]


def saloon(changes: dict[int, dict[str, Any]] | None = None, **options: Any) -> dict[str, Any]:
    """Run a 5-seat scenario with only the saloon_dice module on."""
    return run_saloon(5, changes, modules=SALOON, **options)


# --- Module options [OS-MOD-1, OS-GHOST-0, R-OS-02] ------------------------------------------


@pytest.mark.parametrize("module", ["saloon_dice", "chief_arrow", "new_characters", "ghost"])
def test_OS_MOD_1_each_available_module_can_be_switched_on_alone(module: str) -> None:
    """[OS-MOD-1] Each implemented module is accepted on its own."""
    step = GAME.setup({"modules": [module]}, 5, 0)
    assert GAME.to_act(step.state)


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_OS_MOD_1_any_combination_together(players: int) -> None:
    """[OS-MOD-1] Modules 1, 2, 4 and 5 may all be on at once (5+ players for the Ghost)."""
    step = GAME.setup({"modules": ["saloon_dice", "chief_arrow", "new_characters", "ghost"]},
                      players, 3)
    described = GAME.describe(step.state)
    assert described["chief_in_pile"] is True
    assert GAME.view(step.state, None).decision == "dice_choice"


def test_OS_MOD_1_unknown_module_id_refused() -> None:
    """[OS-MOD-1] Only the five module ids exist: another id is refused, naming it."""
    with pytest.raises(InvalidSetup, match="loudmouth"):
        GAME.setup({"modules": ["loudmouth"]}, 5, 0)
    with pytest.raises(ScenarioError, match="loudmouth"):
        run_saloon(5, modules=["loudmouth"], dice=QUIET_ROLL)


def test_OS_MOD_1_modules_must_be_a_list_of_ids_and_no_other_option() -> None:
    """[OS-MOD-1] `modules` is a list of ids; unknown option keys are refused."""
    with pytest.raises(InvalidSetup):
        GAME.setup({"modules": "saloon_dice"}, 5, 0)
    with pytest.raises(InvalidSetup):
        GAME.setup({"modules": [], "variant": "fast"}, 5, 0)


def test_R_OS_02_special_identities_refused_with_three_players() -> None:
    """[R-OS-02] Module 3 is not used in 3-player games (identities are public there)."""
    with pytest.raises(InvalidSetup, match="3 players"):
        GAME.setup({"modules": ["special_identities"]}, 3, 0)


def test_R_OS_02_three_players_allow_modules_1_2_4_not_ghost() -> None:
    """[R-OS-02, OS-GHOST-0] 3 players: modules 1, 2 and 4 are fine; the Ghost is refused."""
    step = GAME.setup({"modules": ["saloon_dice", "chief_arrow", "new_characters"]}, 3, 0)
    assert GAME.describe(step.state)["chief_in_pile"] is True
    with pytest.raises(InvalidSetup, match="5"):
        GAME.setup({"modules": ["ghost"]}, 3, 0)


# --- Dice choice [OS-DICE-1, BD-DEC-3, BD-TURN-1] -------------------------------------------


def test_OS_DICE_1_and_BD_DEC_3_choice_comes_before_the_first_roll() -> None:
    """[OS-DICE-1, BD-DEC-3] The active player chooses none / Loudmouth / Coward, then rolls."""
    result = saloon(dice=QUIET_ROLL)
    seat, decision, legal = prompt(result)
    assert (seat, decision) == (0, "dice_choice")
    assert sorted(legal) == ["d", "dc", "dl"]
    assert events(result, "dice_rolled") == []
    assert faces(result) == [None] * 5


def test_OS_DICE_1_never_both_dice_and_no_sixth_die_for_base_characters() -> None:
    """[OS-DICE-1] One Saloon die at most; only José/Tequila may add a 6th die."""
    legal = prompt(saloon(dice=QUIET_ROLL))[2]
    assert "dl+" not in legal
    assert "dc+" not in legal
    with pytest.raises(ScenarioError, match="may not play 'dl\\+'"):
        saloon(dice=QUIET_ROLL, actions=[play(0, "dl+")])


def test_OS_DICE_1_loudmouth_replaces_one_base_die_still_five_dice() -> None:
    """[OS-DICE-1, OS-DICE-4] Loudmouth replaces a base die: 5 dice; its arrow is taken."""
    result = saloon(dice=[*STILL, "arrow"], actions=[play(0, "dl")])
    assert die_kinds(result) == [*BASE4, "loudmouth_die"]
    assert fields(events(result, "dice_chosen"), "seat", "dice") == [
        {"seat": 0, "dice": [*BASE4, "loudmouth_die"]}]
    assert events(result, "dice_rolled")[0]["dice"] == [0, 1, 2, 3, 4]
    assert (arrows(result)[0], result["pile"]) == (1, 8)


def test_OS_DICE_1_coward_replaces_one_base_die_still_five_dice() -> None:
    """[OS-DICE-1] Coward replaces a base die: 5 dice."""
    result = saloon(dice=[*STILL, "double_beer"], actions=[play(0, "dc")])
    assert die_kinds(result) == [*BASE4, "coward_die"]
    assert faces(result) == [*STILL, "double_beer"]


def test_OS_DICE_1_saloon_die_stays_for_rerolls() -> None:
    """[OS-DICE-1] The chosen die is part of the set for the whole turn, re-rolls included."""
    result = saloon(dice=[*STILL, "bullet", "double_gatling"],
                    actions=[play(0, "dl"), play(0, "r4")])
    assert die_kinds(result) == [*BASE4, "loudmouth_die"]
    assert faces(result)[4] == "double_gatling"


def test_OS_DICE_1_choice_made_fresh_every_turn() -> None:
    """[OS-DICE-1] Next turn starts again with base dice and a new dice choice."""
    result = saloon(dice=[*STILL, "arrow"], actions=[play(0, "dl"), play(0, "s")])
    seat, decision, _ = prompt(result)
    assert (seat, decision) == (1, "dice_choice")
    assert die_kinds(result) == ["base_die"] * 5
    following = saloon(dice=[*STILL, "arrow", *QUIET_ROLL],
                       actions=[play(0, "dl"), play(0, "s"), play(1, "d")])
    assert die_kinds(following) == ["base_die"] * 5
    assert events(following, "dice_chosen")[1]["dice"] == ["base_die"] * 5


def test_BD_TURN_1_sid_ketchum_heals_before_the_dice_choice() -> None:
    """[BD-TURN-1, BD-TURN-2] Start of turn (Sid Ketchum) comes before the dice choice."""
    result = saloon({0: {"character": "sid_ketchum"}}, dice=QUIET_ROLL)
    assert prompt(result)[:2] == (0, "sid_heal")
    chose = saloon({0: {"character": "sid_ketchum"}}, dice=QUIET_ROLL,
                   actions=[play(0, "t0")])
    assert prompt(chose)[:2] == (0, "dice_choice")


def test_BD_TO_DEC_3_default_is_no_saloon_die() -> None:
    """[BD-TO table, BD-DEC-3] Timeout: base dice only."""
    result = saloon(dice=QUIET_ROLL, actions=[timeout(0)])
    assert fields(events(result, "dice_chosen"), "seat", "dice") == [
        {"seat": 0, "dice": ["base_die"] * 5}]
    assert prompt(result)[:2] == (0, "reroll")


# --- Faces [OS-DICE-2] -----------------------------------------------------------------------


@pytest.mark.parametrize(("choice", "expected"), [("dl", LOUDMOUTH_FACES),
                                                  ("dc", COWARD_FACES)])
def test_OS_DICE_2_saloon_die_faces(choice: str, expected: set[str]) -> None:
    """[OS-DICE-2] Random rolls of each Saloon die show exactly its six faces."""
    seen: set[str] = set()
    for seed in range(60):
        result = saloon(seed=seed, actions=[play(0, choice)])
        seen.add(events(result, "dice_rolled")[0]["faces"][4])
    assert seen == expected


def test_OS_DICE_2_base_die_never_shows_a_saloon_face() -> None:
    """[OS-DICE-2, BD-COMP-2] A base die cannot show a Saloon face (scripted faces refused)."""
    with pytest.raises(ScenarioError, match="bullet"):
        run_saloon(5, dice=["bullet", *QUIET_ROLL])
    with pytest.raises(ScenarioError, match="bullet"):
        saloon(dice=["bullet", *QUIET_ROLL], actions=[play(0, "d")])


# --- Broken arrow [OS-FACE-BROKEN-1, BD-DEC-5] ------------------------------------------------


def test_OS_FACE_BROKEN_1_and_BD_DEC_5_any_holder_of_a_normal_arrow_returns_one() -> None:
    """[OS-FACE-BROKEN-1, BD-DEC-5] Choose among holders; that player returns 1 arrow."""
    spec = {1: {"arrows": 2}, 3: {"arrows": 1}}
    asked = saloon(spec, dice=[*STILL, "broken_arrow"], actions=[play(0, "dc")])
    assert prompt(asked) == (0, "broken_arrow", ["t1", "t3"])
    done = saloon(spec, dice=[*STILL, "broken_arrow"], actions=[play(0, "dc"), play(0, "t3")])
    assert arrows(done) == [0, 2, 0, 0, 0]
    assert done["pile"] == 7
    assert fields(events(done, "arrows_returned"), "seat", "count", "reason") == [
        {"seat": 3, "count": 1, "reason": "broken_arrow"}]
    # [OS-FACE-BROKEN-1] "The die may then be re-rolled."
    assert prompt(done) == (0, "reroll", reroll_texts([0, 1, 4]))


def test_OS_FACE_BROKEN_1_himself_included_after_the_arrows_of_the_roll() -> None:
    """[OS-FACE-BROKEN-1, BD-ROLL-6] Arrows resolve first; he may then return his own."""
    result = saloon(dice=["arrow", "gatling", "dynamite", "dynamite", "broken_arrow"],
                    actions=[play(0, "dc")])
    assert prompt(result) == (0, "broken_arrow", ["t0"])
    done = saloon(dice=["arrow", "gatling", "dynamite", "dynamite", "broken_arrow"],
                  actions=[play(0, "dc"), play(0, "t0")])
    assert (arrows(done)[0], done["pile"]) == (0, 9)
    order = [k for k in kinds(done) if k in ("arrow_taken", "arrows_returned")]
    assert order == ["arrow_taken", "arrows_returned"]


def test_OS_FACE_BROKEN_1_nobody_holds_an_arrow_nothing_happens() -> None:
    """[OS-FACE-BROKEN-1] Nobody holds a normal arrow: no decision, nothing happens."""
    result = saloon(dice=[*STILL, "broken_arrow"], actions=[play(0, "dc")])
    assert prompt(result)[:2] == (0, "reroll")
    assert events(result, "arrows_returned") == []
    assert result["pile"] == 9


def test_BD_TO_DEC_5_default_own_arrow_first() -> None:
    """[BD-TO table, BD-DEC-5] Default: one of his own normal arrows if he has one."""
    result = saloon({0: {"arrows": 1}, 2: {"arrows": 3}}, dice=[*STILL, "broken_arrow"],
                    actions=[play(0, "dc"), timeout(0)])
    assert arrows(result) == [0, 0, 3, 0, 0]


def test_BD_TO_DEC_5_default_most_arrows_ties_first_clockwise() -> None:
    """[BD-TO table, BD-DEC-5] Else the most normal arrows; ties: first clockwise from him.

    Seat 3 is active; seats 4 and 1 hold 2 each: seat 4 comes first clockwise.
    """
    result = saloon({0: {"arrows": 1}, 1: {"arrows": 2}, 4: {"arrows": 2}}, turn=3,
                    dice=[*STILL, "broken_arrow"], actions=[play(3, "dc"), timeout(3)])
    assert arrows(result) == [1, 2, 0, 0, 1]


# --- Bullet [OS-FACE-BULLET-1] ---------------------------------------------------------------


def test_OS_FACE_BULLET_1_active_player_loses_one_at_once() -> None:
    """[OS-FACE-BULLET-1] A bullet costs the active player 1 life at once, caused by nobody."""
    result = saloon(dice=[*STILL, "bullet"], actions=[play(0, "dl")])
    assert lives(result) == [10, 9, 8, 8, 9]
    assert fields(events(result, "life_lost"), "seat", "amount", "cause", "source") == [
        {"seat": 0, "amount": 1, "cause": "bullet", "source": None}]
    assert prompt(result) == (0, "reroll", reroll_texts([0, 1, 4]))


def test_OS_FACE_BULLET_1_rerolled_bullet_costs_again_kept_bullet_does_not() -> None:
    """[OS-FACE-BULLET-1, BD-ROLL-6] A new bullet costs another life; a kept one nothing."""
    result = saloon(dice=[*STILL, "bullet", "bullet", "gatling"],
                    actions=[play(0, "dl"), play(0, "r4"), play(0, "r0")])
    assert losses(result) == [(0, 1), (0, 1)]
    assert lives(result)[0] == 9


def test_OS_FACE_BULLET_1_bart_cassidy_cannot_turn_it_into_an_arrow() -> None:
    """[OS-FACE-BULLET-1, BD-CHAR-BART-1] Bart active: the bullet costs life, no arrow option."""
    result = saloon({0: {"character": "bart_cassidy"}}, dice=[*STILL, "bullet"],
                    actions=[play(0, "dl")])
    assert prompt(result)[:2] == (0, "reroll")
    assert (lives(result)[0], arrows(result)[0]) == (9, 0)
    assert events(result, "arrows_instead_of_life") == []


def test_OS_FACE_BULLET_1_and_BD_TURN_10_bullet_can_eliminate_the_active_player() -> None:
    """[OS-FACE-BULLET-1, BD-TURN-10] Killed by his bullet: the turn ends, dice left unused."""
    result = saloon({2: {"life": 1}}, turn=2, dice=["beer", "beer", "bullseye_1", "beer",
                                                    "bullet"],
                    actions=[play(2, "dl")])
    assert result["seats"][2]["alive"] is False
    assert events(result, "hit_assigned") == []
    assert events(result, "beer_assigned") == []
    assert prompt(result)[:2] == (3, "dice_choice")


def test_BD_ROLL_6_arrows_resolve_before_the_bullet() -> None:
    """[BD-ROLL-6] Order arrow, then bullet: the arrow empties the pile, Indians, then bullet."""
    result = saloon({1: {"arrows": 4}, 2: {"life": 3}, 3: {"arrows": 4}}, turn=2,
                    dice=["arrow", "gatling", "dynamite", "dynamite", "bullet"],
                    actions=[play(2, "dl")])
    causes = [(e["seat"], e["cause"]) for e in events(result, "life_lost")]
    assert causes.index((2, "indians")) < causes.index((2, "bullet"))
    assert sorted(losses(result, "indians")) == [(1, 4), (2, 1), (3, 4)]
    assert lives(result)[2] == 1


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
