"""Old Saloon module 3: the special identities, their windows and their effects.

Rules: bang_dice.md §19 (OS-ROLE-0 .. OS-ROLE-9, every OS-ROLE-<NAME>-n), rulings
R-OS-03/04/05/06/07/08/16/17, decision points BD-DEC-1/16/17 and their BD-TO defaults,
BD-ROLL-7, BD-DYN-3 (R-BD-01), BD-ELIM-3, BD-3P-8 (R-OS-02).

How windows work in this engine: docs/old_saloon.md. Every turn starts with a
`start_reveal` decision; every reaction window is owed by every living secret identity.
`Table` below drives the engine step by step; `go` passes any open window first (every
seat owing it answers `x`), so a test only spells out the windows it is about.

Default tables (scenario_helpers.CAST):
- 5 seats: 0 Sheriff Paul Regret (11), 1 Deputy Jesse Jones (9), 2 Outlaw Lucky Duke (8),
  3 Outlaw Black Jack (8), 4 Renegade Rose Doolan (9).
- 7 seats: 0 Sheriff Paul Regret, 1 Deputy Jesse Jones, 2 Deputy Lucky Duke, 3 Outlaw
  Black Jack, 4 Outlaw Rose Doolan, 5 Outlaw Calamity Janet, 6 Renegade Suzy Lafayette.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any

import pytest

from core.engine.errors import IllegalAction, InvalidSetup
from core.scenario import ScenarioError, run_scenario
from tests.core.scenario_helpers import GAME, PRINTED_LIFE, fields, saloon_table

MODULE = "special_identities"
SHERIFF = ["the_bear"]
DEPUTIES = ["the_good", "the_doctor", "the_judge"]
OUTLAWS = ["the_gambler", "the_bad", "the_ugly"]
RENEGADES = ["devils_right_hand", "devils_left_hand"]
POOL = {"sheriff": SHERIFF, "deputy": DEPUTIES, "outlaw": OUTLAWS, "renegade": RENEGADES}
NORMAL = {"sheriff": 1, "deputy": 2, "outlaw": 3, "renegade": 2}
COUNTS = {4: {"sheriff": 1, "deputy": 0, "outlaw": 2, "renegade": 1},
          5: {"sheriff": 1, "deputy": 1, "outlaw": 2, "renegade": 1},
          6: {"sheriff": 1, "deputy": 1, "outlaw": 3, "renegade": 1},
          7: {"sheriff": 1, "deputy": 2, "outlaw": 3, "renegade": 1},
          8: {"sheriff": 1, "deputy": 2, "outlaw": 3, "renegade": 2}}
BASE_FACES = ["arrow", "dynamite", "bullseye_1", "bullseye_2", "beer", "gatling"]
# A final result that does nothing in final resolution: 2 dynamite, 3 other harmless faces.
CALM = ["dynamite", "dynamite", "gatling", "gatling", "arrow"]


class Table:
    """A scenario position played one answer at a time through the engine object."""

    def __init__(self, count: int, changes: Mapping[int, Mapping[str, Any]] | None = None, *,
                 modules: Iterable[str] = (), mode: str | None = None, **options: Any) -> None:
        spec = saloon_table(count, changes, modules=[MODULE, *modules], **options)
        if mode is not None:
            spec["options"]["identity_mode"] = mode
        step = GAME.position(spec)
        self.state = step.state
        self.log: list[dict[str, Any]] = [event.to_json() for event in step.events]

    # --- reading -----------------------------------------------------------------------

    @property
    def owed(self) -> list[int]:
        """Return the seats owing an answer now."""
        return sorted(GAME.to_act(self.state))

    @property
    def pending(self) -> str | None:
        """Return the pending decision; a window reads `window:<card>`."""
        frame = self.state.pending
        if frame is None or not GAME.to_act(self.state):
            return None
        if frame.window is not None:
            return f"window:{frame.window.value}"
        return frame.decision.value

    def legal(self, seat: int) -> list[str]:
        """Return a seat's legal answers as texts."""
        return [GAME.encode_action(a) for a in GAME.legal_actions(self.state, seat)]

    def seat(self, index: int) -> dict[str, Any]:
        """Return the described seat."""
        return GAME.describe(self.state)["seats"][index]

    def field(self, name: str) -> list[Any]:
        """Return one field of every seat."""
        return [seat[name] for seat in GAME.describe(self.state)["seats"]]

    def events(self, kind: str) -> list[dict[str, Any]]:
        """Return the events of one kind so far."""
        return [event for event in self.log if event["kind"] == kind]

    def kinds(self) -> list[str]:
        """Return every event kind so far."""
        return [event["kind"] for event in self.log]

    def windows(self) -> list[str]:
        """Return the card of every window opened so far."""
        return [event["identity"] for event in self.events("window_opened")]

    def faces(self) -> list[str | None]:
        """Return the active player's dice faces."""
        return [die.face.value if die.face else None for die in self.state.turn.dice]

    @property
    def pile(self) -> int:
        return self.state.pile

    # --- playing -----------------------------------------------------------------------

    def play(self, seat: int, text: str) -> Table:
        """Play one legal answer (asserting it is legal)."""
        legal = self.legal(seat)
        assert text in legal, (seat, text, self.pending, legal)
        return self._apply(seat, GAME.decode_action(text))

    def timeout(self, seat: int) -> Table:
        """Apply the seat's timeout default [BD-TO]."""
        return self._apply(seat, GAME.default_action(self.state, seat))

    def _apply(self, seat: int, action: Any) -> Table:
        step = GAME.apply(self.state, seat, action)
        self.state = step.state
        self.log.extend(event.to_json() for event in step.events)
        return self

    def close(self) -> Table:
        """Every seat owing the open window passes."""
        assert (self.pending or "").startswith("window:"), self.pending
        for seat in self.owed:
            self.play(seat, "x")
        return self

    def skip_windows(self) -> Table:
        """Pass every window until a non-window decision (or the end) is pending."""
        for _ in range(50):
            if self.pending is None or not self.pending.startswith("window:"):
                return self
            self.close()
        raise AssertionError("windows never stop")

    def go(self, seat: int, text: str) -> Table:
        """Pass any open windows, then play a non-window answer."""
        return self.skip_windows().play(seat, text)

    def to_window(self, card: str) -> Table:
        """Pass windows of other cards until the window of `card` is pending."""
        for _ in range(50):
            if self.pending == f"window:{card}":
                return self
            assert (self.pending or "").startswith("window:"), (card, self.pending)
            self.close()
        raise AssertionError(f"no window for {card}")

    def state_of(self, index: int) -> tuple[Any, ...]:
        """Return (life, max_life, role, role_revealed, identity, identity_used, arrows)."""
        seat = self.seat(index)
        return (seat["life"], seat["max_life"], seat["role"], seat["role_revealed"],
                seat["identity"], seat["identity_used"], seat["arrows"])


def revealed(table: Table) -> list[dict[str, Any]]:
    return fields(table.events("identity_revealed"), "seat", "identity", "role")


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


# --- The Doctor [OS-ROLE-DOCTOR-1, R-OS-03, BD-ROLL-7] ----------------------------------------

ARROW_FIRST = ["arrow", "beer", "beer", "gatling", "bullseye_1"]


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

BEERS = ["beer", "beer", "dynamite", "dynamite", "gatling"]


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

GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]


def _dying(extra: Mapping[int, Mapping[str, Any]] | None = None, *, count: int = 5,
           modules: Iterable[str] = ()) -> Table:
    """Seat 0 fires the Gatling; seats 2 and 3 are at 1 life; the Left Hand is seat 4
    (seat 6 with 7 seats). Returns the table at the Left Hand window."""
    hand = 4 if count == 5 else 6
    changes: dict[int, dict[str, Any]] = {2: {"life": 1, "arrows": 2},
                                          3: {"life": 1, "arrows": 1},
                                          hand: {"identity": "devils_left_hand"}}
    for seat, more in (extra or {}).items():
        changes[seat] = {**changes.get(seat, {}), **more}
    table = Table(count, changes, modules=modules, dice=GATLING)
    return table.play(0, "x").close().play(0, "s").close().to_window("devils_left_hand")


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
