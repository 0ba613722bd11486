"""What each audience may see of a dice game: the group sees public facts only [BD-INFO]."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.bang_dice.state import DiceState
from core.engine.protocol import Outcome
from core.engine.records import plain


@dataclass(frozen=True)
class SeatView:
    seat: int
    character: str
    life: int
    max_life: int
    arrows: int
    alive: bool
    role: str | None
    chief: bool
    ghost: bool
    token: str | None
    token_double: bool
    identity: str | None


@dataclass(frozen=True)
class DieView:
    kind: str
    face: str | None


@dataclass(frozen=True)
class DiceView:
    """A table as one audience sees it; `role` is the viewer's own identity (None for the group)."""

    viewer: int | None
    role: str | None
    seats: tuple[SeatView, ...]
    pile: int
    chief_in_pile: bool
    active: int
    turn_number: int
    dice: tuple[DieView, ...]
    rolls_left: int
    to_act: tuple[int, ...]
    decision: str | None
    window: str | None
    symbol: int
    limit: int
    outcome: Outcome | None
    version: int

    def to_json(self) -> dict[str, Any]:
        """Return the view as a JSON-ready dict."""
        data: dict[str, Any] = plain(self)
        data["outcome"] = None if self.outcome is None else self.outcome.to_json()
        return data


def make_view(state: DiceState, viewer: int | None) -> DiceView:
    """Return the view of `viewer` (None = the group)."""
    seats = tuple(
        SeatView(
            seat=index,
            character=seat.character.value,
            life=seat.life,
            max_life=seat.max_life,
            arrows=seat.arrows,
            alive=seat.alive,
            role=seat.role.value if seat.role_revealed or index == viewer else None,
            chief=seat.chief,
            ghost=seat.ghost,
            token=seat.token.value if seat.token else None,
            token_double=seat.token_double,
            identity=(seat.identity.value if seat.identity
                      and (seat.role_revealed or index == viewer) else None),
        )
        for index, seat in enumerate(state.seats)
    )
    frame = state.pending
    turn = state.turn
    owed: tuple[int, ...] = frame.owed_by if frame is not None else ()
    if frame is not None and frame.window is not None:
        # Who still owes a window answer is never shown: a holder's early pass would show.
        owed = (viewer,) if viewer in owed else ()
    return DiceView(
        viewer=viewer,
        role=state.seats[viewer].role.value if viewer is not None else None,
        seats=seats,
        pile=state.pile,
        chief_in_pile=state.chief_in_pile,
        active=turn.active,
        turn_number=state.turn_number,
        dice=tuple(DieView(die.kind.value, die.face.value if die.face else None)
                   for die in turn.dice),
        rolls_left=max(0, turn.max_rolls - turn.rolls),
        to_act=owed,
        decision=frame.decision.value if frame is not None else None,
        window=frame.window.value if frame is not None and frame.window else None,
        symbol=frame.symbol if frame is not None else 0,
        limit=frame.limit if frame is not None else 0,
        outcome=state.outcome,
        version=state.version,
    )
