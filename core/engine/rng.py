"""Seeded, derived randomness kept inside the game state.

The generator state is one 64-bit integer stored in the game state; every draw
returns the next generator state with the value, so `apply` stays pure and a game
replays exactly from its seed and actions. The mixer is SplitMix64.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_state(seed: int, label: str = "") -> int:
    """Return a generator state derived from a game seed and a purpose label."""
    z = seed & _MASK
    for char in label:
        z = _mix((z + ord(char) * _GOLDEN) & _MASK)
    return _mix((z + _GOLDEN) & _MASK)


def next_below(state: int, bound: int) -> tuple[int, int]:
    """Return (new state, a value in range(bound)); bound must be positive."""
    state = (state + _GOLDEN) & _MASK
    return state, (_mix(state) * bound) >> 64


def shuffled(state: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """Return (new state, a shuffled copy of items) by Fisher-Yates."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        state, j = next_below(state, i + 1)
        result[i], result[j] = result[j], result[i]
    return state, result
