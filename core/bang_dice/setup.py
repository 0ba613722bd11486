"""Dealing a new dice game, or building a position for a scenario."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bang_dice import events as ev
from core.bang_dice.agenda import Events
from core.bang_dice.flow import advance
from core.bang_dice.identities import deal_identities
from core.bang_dice.ids import (
    ARROWS_IN_GAME,
    BASE_CHARACTERS,
    CHARACTER_LIFE,
    ROLES_BY_COUNT,
    SALOON_CHARACTER_NEEDS,
    Character,
    Identity,
    Module,
    Role,
)
from core.bang_dice.state import DiceOptions, DiceState, SeatState, StartTurn, TurnState
from core.engine.errors import InvalidSetup
from core.engine.rng import seed_state, shuffled

KNOWN_OPTIONS = {"modules", "identity_mode"}
AVAILABLE_MODULES: frozenset[Module] = frozenset(Module)
IDENTITY_MODES = ("special_only", "mixed")
# The reasons a table's player count refuses its options: the front end matches on them
# to tell players, in words of its own, what to change.
GHOST_NEEDS_FIVE = "the ghost module needs 5 or more players"  # [OS-GHOST-0]
IDENTITIES_NEED_FOUR = "special identities are not used with 3 players"  # [R-OS-02]


def parse_options(options: Mapping[str, Any], players: int) -> DiceOptions:
    """Return table options; raise InvalidSetup for unknown keys, modules or combinations."""
    unknown = set(options) - KNOWN_OPTIONS
    if unknown:
        raise InvalidSetup(f"unknown options: {', '.join(sorted(unknown))}")
    modules = options.get("modules", [])
    if not isinstance(modules, list | tuple) or not all(isinstance(m, str) for m in modules):
        raise InvalidSetup("modules must be a list of module ids")
    unknown_modules = set(modules) - {m.value for m in Module}
    if unknown_modules:
        raise InvalidSetup(f"unknown modules: {', '.join(sorted(unknown_modules))}; "
                           f"known: {', '.join(m.value for m in Module)}")
    chosen = {Module(m) for m in modules}
    missing = chosen - AVAILABLE_MODULES
    if missing:
        raise InvalidSetup(f"modules not available yet: {', '.join(sorted(missing))}")
    if Module.GHOST in chosen and players < 5:
        raise InvalidSetup(GHOST_NEEDS_FIVE)
    if Module.SPECIAL_IDENTITIES in chosen and players == 3:
        raise InvalidSetup(IDENTITIES_NEED_FOUR)
    mode = options.get("identity_mode", "special_only")
    if mode not in IDENTITY_MODES:
        raise InvalidSetup(f"identity_mode must be one of: {', '.join(IDENTITY_MODES)}")
    return DiceOptions(modules=tuple(m for m in Module if m in chosen), identity_mode=mode)


def character_pool(table: DiceOptions) -> list[Character]:
    """Return the characters that may be dealt with these modules [BD-SETUP-3, OS-CHAR-0]."""
    pool = list(BASE_CHARACTERS)
    if table.has(Module.NEW_CHARACTERS):
        pool.extend(c for c, needs in SALOON_CHARACTER_NEEDS.items()
                    if all(table.has(module) for module in needs))
    return pool


def max_life(character: Character, role: Role, players: int,
             identity: Identity | None = None) -> int:
    """Return a seat's maximum life: printed life, +2 for the Sheriff (+3 for The Bear)
    [BD-SETUP-5, OS-ROLE-BEAR-1]."""
    bonus = 0
    if role is Role.SHERIFF and players > 3:
        bonus = 3 if identity is Identity.THE_BEAR else 2
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
    table = parse_options(options, players)
    rng = seed_state(seed, "bang_dice")
    rng, roles = shuffled(rng, ROLES_BY_COUNT[players])
    rng, characters = shuffled(rng, character_pool(table))
    cards: list[Identity | None] = [None] * players
    if table.has(Module.SPECIAL_IDENTITIES):
        rng, cards = deal_identities(rng, list(roles), table.identity_mode)
    seats = []
    for role, character, card in zip(roles, characters, cards, strict=False):
        top = max_life(character, role, players, card)
        seats.append(SeatState(role=role, character=character, life=top, max_life=top,
                               role_revealed=role_is_public(role, players), identity=card))
    return start(table, seats, rng, ARROWS_IN_GAME, first_seat(seats))


def start(table: DiceOptions, seats: list[SeatState], rng: int, pile: int,
          first: int, script: list[Any] | None = None,
          first_blood: bool = False) -> tuple[DiceState, Events]:
    """Return a game at the start of `first`'s turn, advanced to its first decision."""
    chief_held = any(seat.chief for seat in seats)
    state = DiceState(options=table, seats=seats, turn=TurnState(active=first), pile=pile,
                      rng=rng, agenda=[StartTurn()], script=list(script or []),
                      chief_in_pile=table.has(Module.CHIEF_ARROW) and not chief_held,
                      first_blood=first_blood)
    out: Events = [
        ev.RoleDealt(seat=index, role=seat.role.value,
                     identity=seat.identity.value if seat.identity else None,
                     audience=None if seat.role_revealed else frozenset({index}))
        for index, seat in enumerate(seats)
    ]
    advance(state, out)
    return state, out
