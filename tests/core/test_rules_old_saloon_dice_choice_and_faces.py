"""Old Saloon module options, module 1's dice choice and Saloon die faces, and the broken arrow
and bullet faces.

Rules: bang_dice.md §16 (OS-MOD), §17 (OS-DICE-1/2, OS-FACE), BD-ROLL-6, R-OS-02, BD-DEC-3/5
and their BD-TO defaults.
Default table and which die is the Saloon die: see tests/core/saloon_dice_helpers.py.
"""

from __future__ import annotations

import pytest

from core.engine.errors import InvalidSetup
from core.scenario import ScenarioError
from tests.core.saloon_dice_helpers import (
    BASE4,
    COWARD_FACES,
    LOUDMOUTH_FACES,
    STILL,
    saloon,
)
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
