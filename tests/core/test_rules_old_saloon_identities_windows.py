"""Old Saloon module 3: who owes a reaction window and when, once-per-game use, timeouts and
timing cases across the identities.

Rules: OS-ROLE-2/3/5, BD-DEC-16 and its BD-TO default, BD-ELIM-3, R-OS-04, docs/old_saloon.md.
Tables and `Table` (which passes the windows a test is not about): see
tests/core/old_saloon_identity_helpers.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.errors import IllegalAction
from tests.core.old_saloon_identity_helpers import (
    ARROW_FIRST,
    BEERS,
    CALM,
    GATLING,
    Table,
    _dying,
)
from tests.core.scenario_helpers import GAME, fields

# --- Once per game, owner only, living only [OS-ROLE-3, OS-ROLE-5, BD-ELIM-3, R-OS-04] --------


def test_OS_ROLE_3_a_used_card_opens_no_more_windows() -> None:
    """[OS-ROLE-3] After the Doctor's reveal, later rolls open no Doctor window, although a
    second Deputy is still secret (the card itself is known)."""
    table = Table(7, {1: {"identity": "the_doctor"}},
                  dice=[*ARROW_FIRST, "beer", "beer", "beer"])
    table.play(0, "x").play(1, "f02").close()
    assert table.pending == "reroll"
    table.play(0, "r012")
    assert table.windows().count("the_doctor") == 1
    assert table.pending == "reroll"
    assert table.seat(2)["role_revealed"] is False


def test_OS_ROLE_3_a_used_start_card_is_not_offered_again() -> None:
    """[OS-ROLE-3] A used Good / Ugly only has "go on" at later turn starts."""
    good = Table(5, {1: {"identity": "the_good", "identity_used": True}}, turn=1, dice=CALM)
    assert good.legal(1) == ["x"]
    ugly = Table(5, {2: {"identity": "the_ugly", "identity_used": True}}, turn=2, dice=CALM)
    assert ugly.legal(2) == ["x"]


def test_OS_ROLE_3_only_the_owner_may_reveal() -> None:
    """[OS-ROLE-3] A seat without the card cannot reveal it in the window."""
    table = Table(5, {1: {"identity": "the_doctor"}}, dice=ARROW_FIRST).play(0, "x")
    for seat in (2, 3, 4):
        for text in ("v", "f02"):
            with pytest.raises(IllegalAction):
                GAME.apply(table.state, seat, GAME.decode_action(text))


def test_OS_ROLE_5_eliminated_holders_open_no_window_and_cannot_use_their_card() -> None:
    """[OS-ROLE-5, BD-ELIM-3] A dead Doctor / Bad / Left Hand: their card is shown, unused,
    and its window never opens."""
    table = Table(7, {1: {"identity": "the_doctor", "alive": False},
                      3: {"identity": "the_bad", "alive": False},
                      6: {"identity": "devils_left_hand", "alive": False},
                      4: {"life": 1}, 5: {"life": 3}},
                  dice=["gatling", "gatling", "gatling", "beer", "dynamite"])
    table.play(0, "x").skip_windows()
    assert "the_doctor" not in table.windows()
    table.play(0, "s").skip_windows().play(0, "t5").skip_windows()
    assert {"the_bad", "devils_left_hand"}.isdisjoint(table.windows())
    assert [e["seat"] for e in table.events("eliminated")] == [4]
    assert table.seat(5)["life"] == 3
    for seat, card in ((1, "the_doctor"), (3, "the_bad"), (6, "devils_left_hand")):
        assert table.state_of(seat)[3:6] == (True, card, False)


def test_OS_ROLE_5_the_ghost_cannot_use_his_identity() -> None:
    """[OS-ROLE-5, OS-GHOST-3] A Ghost holding an unused Ugly is offered no reveal on his turn."""
    table = Table(5, {3: {"identity": "the_ugly", "alive": False, "ghost": True},
                      1: {"arrows": 2}, 2: {"arrows": 1}},
                  modules=["ghost"], turn=3, dice=["beer", "gatling"])
    if table.pending == "start_reveal":
        assert table.legal(3) == ["x"]
        table.play(3, "x")
    assert table.events("identity_revealed") == table.events("arrows_swapped") == []
    assert (table.seat(1)["arrows"], table.seat(2)["arrows"]) == (2, 1)
    assert table.state_of(3)[3:6] == (True, "the_ugly", False)


def test_BD_ELIM_3_and_R_OS_04_an_elimination_shows_the_card_unused_no_judge_window() -> None:
    """[BD-ELIM-3, R-OS-04] A special identity shown by elimination stays unused, and no Judge
    window follows (it was not revealed to use it)."""
    table = Table(7, {2: {"identity": "the_judge"}, 1: {"life": 1, "identity": "the_doctor"}},
                  dice=["bullseye_1", "dynamite", "dynamite", "gatling", "gatling"])
    table.play(0, "x").close().play(0, "s").close().play(0, "t1").skip_windows()
    assert fields(table.events("eliminated"), "seat", "role") == [{"seat": 1, "role": "deputy"}]
    assert table.state_of(1)[3:6] == (True, "the_doctor", False)
    assert "the_judge" not in table.windows()


# --- Who owes a window, and when none opens [BD-DEC-16, OS-ROLE-9, docs/old_saloon.md] --------


def test_BD_DEC_16_a_window_is_owed_by_every_living_secret_identity_holder_or_not() -> None:
    """[BD-DEC-16, OS-ROLE-9] Nobody holds the Doctor (mixed, all normal cards): the window still
    opens, owed by every living secret seat (not the Sheriff, not the dead), and stays open
    until the last of them answers."""
    table = Table(8, {5: {"alive": False}}, mode="mixed", dice=CALM)
    table.play(0, "x")
    assert table.pending == "window:the_doctor"
    assert table.owed == [1, 2, 3, 4, 6, 7]
    for seat in [1, 2, 3, 4, 6]:
        table.play(seat, "x")
        assert table.pending == "window:the_doctor"
    table.play(7, "x")
    assert table.pending == "reroll"


def test_BD_DEC_16_no_window_when_no_secret_identity_of_its_type_is_left() -> None:
    """[docs/old_saloon.md, OS-ROLE-9] Public facts rule the card out: with 4 players there is
    no Deputy (no Doctor or Judge window); with every Outlaw shown there is no Gambler or Bad
    window; with the Renegade shown, no Left Hand window."""
    four = Table(4, {2: {"identity": "the_ugly"}, 3: {"identity": "devils_right_hand"}},
                 turn=2, dice=CALM)
    four.play(2, "v13")
    assert four.pending == "reroll"
    assert four.windows() == []
    assert fields(four.events("arrows_swapped"), "first", "second") == [
        {"first": 1, "second": 3}]
    shown = {2: {"role_revealed": True}, 3: {"role_revealed": True},
             4: {"role_revealed": True}, 1: {"life": 5}}
    table = Table(5, {**shown, 0: {"character": "willy_the_kid", "life": 1}}, turn=2,
                  dice=["gatling", "gatling", "gatling", "beer", "dynamite"])
    table.play(2, "x").close().play(2, "s")
    assert table.pending == "beer_target"
    table.play(2, "t1")
    assert fields(table.events("life_gained"), "seat", "amount") == [{"seat": 1, "amount": 1}]
    # Gatling: the Sheriff at 1 dies with no Left Hand window: the Renegade is public.
    assert table.windows() == ["the_doctor"]
    assert table.state.outcome is not None


def test_BD_DEC_16_no_window_for_a_card_already_revealed() -> None:
    """[docs/old_saloon.md] The Bad already used: no Bad window although Outlaws are secret."""
    table = Table(5, {1: {"life": 5}, 3: {"identity": "the_bad", "identity_used": True}},
                  dice=BEERS)
    table.play(0, "x").close().play(0, "s").close().play(0, "t1")
    assert "the_bad" not in table.windows()
    assert table.seat(1)["life"] == 6


# --- Timeout defaults [BD-TO table: BD-DEC-16 pass] ------------------------------------------


def _doctor() -> Table:
    return Table(5, {1: {"identity": "the_doctor"}}, dice=ARROW_FIRST).play(0, "x")


def _gambler() -> Table:
    return Table(5, {2: {"identity": "the_gambler"}}, dice=CALM).play(0, "x").close().play(0, "s")


def _bad() -> Table:
    return (Table(5, {1: {"life": 5}, 3: {"identity": "the_bad"}}, dice=BEERS)
            .play(0, "x").close().play(0, "s").close().play(0, "t1"))


def _judge() -> Table:
    return Table(7, {1: {"identity": "the_good"}, 2: {"identity": "the_judge"}}, turn=1,
                 dice=CALM).play(1, "v")


@pytest.mark.parametrize(("build", "card", "holder"),
                         [(_doctor, "the_doctor", 1), (_gambler, "the_gambler", 2),
                          (_bad, "the_bad", 3), (_dying, "devils_left_hand", 4),
                          (_judge, "the_judge", 2)])
def test_BD_TO_DEC_16_every_window_times_out_to_pass(build: Any, card: str,
                                                     holder: int) -> None:
    """[BD-TO table: BD-DEC-16 pass] Every seat owing the window, the holder included, times
    out: nobody reveals, the card stays secret and unused, the window closes."""
    table = build()
    assert table.pending == f"window:{card}"
    assert holder in table.owed
    before = len(table.events("identity_revealed"))
    for seat in table.owed:
        table.timeout(seat)
    assert table.pending != f"window:{card}"
    assert len(table.events("identity_revealed")) == before
    assert table.state_of(holder)[3:6] == (False, card, False)
    assert table.events("effect_cancelled") == table.events("heal_cancelled") == []
    assert table.events("die_set") == table.events("saved_from_death") == []


# --- More timing cases --------------------------------------------------------------------


def test_OS_ROLE_GAMBLER_1_ghost_forced_dice_are_rerolled_too() -> None:
    """[OS-ROLE-GAMBLER-1] "Ghost-forced dice included": all five dice are re-rolled."""
    table = Table(5, {1: {"identity": "the_doctor"}, 2: {"identity": "the_gambler"},
                      3: {"alive": False, "ghost": True}, 0: {"token": "beer"}}, modules=["ghost"],
                  dice=["gatling", "gatling", "dynamite", "dynamite",
                        "arrow", "beer", "dynamite", "gatling", "gatling"])
    table.play(0, "x").close()
    assert fields(table.events("dice_rolled"), "dice") == [{"dice": [1, 2, 3, 4]}]
    table.play(0, "s").play(2, "v").to_window("the_doctor")
    assert fields(table.events("dice_rolled"), "dice", "faces")[-1] == {
        "dice": [0, 1, 2, 3, 4], "faces": ["arrow", "beer", "dynamite", "gatling", "gatling"]}
    assert table.legal(1)[:7] == ["x", "f00", "f01", "f02", "f03", "f04", "f05"]


def test_OS_ROLE_DOCTOR_1_window_after_a_ghost_roll_which_still_has_no_effect() -> None:
    """[OS-ROLE-DOCTOR-1, R-OS-15] The Ghost's roll opens a Doctor window on its two dice; a die
    set to `arrow` still takes nothing (the Ghost's dice have no effect)."""
    table = Table(5, {1: {"identity": "the_doctor"}, 3: {"alive": False, "ghost": True}},
                  modules=["ghost"], turn=3, dice=["beer", "gatling"])
    if table.pending == "start_reveal":
        table.play(3, "x")
    assert table.pending == "window:the_doctor"
    assert table.owed == [1, 2, 4]
    assert table.legal(1) == ["x", *(f"f{d}{f}" for d in (0, 1) for f in range(6))]
    table.play(1, "f00")
    assert table.faces() == ["arrow", "gatling"]
    assert table.events("arrow_taken") == []
    assert table.pile == 9


def test_OS_ROLE_LEFT_1_a_saved_active_player_goes_on_with_his_turn() -> None:
    """[OS-ROLE-LEFT-1, BD-TURN-10] The active player's own dynamite takes his last life at F2;
    saved with 2 life, he is not eliminated and his "1" still resolves at F3."""
    table = Table(5, {0: {"life": 1}, 4: {"identity": "devils_left_hand"}},
                  dice=["dynamite", "dynamite", "dynamite", "bullseye_1", "gatling"])
    table.play(0, "x").close().to_window("the_gambler").close()
    assert table.pending == "window:devils_left_hand"
    assert table.legal(4) == ["x", "v0"]
    table.play(4, "v0").close()
    assert (table.seat(0)["life"], table.seat(0)["alive"]) == (2, True)
    assert table.pending == "hit_target"
    table.play(0, "t1")
    assert [(e["seat"], e["cause"]) for e in table.events("life_lost")] == [
        (0, "dynamite"), (1, "hit")]


def test_OS_ROLE_3_a_used_judge_opens_no_more_judge_windows() -> None:
    """[OS-ROLE-3] The Judge already used: a later reveal is not followed by a Judge window,
    although another Deputy is still secret."""
    table = Table(7, {1: {"life": 5}, 2: {"identity": "the_judge", "identity_used": True},
                      3: {"identity": "the_bad"}}, dice=BEERS)
    table.play(0, "x").close().play(0, "s").close().play(0, "t1").play(3, "v")
    assert "the_judge" not in table.windows()
    assert fields(table.events("heal_cancelled"), "target") == [{"target": 1}]
    assert table.pending == "beer_target"


def test_OS_ROLE_2_a_special_identity_wins_with_its_type() -> None:
    """[OS-ROLE-2] The Bad and The Gambler are Outlaws: they win when the Sheriff falls."""
    table = Table(5, {0: {"character": "willy_the_kid", "life": 1},
                      2: {"identity": "the_gambler"}, 3: {"identity": "the_bad"}}, turn=2,
                  dice=["bullseye_2", "dynamite", "dynamite", "gatling", "arrow"])
    table.play(2, "x").close().play(2, "s").close().play(2, "t0")
    assert table.pending == "window:devils_left_hand"
    table.close()
    assert table.state.outcome is not None
    assert sorted(table.state.outcome.winners) == [2, 3]


def test_BD_DEC_16_reveals_and_windows_are_public() -> None:
    """[BD-DEC-16, BD-INFO-1] A reveal is public; the window event names only the card."""
    table = _doctor().play(1, "f02")
    assert [e["audience"] for e in table.events("identity_revealed")] == [None]
    assert [e["audience"] for e in table.events("window_opened")] == [None]
    assert [set(e) - {"kind", "audience"} for e in table.events("window_opened")] == [
        {"identity"}]


@pytest.mark.parametrize("source", ["suzy_lafayette", "vulture_sam"])
def test_OS_ROLE_BAD_1_cancels_ability_heals_too(source: str) -> None:
    """[OS-ROLE-BAD-1, R-OS-06] Suzy Lafayette's end-of-turn 2 life and Vulture Sam's 2 life
    per elimination are healing events The Bad may cancel."""
    if source == "suzy_lafayette":
        table = Table(5, {0: {"character": "suzy_lafayette", "life": 5},
                          3: {"identity": "the_bad"}}, dice=CALM)
        table.play(0, "x").close().play(0, "s").close()
        healed = 0
    else:
        table = Table(5, {1: {"character": "vulture_sam", "life": 3}, 2: {"life": 1},
                          3: {"identity": "the_bad"}}, dice=GATLING)
        table.play(0, "x").close().play(0, "s").close().to_window("devils_left_hand").close()
        healed = 1
    assert table.pending == "window:the_bad"
    life = table.seat(healed)["life"]
    table.play(3, "v").skip_windows()
    assert fields(table.events("heal_cancelled"), "seat", "target", "cause") == [
        {"seat": 3, "target": healed, "cause": source}]
    assert table.seat(healed)["life"] == life


def test_BD_DEC_1_start_cards_cannot_be_used_in_reaction_windows() -> None:
    """[OS-ROLE-0, R-OS-17] The Good / The Ugly act only at their own turn start: in another
    player's windows their holders can only pass."""
    table = Table(7, {2: {"identity": "the_good"}, 3: {"identity": "the_ugly"}},
                  dice=ARROW_FIRST).play(0, "x")
    assert table.pending == "window:the_doctor"
    assert (table.legal(2), table.legal(3)) == (["x"], ["x"])
