"""How seats finished (`standings`): places agree with the outcome and the final state."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.protocol import SupportsStandings
from core.engine.registry import get_game
from core.engine.standings import places


def _played(kind: str, players: int, seed: int) -> tuple[Any, Any]:
    game = get_game(kind)
    state = game.setup({}, players, seed).state
    while seats := game.to_act(state):
        seat = min(seats)
        state = game.apply(state, seat, game.bot_action(state, seat)).state
    return game, state


def test_tied_keys_share_the_best_place_of_their_tie() -> None:
    assert places([(1, 0), (0, 5), (1, 0), (2, 0)]) == [2, 1, 2, 4]
    assert places([]) == []


@pytest.mark.parametrize("kind", ["bang_dice", "bang_cards"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bang_winners_come_first_then_the_living_then_the_dead(kind: str, seed: int) -> None:
    game, state = _played(kind, 5, seed)
    assert isinstance(game, SupportsStandings)
    winners = game.outcome(state).winners
    standings = game.standings(state)
    assert [s.seat for s in standings] == list(range(5))
    assert [s.group for s in standings] == [seat.role.value for seat in state.seats]
    for standing in standings:
        alive = state.seats[standing.seat].alive
        if winners:
            expected = 1 if standing.seat in winners else (
                1 + len(winners) if alive else
                1 + len(winners) + sum(1 for i, s in enumerate(state.seats)
                                       if s.alive and i not in winners))
            assert standing.place == expected


@pytest.mark.parametrize("players", [2, 4])
def test_colt_places_follow_the_scores_and_the_winners_are_first(players: int) -> None:
    game, state = _played("colt_express", players, 5)
    assert isinstance(game, SupportsStandings)
    standings = game.standings(state)
    winners = game.outcome(state).winners
    assert {s.seat for s in standings if s.place == 1} == set(winners)
    assert all(s.group is None for s in standings)
    for a in standings:
        for b in standings:
            if state.scores[a.seat] > state.scores[b.seat]:
                assert a.place < b.place


@pytest.mark.parametrize("kind", ["bang_dice", "bang_cards", "colt_express"])
def test_a_game_still_going_has_no_standings(kind: str) -> None:
    game = get_game(kind)
    state = game.setup({}, 4, 1).state
    assert isinstance(game, SupportsStandings)
    with pytest.raises(ValueError, match="not over"):
        game.standings(state)
