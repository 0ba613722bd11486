"""Whom a hit symbol may reach on the circle of living players [BD-HIT-1, BD-HIT-2]."""

from __future__ import annotations

from core.bang_dice.characters import ability_of
from core.bang_dice.state import DiceState


def hit_targets(state: DiceState, shooter: int, symbol: int) -> list[int]:
    """Return the seats a "1" or "2" symbol of the shooter may hit [BD-HIT-1, BD-HIT-2]."""
    circle = [index for index, seat in enumerate(state.seats) if seat.alive]
    size = len(circle)
    if shooter not in circle:
        return []
    if size <= 3:
        symbol = 1  # [BD-HIT-2] a "2" acts as a "1" with 2-3 players alive
    reach = ability_of(state.seats[shooter].character).reach(symbol)
    origin = circle.index(shooter)
    # A seat `steps` clockwise is at distance min(steps, size - steps) [R-BD-08].
    allowed = {step for r in reach if 0 < r <= size // 2 for step in (r, size - r)}
    return [seat for position, seat in enumerate(circle)
            if (position - origin) % size in allowed]
