"""Dealing a new dice game, or building a position for a scenario."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bang_dice import events as ev
from core.bang_dice.flow import Events, advance
from core.bang_dice.ids import (
    ARROWS_IN_GAME,
    CHARACTER_LIFE,
    ROLES_BY_COUNT,
    Character,
    Role,
)
from core.bang_dice.state import DiceOptions, DiceState, SeatState, StartTurn, TurnState
from core.engine.errors import InvalidSetup
from core.engine.rng import seed_state, shuffled

KNOWN_OPTIONS = {"modules"}
AVAILABLE_MODULES: frozenset[str] = frozenset()


def parse_options(options: Mapping[str, Any]) -> DiceOptions:
    """Return table options; raise InvalidSetup for unknown keys or modules."""
    unknown = set(options) - KNOWN_OPTIONS
    if unknown:
        raise InvalidSetup(f"unknown options: {', '.join(sorted(unknown))}")
    modules = options.get("modules", [])
    if not isinstance(modules, list | tuple) or not all(isinstance(m, str) for m in modules):
        raise InvalidSetup("modules must be a list of module ids")
    missing = set(modules) - AVAILABLE_MODULES
    if missing:
        raise InvalidSetup(f"modules not available: {', '.join(sorted(missing))}")
    return DiceOptions(modules=tuple(sorted(set(modules))))


def max_life(character: Character, role: Role, players: int) -> int:
    """Return a seat's maximum life: printed life, +2 for the Sheriff [BD-SETUP-5]."""
    bonus = 2 if role is Role.SHERIFF and players > 3 else 0
    return CHARACTER_LIFE[character] + bonus


def role_is_public(role: Role, players: int) -> bool:
    """Return True for identities dealt face up: the Sheriff, every role with 3 players."""
    return role is Role.SHERIFF or players == 3  # [BD-SETUP-2, BD-3P-1]


def first_seat(seats: list[SeatState]) -> int:
    """Return who starts: the Sheriff, or the Deputy with 3 players [BD-SETUP-6, BD-3P-4]."""
    starter = Role.DEPUTY if len(seats) == 3 else Role.SHERIFF
    return next(i for i, seat in enumerate(seats) if seat.role is starter)


def deal(options: Mapping[str, Any], players: int, seed: int) -> tuple[DiceState, Events]:
    """Return a freshly dealt game, advanced to the first decision, and its events."""
    if not isinstance(players, int) or not 3 <= players <= 8:
        raise InvalidSetup("BANG! The Dice Game needs 3 to 8 players")
    table = parse_options(options)
    rng = seed_state(seed, "bang_dice")
    rng, roles = shuffled(rng, ROLES_BY_COUNT[players])
    rng, characters = shuffled(rng, list(Character))
    seats = [
        SeatState(role=role, character=character, life=max_life(character, role, players),
                  max_life=max_life(character, role, players),
                  role_revealed=role_is_public(role, players))
        for role, character in zip(roles, characters, strict=False)
    ]
    return start(table, seats, rng, ARROWS_IN_GAME, first_seat(seats))


def start(table: DiceOptions, seats: list[SeatState], rng: int, pile: int,
          first: int, script: list[Any] | None = None) -> tuple[DiceState, Events]:
    """Return a game at the start of `first`'s turn, advanced to its first decision."""
    state = DiceState(options=table, seats=seats, turn=TurnState(active=first), pile=pile,
                      rng=rng, agenda=[StartTurn()], script=list(script or []))
    out: Events = [
        ev.RoleDealt(seat=index, role=seat.role.value,
                     audience=None if seat.role_revealed else frozenset({index}))
        for index, seat in enumerate(seats)
    ]
    advance(state, out)
    return state, out
