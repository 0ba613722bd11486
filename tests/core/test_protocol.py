"""The engine protocol's shared checks, errors and the dice action codec."""

from __future__ import annotations

import pytest

from core.bang_dice.actions import Amount, DiscardArrow, Reroll, Skip, Stop, Target
from core.engine import (
    GameOver,
    IllegalAction,
    InvalidSetup,
    MalformedAction,
    NotYourTurn,
    StaleVersion,
    apply_checked,
)
from core.engine.registry import game_ids, get_game
from core.engine.rng import next_below, seed_state, shuffled

GAME = get_game("bang_dice")


def test_registry_lists_the_dice_game_and_refuses_unknown_ids() -> None:
    assert "bang_dice" in game_ids()
    with pytest.raises(InvalidSetup):
        get_game("chess")


@pytest.mark.parametrize("action", [
    Stop(), Skip(), Reroll(frozenset({0})), Reroll(frozenset({0, 2, 4})), Target(3),
    Target(7, doubled=True), DiscardArrow(5), Amount(0), Amount(12),
])
def test_codec_round_trips(action: object) -> None:
    text = GAME.encode_action(action)
    assert len(text.encode()) <= 8
    assert GAME.decode_action(text) == action


@pytest.mark.parametrize("text", ["", "q", "r", "r00", "r10", "t", "t12", "tx", "k", "n", "n123",
                                  "s ", "S", "t3dd", "r0123456", "\u00e9", "x1"])
def test_malformed_action_texts_are_refused(text: str) -> None:
    with pytest.raises(MalformedAction):
        GAME.decode_action(text)


@pytest.mark.parametrize("players", [0, 2, 9, 100])
def test_setup_refuses_bad_player_counts(players: int) -> None:
    with pytest.raises(InvalidSetup):
        GAME.setup({}, players, 1)


def test_setup_refuses_unknown_options() -> None:
    with pytest.raises(InvalidSetup):
        GAME.setup({"speed": "fast"}, 4, 1)
    with pytest.raises(InvalidSetup):
        GAME.setup({"modules": "ghost"}, 4, 1)


def test_apply_checked_refuses_stale_wrong_seat_illegal_and_malformed() -> None:
    state = GAME.setup({}, 5, 11).state
    (seat,) = GAME.to_act(state)
    other = (seat + 1) % 5
    with pytest.raises(StaleVersion):
        apply_checked(GAME, state, seat, "s", expected_version=3)
    with pytest.raises(NotYourTurn):
        apply_checked(GAME, state, other, "s", expected_version=0)
    with pytest.raises(MalformedAction):
        apply_checked(GAME, state, seat, "zz", expected_version=0)
    with pytest.raises(IllegalAction):
        apply_checked(GAME, state, seat, "t0", expected_version=0)
    step = apply_checked(GAME, state, seat, "s", expected_version=0)
    assert GAME.version(step.state) == 1


def test_finished_game_refuses_every_action() -> None:
    state = GAME.setup({}, 4, 5).state
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.default_action(state, seat)).state
    with pytest.raises(GameOver):
        GAME.apply(state, 0, Stop())
    with pytest.raises(NotYourTurn):
        GAME.default_action(state, 0)
    assert GAME.legal_actions(state, 0) == []


def test_rng_is_deterministic_and_covers_its_range() -> None:
    state = seed_state(42, "dice")
    assert state == seed_state(42, "dice")
    assert state != seed_state(42, "cards")
    seen = set()
    for _ in range(600):
        state, value = next_below(state, 6)
        seen.add(value)
    assert seen == set(range(6))
    _, order = shuffled(seed_state(1), list(range(10)))
    assert sorted(order) == list(range(10))
    assert order != list(range(10))


def test_events_know_their_audience() -> None:
    step = GAME.setup({}, 5, 2)
    private = [e for e in step.events if e.kind == "role_dealt" and e.audience is not None]
    assert len(private) == 4
    for event in private:
        (owner,) = event.audience
        assert event.visible_to(owner)
        assert not event.visible_to(None)
        assert not event.visible_to((owner + 1) % 5)
