"""Seats and distance on the circle of living players."""

from __future__ import annotations

from core.bang_dice.ids import Character
from core.bang_dice.state import DiceState


def living(state: DiceState) -> list[int]:
    """Return the living seats in seat order."""
    return [index for index, seat in enumerate(state.seats) if seat.alive]


def clockwise_from(state: DiceState, start: int) -> list[int]:
    """Return the living seats clockwise starting at `start` (included if alive)."""
    count = len(state.seats)
    order = [(start + step) % count for step in range(count)]
    return [index for index in order if state.seats[index].alive]


def next_turn_seat(state: DiceState, seat: int) -> int:
    """Return who plays next: the next seat clockwise that is alive or the Ghost [BD-TURN-9]."""
    count = len(state.seats)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if state.seats[candidate].alive or state.seats[candidate].ghost:
            return candidate
    return seat


def distance(state: DiceState, origin: int, other: int) -> int:
    """Return the distance between two living seats: the shorter way round [R-BD-08]."""
    circle = living(state)
    steps = (circle.index(other) - circle.index(origin)) % len(circle)
    return min(steps, len(circle) - steps)


def seat_of(state: DiceState, character: Character) -> int | None:
    """Return the living seat playing `character`, or None."""
    for index, seat in enumerate(state.seats):
        if seat.alive and seat.character is character:
            return index
    return None
