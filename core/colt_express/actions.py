"""Actions of Colt Express and their one text codec (at most 4 characters each).

| Action | Text | Decision |
|---|---|---|
| `Play(0, FIRE)` | `p0f` a Fire card of bandit 0 (face down if the turn is a tunnel) | scheme |
| `Play(0, FIRE, hidden=True)` | `q0f` Ghost: face down, first turn [CE-CHAR-GHOST-1] | scheme |
| `Draw()` | `d` draw 3 cards | scheme |
| `Discard(0, BULLET)` | `z0b` one bullet card held for bandit 0 (`z0m`: a Move) | discard |
| `Keep()` | `k` keep the rest of the hand on the deck | discard |
| `Move(FORWARD, 1)` | `mf1`, `mb3` toward the locomotive / the caboose, 1-3 cars | move |
| `Target(2)` | `t2` bandit 2 | fire, punch |
| `Loot(PURSE)` | `lp`, `lj`, `ls` a purse / jewel / strongbox | punch_loot, rob |
| `Push(FORWARD)` | `gf`, `gb` push the victim forward / backward | punch_push |
| `MoveMarshal(FORWARD)` | `sf`, `sb` the Marshal forward / backward | marshal |
| `TakePurse(True)` | `y`, `n` take the purse or not | cheyenne_take, pickpocket |
| `Team(0, 1)` | `a01` team bandit 0's Marshal card, bandit 1 in the caboose | team_setup |

The texts are stored in action logs and callback data: they never change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.colt_express.ids import CardKind, Direction, LootKind
from core.engine.errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Play:
    """Put a card of `bandit`'s of this kind on the pile; `hidden` is Ghost's face-down play."""

    bandit: int
    kind: CardKind
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw three cards instead of playing [CE-SCHEME-1]."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Expert variant: discard one hand card of `bandit`'s of this kind [CE-EXPERT-3]."""

    bandit: int
    kind: CardKind


@dataclass(frozen=True, slots=True)
class Keep:
    """Expert variant: put the rest of the hand back on the deck [CE-EXPERT-3]."""


@dataclass(frozen=True, slots=True)
class Move:
    """Move the resolving card's bandit `cars` cars this way [CE-MOVE-1, CE-MOVE-2]."""

    direction: Direction
    cars: int


@dataclass(frozen=True, slots=True)
class Target:
    """Shoot or punch this bandit [CE-FIRE-1, CE-PUNCH-1]."""

    bandit: int


@dataclass(frozen=True, slots=True)
class Loot:
    """Take (Robbery) or knock loose (Punch) a token of this type [CE-ROB-1, CE-PUNCH-1]."""

    kind: LootKind


@dataclass(frozen=True, slots=True)
class Push:
    """Knock the punched bandit one car this way [CE-PUNCH-1]."""

    direction: Direction


@dataclass(frozen=True, slots=True)
class MoveMarshal:
    """Move the Marshal one car this way [CE-MARSHAL-1]."""

    direction: Direction


@dataclass(frozen=True, slots=True)
class TakePurse:
    """Take the purse (True) or leave it (False) [CE-CHAR-CHEYENNE-1, CE-EVENT-PICKPOCKET]."""

    take: bool


@dataclass(frozen=True, slots=True)
class Team:
    """2 players: which team bandit (0 or 1) gives the Marshal card, which starts in the
    caboose [CE-2P-2, CE-2P-8]."""

    marshal: int
    caboose: int


ColtAction = (Play | Draw | Discard | Keep | Move | Target | Loot | Push | MoveMarshal
              | TakePurse | Team)

DRAW, KEEP, TAKE, LEAVE = Draw(), Keep(), TakePurse(True), TakePurse(False)

_PATTERN = re.compile(
    r"(?P<single>[dkyn])|(?P<verb>[pqz])(?P<bandit>[0-5])(?P<kind>[mcfrpsb])"
    r"|m(?P<way>[fb])(?P<cars>[1-3])|t(?P<target>[0-5])|l(?P<loot>[pjs])|g(?P<push>[fb])"
    r"|s(?P<marshal>[fb])|a(?P<team_marshal>[01])(?P<team_caboose>[01])")
_SINGLE: dict[str, ColtAction] = {"d": DRAW, "k": KEEP, "y": TAKE, "n": LEAVE}


def encode(action: ColtAction) -> str:
    """Return the text of an action; raise MalformedAction for anything else."""
    match action:
        case Play(bandit=bandit, kind=kind, hidden=hidden):
            return f"{'q' if hidden else 'p'}{bandit}{kind}"
        case Draw():
            return "d"
        case Discard(bandit=bandit, kind=kind):
            return f"z{bandit}{kind}"
        case Keep():
            return "k"
        case Move(direction=direction, cars=cars):
            return f"m{direction}{cars}"
        case Target(bandit=bandit):
            return f"t{bandit}"
        case Loot(kind=kind):
            return f"l{kind}"
        case Push(direction=direction):
            return f"g{direction}"
        case MoveMarshal(direction=direction):
            return f"s{direction}"
        case TakePurse(take=take):
            return "y" if take else "n"
        case Team(marshal=marshal, caboose=caboose):
            return f"a{marshal}{caboose}"
    raise MalformedAction(f"not a Colt Express action: {action!r}")


def decode(text: str) -> ColtAction:
    """Return the action of a text; raise MalformedAction if it is not one."""
    match = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise MalformedAction(f"not a Colt Express action: {text!r}")
    part = match.groupdict()
    if part["single"]:
        return _SINGLE[part["single"]]
    if part["verb"]:
        bandit, kind = int(part["bandit"]), CardKind(part["kind"])
        if part["verb"] == "z":
            return Discard(bandit, kind)
        return Play(bandit, kind, hidden=part["verb"] == "q")
    if part["way"]:
        return Move(Direction(part["way"]), int(part["cars"]))
    if part["target"]:
        return Target(int(part["target"]))
    if part["loot"]:
        return Loot(LootKind(part["loot"]))
    if part["push"]:
        return Push(Direction(part["push"]))
    if part["marshal"]:
        return MoveMarshal(Direction(part["marshal"]))
    return Team(int(part["team_marshal"]), int(part["team_caboose"]))
