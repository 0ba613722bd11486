"""Old Saloon module 3: the deputy identities The Good and The Doctor, and The Judge cancelling
them.

Rules: OS-ROLE-GOOD-1..4, OS-ROLE-DOCTOR-1, OS-ROLE-4, R-OS-03, BD-ROLL-7.
Tables and `Table` (which passes the windows a test is not about): see
tests/core/old_saloon_identity_helpers.py.
"""

from __future__ import annotations

import pytest

from core.engine.errors import IllegalAction
from tests.core.old_saloon_identity_helpers import (
    ARROW_FIRST,
    CALM,
    Table,
    revealed,
)
from tests.core.scenario_helpers import GAME, fields

# --- The Good [OS-ROLE-GOOD-1..4] --------------------------------------------------------------


def test_OS_ROLE_GOOD_1_and_2_becomes_sheriff_both_maxima_drop_to_printed_life() -> None:
    """[OS-ROLE-GOOD-1, OS-ROLE-GOOD-2] The Good reveals at his turn start: he is the Sheriff,
    the old Sheriff a Deputy holding the face-up card; both keep their life, both maxima
    become the printed life (no bonus for the new Sheriff)."""
    table = Table(5, {1: {"identity": "the_good", "life": 7}}, turn=1, dice=CALM)
    table.play(1, "v")
    assert revealed(table) == [{"seat": 1, "identity": "the_good", "role": "deputy"}]
    assert fields(table.events("sheriff_changed"), "seat", "former") == [
        {"seat": 1, "former": 0}]
    assert table.state_of(1)[:4] == (7, 9, "sheriff", True)
    assert table.state_of(0) == (11, 9, "deputy", True, "the_good", True, 0)
    # The effect happens at the turn start, before the first roll.
    assert table.kinds().index("sheriff_changed") < table.kinds().index("dice_rolled")


def test_OS_ROLE_GOOD_4_the_new_sheriff_holds_the_bear_card_without_its_bonus() -> None:
    """[OS-ROLE-GOOD-4] If the old Sheriff was The Bear, the new Sheriff holds that card but
    gets no bonus; the old one drops to his printed life as max and keeps 12 life."""
    table = Table(5, {0: {"identity": "the_bear"}, 1: {"identity": "the_good"}}, turn=1,
                  dice=CALM)
    table.play(1, "v")
    assert table.state_of(1)[:5] == (9, 9, "sheriff", True, "the_bear")
    assert table.state_of(0) == (12, 9, "deputy", True, "the_good", True, 0)


def test_OS_ROLE_GOOD_4_the_old_sheriff_is_a_deputy_for_the_win_conditions() -> None:
    """[OS-ROLE-GOOD-4] After the swap, eliminating the old Sheriff does not end the game:
    he is eliminated as a Deputy."""
    table = Table(5, {0: {"life": 1}, 1: {"identity": "the_good"}}, turn=1,
                  dice=["bullseye_1", "dynamite", "dynamite", "gatling", "gatling"])
    table.play(1, "v").go(1, "s").skip_windows().play(1, "t0")
    table.skip_windows()
    assert fields(table.events("eliminated"), "seat", "role") == [{"seat": 0, "role": "deputy"}]
    assert table.state.outcome is None
    assert table.events("game_ended") == []


def test_OS_ROLE_GOOD_3_old_sheriff_keeps_life_above_new_max_and_gains_none() -> None:
    """[OS-ROLE-GOOD-3, BD-GEN-3] The old Sheriff keeps 11 life over a max of 9. Hit to 10, he
    is still above it: beers give him nothing (and no Bad window opens: nothing to gain)."""
    table = Table(5, {1: {"identity": "the_good"}}, turn=1,
                  dice=["bullseye_1", "beer", "beer", "dynamite", "dynamite"])
    table.play(1, "v").go(1, "s").skip_windows().play(1, "t0")
    assert table.state_of(0)[:2] == (10, 9)
    table.skip_windows().play(1, "t0").skip_windows().play(1, "t0").skip_windows()
    assert table.state_of(0)[:2] == (10, 9)
    assert "the_bad" not in table.windows()
    assert sum(event["amount"] for event in table.events("life_gained")
               if event["seat"] == 0) == 0


def test_OS_ROLE_GOOD_3_gains_again_once_below_the_new_max() -> None:
    """[OS-ROLE-GOOD-3] Hit from 11 to 8 (below 9): a beer heals him to 9, the next is wasted."""
    table = Table(5, {1: {"identity": "the_good"}}, turn=1,
                  dice=["bullseye_1", "bullseye_1", "bullseye_1", "beer", "beer"])
    table.play(1, "v").go(1, "s")
    for _ in range(3):
        table.skip_windows().play(1, "t0")
    table.skip_windows()
    assert table.state_of(0)[:2] == (8, 9)
    table.play(1, "t0").skip_windows().play(1, "t0").skip_windows()
    assert table.state_of(0)[:2] == (9, 9)
    assert fields([e for e in table.events("life_gained") if e["seat"] == 0],
                  "amount", "cause")[0] == {"amount": 1, "cause": "beer"}


def test_OS_ROLE_4_judge_cancels_the_good_both_cards_stay_revealed() -> None:
    """[OS-ROLE-JUDGE-1, OS-ROLE-4] The Judge's window follows the Good's reveal, before the
    swap, owed by every living secret identity but the revealer. Cancelled: no swap, but the
    Good stays face up and used."""
    table = Table(7, {1: {"identity": "the_good"}, 2: {"identity": "the_judge"}}, turn=1,
                  dice=CALM)
    table.play(1, "v")
    assert table.pending == "window:the_judge"
    assert table.owed == [2, 3, 4, 5, 6]
    assert table.events("sheriff_changed") == []
    assert [table.legal(seat) for seat in table.owed] == [["x", "v"]] + [["x"]] * 4
    table.play(2, "v")
    assert revealed(table) == [{"seat": 1, "identity": "the_good", "role": "deputy"},
                               {"seat": 2, "identity": "the_judge", "role": "deputy"}]
    assert fields(table.events("effect_cancelled"), "seat", "identity") == [
        {"seat": 2, "identity": "the_good"}]
    assert table.events("sheriff_changed") == []
    assert table.state_of(0) == (11, 11, "sheriff", True, None, False, 0)
    assert table.state_of(1)[:6] == (9, 9, "deputy", True, "the_good", True)
    assert table.state_of(2)[:6] == (8, 8, "deputy", True, "the_judge", True)


# --- The Doctor [OS-ROLE-DOCTOR-1, R-OS-03, BD-ROLL-7] ----------------------------------------


def test_OS_ROLE_DOCTOR_1_sets_a_just_rolled_die_before_its_arrow_resolves() -> None:
    """[OS-ROLE-DOCTOR-1, BD-ROLL-7] The Doctor window opens after the roll, before its arrow
    is taken; setting the arrow die to "1" means no arrow is ever taken for it."""
    table = Table(5, {1: {"identity": "the_doctor"}}, dice=ARROW_FIRST)
    table.play(0, "x")
    assert table.pending == "window:the_doctor"
    assert table.owed == [1, 2, 3, 4]
    assert table.events("arrow_taken") == []
    assert table.legal(1) == ["x", *(f"f{d}{f}" for d in range(5) for f in range(6))]
    assert [table.legal(seat) for seat in (2, 3, 4)] == [["x"]] * 3
    table.play(1, "f02")
    assert revealed(table) == [{"seat": 1, "identity": "the_doctor", "role": "deputy"}]
    assert fields(table.events("die_set"), "seat", "die", "face") == [
        {"seat": 1, "die": 0, "face": "bullseye_1"}]
    assert table.faces() == ["bullseye_1", "beer", "beer", "gatling", "bullseye_1"]
    assert table.events("arrow_taken") == []
    assert (table.seat(0)["arrows"], table.pile) == (0, 9)
    assert table.state_of(1) == (9, 9, "deputy", True, "the_doctor", True, 0)
    assert table.pending == "reroll"


def test_OS_ROLE_DOCTOR_1_the_set_face_resolves_as_rolled() -> None:
    """[OS-ROLE-DOCTOR-1] A die set to `arrow` counts as a rolled arrow: it is taken."""
    table = Table(5, {1: {"identity": "the_doctor"}}, dice=ARROW_FIRST)
    table.play(0, "x").play(1, "f10")
    assert table.faces()[:2] == ["arrow", "arrow"]
    assert (table.seat(0)["arrows"], table.pile) == (2, 7)


def test_OS_ROLE_DOCTOR_1_a_third_dynamite_set_by_him_explodes() -> None:
    """[OS-ROLE-DOCTOR-1, BD-DYN-1] Dynamite set by the Doctor is counted and locked: the
    third one explodes and rolling stops (life lost at F2)."""
    table = Table(5, {1: {"identity": "the_doctor"}},
                  dice=["dynamite", "dynamite", "beer", "gatling", "gatling"])
    table.play(0, "x").play(1, "f21")
    assert table.faces()[:3] == ["dynamite"] * 3
    assert fields(table.events("dynamite_exploded"), "seat") == [{"seat": 0}]
    assert fields(table.events("rolling_stopped"), "seat", "final") == [
        {"seat": 0, "final": ["dynamite", "dynamite", "dynamite", "gatling", "gatling"]}]
    table.to_window("the_gambler").close()
    assert [(e["seat"], e["amount"], e["cause"]) for e in table.events("life_lost")] == [
        (0, 1, "dynamite")]


def test_OS_ROLE_DOCTOR_1_may_undo_a_third_dynamite() -> None:
    """[OS-ROLE-DOCTOR-1, BD-DYN-1] Changing one of three dynamite: no explosion, rolling
    goes on; the new arrow is taken."""
    table = Table(5, {1: {"identity": "the_doctor"}},
                  dice=["dynamite", "dynamite", "dynamite", "beer", "gatling"])
    table.play(0, "x").play(1, "f00")
    assert table.events("dynamite_exploded") == []
    assert table.seat(0)["arrows"] == 1
    assert table.pending == "reroll"


def test_R_OS_03_doctor_cannot_change_a_die_kept_in_that_roll() -> None:
    """[R-OS-03] On a re-roll only the re-rolled dice may be set."""
    table = Table(5, {1: {"identity": "the_doctor"}}, dice=[*ARROW_FIRST, "beer", "beer"])
    table.play(0, "x").close().play(0, "r12")
    assert table.pending == "window:the_doctor"
    assert table.legal(1) == ["x", *(f"f{d}{f}" for d in (1, 2) for f in range(6))]
    with pytest.raises(IllegalAction):
        GAME.apply(table.state, 1, GAME.decode_action("f02"))


def test_R_OS_03_doctor_cannot_change_a_ghost_forced_die() -> None:
    """[R-OS-03, OS-GHOST-7] A die fixed by a Ghost token is not rolled in the first roll:
    the Doctor cannot set it."""
    table = Table(5, {1: {"identity": "the_doctor"},
                      3: {"alive": False, "ghost": True}, 0: {"token": "arrow"}},
                  modules=["ghost"], dice=["beer", "beer", "gatling", "gatling"])
    table.play(0, "x")
    assert table.pending == "window:the_doctor"
    assert table.legal(1) == ["x", *(f"f{d}{f}" for d in (1, 2, 3, 4) for f in range(6))]


def test_OS_ROLE_DOCTOR_1_a_saloon_die_takes_its_own_faces() -> None:
    """[OS-ROLE-DOCTOR-1, OS-DICE-2] Face 5 of the Loudmouth die is `bullet`: set, it
    resolves at once (the active player loses 1)."""
    table = Table(5, {1: {"identity": "the_doctor"}}, modules=["saloon_dice"],
                  dice=["beer", "beer", "gatling", "dynamite", "double_gatling"])
    table.play(0, "x").play(0, "dl").play(1, "f45")
    assert table.faces()[4] == "bullet"
    assert [(e["seat"], e["amount"], e["cause"]) for e in table.events("life_lost")] == [
        (0, 1, "bullet")]


def test_OS_ROLE_DOCTOR_1_the_window_includes_the_roller() -> None:
    """[OS-ROLE-DOCTOR-1] "after any roll by any player": the Doctor may change his own roll."""
    table = Table(5, {1: {"identity": "the_doctor"}}, turn=1, dice=ARROW_FIRST)
    table.play(1, "x")
    assert table.owed == [1, 2, 3, 4]
    table.play(1, "f04")
    assert table.faces()[0] == "beer"
    assert table.seat(1)["arrows"] == 0


def test_OS_ROLE_4_judge_cancels_the_doctor_the_die_keeps_its_face() -> None:
    """[OS-ROLE-JUDGE-1, OS-ROLE-4] The Judge cancels the Doctor: the die stays an arrow (taken),
    the Doctor stays face up and used."""
    table = Table(7, {1: {"identity": "the_doctor"}, 2: {"identity": "the_judge"}},
                  dice=ARROW_FIRST)
    table.play(0, "x").play(1, "f02")
    assert table.pending == "window:the_judge"
    assert table.owed == [2, 3, 4, 5, 6]
    assert table.events("die_set") == []
    table.play(2, "v")
    assert table.events("die_set") == []
    assert fields(table.events("effect_cancelled"), "seat", "identity") == [
        {"seat": 2, "identity": "the_doctor"}]
    assert table.faces()[0] == "arrow"
    assert table.seat(0)["arrows"] == 1
    assert table.state_of(1)[3:6] == (True, "the_doctor", True)
    assert table.state_of(2)[3:6] == (True, "the_judge", True)
