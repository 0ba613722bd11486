"""An admin removes a player: the dice game eliminates the seat at once (core/bang_dice/removal.py).

Rules reused: BD-ELIM-1/2 (role shown, arrows back), BD-TURN-10 (his turn ends), BD-END-1..3
and BD-3P-6 (end checks), BD-CHAR-VULTURE-1, BD-HIT-1/2 (reach on the smaller circle),
OS-GHOST-1 (a removed player never becomes the Ghost), OS-ROLE-4/9 (windows, the Judge).

Default 5-seat table (scenario_helpers.CAST): 0 Sheriff Paul Regret, 1 Deputy Jesse Jones,
2 Outlaw Lucky Duke, 3 Outlaw Black Jack, 4 Renegade Rose Doolan.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.bang_dice.ids import Module
from core.engine.errors import GameOver, IllegalAction
from tests.core.scenario_helpers import GAME, QUIET_ROLL, fields, saloon_table
from tests.core.test_conformance import ALL_MODULES, _check_invariants, _usable

ONE = ["bullseye_1", "dynamite", "dynamite", "beer", "beer"]


class Table:
    """A scenario position driven one step at a time, removals included."""

    def __init__(self, count: int, changes: Mapping[int, Mapping[str, Any]] | None = None, *,
                 modules: Iterable[str] = (), **options: Any) -> None:
        step = GAME.position(saloon_table(count, changes, modules=modules, **options))
        self.state = step.state
        self.log: list[dict[str, Any]] = [event.to_json() for event in step.events]

    def play(self, seat: int, text: str) -> Table:
        """Play one legal answer."""
        legal = [GAME.encode_action(a) for a in GAME.legal_actions(self.state, seat)]
        assert text in legal, (seat, text, legal)
        return self._step(GAME.apply(self.state, seat, GAME.decode_action(text)))

    def remove(self, seat: int) -> Table:
        """Remove a seat, checking the step is pure and counts as one action."""
        before = GAME.dump_state(self.state)
        self._step(GAME.remove_seat(self.state, seat))
        assert GAME.load_state(before).version + 1 == self.state.version
        return self

    def _step(self, step: Any) -> Table:
        self.log = [*self.log, *(event.to_json() for event in step.events)]
        self.state = step.state
        _check_invariants(self.state)
        return self

    def since(self, kind: str) -> list[dict[str, Any]]:
        """Return the events from the last `kind` event on."""
        starts = [i for i, event in enumerate(self.log) if event["kind"] == kind]
        return self.log[starts[-1]:] if starts else []

    def events(self, kind: str) -> list[dict[str, Any]]:
        return [event for event in self.log if event["kind"] == kind]

    @property
    def owed(self) -> list[tuple[int, str]]:
        """Return (seat, decision) of every seat owing an answer now."""
        frame = self.state.pending
        decision = "" if frame is None else (frame.window or frame.decision).value
        return [(seat, decision) for seat in sorted(GAME.to_act(self.state))]

    def seat(self, index: int) -> dict[str, Any]:
        return GAME.describe(self.state)["seats"][index]

    @property
    def outcome(self) -> dict[str, Any] | None:
        """Return the outcome as JSON, or None while the game goes on."""
        found = GAME.outcome(self.state)
        return None if found is None else found.to_json()


def test_BD_TURN_10_removing_the_active_player_mid_roll_passes_the_turn() -> None:
    """[BD-TURN-10, BD-ELIM-1, BD-ELIM-2] The Outlaw on the clock is removed after his first
    roll: he is out with his role shown, his arrow goes back, his dice never resolve and the
    next seat plays."""
    table = Table(5, turn=2, dice=["arrow", "bullseye_1", "beer", "beer", "beer", *QUIET_ROLL])
    assert table.owed == [(2, "reroll")]
    assert table.seat(2)["arrows"] == 1
    table.remove(2)
    assert [e["kind"] for e in table.since("seat_removed")][:4] == [
        "seat_removed", "eliminated", "arrows_returned", "turn_started"]
    assert fields(table.events("eliminated"), "seat", "role") == [{"seat": 2, "role": "outlaw"}]
    assert (table.seat(2)["alive"], table.seat(2)["role_revealed"]) == (False, True)
    assert table.state.pile == 9
    assert table.events("life_lost") == table.events("hit_assigned") == []
    assert table.state.turn.active == 3
    assert table.owed == [(3, "reroll")]
    assert table.outcome is None


def test_BD_DMG_1_a_seat_owing_a_reaction_is_removed_and_the_damage_step_finishes() -> None:
    """[BD-DMG-1, BD-CHAR-BART-1] Bart Cassidy owes his arrows-for-life answer when he is
    removed: his answer lapses, the damage step ends without him, the turn goes on."""
    table = Table(5, {1: {"character": "bart_cassidy"}}, dice=[*ONE, *QUIET_ROLL])
    table.play(0, "s").play(0, "t1")
    assert table.owed == [(1, "bart_arrows")]
    table.remove(1)
    assert table.events("life_lost") == []
    assert table.seat(1)["alive"] is False
    assert table.owed == [(0, "beer_target")]  # F4 of the Sheriff's turn [BD-RES-1]
    table.play(0, "t0").play(0, "t0")
    assert table.state.turn.active == 2  # the turn passes over the removed seat [BD-TURN-9]


def test_OS_ROLE_9_a_removed_seat_leaves_a_reaction_window_the_others_still_owe_it() -> None:
    """[OS-ROLE-9] The window waits for every secret identity but the removed one."""
    table = Table(5, {1: {"identity": "the_doctor"}, 2: {"identity": "the_gambler"},
                      3: {"identity": "the_bad"}, 4: {"identity": "devils_left_hand"}},
                  modules=["special_identities"], turn=0, dice=["beer"] * 5)
    table.play(0, "x")  # no start-of-turn card to reveal
    assert table.owed == [(1, "the_doctor"), (2, "the_doctor"), (3, "the_doctor"),
                          (4, "the_doctor")]
    table.remove(3)
    assert table.owed == [(1, "the_doctor"), (2, "the_doctor"), (4, "the_doctor")]


def test_OS_ROLE_4_an_effect_chosen_for_by_a_removed_revealer_is_void() -> None:
    """[OS-ROLE-4, OS-ROLE-GOOD-1] The Good reveals; during the Judge's window he is removed:
    the window closes, nobody becomes Sheriff, and his turn ends [BD-TURN-10]."""
    table = Table(7, {1: {"identity": "the_good"}, 2: {"identity": "the_judge"}},
                  modules=["special_identities"], turn=1,
                  dice=["dynamite", "dynamite", "gatling", "gatling", "arrow", *QUIET_ROLL])
    table.play(1, "v")
    assert table.owed[0] == (2, "the_judge")
    table.remove(1)
    assert table.events("sheriff_changed") == []
    assert table.seat(0)["role"] == "sheriff"
    assert table.state.turn.active == 2
    assert table.owed == [(2, "start_reveal")]


def test_BD_HIT_2_a_hit_is_asked_again_on_the_smaller_circle() -> None:
    """[BD-HIT-1, BD-HIT-2] A "2" waits for its target among seats 2 and 3; seat 4 is removed:
    with four alive only seat 2 is at distance 2, so the hit goes there without a prompt."""
    table = Table(5, dice=["bullseye_2", "dynamite", "dynamite", "beer", "beer", *QUIET_ROLL])
    table.play(0, "s")
    assert table.state.pending is not None
    assert table.state.pending.targets == (2, 3)
    table.remove(4)
    assert fields(table.events("hit_assigned"), "target", "symbol") == [
        {"target": 2, "symbol": 2}]
    assert table.seat(2)["life"] == table.seat(2)["max_life"] - 1
    assert table.owed == [(0, "beer_target")]


def test_BD_END_2_removing_the_sheriff_ends_the_game_for_the_outlaws() -> None:
    """[BD-END-1a, BD-END-2, BD-ELIM-1] The Sheriff is removed mid-turn of an Outlaw: the
    Outlaws win at once, and every identity is shown."""
    table = Table(5, turn=2, dice=QUIET_ROLL)
    table.remove(0)
    assert table.outcome == {
        "side": "outlaws", "winners": [2, 3], "reason": "sheriff_eliminated"}
    assert GAME.to_act(table.state) == frozenset()
    assert table.log[-1]["kind"] == "game_ended"
    assert all(seat["role_revealed"] for seat in GAME.describe(table.state)["seats"])


def test_BD_END_2_removing_the_sheriff_leaves_a_lone_renegade_who_wins() -> None:
    """[BD-END-2] Only the Sheriff and the Renegade are alive: removing the Sheriff leaves the
    Renegade the single survivor."""
    table = Table(4, {1: {"alive": False}, 2: {"alive": False}}, turn=3, dice=QUIET_ROLL)
    table.remove(0)
    assert table.outcome == {
        "side": "renegade", "winners": [3], "reason": "last_renegade_standing"}


def test_BD_END_3_removing_the_last_outlaw_wins_for_the_law() -> None:
    """[BD-END-1b, BD-END-3] The Renegade and one Outlaw are dead; the last Outlaw is removed
    on the Sheriff's turn: the Sheriff and the Deputy win."""
    table = Table(5, {2: {"alive": False}, 4: {"alive": False}}, dice=QUIET_ROLL)
    table.remove(3)
    assert table.outcome == {
        "side": "law", "winners": [0, 1], "reason": "outlaws_and_renegades_eliminated"}


def test_BD_END_1_removing_an_outlaw_while_the_renegade_lives_goes_on() -> None:
    """[BD-END-1] The last Outlaw goes but the Renegade lives: the game goes on."""
    table = Table(5, {2: {"alive": False}}, dice=QUIET_ROLL)
    table.remove(3)
    assert table.outcome is None
    assert table.owed == [(0, "reroll")]


def test_BD_CHAR_VULTURE_1_vulture_sam_gains_two_life_for_a_removed_player() -> None:
    """[BD-CHAR-VULTURE-1] Each time another player is eliminated, Vulture Sam gains 2 life;
    the interrupted decision is then asked again."""
    table = Table(5, {3: {"character": "vulture_sam", "life": 4}}, dice=QUIET_ROLL)
    table.remove(2)
    assert fields(table.events("life_gained"), "seat", "amount", "cause") == [
        {"seat": 3, "amount": 2, "cause": "vulture_sam"}]
    assert table.owed == [(0, "reroll")]


def test_BD_3P_6_removing_a_player_of_three_leaves_a_last_survivor_game() -> None:
    """[BD-3P-6] A target eliminated by no player's hand: the two left play for last survivor;
    removing one of them makes the other the winner."""
    table = Table(3, dice=QUIET_ROLL)
    table.remove(2)
    assert table.outcome is None
    assert table.state.last_survivor
    table.remove(0)
    assert table.outcome == {
        "side": "outlaw", "winners": [1], "reason": "last_survivor"}


def test_OS_GHOST_1_a_removed_player_never_becomes_the_ghost_nor_uses_it_up() -> None:
    """[OS-GHOST-1] The first removal makes no Ghost; the first player then eliminated by the
    dice still becomes it."""
    table = Table(5, {3: {"life": 1}}, modules=["ghost"], dice=[*ONE, *QUIET_ROLL])
    table.remove(4)
    assert table.events("became_ghost") == []
    assert table.seat(4)["ghost"] is False
    table.play(0, "s")  # the "1" now reaches only seats 1 and 3 on the 4-seat circle
    table.play(0, "t3")
    assert fields(table.events("became_ghost"), "seat") == [{"seat": 3}]


def test_removing_a_seat_that_is_out_or_a_finished_game_is_refused() -> None:
    """The Ghost and the dead are already out; nothing can be removed once the game is over."""
    table = Table(5, {2: {"alive": False, "ghost": True}, 3: {"alive": False}},
                  modules=["ghost"], dice=QUIET_ROLL)
    for seat in (2, 3, 5, -1):
        with pytest.raises(IllegalAction):
            GAME.remove_seat(table.state, seat)
    table.remove(0)
    with pytest.raises(GameOver):
        GAME.remove_seat(table.state, 1)


@given(players=st.integers(3, 8), seed=st.integers(0, 2**63 - 1),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=40),
       every=st.integers(3, 25))
@settings(max_examples=60, deadline=None)
def test_random_play_with_removals_keeps_every_invariant(players: int, seed: int,
                                                         picks: list[int], every: int) -> None:
    """Removals at any moment (often of a seat owing the decision) keep the game sound."""
    modules = ALL_MODULES if _usable(ALL_MODULES, players) else [Module.CHIEF_ARROW.value]
    state = GAME.setup({"modules": modules}, players, seed).state
    for count in range(3000):
        _check_invariants(state)
        owed = sorted(GAME.to_act(state))
        if not owed:
            return
        pick = picks[count % len(picks)]
        if count % every == every - 1:
            living = [i for i, seat in enumerate(state.seats) if seat.alive]
            candidates = [*owed, state.turn.active, *living]
            victim = candidates[pick % len(candidates)]
            if state.seats[victim].alive:
                state = GAME.remove_seat(state, victim).state
                assert GAME.load_state(GAME.dump_state(state)) == state
                continue
        legal = GAME.legal_actions(state, owed[0])
        assert GAME.default_action(state, owed[0]) in legal
        assert GAME.bot_action(state, owed[0]) in legal
        state = GAME.apply(state, owed[0], legal[pick % len(legal)]).state
    pytest.fail("the game did not end")
