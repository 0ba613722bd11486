"""The card game's pending decisions: one frozen record per decision (the BC-DEC table).

`Frame` is their tagged union; the tag is `decision`, so a stored frame says which record
it is. A decision is owed by `seat`, except a volley (Gatling, Indians!), owed by every
seat in `waiting` at once. The cards to choose from (a "draw!", the General Store, Kit
Carlson's three) are on the state's `table`.

Games stored before the union kept one record with every field (`source`, `card`, `need`,
`other`, `purpose`, `waiting`, `hits`, mostly unset); `read_frame` keeps only the fields
of the decision's own record, so those games load unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from core.bang_cards.ids import Decision, Purpose


@dataclass(frozen=True)
class Ask:
    """What every decision has: the seat that owes it."""

    seat: int

    @property
    def owed_by(self) -> tuple[int, ...]:
        """Return the seats that owe an answer now."""
        return (self.seat,)


@dataclass(frozen=True)
class AskDrawSource(Ask):
    """Where Jesse Jones or Pedro Ramirez draws his first card from (BC-DEC-1/2)."""

    decision: Literal[Decision.DRAW_SOURCE] = Decision.DRAW_SOURCE


@dataclass(frozen=True)
class AskKitReturn(Ask):
    """Which of the three cards on the table Kit Carlson puts back (BC-DEC-3)."""

    decision: Literal[Decision.KIT_RETURN] = Decision.KIT_RETURN


@dataclass(frozen=True)
class AskPlay(Ask):
    """The active player's next play of phase 2, or its end (BC-DEC-4)."""

    decision: Literal[Decision.PLAY] = Decision.PLAY


@dataclass(frozen=True)
class AskStorePick(Ask):
    """Which General Store card the seat takes (BC-DEC-5)."""

    decision: Literal[Decision.STORE_PICK] = Decision.STORE_PICK


@dataclass(frozen=True)
class AskDodge(Ask):
    """A Missed! against `card`, played by `source`; `need` more cancel it (BC-DEC-6)."""

    source: int
    card: str
    need: int
    decision: Literal[Decision.DODGE] = Decision.DODGE


@dataclass(frozen=True)
class AskDuel(Ask):
    """A BANG! to stay in the Duel `card` that `source` played against `other` (BC-DEC-7)."""

    source: int
    card: str
    other: int
    decision: Literal[Decision.DUEL] = Decision.DUEL


@dataclass(frozen=True)
class AskVolley(Ask):
    """Every seat of `waiting` answers `source`'s Gatling or Indians! `card` at once;
    `hits` already take the loss (BC-DEC-6/8). `seat` is the one who played it."""

    source: int
    card: str
    waiting: tuple[int, ...] = ()
    hits: tuple[int, ...] = ()
    decision: Literal[Decision.VOLLEY] = Decision.VOLLEY

    @property
    def owed_by(self) -> tuple[int, ...]:
        """Return the seats that still owe an answer."""
        return self.waiting


@dataclass(frozen=True)
class AskSave(Ask):
    """A dying seat's Beer (or other save), hurt by `source` (None: no one) (BC-DEC-9)."""

    source: int | None = None
    decision: Literal[Decision.SAVE] = Decision.SAVE


@dataclass(frozen=True)
class AskLuckyPick(Ask):
    """Which of his two cards is Lucky Duke's "draw!" for `purpose` (BC-DEC-10)."""

    purpose: Purpose = Purpose.BARREL
    decision: Literal[Decision.LUCKY_PICK] = Decision.LUCKY_PICK


@dataclass(frozen=True)
class AskDiscard(Ask):
    """One card to discard down to the hand limit in phase 3 (BC-DEC-11)."""

    decision: Literal[Decision.DISCARD] = Decision.DISCARD


@dataclass(frozen=True)
class AskDutchDiscard(Ask):
    """Gold Rush: which card drawn in phase 1 Dutch Will drops (GR-DEC-7)."""

    decision: Literal[Decision.DUTCH_DISCARD] = Decision.DUTCH_DISCARD


@dataclass(frozen=True)
class AskGearUse(Ask):
    """Gold Rush: how the card Josh McCloud drew is used (GR-DEC-2/3/4)."""

    decision: Literal[Decision.GEAR_USE] = Decision.GEAR_USE


FRAME_TYPES: tuple[type[Ask], ...] = (
    AskDrawSource, AskKitReturn, AskPlay, AskStorePick, AskDodge, AskDuel, AskVolley,
    AskSave, AskLuckyPick, AskDiscard, AskDutchDiscard, AskGearUse)
_FIELDS: dict[str, frozenset[str]] = {
    str(t.__dataclass_fields__["decision"].default): frozenset(f.name for f in fields(t))
    for t in FRAME_TYPES
}


def read_frame(data: Any) -> Any:
    """Return a stored frame with only its decision's fields (the one-record frames of
    older games carry every field); anything else is returned as it is, to be validated."""
    if isinstance(data, dict) and data.get("decision") in _FIELDS:
        own = _FIELDS[data["decision"]]
        return {key: value for key, value in data.items() if key in own}
    return data


Frame = (AskDrawSource | AskKitReturn | AskPlay | AskStorePick | AskDodge | AskDuel
         | AskVolley | AskSave | AskLuckyPick | AskDiscard | AskDutchDiscard | AskGearUse)

StoredFrame = Annotated[Frame, Field(discriminator="decision"), BeforeValidator(read_frame)]
