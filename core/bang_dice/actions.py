"""Actions of the dice game and their compact text codec.

Forms: `s` stop rolling; `r024` re-roll dice 0, 2 and 4; `t3` choose seat 3 (a hit,
beer or Sid Ketchum target); `t3d` a hit on seat 3 doubled by Slab the Killer;
`k3` Kit Carlson discards an arrow of seat 3; `x` skip; `n2` choose the number 2
(Bart Cassidy's arrows, Pedro Ramirez's returned arrows).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.engine.errors import MalformedAction


@dataclass(frozen=True)
class Stop:
    """Stop rolling and keep the dice as they are."""


@dataclass(frozen=True)
class Reroll:
    """Roll again the dice at these indices."""

    dice: frozenset[int]


@dataclass(frozen=True)
class Target:
    """Choose a seat for the pending symbol or ability; `doubled` spends a beer (Slab)."""

    seat: int
    doubled: bool = False


@dataclass(frozen=True)
class DiscardArrow:
    """Kit Carlson returns one arrow held by this seat to the pile."""

    seat: int


@dataclass(frozen=True)
class Skip:
    """Decline the pending optional ability."""


@dataclass(frozen=True)
class Amount:
    """Choose a number for the pending decision."""

    count: int


DiceAction = Stop | Reroll | Target | DiscardArrow | Skip | Amount

_PATTERN = re.compile(r"^(?:(s)|(x)|r([0-9]{1,6})|t([0-9])(d?)|k([0-9])|n([0-9]{1,2}))$")


def encode(action: DiceAction) -> str:
    """Return the text form of an action."""
    match action:
        case Stop():
            return "s"
        case Skip():
            return "x"
        case Reroll(dice=dice):
            return "r" + "".join(str(index) for index in sorted(dice))
        case Target(seat=seat, doubled=doubled):
            return f"t{seat}{'d' if doubled else ''}"
        case DiscardArrow(seat=seat):
            return f"k{seat}"
        case Amount(count=count):
            return f"n{count}"
    raise MalformedAction(f"not a dice action: {action!r}")


def decode(text: str) -> DiceAction:
    """Return the action for a text form; raise MalformedAction if it does not parse."""
    match = _PATTERN.match(text) if isinstance(text, str) else None
    if match is None:
        raise MalformedAction(f"cannot read action {text!r}")
    stop, skip, reroll, target, doubled, kit, amount = match.groups()
    if stop:
        return Stop()
    if skip:
        return Skip()
    if reroll is not None:
        indices = [int(char) for char in reroll]
        if len(set(indices)) != len(indices) or indices != sorted(indices):
            raise MalformedAction(f"dice must be listed once each, in order: {text!r}")
        return Reroll(frozenset(indices))
    if target is not None:
        return Target(int(target), doubled=bool(doubled))
    if kit is not None:
        return DiscardArrow(int(kit))
    return Amount(int(amount))
