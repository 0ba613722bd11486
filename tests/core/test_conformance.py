"""Invariants every dice game must keep, over all player counts, policies and many seeds."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.bang_dice.ids import ARROWS_IN_GAME, Identity, Module, Role
from core.bang_dice.setup import AVAILABLE_MODULES
from core.bang_dice.state import DiceState
from core.engine.registry import get_game

GAME = get_game("bang_dice")
ALL_MODULES = [m.value for m in Module if m in AVAILABLE_MODULES]
# Every module alone, all of them together, and every pair of the rest: a covering subset of
# the 2^n combinations in which each pair of modules meets at least once.
MODULE_SETS = [[], *([m] for m in ALL_MODULES), ALL_MODULES,
               *([a, b] for i, a in enumerate(ALL_MODULES) for b in ALL_MODULES[i + 1:])]


def _check_invariants(state: DiceState) -> None:
    held = sum(seat.tokens for seat in state.seats)
    chief = state.options.has(Module.CHIEF_ARROW)
    # Tokens are conserved, the Chief's Arrow counting as one token.
    assert state.pile + held + state.chief_in_pile == ARROWS_IN_GAME + chief
    assert sum(1 for seat in state.seats if seat.chief) + state.chief_in_pile == chief
    assert sum(1 for seat in state.seats if seat.ghost) <= 1
    for seat in state.seats:
        if seat.alive and seat.identity is Identity.THE_GOOD and seat.role is Role.DEPUTY:
            assert seat.life >= 0  # [OS-ROLE-GOOD-3] a former Sheriff keeps life above his max
        elif seat.alive:
            assert 0 <= seat.life <= seat.max_life
        else:
            assert seat.life == 0
            assert seat.tokens == 0
            assert seat.role_revealed
            assert seat.token is None
    assert (not GAME.to_act(state)) == (GAME.outcome(state) is not None)


def _check_views(state: DiceState) -> None:
    group = GAME.view(state, None)
    for seat_view, seat in zip(group.seats, state.seats, strict=True):
        assert seat_view.role == (seat.role.value if seat.role_revealed else None)
        assert seat_view.identity is None or seat.role_revealed  # [OS-ROLE-9]
    assert group.role is None
    for viewer in range(len(state.seats)):
        mine = GAME.view(state, viewer)
        assert mine.role == state.seats[viewer].role.value
        for index, seat_view in enumerate(mine.seats):
            if index != viewer and not state.seats[index].role_revealed:
                assert seat_view.role is None
    hidden = {seat.role.value for seat in state.seats if not seat.role_revealed}
    group_text = json.dumps(GAME.view_json(group))
    for role in hidden - {s.role.value for s in state.seats if s.role_revealed}:
        assert f'"{role}"' not in group_text


def _choose(state: DiceState, seat: int, policy: str, pick: int) -> object:
    if policy == "default":
        return GAME.default_action(state, seat)
    if policy == "bot":
        return GAME.bot_action(state, seat)
    legal = GAME.legal_actions(state, seat)
    return legal[pick % len(legal)]


def play_checked(players: int, seed: int, policy: str, picks: list[int] | None = None,
                 limit: int = 5000, modules: list[str] | None = None,
                 ) -> tuple[DiceState, list[str], list[dict[str, object]]]:
    """Play one game checking every invariant after every step; return state, actions, events."""
    step = GAME.setup({"modules": modules or []}, players, seed)
    state = step.state
    events = [event.to_json() for event in step.events]
    played: list[str] = []
    for count in range(limit):
        _check_invariants(state)
        seats = GAME.to_act(state)
        if not seats:
            break
        seat = min(seats)
        legal = GAME.legal_actions(state, seat)
        assert legal, "a seat that must act has no legal action"
        for action in legal:
            assert GAME.decode_action(GAME.encode_action(action)) == action
        default, bot = GAME.default_action(state, seat), GAME.bot_action(state, seat)
        assert default in legal
        assert bot in legal
        action = _choose(state, seat, policy, (picks or [count])[count % len(picks or [1])])
        before = GAME.dump_state(state)
        result = GAME.apply(state, seat, action)
        assert GAME.dump_state(state) == before, "apply mutated its input"
        assert GAME.version(result.state) == GAME.version(state) + 1
        state = result.state
        played.append(GAME.encode_action(action))
        events.extend(event.to_json() for event in result.events)
        if count % 7 == 0:
            _check_views(state)
            assert GAME.load_state(GAME.dump_state(state)) == state
    else:
        pytest.fail(f"game with seed {seed} did not end in {limit} actions")
    _check_invariants(state)
    _check_views(state)
    return state, played, events


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("policy", ["default", "bot", "random"])
def test_games_end_and_keep_every_invariant(players: int, policy: str) -> None:
    for seed in range(12):
        state, _, _ = play_checked(players, seed * 101 + players, policy)
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert outcome.reason


def _usable(modules: list[str], players: int) -> bool:
    if players < 5 and Module.GHOST.value in modules:
        return False  # [OS-GHOST-0]
    return players > 3 or Module.SPECIAL_IDENTITIES.value not in modules  # [R-OS-02]


@pytest.mark.parametrize("modules", MODULE_SETS, ids=lambda m: "+".join(m) or "base")
@pytest.mark.parametrize("policy", ["default", "bot", "random"])
def test_old_saloon_modules_keep_every_invariant(modules: list[str], policy: str) -> None:
    for players in range(3, 9):
        if not _usable(modules, players):
            continue
        for seed in range(3):
            state, _, _ = play_checked(players, seed * 31 + players, policy, modules=modules)
            assert GAME.outcome(state) is not None


@given(players=st.integers(5, 8), seed=st.integers(0, 2**63 - 1),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
@settings(max_examples=40, deadline=None)
def test_random_play_with_every_module_keeps_invariants(players: int, seed: int,
                                                        picks: list[int]) -> None:
    play_checked(players, seed, "random", picks, modules=ALL_MODULES)


@given(players=st.integers(3, 8), seed=st.integers(0, 2**63 - 1),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
@settings(max_examples=60, deadline=None)
def test_random_play_keeps_invariants(players: int, seed: int, picks: list[int]) -> None:
    play_checked(players, seed, "random", picks)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_same_seed_and_actions_give_same_state_and_events(players: int) -> None:
    state, played, events = play_checked(players, 77, "random", [3, 1, 4, 1, 5, 9, 2, 6])
    replay = GAME.setup({}, players, 77)
    replayed_state = replay.state
    replayed_events = [event.to_json() for event in replay.events]
    for text in played:
        seat = min(GAME.to_act(replayed_state))
        step = GAME.apply(replayed_state, seat, GAME.decode_action(text))
        replayed_state = step.state
        replayed_events.extend(event.to_json() for event in step.events)
    assert GAME.dump_state(replayed_state) == GAME.dump_state(state)
    assert replayed_events == events


def test_different_seeds_deal_differently() -> None:
    deals = {GAME.dump_state(GAME.setup({}, 6, seed).state) for seed in range(20)}
    assert len(deals) == 20


def test_state_json_round_trip_is_exact_mid_game() -> None:
    state, _, _ = play_checked(5, 3, "bot")
    text = GAME.dump_state(state)
    assert GAME.dump_state(GAME.load_state(text)) == text
    assert GAME.load_state(text) == state
