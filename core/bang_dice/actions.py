"""Actions of the dice game and their compact text codec.

- `s` stop rolling; `r024` re-roll dice 0, 2 and 4; `x` skip or decline.
- `t3` choose seat 3 (hit, beer, Sid Ketchum, broken arrow, Elena, Molly); `t3d` Slab doubles.
- `k3` Kit Carlson makes seat 3 return an arrow; `k3c` its Chief's Arrow.
- `n2` the number 2 (Bart Cassidy, Pedro Ramirez); `n2c` one of the two is the Chief's Arrow.
- `d` base dice only; `dl` / `dc` Loudmouth / Coward instead of a base die; `dl+` / `dc+` as
  a 6th die (José Delgado / Tequila Joe).
- `an` a normal arrow, `ac` the Chief's Arrow, `as` steal the Chief's Arrow (Apache Kid).
- `g03` the Ghost gives the face of die 0 to seat 3.
- `v` reveal a special identity to use it; `v3` / `v35` with its seat(s) (Devil's Left Hand,
  The Ugly / Devil's Right Hand); `f23` The Doctor sets die 2 to face 3 of its die.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from core.bang_dice.ids import DieKind
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
    """Kit Carlson returns one arrow held by this seat (the Chief's Arrow if `chief`)."""

    seat: int
    chief: bool = False


@dataclass(frozen=True)
class Skip:
    """Decline the pending optional ability."""


@dataclass(frozen=True)
class Amount:
    """Choose a number of arrows; `chief` makes one of them the Chief's Arrow."""

    count: int
    chief: bool = False


@dataclass(frozen=True)
class DiceChoice:
    """Use a Saloon die this turn (None: base dice only); `extra` adds it as a 6th die."""

    die: DieKind | None = None
    extra: bool = False


@dataclass(frozen=True)
class ArrowPick:
    """Which token to take: a normal arrow, the Chief's Arrow, or the Chief's from its holder."""

    source: Literal["normal", "chief", "steal"]


@dataclass(frozen=True)
class GhostToken:
    """The Ghost gives the face shown by die `die` to `seat`."""

    die: int
    seat: int


@dataclass(frozen=True)
class Reveal:
    """Reveal one's special identity to use it, with the seats it acts on."""

    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class SetFace:
    """The Doctor sets die `die` to face number `face` of that die's six faces."""

    die: int
    face: int


DiceAction = (Stop | Reroll | Target | DiscardArrow | Skip | Amount | DiceChoice | ArrowPick
              | GhostToken | Reveal | SetFace)

_PATTERN = re.compile(
    r"^(?:(?P<stop>s)|(?P<skip>x)|r(?P<reroll>[0-9]{1,6})|t(?P<target>[0-9])(?P<doubled>d?)"
    r"|k(?P<kit>[0-9])(?P<kit_chief>c?)|n(?P<amount>[0-9]{1,2})(?P<amount_chief>c?)"
    r"|d(?P<die>[lc]?)(?P<extra>\+?)|a(?P<pick>[ncs])|g(?P<ghost_die>[01])(?P<ghost_seat>[0-9])"
    r"|v(?P<reveal>[0-9]{0,2})|f(?P<set_die>[0-5])(?P<set_face>[0-5]))$"
)
_DIE_LETTER = {DieKind.LOUDMOUTH: "l", DieKind.COWARD: "c"}
_LETTER_DIE = {letter: die for die, letter in _DIE_LETTER.items()}
_PICK_LETTER = {"normal": "n", "chief": "c", "steal": "s"}
_LETTER_PICK: dict[str, Literal["normal", "chief", "steal"]] = {
    "n": "normal", "c": "chief", "s": "steal"}


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
        case DiscardArrow(seat=seat, chief=chief):
            return f"k{seat}{'c' if chief else ''}"
        case Amount(count=count, chief=chief):
            return f"n{count}{'c' if chief else ''}"
        case DiceChoice(die=die, extra=extra):
            return "d" + ("" if die is None else _DIE_LETTER[die]) + ("+" if extra else "")
        case ArrowPick(source=source):
            return "a" + _PICK_LETTER[source]
        case GhostToken(die=die, seat=seat):
            return f"g{die}{seat}"
        case Reveal(seats=seats):
            return "v" + "".join(str(seat) for seat in seats)
        case SetFace(die=die, face=face):
            return f"f{die}{face}"
    raise MalformedAction(f"not a dice action: {action!r}")


def decode(text: str) -> DiceAction:
    """Return the action for a text form; raise MalformedAction if it does not parse."""
    if not isinstance(text, str):
        raise MalformedAction(f"cannot read action {text!r}")
    return _parse(text)


@lru_cache(maxsize=4096)
def _parse(text: str) -> DiceAction:
    """Return the action of a text (actions are immutable, so one parse serves every
    caller: a re-roll prompt reads its 31 legal re-rolls at every press)."""
    match = _PATTERN.match(text)
    if match is None:
        raise MalformedAction(f"cannot read action {text!r}")
    part = match.groupdict()
    if part["stop"]:
        return Stop()
    if part["skip"]:
        return Skip()
    if part["reroll"] is not None:
        indices = [int(char) for char in part["reroll"]]
        if len(set(indices)) != len(indices) or indices != sorted(indices):
            raise MalformedAction(f"dice must be listed once each, in order: {text!r}")
        return Reroll(frozenset(indices))
    if part["target"] is not None:
        return Target(int(part["target"]), doubled=bool(part["doubled"]))
    if part["kit"] is not None:
        return DiscardArrow(int(part["kit"]), chief=bool(part["kit_chief"]))
    if part["amount"] is not None:
        return Amount(int(part["amount"]), chief=bool(part["amount_chief"]))
    if part["pick"] is not None:
        return ArrowPick(_LETTER_PICK[part["pick"]])
    if part["ghost_die"] is not None:
        return GhostToken(int(part["ghost_die"]), int(part["ghost_seat"]))
    if part["reveal"] is not None:
        return Reveal(tuple(int(char) for char in part["reveal"]))
    if part["set_die"] is not None:
        return SetFace(int(part["set_die"]), int(part["set_face"]))
    die = _LETTER_DIE.get(part["die"] or "")
    if die is None and part["extra"]:
        raise MalformedAction(f"only a Saloon die can be a 6th die: {text!r}")
    return DiceChoice(die, extra=bool(part["extra"]))
