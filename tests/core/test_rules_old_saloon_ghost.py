"""Old Saloon module 5: the Ghost (5+ players).

Rules: bang_dice.md §21 (OS-GHOST-0..10), R-OS-12..15, BD-TURN-8/9, BD-DIST-1, BD-HIT-2,
BD-END-6, BD-DEC-18 and its BD-TO default, BD-EX-12.
Default table (5 seats): 0 Sheriff Paul Regret (11), 1 Deputy Jesse Jones (9),
2 Outlaw Lucky Duke (8), 3 Outlaw Black Jack (8), 4 Renegade Rose Doolan (9).
A seat given `ghost: true` (and `alive: false`) is already the Ghost; any dead seat in the
position means the first elimination already happened.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.errors import InvalidSetup
from core.scenario import ScenarioError
from tests.core.scenario_helpers import (
    GAME,
    QUIET_ROLL,
    ROLES,
    alive,
    arrows,
    die_kinds,
    events,
    faces,
    fields,
    lives,
    losses,
    play,
    prompt,
    reroll_texts,
    run_saloon,
    timeout,
)

GHOST = ["ghost"]
GHOST_SEAT = {"alive": False, "ghost": True}
ONE = ["bullseye_1", "dynamite", "dynamite", "gatling", "gatling"]
TWO = ["bullseye_2", "dynamite", "dynamite", "gatling", "gatling"]
GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]


def ghost(changes: dict[int, dict[str, Any]] | None = None, count: int = 5, *,
          modules: list[str] | None = None, **options: Any) -> dict[str, Any]:
    """Run a scenario with the ghost module on (plus `modules`)."""
    return run_saloon(count, changes, modules=[*GHOST, *(modules or [])], **options)


# A turn before the Ghost's that changes nothing: a beer wasted on the roller at full life.
PRE = ["beer", "dynamite", "dynamite", "gatling", "gatling"]


def ghost_turn(changes: dict[int, dict[str, Any]], count: int = 5, *, dice: list[str],
               actions: list[dict[str, Any]] | tuple[()] = (), modules: list[str] | None = None,
               ) -> dict[str, Any]:
    """Run a scenario that reaches the Ghost's turn: the seat before him plays PRE first."""
    seat = next(index for index, fields_ in changes.items() if fields_.get("ghost"))
    before = (seat - 1) % count
    opening = [play(before, "d")] if "saloon_dice" in (modules or []) else []
    opening += [play(before, "s"), play(before, f"t{before}")]
    return ghost(changes, count, modules=modules, turn=before, dice=[*PRE, *dice],
                 actions=[*opening, *actions])


# --- Availability [OS-GHOST-0] -----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_OS_GHOST_0_refused_below_five_players(players: int) -> None:
    """[OS-GHOST-0, R-OS-02] The Ghost module needs 5+ players: a clear InvalidSetup."""
    with pytest.raises(InvalidSetup, match=r"ghost.*5 or more players"):
        GAME.setup({"modules": GHOST}, players, 0)
    with pytest.raises(ScenarioError, match="5 or more players"):
        ghost(count=players, dice=QUIET_ROLL)


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_OS_GHOST_0_accepted_from_five_players(players: int) -> None:
    """[OS-GHOST-0] 5-8 players: accepted; nobody is the Ghost at the start."""
    described = GAME.describe(GAME.setup({"modules": GHOST}, players, 2).state)
    assert not any(seat["ghost"] for seat in described["seats"])


# --- Becoming the Ghost [OS-GHOST-1, R-OS-14, OS-GHOST-3] -------------------------------------


def test_OS_GHOST_1_first_eliminated_player_becomes_the_ghost() -> None:
    """[OS-GHOST-1, OS-GHOST-3] The first player eliminated is the Ghost: no life, no arrows."""
    result = ghost({1: {"life": 1, "arrows": 2}}, dice=[*ONE, "beer", "gatling"],
                   actions=[play(0, "s"), play(0, "t1")])
    assert fields(events(result, "became_ghost"), "seat", "plays_as") == [
        {"seat": 1, "plays_as": "deputy"}]
    seat = result["seats"][1]
    assert (seat["ghost"], seat["alive"], seat["life"], seat["arrows"]) == (True, False, 0, 0)
    assert seat["role_revealed"] is True  # [OS-GHOST-2] his identity stays face up
    assert result["pile"] == 9


def test_OS_GHOST_1_without_the_module_nobody_becomes_the_ghost() -> None:
    """[OS-GHOST-1] Module off: an eliminated player is simply out."""
    result = run_saloon(5, {1: {"life": 1}}, dice=[*ONE, *QUIET_ROLL],
                        actions=[play(0, "s"), play(0, "t1")])
    assert events(result, "became_ghost") == []
    assert result["seats"][1]["ghost"] is False
    assert result["turn"] == 2


def test_OS_GHOST_1_at_most_one_ghost_per_game() -> None:
    """[OS-GHOST-1] A Ghost exists already: a later elimination makes no second Ghost."""
    result = ghost({2: GHOST_SEAT, 1: {"life": 1}}, dice=[*ONE, *QUIET_ROLL],
                   actions=[play(0, "s"), play(0, "t1")])
    assert events(result, "became_ghost") == []
    assert [seat["ghost"] for seat in result["seats"]] == [False, False, True, False, False]


def test_OS_GHOST_1_simultaneous_first_clockwise_from_the_active_player() -> None:
    """[OS-GHOST-1] Seats 1 and 4 die in one step: seat 1 (first clockwise from 0) is it."""
    result = ghost({1: {"life": 1}, 4: {"life": 1}},
                   dice=["bullseye_1", "bullseye_1", "dynamite", "dynamite", "gatling",
                         "beer", "beer"],
                   actions=[play(0, "s"), play(0, "t4"), play(0, "t1")])
    assert alive(result) == [True, False, True, True, False]
    assert fields(events(result, "became_ghost"), "seat") == [{"seat": 1}]
    assert [seat["ghost"] for seat in result["seats"]] == [False, True, False, False, False]


def test_R_OS_14_the_active_player_is_checked_first() -> None:
    """[R-OS-14] Indians kill the active seat 2 and seat 1 at once: seat 2 is the Ghost."""
    result = ghost({1: {"life": 1, "arrows": 1}, 2: {"life": 1}, 3: {"arrows": 4},
                    4: {"arrows": 3}}, turn=2,
                   dice=["arrow", "beer", "beer", "gatling", "dynamite", *QUIET_ROLL])
    assert alive(result) == [True, False, False, True, True]
    assert fields(events(result, "became_ghost"), "seat", "plays_as") == [
        {"seat": 2, "plays_as": "outlaw"}]
    assert result["turn"] == 3


def test_OS_GHOST_1_sheriff_first_ends_the_game_without_a_ghost() -> None:
    """[OS-GHOST-1] The Sheriff eliminated first: the game is over, no Ghost."""
    result = ghost({0: {"life": 1}}, turn=1, dice=ONE, actions=[play(1, "s"), play(1, "t0")])
    assert result["outcome"]["side"] == "outlaws"
    assert events(result, "became_ghost") == []
    assert result["seats"][0]["ghost"] is False


# --- The Ghost's side [OS-GHOST-2, OS-GHOST-4, BD-END-6] --------------------------------------


@pytest.mark.parametrize(("players", "side"), [(5, "outlaw"), (6, "deputy"), (7, "outlaw"),
                                               (8, "deputy")])
def test_OS_GHOST_4_renegade_ghost_side_by_player_count(players: int, side: str) -> None:
    """[OS-GHOST-4] A Renegade Ghost plays as Outlaw (5, 7) or Deputy (6, 8)."""
    last = players - 1
    assert ROLES[players][last] == "renegade"
    result = ghost({last: {"life": 1}}, players, dice=[*ONE, *QUIET_ROLL],
                   actions=[play(0, "s"), play(0, f"t{last}")])
    assert fields(events(result, "became_ghost"), "seat", "plays_as") == [
        {"seat": last, "plays_as": side}]


def test_OS_GHOST_2_outlaw_ghost_keeps_his_side() -> None:
    """[OS-GHOST-2] A non-Renegade Ghost plays for his own team."""
    result = ghost({2: {"life": 1}}, dice=[*TWO, *QUIET_ROLL],
                   actions=[play(0, "s"), play(0, "t2")])
    assert fields(events(result, "became_ghost"), "seat", "plays_as") == [
        {"seat": 2, "plays_as": "outlaw"}]


def test_OS_GHOST_4_five_players_renegade_ghost_wins_with_the_outlaws() -> None:
    """[OS-GHOST-4, BD-END-2] 5 players: the Sheriff falls, the Renegade Ghost wins too.

    Seat 4 is the Ghost, so seat 3's neighbours are seats 2 and 0 [OS-GHOST-9].
    """
    result = ghost({4: {**GHOST_SEAT}, 0: {"life": 1}}, turn=3, dice=ONE,
                   actions=[play(3, "s"), play(3, "t0")])
    assert prompt(ghost({4: {**GHOST_SEAT}}, turn=3, dice=ONE,
                        actions=[play(3, "s")])) == (3, "hit_target", ["t0", "t2"])
    assert result["outcome"]["side"] == "outlaws"
    assert result["outcome"]["winners"] == [2, 3, 4]


def test_OS_GHOST_4_six_players_renegade_ghost_wins_with_the_law() -> None:
    """[OS-GHOST-4, BD-END-3] 6 players: the last Outlaw falls, the Renegade Ghost wins too."""
    dead = {"alive": False}
    result = ghost({5: {**GHOST_SEAT}, 3: dead, 4: dead, 2: {"life": 1}}, 6, dice=ONE,
                   actions=[play(0, "s"), play(0, "t2")])
    assert result["outcome"]["side"] == "law"
    assert result["outcome"]["winners"] == [0, 1, 5]


def test_BD_END_6_ghost_is_never_a_survivor_and_never_wins_as_renegade() -> None:
    """[BD-END-6, OS-GHOST-4] 8 players: Renegade 6 is the Ghost; Renegade 7 kills the
    Sheriff and is the single survivor: he wins alone, the Ghost does not."""
    dead = {"alive": False}
    spec = {6: {**GHOST_SEAT}, 1: dead, 2: dead, 3: dead, 4: dead, 5: dead,
            0: {"life": 1}}
    result = ghost(spec, 8, turn=7, dice=ONE, actions=[play(7, "s")])
    assert result["outcome"]["side"] == "renegade"
    assert result["outcome"]["winners"] == [7]


# --- Never counted, never a target [OS-GHOST-3, OS-GHOST-9] -----------------------------------


def test_OS_GHOST_9_not_counted_for_distance() -> None:
    """[OS-GHOST-9, BD-DIST-1] Seat 1 is the Ghost: seat 0's "1" reaches 2 and 4, its "2" 3."""
    one = ghost({1: GHOST_SEAT}, dice=ONE, actions=[play(0, "s")])
    assert prompt(one) == (0, "hit_target", ["t2", "t4"])
    two = ghost({1: GHOST_SEAT}, dice=[*TWO, *QUIET_ROLL], actions=[play(0, "s")])
    assert losses(two) == [(3, 1)]


def test_OS_GHOST_9_not_counted_for_two_or_three_players_left() -> None:
    """[OS-GHOST-9, BD-HIT-2] Ghost + one dead: 3 alive, so a "2" acts as a "1"."""
    result = ghost({1: GHOST_SEAT, 2: {"alive": False}}, dice=TWO, actions=[play(0, "s")])
    assert prompt(result) == (0, "hit_target", ["t3", "t4"])


def test_OS_GHOST_3_and_OS_GHOST_9_never_a_target_of_beer_or_sid() -> None:
    """[OS-GHOST-3, OS-GHOST-9] The Ghost cannot gain life: no beer, no Sid Ketchum heal."""
    beer = ghost({1: GHOST_SEAT}, dice=["beer", "dynamite", "dynamite", "gatling", "gatling"],
                 actions=[play(0, "s")])
    assert prompt(beer) == (0, "beer_target", ["t0", "t2", "t3", "t4"])
    sid = ghost({1: GHOST_SEAT, 0: {"character": "sid_ketchum"}})
    assert prompt(sid) == (0, "sid_heal", ["t0", "t2", "t3", "t4"])


def test_OS_GHOST_3_gatling_and_indians_pass_him_by() -> None:
    """[OS-GHOST-3] The Ghost loses no life to the Gatling or the Indians."""
    gatling = ghost({1: GHOST_SEAT}, dice=[*GATLING, "beer", "beer"], actions=[play(0, "s")])
    assert sorted(losses(gatling)) == [(2, 1), (3, 1), (4, 1)]
    indians = ghost({1: GHOST_SEAT, 2: {"arrows": 8}},
                    dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    assert sorted(losses(indians, "indians")) == [(0, 1), (2, 8)]
    assert lives(indians)[1] == 0


# --- The Ghost's turn [OS-GHOST-6, R-OS-15, BD-TURN-9, BD-DEC-18] -----------------------------


def test_BD_TURN_9_the_ghost_takes_turns_other_dead_are_skipped() -> None:
    """[BD-TURN-9] After seat 0 comes the Ghost (seat 1); after him seat 3 (seat 2 is dead)."""
    spec = {1: GHOST_SEAT, 2: {"alive": False}}
    dice = [*GATLING, "beer", "gatling", *QUIET_ROLL]
    ghost_turn = ghost(spec, dice=dice, actions=[play(0, "s")])
    assert ghost_turn["turn"] == 1
    assert prompt(ghost_turn)[:2] == (1, "reroll")
    after = ghost(spec, dice=dice, actions=[play(0, "s"), play(1, "s"), play(1, "g03")])
    assert after["turn"] == 3


def test_OS_GHOST_6_two_base_dice_no_saloon_die_normal_rerolls() -> None:
    """[OS-GHOST-6] He rolls exactly 2 base dice, never Saloon dice, with 2 re-rolls."""
    result = ghost_turn({1: GHOST_SEAT}, modules=["saloon_dice"], dice=["beer", "gatling"])
    assert prompt(result) == (1, "reroll", ["s", "r0", "r1", "r01"])
    assert die_kinds(result) == ["base_die", "base_die"]
    assert [e for e in events(result, "dice_chosen") if e["seat"] == 1] == []
    assert fields(events(result, "dice_rolled"), "seat", "dice")[-1] == {"seat": 1, "dice": [0, 1]}
    rolled = ghost_turn({1: GHOST_SEAT}, dice=["beer", "gatling", "beer", "arrow"],
                   actions=[play(1, "r0"), play(1, "r1")])
    assert prompt(rolled)[:2] == (1, "ghost_give")


def test_OS_GHOST_6_dynamite_stays_locked() -> None:
    """[OS-GHOST-6] The Ghost's dynamite cannot be re-rolled."""
    result = ghost_turn({1: GHOST_SEAT}, dice=["dynamite", "beer"])
    assert prompt(result) == (1, "reroll", ["s", "r1"])


def test_OS_GHOST_3_no_character_ability_on_his_turn() -> None:
    """[OS-GHOST-3] A Ghost who was Lucky Duke has 2 re-rolls; Black Jack's dynamite is
    locked; Sid Ketchum heals nobody."""
    duke = ghost_turn({2: {**GHOST_SEAT, "character": "lucky_duke"}},
                 dice=["beer", "beer", "beer", "beer"], actions=[play(2, "r0"), play(2, "r0")])
    assert prompt(duke)[:2] == (2, "ghost_give")
    jack = ghost_turn({3: {**GHOST_SEAT, "character": "black_jack"}},
                 dice=["dynamite", "beer"])
    assert prompt(jack) == (3, "reroll", ["s", "r1"])
    sid = ghost_turn({1: {**GHOST_SEAT, "character": "sid_ketchum"}}, dice=["beer", "beer"])
    assert prompt(sid)[:2] == (1, "reroll")


def test_R_OS_15_ghost_dice_have_no_effect() -> None:
    """[R-OS-15] His arrows take nothing, his "1"s hit nobody, nothing explodes."""
    result = ghost_turn({1: GHOST_SEAT},
                   dice=["arrow", "arrow", "dynamite", "bullseye_1", "dynamite"],
                   actions=[play(1, "r01"), play(1, "r1")])
    assert result["pile"] == 9
    assert events(result, "arrow_taken") == []
    assert events(result, "dynamite_exploded") == []
    assert events(result, "hit_assigned") == []
    assert losses(result) == []
    assert prompt(result)[:2] == (1, "ghost_give")


def test_OS_GHOST_6_and_BD_DEC_18_one_face_to_any_other_living_player() -> None:
    """[OS-GHOST-6, BD-DEC-18] Two faces: either, to any living player (clockwise from him)."""
    spec = {1: GHOST_SEAT, 3: {"alive": False}}
    asked = ghost_turn(spec, dice=["arrow", "beer"], actions=[play(1, "s")])
    assert prompt(asked) == (1, "ghost_give", ["g02", "g04", "g00", "g12", "g14", "g10"])
    gave = ghost_turn(spec, dice=["arrow", "beer", *QUIET_ROLL],
                 actions=[play(1, "s"), play(1, "g14")])
    assert fields(events(gave, "ghost_token_given"), "seat", "target", "face", "double") == [
        {"seat": 1, "target": 4, "face": "beer", "double": False}]
    assert (gave["seats"][4]["token"], gave["seats"][4]["token_double"]) == ("beer", False)
    assert gave["turn"] == 2


def test_OS_GHOST_6_same_face_twice_adds_the_x2_token() -> None:
    """[OS-GHOST-6] Both dice alike: one face only, plus ghost_x2."""
    asked = ghost_turn({1: GHOST_SEAT}, dice=["gatling", "gatling"], actions=[play(1, "s")])
    assert prompt(asked) == (1, "ghost_give", ["g02", "g03", "g04", "g00"])
    gave = ghost_turn({1: GHOST_SEAT}, dice=["gatling", "gatling", *QUIET_ROLL],
                 actions=[play(1, "s"), play(1, "g03")])
    assert (gave["seats"][3]["token"], gave["seats"][3]["token_double"]) == ("gatling", True)
    assert events(gave, "ghost_token_given")[0]["double"] is True


def test_BD_TO_DEC_18_ghost_default_stops_and_gives_die_one_to_next_living() -> None:
    """[BD-TO table, BD-DEC-18] Default: stop; die 1's face to the next living seat clockwise."""
    spec = {1: GHOST_SEAT, 2: {"alive": False}}
    result = ghost_turn(spec, dice=["bullseye_2", "beer", *QUIET_ROLL],
                   actions=[timeout(1), timeout(1)])
    # seat 0's turn, the Ghost's single roll, then seat 3's first roll with the token
    assert [e["seat"] for e in events(result, "dice_rolled")] == [0, 1, 3]
    assert (result["seats"][3]["token"], result["seats"][3]["token_double"]) == (
        "bullseye_2", False)


# --- Ghost tokens [OS-GHOST-7, R-OS-13, OS-GHOST-8] -------------------------------------------


def test_OS_GHOST_7_one_token_fixes_one_die_the_others_are_rolled() -> None:
    """[OS-GHOST-7, R-OS-13] One token: die 0 shows it, 4 dice are rolled; arrow taken."""
    result = ghost({1: GHOST_SEAT, 0: {"token": "arrow"}},
                   dice=["beer", "gatling", "gatling", "dynamite"])
    assert fields(events(result, "ghost_faces_set"), "seat", "dice", "face") == [
        {"seat": 0, "dice": [0], "face": "arrow"}]
    assert events(result, "dice_rolled")[0]["dice"] == [1, 2, 3, 4]
    assert faces(result) == ["arrow", "beer", "gatling", "gatling", "dynamite"]
    assert (arrows(result)[0], result["pile"]) == (1, 8)
    assert prompt(result) == (0, "reroll", reroll_texts([0, 1, 2, 3]))


def test_OS_GHOST_7_x2_fixes_two_dice_and_three_are_rolled() -> None:
    """[OS-GHOST-7, R-OS-13] Token + x2: dice 0 and 1 fixed, 3 rolled."""
    result = ghost({1: GHOST_SEAT, 0: {"token": "arrow", "token_double": True}},
                   dice=["beer", "gatling", "dynamite"])
    assert events(result, "dice_rolled")[0]["dice"] == [2, 3, 4]
    assert arrows(result)[0] == 2


def test_OS_GHOST_7_dynamite_token_counts_and_is_locked() -> None:
    """[OS-GHOST-7] A dynamite token counts toward 3 and cannot be re-rolled."""
    locked = ghost({1: GHOST_SEAT, 0: {"token": "dynamite"}},
                   dice=["beer", "gatling", "gatling", "beer"])
    assert prompt(locked) == (0, "reroll", reroll_texts([1, 2, 3, 4]))
    boom = ghost({1: GHOST_SEAT, 0: {"token": "dynamite", "token_double": True}},
                 dice=["dynamite", "gatling", "gatling", *QUIET_ROLL])
    assert len(events(boom, "dynamite_exploded")) == 1
    assert losses(boom) == [(0, 1)]


def test_OS_GHOST_7_forced_dice_may_be_rerolled_from_the_second_roll() -> None:
    """[OS-GHOST-7] From the second roll on, the token dice are re-rolled normally."""
    result = ghost({1: GHOST_SEAT, 0: {"token": "bullseye_1", "token_double": True}},
                   dice=["beer", "gatling", "dynamite", "arrow", "gatling"],
                   actions=[play(0, "r01")])
    assert faces(result)[:2] == ["arrow", "gatling"]
    assert (arrows(result)[0], result["pile"]) == (1, 8)


def test_OS_GHOST_7_after_the_dice_choice_saloon_die_replaces_another_die() -> None:
    """[BD-TURN-1, OS-GHOST-7] Dice choice first; the Saloon die replaces a non-token die."""
    spec = {1: GHOST_SEAT, 0: {"token": "beer"}}
    asked = ghost(spec, modules=["saloon_dice"], dice=["gatling", "gatling", "dynamite",
                                                       "bullet"])
    assert prompt(asked)[:2] == (0, "dice_choice")
    assert events(asked, "ghost_faces_set") == []
    result = ghost(spec, modules=["saloon_dice"],
                   dice=["gatling", "gatling", "dynamite", "double_gatling"],
                   actions=[play(0, "dl")])
    assert die_kinds(result) == ["base_die"] * 4 + ["loudmouth_die"]
    assert faces(result) == ["beer", "gatling", "gatling", "dynamite", "double_gatling"]
    assert events(result, "dice_rolled")[0]["dice"] == [1, 2, 3, 4]


def test_R_OS_13_sixth_die_rolls_one_more() -> None:
    """[R-OS-13] José with the Loudmouth as 6th die and token + x2: 2 fixed, 4 rolled."""
    spec = {1: GHOST_SEAT, 0: {"character": "jose_delgado", "token": "beer",
                               "token_double": True}}
    result = ghost(spec, modules=["saloon_dice", "new_characters"],
                   dice=["gatling", "gatling", "dynamite", "double_gatling"],
                   actions=[play(0, "dl+")])
    assert events(result, "dice_rolled")[0]["dice"] == [2, 3, 4, 5]
    assert faces(result) == ["beer", "beer", "gatling", "gatling", "dynamite", "double_gatling"]


def test_OS_GHOST_8_tokens_go_back_at_the_end_of_the_holders_turn() -> None:
    """[OS-GHOST-8, BD-TURN-8] After the holder's turn he holds no token."""
    result = ghost({1: GHOST_SEAT, 0: {"token": "gatling"}},
                   dice=["gatling", "gatling", "dynamite", "dynamite", *QUIET_ROLL],
                   actions=[play(0, "s")])
    assert sorted(losses(result, "gatling")) == [(2, 1), (3, 1), (4, 1)]
    assert result["seats"][0]["token"] is None
    assert result["seats"][0]["token_double"] is False
    assert result["turn"] == 1


def test_OS_GHOST_8_eliminated_holder_returns_them_at_once() -> None:
    """[OS-GHOST-8] The holder is eliminated before his turn: the tokens go back at once."""
    result = ghost({2: GHOST_SEAT, 1: {"life": 1, "token": "arrow", "token_double": True}},
                   dice=[*ONE, "beer", "beer"], actions=[play(0, "s"), play(0, "t1")])
    assert result["seats"][1]["alive"] is False
    assert (result["seats"][1]["token"], result["seats"][1]["token_double"]) == (None, False)


# --- Worked examples [OS-GHOST-10, BD-EX-12] --------------------------------------------------

EX12_SEATS = {6: {**GHOST_SEAT}}  # 7 players: seat 6 is Jack, the Renegade Ghost; seat 0 Sheriff
EX12_DICE = ["beer", "gatling",  # Jack's first roll
             "arrow", "beer",  # re-roll both
             "arrow",  # re-roll the beer
             "arrow", "beer", "gatling",  # the Sheriff's first roll (dice 2, 3, 4)
             "gatling", "gatling",  # she re-rolls the two forced arrow dice
             *QUIET_ROLL]


def test_BD_EX_12_and_OS_GHOST_10_ghost_gives_arrow_and_x2_to_the_sheriff() -> None:
    """[BD-EX-12, OS-GHOST-10] Jack keeps an arrow, re-rolls the other die: arrow again."""
    rolled = ghost_turn(EX12_SEATS, 7, dice=EX12_DICE,
                   actions=[play(6, "r01"), play(6, "r1")])
    assert prompt(rolled) == (6, "ghost_give", ["g00", "g01", "g02", "g03", "g04", "g05"])
    gave = ghost_turn(EX12_SEATS, 7, dice=EX12_DICE,
                 actions=[play(6, "r01"), play(6, "r1"), play(6, "g00")])
    assert fields(events(gave, "ghost_token_given"), "target", "face", "double") == [
        {"target": 0, "face": "arrow", "double": True}]
    # Her next turn: 2 dice set to arrow, 3 rolled; 3 arrows taken one at a time.
    assert fields(events(gave, "ghost_faces_set"), "seat", "dice", "face") == [
        {"seat": 0, "dice": [0, 1], "face": "arrow"}]
    assert events(gave, "dice_rolled")[-1]["dice"] == [2, 3, 4]
    sheriff_arrows = [e["pile"] for e in events(gave, "arrow_taken") if e["seat"] == 0]
    assert sheriff_arrows == [8, 7, 6]
    # She may re-roll the forced arrow dice.
    assert prompt(gave) == (0, "reroll", reroll_texts(range(5)))


def test_BD_EX_12_tokens_go_back_to_jack_after_her_turn() -> None:
    """[BD-EX-12, OS-GHOST-8] After the Sheriff's turn both tokens are back with Jack."""
    result = ghost_turn(EX12_SEATS, 7, dice=EX12_DICE,
                   actions=[play(6, "r01"), play(6, "r1"), play(6, "g00"), play(0, "r01"),
                            play(0, "s"), play(0, "t0")])
    assert len(events(result, "gatling_fired")) == 1
    assert (result["seats"][0]["token"], result["seats"][0]["token_double"]) == (None, False)
    assert arrows(result)[0] == 0  # the Gatling returned her arrow
    assert result["turn"] == 1
