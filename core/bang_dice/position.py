"""Building a dice-game position from a scenario description, and describing a state.

The scenario file format is documented in docs/scenarios.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from core.bang_dice.ids import (
    ARROWS_IN_GAME,
    DIE_FACES,
    IDENTITY_ROLE,
    Character,
    DieKind,
    Face,
    Identity,
    Module,
    Role,
)
from core.bang_dice.setup import first_seat, max_life, parse_options, role_is_public, start
from core.bang_dice.state import DiceState, SeatState
from core.bang_dice.view import make_view
from core.engine.errors import InvalidSetup
from core.engine.protocol import Event
from core.engine.rng import seed_state


class SeatSpec(BaseModel):
    """One seat of a scenario; life and max_life default from the character and role."""

    model_config = ConfigDict(extra="forbid")

    role: Role
    character: Character
    life: int | None = Field(default=None, ge=0)
    max_life: int | None = Field(default=None, ge=1)
    arrows: int = Field(default=0, ge=0)
    alive: bool = True
    role_revealed: bool | None = None
    chief: bool = False
    ghost: bool = False
    token: Face | None = None
    token_double: bool = False
    identity: Identity | None = None
    identity_used: bool = False


class PositionSpec(BaseModel):
    """The position part of a scenario file for bang_dice."""

    model_config = ConfigDict(extra="forbid")

    game: str = "bang_dice"
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    seats: list[SeatSpec] = Field(min_length=3, max_length=8)
    pile: int | None = Field(default=None, ge=0)
    turn: int | None = None
    dice: list[Face] = Field(default_factory=list)
    actions: list[dict[str, Any]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> PositionSpec:
        held = sum(seat.arrows for seat in self.seats)
        if held > ARROWS_IN_GAME:
            raise ValueError(f"seats hold {held} arrows; the game has {ARROWS_IN_GAME}")
        pile = ARROWS_IN_GAME - held if self.pile is None else self.pile
        if pile + held != ARROWS_IN_GAME:
            raise ValueError(f"pile {pile} + held {held} must be {ARROWS_IN_GAME}")
        chief_in_pile = ("chief_arrow" in self.options.get("modules", [])
                         and not any(s.chief for s in self.seats))
        if pile == 0 and not chief_in_pile:
            raise ValueError("the pile cannot start empty (the Indians would already attack)")
        if self.turn is not None and not 0 <= self.turn < len(self.seats):
            raise ValueError(f"turn must be a seat index 0..{len(self.seats) - 1}")
        if self.turn is not None and not (self.seats[self.turn].alive
                                          or self.seats[self.turn].ghost):
            raise ValueError("the seat whose turn it is must be alive (or the Ghost)")
        if sum(1 for s in self.seats if s.alive) < 2:
            raise ValueError("at least two seats must be alive")
        for seat in self.seats:
            if seat.identity is not None and IDENTITY_ROLE[seat.identity] is not seat.role:
                raise ValueError(f"{seat.identity.value} is a {IDENTITY_ROLE[seat.identity]} card")
        cards = [s.identity for s in self.seats if s.identity is not None]
        if len(cards) != len(set(cards)):
            raise ValueError("each special identity exists once")
        if sum(1 for s in self.seats if s.chief) > 1:
            raise ValueError("only one seat can hold the Chief's Arrow")
        if any(s.ghost and s.alive for s in self.seats):
            raise ValueError("the Ghost is an eliminated seat (alive: false)")
        if sum(1 for s in self.seats if s.ghost) > 1:
            raise ValueError("there is at most one Ghost")
        return self


def build_position(spec: Mapping[str, Any]) -> tuple[DiceState, list[Event]]:
    """Return the scenario's starting state and events; raise ValueError or InvalidSetup."""
    parsed = PositionSpec.model_validate(spec)
    players = len(parsed.seats)
    table = parse_options(parsed.options, players)
    if any(s.chief for s in parsed.seats) and not table.has(Module.CHIEF_ARROW):
        raise InvalidSetup("a seat holds the Chief's Arrow but the chief_arrow module is off")
    dice_kinds = [DieKind.BASE]
    if table.has(Module.SALOON_DICE):
        dice_kinds += [DieKind.LOUDMOUTH, DieKind.COWARD]
    possible = {face for kind in dice_kinds for face in DIE_FACES[kind]}
    for face in parsed.dice:
        if face not in possible:
            raise InvalidSetup(f"scripted face {face.value} is on no die of this table")
    if (any(s.identity for s in parsed.seats)
            and not table.has(Module.SPECIAL_IDENTITIES)):
        raise InvalidSetup("special identity cards need the special_identities module")
    if any(s.ghost or s.token for s in parsed.seats) and not table.has(Module.GHOST):
        raise InvalidSetup("Ghost seats and tokens need the ghost module")
    seats = []
    for seat in parsed.seats:
        top = seat.max_life or max_life(seat.character, seat.role, players, seat.identity)
        life = top if seat.life is None else seat.life
        if life > top:
            raise InvalidSetup(f"life {life} is above max_life {top}")
        revealed = seat.role_revealed
        if revealed is None:
            revealed = (role_is_public(seat.role, players) or not seat.alive
                        or seat.identity_used)
        seats.append(SeatState(role=seat.role, character=seat.character,
                               life=life if seat.alive else 0, max_life=top,
                               arrows=seat.arrows if seat.alive else 0, alive=seat.alive,
                               role_revealed=revealed, chief=seat.chief and seat.alive,
                               ghost=seat.ghost, token=seat.token,
                               token_double=seat.token_double, identity=seat.identity,
                               identity_used=seat.identity_used))
    if len({s.character for s in seats}) != players:
        raise InvalidSetup("each character may appear only once")
    pile = ARROWS_IN_GAME - sum(s.arrows for s in seats)
    first = parsed.turn if parsed.turn is not None else first_seat(seats)
    state, out = start(table, seats, seed_state(parsed.seed, "bang_dice"), pile, first,
                       script=list(parsed.dice),
                       first_blood=any(not seat.alive for seat in seats))
    return state, out


def describe(state: DiceState) -> dict[str, Any]:
    """Return every seat's public and private facts, the table and the pending decision."""
    group = make_view(state, None).to_json()
    return {
        "seats": [
            {"seat": i, "role": s.role.value, "role_revealed": s.role_revealed,
             "character": s.character.value, "life": s.life, "max_life": s.max_life,
             "arrows": s.arrows, "chief": s.chief, "alive": s.alive, "ghost": s.ghost,
             "token": s.token.value if s.token else None, "token_double": s.token_double,
             "identity": s.identity.value if s.identity else None,
             "identity_used": s.identity_used}
            for i, s in enumerate(state.seats)
        ],
        "pile": state.pile,
        "chief_in_pile": state.chief_in_pile,
        "turn": state.turn.active,
        "turn_number": state.turn_number,
        "dice": group["dice"],
        "rolls_left": group["rolls_left"],
        "version": state.version,
        "public_view": group,
    }

