"""Dealing a new card game [BC-SETUP]."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events
from core.bang_cards.cards import CARDS
from core.bang_cards.gold_rush.supply import open_shop
from core.bang_cards.ids import (
    BASE_CHARACTERS,
    GOLD_RUSH_CHARACTERS,
    PRINTED_LIFE,
    ROLES_BY_COUNT,
    AnyCharacter,
    Role,
)
from core.bang_cards.state import CardsOptions, CardsState, Seat, StartTurn, Turn
from core.engine.errors import InvalidSetup
from core.engine.rng import seed_state, shuffled

KNOWN_OPTIONS: frozenset[str] = frozenset({"expansions", "gold_rush", "shadow_gunslingers"})
AVAILABLE_EXPANSIONS: frozenset[str] = frozenset()
SWITCHES = ("gold_rush", "shadow_gunslingers")  # [GR-SETUP-1, GR-SHADOW-1] off by default


def parse_options(options: Mapping[str, Any], players: int) -> CardsOptions:
    """Return table options; raise InvalidSetup for unknown keys or a bad player count."""
    if not isinstance(options, Mapping):
        raise InvalidSetup("options must be a mapping")
    unknown = set(options) - KNOWN_OPTIONS
    if unknown:
        raise InvalidSetup(f"unknown options: {', '.join(sorted(unknown))}")
    expansions = options.get("expansions", [])
    if not isinstance(expansions, list | tuple) or set(expansions) - AVAILABLE_EXPANSIONS:
        raise InvalidSetup("no expansion of the card game is available yet")
    for name in SWITCHES:
        if not isinstance(options.get(name, False), bool):
            raise InvalidSetup(f"option {name} must be true or false")
    if players not in ROLES_BY_COUNT:
        raise InvalidSetup("the card game takes 3 to 8 players")  # [BC-ROLE-2]
    return CardsOptions(tuple(expansions), bool(options.get("gold_rush", False)),
                        bool(options.get("shadow_gunslingers", False)))


def option_sets(players: int) -> list[dict[str, Any]]:
    """Return the four combinations of the two switches, for the conformance suite."""
    return [{"gold_rush": gold, "shadow_gunslingers": shadow}
            for gold in (False, True) for shadow in (False, True)]


def deal(options: Mapping[str, Any], players: int, seed: int) -> tuple[CardsState, Events]:
    """Return a dealt game (not yet advanced) and the dealing events."""
    table_options = parse_options(options, players)
    rng = seed_state(seed, "bang_cards")
    rng, roles = shuffled(rng, ROLES_BY_COUNT[players])  # [BC-SETUP-1]
    pool: tuple[AnyCharacter, ...] = BASE_CHARACTERS
    if table_options.gold_rush:
        pool += GOLD_RUSH_CHARACTERS  # [R-GR-01] one pool of 24
    rng, characters = shuffled(rng, pool)  # [BC-SETUP-2, R-BC-02]
    rng, deck = shuffled(rng, [card.id for card in CARDS])  # [BC-SETUP-4]
    out: Events = []
    seats = []
    three = players == 3
    for index in range(players):
        role = roles[index]
        life = PRINTED_LIFE[characters[index]] + (1 if role is Role.SHERIFF else 0)
        public = three or role is Role.SHERIFF  # [BC-SETUP-1, BC-3P-1]
        seats.append(Seat(role, characters[index], life, life, role_revealed=public))
        out.append(ev.RoleDealt(seat=index, role=role.value,
                                audience=None if public else frozenset({index})))
        out.append(ev.CharacterDealt(seat=index, character=characters[index].value, life=life))
    for index, seat in enumerate(seats):
        seat.hand = [deck.pop() for _ in range(min(seat.life, len(deck)))]  # [BC-SETUP-4]
        out.append(ev.CardsDrawn(seat=index, count=len(seat.hand)))
        out.append(ev.CardsDrawn(seat=index, count=len(seat.hand), cards=tuple(seat.hand),
                                 audience=frozenset({index})))
    first = roles.index(Role.DEPUTY if three else Role.SHERIFF)  # [BC-SETUP-5, BC-3P-1]
    state = CardsState(table_options, seats, Turn(first), deck, [], rng,
                       agenda=[StartTurn()])
    if table_options.gold_rush:
        open_shop(state, out)
    return state, out
