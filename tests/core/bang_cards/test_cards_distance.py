"""Distance and reach: docs/rules/bang_cards.md §4, BC-PLAY-4/5, BC-WEAPON-1, BC-EX-8."""

from __future__ import annotations

from core.bang_cards.board import base_distance, distance, reach
from tests.core.bang_cards.helpers import act, n, table, texts

BANG = "bang_as"


def _bang_targets(state: object, seat: int = 0) -> list[int]:
    return sorted(int(t[4]) for t in texts(state, seat) if t.startswith("p" + n(BANG) + "t"))  # type: ignore[arg-type]


def test_BC_DIST_1_shorter_way_round_the_living() -> None:
    """[BC-DIST-1] neighbours at 1; the dead do not count."""
    state = table(5, {0: {"hand": [BANG]}})
    assert [base_distance(state, 0, i) for i in range(1, 5)] == [1, 2, 2, 1]
    state = table(5, {0: {"hand": [BANG]}, 4: {"alive": False}})
    assert [base_distance(state, 0, i) for i in range(1, 4)] == [1, 2, 1]


def test_BC_DIST_3_colt_reaches_one_and_weapons_extend() -> None:
    """[BC-DIST-3, BC-COMP-2] the Colt .45 reaches 1; a Schofield 2."""
    assert _bang_targets(table(5, {0: {"hand": [BANG]}})) == [1, 4]
    armed = table(5, {0: {"hand": [BANG], "in_play": ["schofield_ks"]}})
    assert reach(armed, 0) == 2
    assert _bang_targets(armed) == [1, 2, 3, 4]


def test_BC_DIST_2_and_BC_MUSTANG_1_mustang_and_paul_regret_add_one() -> None:
    """[BC-DIST-2, BC-MUSTANG-1, BC-CHAR-PAUL-1] +1 each, and they stack."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"in_play": ["mustang_8h"]},
                      4: {"character": "paul_regret"}})
    assert _bang_targets(state) == []
    both = table(5, {1: {"in_play": ["mustang_8h"], "character": "paul_regret"}})
    assert distance(both, 0, 1) == 3


def test_BC_SCOPE_1_scope_and_rose_doolan_take_one_off_R_BC_03_never_below_one() -> None:
    """[BC-SCOPE-1, BC-CHAR-ROSE-1, R-BC-03] -1 each, never below 1."""
    state = table(5, {0: {"hand": [BANG], "in_play": ["scope_as"],
                          "character": "rose_doolan"}})
    assert [distance(state, 0, i) for i in range(1, 5)] == [1, 1, 1, 1]
    assert _bang_targets(state) == [1, 2, 3, 4]


def test_BC_DIST_4_and_BC_EX_8_panic_ignores_weapons() -> None:
    """[BC-DIST-4, BC-EX-8] Scope and a Mustang cancel out: Panic! cannot reach 2; Rose
    Doolan with a Scope can."""
    panic = "panic_jh"
    spec = {2: {"hand": ["beer_6h"], "in_play": ["mustang_8h"]}}
    state = table(5, {0: {"hand": [panic], "in_play": ["scope_as", "winchester_8s"]}, **spec})
    assert distance(state, 0, 2) == 2
    assert not any(t.startswith(f"p{n(panic)}t2") for t in texts(state, 0))
    rose = table(5, {0: {"hand": [panic], "in_play": ["scope_as"], "character": "rose_doolan"},
                     **spec})
    assert distance(rose, 0, 2) == 1
    assert f"p{n(panic)}t2h" in texts(rose, 0)


def test_BC_DIST_5_cat_balou_duel_and_jail_ignore_distance() -> None:
    """[BC-DIST-5] any player, whatever the distance."""
    state = table(5, {0: {"hand": ["cat_balou_kh", "duel_js", "jail_10s"]},
                      2: {"hand": ["beer_6h"], "in_play": ["mustang_8h"]}})
    legal = texts(state, 0)
    assert f"p{n('cat_balou_kh')}t2h" in legal
    assert f"p{n('duel_js')}t2" in legal
    assert f"p{n('jail_10s')}t2" in legal


def test_BC_PLAY_5_a_new_weapon_replaces_the_old() -> None:
    """[BC-PLAY-5] one weapon in play; the old one is discarded."""
    state = table(5, {0: {"hand": ["winchester_8s"], "in_play": ["schofield_ks"]}})
    state, _ = act(state, 0, "p" + n("winchester_8s"))
    assert state.seats[0].in_play == ["winchester_8s"]
    assert state.discard[-1] == "schofield_ks"
    assert reach(state, 0) == 5


def test_BC_PLAY_4_no_two_cards_of_one_name_in_play() -> None:
    """[BC-PLAY-4] a second Barrel (or Schofield) cannot join the first."""
    state = table(5, {0: {"hand": ["barrel_ks", "schofield_jc", "mustang_9h"],
                          "in_play": ["barrel_qs", "schofield_ks"]}})
    legal = texts(state, 0)
    assert "p" + n("barrel_ks") not in legal
    assert "p" + n("schofield_jc") not in legal
    assert "p" + n("mustang_9h") in legal
