"""What the active player's dice show: symbol counts [BD-GEN-4] and dynamite [BD-DYN-1]."""

from __future__ import annotations

from core.bang_dice.ids import Face
from core.bang_dice.state import DiceState


def dynamite_count(state: DiceState) -> int:
    """Return how many dice show dynamite now [BD-DYN-1]."""
    return sum(1 for die in state.turn.dice if die.face is Face.DYNAMITE)


def count_symbols(state: DiceState, table: dict[Face, int]) -> int:
    """Return how many symbols of one kind the dice show [BD-GEN-4]."""
    total = 0
    for die in state.turn.dice:
        if die.face in table:
            total += table[die.face]
    return total
