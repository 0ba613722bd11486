"""Invariants every Colt Express game must keep (issue #7 acceptance).

Whole games over players 2..6, characters on/off, expert on/off and the default, bot and
seeded-random policies, checked after EVERY action: the game ends after 5 rounds, loot and
cards are conserved, states and actions round-trip, errors are the typed ones, and no view
or public event shows a hand, an unrevealed face-down card or another bandit's purse value.
The checks themselves are in tests/core/colt_conformance_helpers.py.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.colt_express.actions import ColtAction, Play
from core.colt_express.game import ColtExpress
from core.colt_express.ids import (
    TUNNEL,
    CardKind,
    Decision,
)
from core.colt_express.scheme import symbol
from core.colt_express.state import ColtState
from core.engine.errors import MalformedAction
from core.engine.protocol import Event
from core.engine.registry import get_game
from tests.core.colt_conformance_helpers import (
    ALL_ACTIONS,
    GAME,
    GARBAGE,
    GRID,
    _check_finished,
    _grid_id,
    _view_text,
    play_checked,
)

# --- tests ------------------------------------------------------------------------------------


def test_registered() -> None:
    assert isinstance(get_game("colt_express"), ColtExpress)


POLICIES = ["default", "bot", "random"]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("grid", GRID, ids=_grid_id)
def test_games_end_after_five_rounds_and_keep_every_invariant(
        grid: tuple[int, dict[str, bool]], policy: str) -> None:
    players, options = grid
    # one game per combination, each with its own seed (the hypothesis test adds more)
    seed = 1000 * players + 100 * options["characters"] + 10 * options["expert"]
    state, _, events = play_checked(players, seed + POLICIES.index(policy), policy, options)
    _check_finished(state, events)


@given(players=st.integers(2, 6), seed=st.integers(0, 2**63 - 1),
       characters=st.booleans(), expert=st.booleans(),
       policy=st.sampled_from(POLICIES))
@settings(max_examples=8, deadline=None)
def test_any_seed_keeps_every_invariant(players: int, seed: int, characters: bool,
                                        expert: bool, policy: str) -> None:
    state, _, events = play_checked(players, seed, policy,
                                    {"characters": characters, "expert": expert})
    _check_finished(state, events)


@pytest.mark.parametrize("team", ["a00", "a01", "a10", "a11"])
def test_two_player_team_deck_has_eleven_cards(team: str) -> None:
    """One card of each action per bandit, plus one Marshal card [CE-2P-2, R-CE-14]."""
    state = GAME.setup({}, 2, 3).state
    state = GAME.apply(state, 0, GAME.decode_action(team)).state
    state = GAME.apply(state, 1, GAME.decode_action("a00")).state
    for seat, player in enumerate(state.seats):
        cards = [*player.deck, *player.hand, *player.discard,
                 *(p.card for p in state.pile if p.seat == seat)]
        kinds = Counter((int(c[0]), c[1]) for c in cards if c[1] != "b")
        marshal_of = player.bandits[int((team if seat == 0 else "a00")[1])]
        assert len(cards) == 11
        assert kinds == Counter({(b, k): 1 for b in player.bandits for k in "mcfrp"}
                                | {(marshal_of, CardKind.MARSHAL): 1})


def test_every_action_text_round_trips() -> None:
    assert len(set(ALL_ACTIONS)) == len(ALL_ACTIONS)
    for text in ALL_ACTIONS:
        assert GAME.encode_action(GAME.decode_action(text)) == text
        assert len(text) <= 4


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_is_malformed(text: str) -> None:
    with pytest.raises(MalformedAction):
        GAME.decode_action(text)


@given(text=st.text(max_size=6))
@settings(max_examples=150, deadline=None)
def test_decode_accepts_exactly_the_action_texts(text: str) -> None:
    if text in ALL_ACTIONS:
        assert GAME.encode_action(GAME.decode_action(text)) == text
    else:
        with pytest.raises(MalformedAction):
            GAME.decode_action(text)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_same_seed_and_actions_give_same_state_and_events(players: int) -> None:
    state, played, events = play_checked(players, 77, "random", {"characters": True})
    replay = GAME.setup({"characters": True}, players, 77)
    again = replay.state
    again_events = [e.to_json() for e in replay.events]
    for text in played:
        step = GAME.apply(again, min(GAME.to_act(again)), GAME.decode_action(text))
        again = step.state
        again_events.extend(e.to_json() for e in step.events)
    assert GAME.dump_state(again) == GAME.dump_state(state)
    assert again_events == events


def test_different_seeds_deal_differently() -> None:
    deals = {GAME.dump_state(GAME.setup({}, 4, seed).state) for seed in range(20)}
    assert len(deals) == 20


# --- face-down plays --------------------------------------------------------------------------


def _tunnel_choices(players: int, seed: int, options: dict[str, Any]
                    ) -> Iterator[tuple[ColtState, int, list[ColtAction]]]:
    """Yield (state, seat, plays) at tunnel turns where the seat may play two or more
    different cards of one bandit face down."""
    state = GAME.setup(options, players, seed).state
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        frame = state.pending
        if frame is not None and frame.decision == Decision.SCHEME and symbol(state) == TUNNEL:
            plays = [a for a in GAME.legal_actions(state, seat)
                     if isinstance(a, Play) and not a.hidden]
            by_bandit: dict[int, list[ColtAction]] = {}
            for play in plays:
                by_bandit.setdefault(play.bandit, []).append(play)
            same = max(by_bandit.values(), key=len, default=[])
            if len(same) >= 2:
                yield state, seat, same
        state = GAME.apply(state, seat, GAME.bot_action(state, seat)).state


def _public(events: tuple[Event, ...]) -> str:
    return json.dumps([e.to_json() for e in events if e.visible_to(None)], sort_keys=True)


@pytest.mark.parametrize("players", range(2, 7))
def test_which_card_goes_face_down_is_invisible_to_others(players: int) -> None:
    checked = 0
    for seed in range(3):
        for state, seat, plays in _tunnel_choices(players, seed, {"characters": True}):
            steps = [GAME.apply(state, seat, play) for play in plays]
            first = steps[0]
            for other in steps[1:]:
                assert _public(other.events) == _public(first.events)
                assert _view_text(other.state, None) == _view_text(first.state, None)
                for watcher in range(players):
                    if watcher != seat:
                        assert GAME.view(other.state, watcher) == GAME.view(first.state, watcher)
                assert GAME.view(other.state, seat) != GAME.view(first.state, seat)
            # the card only shows once it resolves [CE-STEAL-1]
            index = len(first.state.pile) - 1
            assert GAME.view(first.state, None).pile[index].card is None
            assert GAME.view(first.state, seat).pile[index].card == first.state.pile[index].card
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("players", [2, 4, 5])
def test_face_down_card_shows_when_it_resolves(players: int) -> None:
    state, seat, plays = next(_tunnel_choices(players, 5, {}))
    state = GAME.apply(state, seat, plays[-1]).state
    index = len(state.pile) - 1
    card = state.pile[index].card
    for _ in range(200):
        assert GAME.view(state, None).pile[index].card is None
        owed = min(GAME.to_act(state))
        step = GAME.apply(state, owed, GAME.default_action(state, owed))
        state = step.state
        shown = [e.to_json() for e in step.events
                 if e.kind == "card_resolved" and e.visible_to(None)]
        if any(e["index"] == index for e in shown):
            assert [e["card"] for e in shown if e["index"] == index] == [card]
            if state.resolving > index and len(state.pile) > index:
                assert GAME.view(state, None).pile[index].card == card
            return
    pytest.fail("the face-down card never resolved")
