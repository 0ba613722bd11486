"""Old Saloon module 3: the outlaw and renegade identities (The Ugly, The Gambler, The Bad,
the Devil's Right and Left Hands), and The Judge cancelling them.

Rules: OS-ROLE-UGLY-1, OS-ROLE-RIGHT-1, OS-ROLE-GAMBLER-1, OS-ROLE-BAD-1, OS-ROLE-LEFT-1,
OS-ROLE-4, R-OS-05/06/07/08, R-BD-01, BD-DEC-17 and its BD-TO default.
Tables and `Table` (which passes the windows a test is not about): see
tests/core/old_saloon_identity_helpers.py.
"""

from __future__ import annotations

import pytest

from tests.core.old_saloon_identity_helpers import (
    BEERS,
    CALM,
    GATLING,
    Table,
    _dying,
    revealed,
)
from tests.core.scenario_helpers import fields

# --- The Ugly and the Devil's Right Hand [OS-ROLE-UGLY-1, OS-ROLE-RIGHT-1, R-OS-07/08] --------


@pytest.mark.parametrize(("card", "holder", "first", "second"),
                         [("the_ugly", 2, 3, 4), ("devils_right_hand", 4, 1, 3)])
def test_R_OS_07_and_R_OS_08_swap_all_arrows_incl_the_chief_arrow(card: str, holder: int,
                                                                   first: int,
                                                                   second: int) -> None:
    """[OS-ROLE-UGLY-1, R-OS-07, OS-ROLE-RIGHT-1, R-OS-08, OS-CHIEF-5] At his turn start the
    holder swaps ALL arrows of two other players, the Chief's Arrow included. No token leaves
    the pile (here it holds 1), so the Indians never attack."""
    table = Table(5, {holder: {"identity": card},
                      first: {"arrows": 5, "chief": True}, second: {"arrows": 3}},
                  modules=["chief_arrow"], turn=holder, dice=CALM)
    assert table.pile == 1
    table.play(holder, f"v{first}{second}")
    assert table.pending == "window:the_judge"  # before the effect
    assert table.events("arrows_swapped") == []
    table.close()
    assert fields(table.events("arrows_swapped"), "seat", "first", "second") == [
        {"seat": holder, "first": first, "second": second}]
    assert (table.seat(first)["arrows"], table.seat(first)["chief"]) == (3, False)
    assert (table.seat(second)["arrows"], table.seat(second)["chief"]) == (5, True)
    assert table.state_of(holder)[3:6] == (True, card, True)
    assert table.events("indians_attacked") == []
    assert table.events("arrow_taken") == []
    assert table.pile == 1


def test_OS_ROLE_4_judge_cancels_the_ugly_no_swap_card_stays_revealed() -> None:
    """[OS-ROLE-JUDGE-1, OS-ROLE-4] Judge cancels the swap; both cards face up and used."""
    table = Table(7, {2: {"identity": "the_judge"}, 3: {"identity": "the_ugly"},
                      4: {"arrows": 2}, 5: {"arrows": 1}}, turn=3, dice=CALM)
    table.play(3, "v45")
    assert table.owed == [1, 2, 4, 5, 6]
    table.play(2, "v")
    assert table.events("arrows_swapped") == []
    assert fields(table.events("effect_cancelled"), "seat", "identity") == [
        {"seat": 2, "identity": "the_ugly"}]
    assert (table.seat(4)["arrows"], table.seat(5)["arrows"]) == (2, 1)
    assert table.state_of(3)[2:6] == ("outlaw", True, "the_ugly", True)


# --- The Gambler [OS-ROLE-GAMBLER-1, R-OS-05, R-BD-01] ----------------------------------------


def test_OS_ROLE_GAMBLER_1_window_only_after_the_last_roll_before_F0() -> None:
    """[OS-ROLE-GAMBLER-1, BD-ROLL-7] No Gambler window while re-rolls are chosen; after the
    player stops, before any final-resolution step, owed by every secret identity but him."""
    table = Table(5, {2: {"identity": "the_gambler"}},
                  dice=["bullseye_1", "beer", "dynamite", "dynamite", "arrow"])
    table.play(0, "x").close()
    assert table.pending == "reroll"
    assert "the_gambler" not in table.windows()
    table.play(0, "s")
    assert table.pending == "window:the_gambler"
    assert table.owed == [1, 2, 3, 4]
    assert [table.legal(seat) for seat in table.owed] == [["x"], ["x", "v"], ["x"], ["x"]]
    assert table.kinds()[-2:] == ["rolling_stopped", "window_opened"]
    assert table.events("hit_assigned") == table.events("beer_assigned") == []


def test_OS_ROLE_GAMBLER_1_forces_a_full_reroll_incl_dynamite_final_no_more_rerolls() -> None:
    """[OS-ROLE-GAMBLER-1, R-OS-05] All 5 dice are re-rolled, dynamite included; the result is
    final (no re-roll decision, even for Lucky Duke); arrows taken before stay taken."""
    table = Table(5, {0: {"character": "lucky_duke"}, 2: {"character": "paul_regret",
                                                           "identity": "the_gambler"}},
                  dice=["arrow", "dynamite", "dynamite", "beer", "gatling",
                        "arrow", "beer", "dynamite", "gatling", "gatling"])
    table.play(0, "x").close()
    assert table.seat(0)["arrows"] == 1
    table.play(0, "s").play(2, "v")
    assert revealed(table) == [{"seat": 2, "identity": "the_gambler", "role": "outlaw"}]
    table.to_window("the_doctor")
    assert fields(table.events("dice_rolled"), "dice", "faces")[-1] == {
        "dice": [0, 1, 2, 3, 4], "faces": ["arrow", "beer", "dynamite", "gatling", "gatling"]}
    table.close()
    assert table.faces() == ["arrow", "beer", "dynamite", "gatling", "gatling"]
    assert table.seat(0)["arrows"] == 2
    assert table.pending == "beer_target"
    assert table.state_of(2)[3:6] == (True, "the_gambler", True)


def test_R_BD_01_the_gambler_cancels_an_explosion_shown_only_on_the_ignored_roll() -> None:
    """[BD-DYN-3, R-BD-01, OS-ROLE-GAMBLER-1] Three dynamite stop the rolling, but the life is
    only lost at F2: after the Gambler's re-roll (1 dynamite) nobody loses life."""
    table = Table(5, {2: {"identity": "the_gambler"}},
                  dice=["dynamite", "dynamite", "dynamite", "gatling", "gatling",
                        "dynamite", "gatling", "gatling", "arrow", "arrow"])
    table.play(0, "x").close()
    assert table.events("dynamite_exploded") != []
    assert table.pending == "window:the_gambler"
    table.play(2, "v").skip_windows()
    assert fields(table.events("dice_rolled"), "dice", "faces")[-1] == {
        "dice": [0, 1, 2, 3, 4], "faces": ["dynamite", "gatling", "gatling", "arrow", "arrow"]}
    assert table.events("life_lost") == []
    assert table.seat(0)["life"] == 11
    assert (table.pending, table.owed) == ("start_reveal", [1])


def test_R_BD_01_a_gambler_reroll_showing_three_dynamite_explodes_at_F2() -> None:
    """[BD-DYN-3, R-BD-01, OS-ROLE-GAMBLER-1] The count is taken again on the new faces:
    three dynamite now cost the active player 1 life at F2."""
    table = Table(5, {2: {"identity": "the_gambler"}},
                  dice=["gatling", "gatling", "arrow", "beer", "bullseye_2",
                        "dynamite", "dynamite", "dynamite", "gatling", "gatling"])
    table.play(0, "x").close().play(0, "s").play(2, "v").skip_windows()
    assert fields(table.events("dynamite_exploded"), "seat") == [{"seat": 0}]
    assert [(e["seat"], e["amount"], e["cause"]) for e in table.events("life_lost")] == [
        (0, 1, "dynamite")]
    assert table.seat(0)["life"] == 10


def test_OS_ROLE_GAMBLER_1_not_offered_on_his_own_roll() -> None:
    """[OS-ROLE-GAMBLER-1] "another player's last roll": the roller owes no Gambler window."""
    table = Table(5, {2: {"identity": "the_gambler"}}, turn=2, dice=CALM)
    table.play(2, "x").close().play(2, "s")
    assert table.pending == "window:the_gambler"
    assert table.owed == [1, 3, 4]


def test_OS_ROLE_GAMBLER_1_the_doctor_may_react_to_the_gambler_reroll() -> None:
    """[OS-ROLE-GAMBLER-1, OS-ROLE-DOCTOR-1] The Gambler's re-roll is a roll: a Doctor window
    on all five dice follows it."""
    table = Table(5, {1: {"identity": "the_doctor"}, 2: {"identity": "the_gambler"}},
                  dice=[*CALM, "arrow", "beer", "beer", "gatling", "gatling"])
    table.play(0, "x").close().play(0, "s").play(2, "v").to_window("the_doctor")
    assert table.legal(1) == ["x", *(f"f{d}{f}" for d in range(5) for f in range(6))]
    table.play(1, "f05")
    assert table.faces() == ["gatling", "beer", "beer", "gatling", "gatling"]
    assert table.seat(0)["arrows"] == 1  # only the arrow of the first roll


def test_OS_ROLE_4_judge_cancels_the_gambler_the_final_result_stands() -> None:
    """[OS-ROLE-JUDGE-1, OS-ROLE-4] Cancelled Gambler: no re-roll, the stopped dice are final."""
    table = Table(7, {2: {"identity": "the_judge"}, 4: {"identity": "the_gambler"}},
                  dice=CALM)
    table.play(0, "x").close().play(0, "s").play(4, "v")
    assert table.owed == [1, 2, 3, 5, 6]
    table.play(2, "v")
    assert fields(table.events("effect_cancelled"), "seat", "identity") == [
        {"seat": 2, "identity": "the_gambler"}]
    table.skip_windows()
    assert len(table.events("dice_rolled")) == 1
    assert fields(table.events("rolling_stopped"), "final") == [{"final": CALM}]
    assert table.events("life_lost") == []
    assert table.state_of(4)[3:6] == (True, "the_gambler", True)


# --- The Bad [OS-ROLE-BAD-1, R-OS-06] ---------------------------------------------------------


def test_OS_ROLE_BAD_1_cancels_exactly_one_beer_each_beer_is_separate() -> None:
    """[OS-ROLE-BAD-1, R-OS-06, BD-BEER-3] The Bad window opens before the gain, owed by every
    secret identity (the healed one too). He cancels the first beer only; the second heals."""
    table = Table(5, {1: {"life": 5}, 3: {"identity": "the_bad"}}, dice=BEERS)
    table.play(0, "x").close().play(0, "s").close().play(0, "t1")
    assert table.pending == "window:the_bad"
    assert table.owed == [1, 2, 3, 4]
    assert table.events("life_gained") == []
    assert [table.legal(seat) for seat in table.owed] == [["x"], ["x"], ["x", "v"], ["x"]]
    table.play(3, "v")
    assert table.pending == "window:the_judge"
    table.close()
    assert fields(table.events("heal_cancelled"), "seat", "target", "cause") == [
        {"seat": 3, "target": 1, "cause": "beer"}]
    assert table.seat(1)["life"] == 5
    table.play(0, "t1")
    assert table.windows().count("the_bad") == 1
    assert fields(table.events("life_gained"), "seat", "amount", "cause") == [
        {"seat": 1, "amount": 1, "cause": "beer"}]
    assert table.seat(1)["life"] == 6
    assert table.state_of(3)[3:6] == (True, "the_bad", True)


def test_OS_ROLE_BAD_1_cancels_sid_ketchum_heal() -> None:
    """[OS-ROLE-BAD-1, BD-CHAR-SID-1] Sid's gain is a healing event The Bad may cancel."""
    table = Table(5, {0: {"character": "sid_ketchum", "life": 6},
                      3: {"identity": "the_bad"}}, dice=CALM)
    table.play(0, "x").play(0, "t0")
    assert table.pending == "window:the_bad"
    table.play(3, "v").close()
    assert fields(table.events("heal_cancelled"), "seat", "target", "cause") == [
        {"seat": 3, "target": 0, "cause": "sid_ketchum"}]
    assert table.seat(0)["life"] == 6


def test_OS_ROLE_BAD_1_a_jesse_jones_beer_worth_two_is_one_event() -> None:
    """[OS-ROLE-BAD-1] Jesse Jones's 2-life beer is one gain: cancelled, he gains 0."""
    table = Table(5, {0: {"character": "jesse_jones", "life": 3}, 1: {"character": "paul_regret"},
                      3: {"identity": "the_bad"}}, dice=BEERS)
    table.play(0, "x").close().play(0, "s").close().play(0, "t0").play(3, "v").skip_windows()
    assert table.seat(0)["life"] == 3
    table.play(0, "t0")
    assert table.seat(0)["life"] == 5


def test_OS_ROLE_4_judge_cancels_the_bad_the_heal_happens() -> None:
    """[OS-ROLE-JUDGE-1, OS-ROLE-4] Cancelled Bad: the beer heals after all."""
    table = Table(7, {1: {"life": 5}, 2: {"identity": "the_judge"}, 3: {"identity": "the_bad"}},
                  dice=BEERS)
    table.play(0, "x").close().play(0, "s").close().play(0, "t1").play(3, "v").play(2, "v")
    assert table.events("heal_cancelled") == []
    assert table.seat(1)["life"] == 6
    assert table.state_of(3)[3:6] == (True, "the_bad", True)


# --- The Devil's Left Hand [OS-ROLE-LEFT-1, BD-DEC-17] ----------------------------------------


def test_OS_ROLE_LEFT_1_window_before_elimination_owed_by_all_secret_incl_dying() -> None:
    """[OS-ROLE-LEFT-1, BD-DMG-1 sub-step 4] After the losses, before anyone is eliminated;
    every living secret identity owes it, the dying included; he may pick either dying seat."""
    table = _dying()
    assert table.owed == [1, 2, 3, 4]
    assert (table.seat(2)["life"], table.seat(3)["life"]) == (0, 0)
    assert table.events("eliminated") == []
    assert table.legal(4) == ["x", "v2", "v3"]
    assert [table.legal(seat) for seat in (1, 2, 3)] == [["x"]] * 3


def test_OS_ROLE_LEFT_1_saves_one_of_several_dying_players_with_two_life() -> None:
    """[OS-ROLE-LEFT-1, R-OS-06] Seat 3 stays in with 2 life (not a gain: no Bad window, no
    life_gained); seat 2, also dying, is eliminated normally. Seat 3 keeps his arrow (n0)."""
    table = _dying().play(4, "v3")
    assert table.pending == "window:the_judge"
    assert table.events("saved_from_death") == []
    table.close()
    assert fields(table.events("saved_from_death"), "seat") == [{"seat": 3}]
    assert (table.owed, table.pending, table.legal(3)) == ([3], "left_hand_arrows",
                                                           ["n0", "n1"])
    table.play(3, "n0")
    assert table.state_of(3) == (2, 8, "outlaw", False, None, False, 1)
    assert table.state_of(4)[3:6] == (True, "devils_left_hand", True)
    assert fields(table.events("eliminated"), "seat", "role") == [{"seat": 2, "role": "outlaw"}]
    assert table.events("life_gained") == []
    assert "the_bad" not in table.windows()
    assert table.pile == 8


def test_BD_DEC_17_the_saved_player_may_return_all_his_arrows_incl_chief() -> None:
    """[BD-DEC-17, OS-ROLE-LEFT-1] `n<k>c`: he returns all his arrows, the Chief's Arrow too."""
    table = _dying({3: {"chief": True}}, modules=["chief_arrow"]).play(4, "v3").close()
    assert table.legal(3) == ["n0", "n2c"]
    table.play(3, "n2c")
    assert (table.seat(3)["arrows"], table.seat(3)["chief"], table.state.chief_in_pile) == (
        0, False, True)
    assert table.seat(3)["life"] == 2


def test_BD_TO_DEC_17_the_saved_player_times_out_returning_all_arrows() -> None:
    """[BD-TO table: BD-DEC-17 return all arrows]."""
    table = _dying().play(4, "v3").close().timeout(3)
    assert (table.seat(3)["arrows"], table.seat(3)["life"]) == (0, 2)
    assert table.pile == 9


def test_OS_ROLE_LEFT_1_may_save_himself() -> None:
    """[OS-ROLE-LEFT-1] "the owner included": a dying Left Hand saves himself."""
    table = _dying({4: {"life": 1}})
    assert table.legal(4) == ["x", "v2", "v3", "v4"]
    table.play(4, "v4").close()
    assert table.state_of(4) == (2, 9, "renegade", True, "devils_left_hand", True, 0)
    assert [e["seat"] for e in table.events("eliminated")] == [2, 3]


def test_OS_ROLE_LEFT_1_saving_the_sheriff_keeps_the_game_going() -> None:
    """[OS-ROLE-LEFT-1, BD-END-1] A saved Sheriff is not eliminated: the game goes on."""
    table = Table(5, {0: {"character": "willy_the_kid", "life": 1},
                      4: {"identity": "devils_left_hand"}}, turn=2, dice=GATLING)
    table.play(2, "x").close().play(2, "s").close().to_window("devils_left_hand")
    table.play(4, "v0").close()
    assert (table.seat(0)["life"], table.seat(0)["alive"]) == (2, True)
    assert table.state.outcome is None
    assert table.events("eliminated") == []


def test_OS_ROLE_4_judge_cancels_the_left_hand_the_dying_are_eliminated() -> None:
    """[OS-ROLE-JUDGE-1, OS-ROLE-4] Cancelled: both dying players are eliminated, the Left Hand
    stays face up and used."""
    table = _dying({2: {"identity": "the_judge", "role": "deputy", "life": 5, "arrows": 0}},
                   count=7)
    table.play(6, "v3")
    assert table.owed == [1, 2, 3, 4, 5]
    table.play(2, "v")
    assert fields(table.events("effect_cancelled"), "seat", "identity") == [
        {"seat": 2, "identity": "devils_left_hand"}]
    assert [e["seat"] for e in table.events("eliminated")] == [3]
    assert table.events("saved_from_death") == []
    assert table.state_of(6)[3:6] == (True, "devils_left_hand", True)
