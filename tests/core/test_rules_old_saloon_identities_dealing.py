"""Old Saloon module 3: dealing the special identities and the start-of-turn reveal.

Rules: OS-ROLE-1/2, OS-ROLE-BEAR-1, R-OS-02/04, BD-TURN-2, BD-DEC-1 and its BD-TO default.
Tables and `Table` (which passes the windows a test is not about): see
tests/core/old_saloon_identity_helpers.py.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from core.engine.errors import InvalidSetup
from core.scenario import ScenarioError, run_scenario
from tests.core.old_saloon_identity_helpers import (
    CALM,
    COUNTS,
    MODULE,
    NORMAL,
    POOL,
    Table,
)
from tests.core.scenario_helpers import GAME, PRINTED_LIFE, saloon_table


def _setup(players: int, seed: int, mode: str | None = None) -> list[dict[str, Any]]:
    options: dict[str, Any] = {"modules": [MODULE]}
    if mode is not None:
        options["identity_mode"] = mode
    return GAME.describe(GAME.setup(options, players, seed).state)["seats"]


# --- Dealing [OS-ROLE-1, OS-ROLE-2, OS-ROLE-BEAR-1, R-OS-02] -----------------------------------


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_OS_ROLE_1_special_only_deals_only_special_cards_of_each_type(players: int) -> None:
    """[OS-ROLE-1] special_only: every seat holds a special card of its own type; the
    counts per type are BD-SETUP-1's; over many seeds every card of a pool can come up."""
    seen: dict[str, set[str]] = {role: set() for role in POOL}
    for seed in range(60):
        seats = _setup(players, seed, "special_only")
        by_role: dict[str, list[str]] = {role: [] for role in POOL}
        for seat in seats:
            assert seat["identity"] in POOL[seat["role"]], seat
            by_role[seat["role"]].append(seat["identity"])
        for role, cards in by_role.items():
            assert len(cards) == COUNTS[players][role]
            assert len(set(cards)) == len(cards)  # each special card exists once
            seen[role].update(cards)
    for role, count in COUNTS[players].items():
        assert seen[role] == (set(POOL[role]) if count else set())


def test_OS_ROLE_1_identity_mode_defaults_to_special_only() -> None:
    """[OS-ROLE-1] Without identity_mode the module deals special cards only."""
    for seed in range(20):
        assert all(seat["identity"] is not None for seat in _setup(6, seed))


def test_OS_ROLE_1_module_off_deals_no_special_card() -> None:
    """[OS-MOD-1] Module 3 off: nobody holds a special card."""
    for seed in range(10):
        seats = GAME.describe(GAME.setup({}, 8, seed).state)["seats"]
        assert [seat["identity"] for seat in seats] == [None] * 8


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_OS_ROLE_1_mixed_deals_normal_or_special_cards_of_each_type(players: int) -> None:
    """[OS-ROLE-1] mixed: each type is drawn from its normal and special cards shuffled
    together; over many seeds both kinds come up for every type in play."""
    normal_seen: dict[str, bool] = dict.fromkeys(POOL, False)
    special_seen: dict[str, set[str]] = {role: set() for role in POOL}
    for seed in range(120):
        seats = _setup(players, seed, "mixed")
        by_role: dict[str, list[str | None]] = {role: [] for role in POOL}
        for seat in seats:
            assert seat["identity"] is None or seat["identity"] in POOL[seat["role"]], seat
            by_role[seat["role"]].append(seat["identity"])
        for role, cards in by_role.items():
            assert len(cards) == COUNTS[players][role]
            specials = [card for card in cards if card is not None]
            assert len(set(specials)) == len(specials)
            assert len(cards) - len(specials) <= NORMAL[role]
            normal_seen[role] |= len(specials) < len(cards)
            special_seen[role].update(specials)
    for role, count in COUNTS[players].items():
        assert normal_seen[role] is bool(count)
        assert special_seen[role] == (set(POOL[role]) if count else set())


def test_OS_ROLE_BEAR_1_the_bear_sheriff_has_printed_life_plus_three() -> None:
    """[OS-ROLE-BEAR-1, BD-SETUP-5] The Bear: max life = printed + 3 (a normal Sheriff + 2),
    face up from the start, never used."""
    bears = normals = 0
    for seed in range(60):
        for seat in _setup(5, seed, "mixed"):
            if seat["role"] != "sheriff":
                continue
            bonus = 3 if seat["identity"] == "the_bear" else 2
            bears += seat["identity"] == "the_bear"
            normals += seat["identity"] is None
            assert seat["max_life"] == seat["life"] == PRINTED_LIFE.get(
                seat["character"], seat["max_life"] - bonus) + bonus
            assert seat["role_revealed"] is True
            assert seat["identity_used"] is False
    assert bears > 0
    assert normals > 0
    table = Table(5, {0: {"identity": "the_bear"}}, dice=CALM)
    assert table.state_of(0) == (12, 12, "sheriff", True, "the_bear", False, 0)


def test_R_OS_04_the_bear_is_never_revealed_to_use_no_judge_window() -> None:
    """[R-OS-04, OS-ROLE-BEAR-1] The Bear is passive: no reveal, no Judge window; at his
    turn start he has only "go on"."""
    table = Table(7, {0: {"identity": "the_bear"}, 2: {"identity": "the_judge"}}, dice=CALM)
    assert table.pending == "start_reveal"
    assert table.legal(0) == ["x"]
    assert table.windows() == []
    assert table.events("identity_revealed") == []
    assert table.state_of(0) == (12, 12, "sheriff", True, "the_bear", False, 0)


def test_R_OS_02_special_identities_refused_with_three_players() -> None:
    """[R-OS-02, BD-3P-8] Module 3 is not used with 3 players: setup and scenarios refuse."""
    for mode in ("special_only", "mixed"):
        with pytest.raises(InvalidSetup):
            GAME.setup({"modules": [MODULE], "identity_mode": mode}, 3, 0)
    with pytest.raises(ScenarioError):
        run_scenario(saloon_table(3, modules=[MODULE], dice=CALM))


# --- Start of turn [BD-TURN-2, BD-DEC-1] -----------------------------------------------------


def test_BD_DEC_1_every_turn_starts_with_start_reveal_before_sid_dice_choice_and_roll() -> None:
    """[BD-TURN-2, BD-DEC-1] With module 3, the active player's start_reveal comes first:
    before Sid Ketchum's heal, the dice choice and the first roll. Without a start card his
    only answer is "go on"."""
    table = Table(5, {0: {"character": "sid_ketchum"}}, modules=["saloon_dice"],
                  dice=CALM + CALM)
    assert (table.owed, table.pending, table.legal(0)) == ([0], "start_reveal", ["x"])
    assert "dice_rolled" not in table.kinds()
    table.play(0, "x")
    assert table.pending == "sid_heal"
    table.play(0, "t0")  # at maximum: wasted, so no Bad window
    assert table.pending == "dice_choice"
    table.play(0, "d")
    assert table.pending == "window:the_doctor"
    table.close().play(0, "s")
    table.to_window("the_gambler").close()
    assert (table.owed, table.pending, table.legal(1)) == ([1], "start_reveal", ["x"])


def test_BD_DEC_1_only_an_unused_start_card_holder_may_reveal() -> None:
    """[BD-DEC-1, OS-ROLE-UGLY-1, OS-ROLE-RIGHT-1] The Good may reveal (`v`); The Ugly and the
    Right Hand pick two other living players; other cards (Doctor) only go on."""
    good = Table(5, {1: {"identity": "the_good"}}, turn=1, dice=CALM)
    assert good.legal(1) == ["x", "v"]
    alive = {2: {"alive": False}}
    ugly = Table(5, {3: {"identity": "the_ugly"}, **alive}, turn=3, dice=CALM)
    assert ugly.legal(3) == ["x", *("v" + "".join(map(str, p))
                                    for p in combinations([0, 1, 4], 2))]
    right = Table(5, {4: {"identity": "devils_right_hand"}}, turn=4, dice=CALM)
    assert right.legal(4) == ["x", *("v" + "".join(map(str, p))
                                     for p in combinations([0, 1, 2, 3], 2))]
    doctor = Table(5, {1: {"identity": "the_doctor"}}, turn=1, dice=CALM)
    assert doctor.legal(1) == ["x"]


def test_BD_TO_DEC_1_start_reveal_timeout_passes() -> None:
    """[BD-TO table: BD-DEC-1 pass] A start-card holder who times out does not reveal."""
    for card, seat in (("the_good", 1), ("the_ugly", 2), ("devils_right_hand", 4)):
        table = Table(5, {seat: {"identity": card, "arrows": 1}, 3: {"arrows": 2}}, turn=seat,
                      dice=CALM)
        table.timeout(seat)
        assert table.events("identity_revealed") == []
        assert table.events("sheriff_changed") == table.events("arrows_swapped") == []
        assert table.seat(seat)["role_revealed"] is False
        assert table.seat(seat)["identity_used"] is False
        assert "dice_rolled" in table.kinds()
