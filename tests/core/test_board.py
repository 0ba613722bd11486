"""Distance and reach on the circle of living players [BD-DIST-1, BD-HIT-1/2, R-BD-08]."""

from __future__ import annotations

import pytest

from core.bang_dice.board import distance, living
from core.bang_dice.ids import Character
from core.bang_dice.reach import hit_targets
from core.engine.registry import get_game

GAME = get_game("bang_dice")


def _reach(character: Character, symbol: int, alive: int) -> set[int]:
    if alive <= 3:
        symbol = 1
    if character is Character.CALAMITY_JANET:
        return {1, 2}
    if character is Character.ROSE_DOOLAN:
        return {symbol, symbol + 1}
    return {symbol}


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("character", [Character.ROSE_DOOLAN, Character.CALAMITY_JANET,
                                       Character.SID_KETCHUM])
def test_targets_are_the_living_seats_at_a_reachable_distance(players: int,
                                                              character: Character) -> None:
    for dead_mask in range(1 << players):
        state = GAME.setup({}, players, 3).state
        for seat in range(players):
            state.seats[seat].alive = not dead_mask & (1 << seat)
        circle = living(state)
        if len(circle) < 2:
            continue
        shooter = circle[0]
        state.seats[shooter].character = character
        for symbol in (1, 2):
            expected = [t for t in circle if t != shooter
                        and distance(state, shooter, t) in _reach(character, symbol, len(circle))]
            assert hit_targets(state, shooter, symbol) == expected


def test_distance_is_the_shorter_way_round_skipping_the_dead() -> None:
    state = GAME.setup({}, 6, 1).state
    assert [distance(state, 0, t) for t in range(1, 6)] == [1, 2, 3, 2, 1]
    state.seats[1].alive = False
    assert [distance(state, 0, t) for t in range(2, 6)] == [1, 2, 2, 1]
