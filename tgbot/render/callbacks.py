"""Callback data of inline buttons: a compact, validated text of at most 64 bytes.

| Form | Meaning |
|---|---|
| `p:<game>:<version>:<action>` | play an action text on a game at a version |
| `k:<game>:<version>:<keep>` | re-draw the prompt with its own state (a card open) |
| `d:<game>:<version>:<die>` | mark or unmark one die for a re-roll; `r`: re-roll them |
| `l:<game>:<op>` | a lobby button: `leave`, `start`, `cancel`, `bot`, `opt`, `timer`, an option |
| `m:<game>` | "🔒 mine": show my secrets in a private pop-up |
| `b:<game>` | "I'm here": take my seat back (from the bot, or after my clock ran out) |
| `n:<kind>` | open a new table of a game kind (the `/newgame` menu) |
| `u:<game>:<version>:<op>` | undo the move made at a version: `a` ask, `y` agree, `n` refuse |
| `r:<game>` | "Rematch": confirm me for the rematch of a finished game (or in its lobby) |
| `x:<game>` | send me a finished game as JSON |
| `v:<game>:<step>` | show me a finished game's table after `step` actions (◀ ▶) |
| `a:<game>` | send me a finished game as an animation, one picture per turn |

`timer` moves the table's turn timer to the next preset; an option op is the game front's
(the dice game: `m<module>` toggles an Old Saloon module). Anything else, or a malformed
form, raises BadCallback: a forged press changes nothing. Numbers are ASCII digits only,
and a game id must fit the games.id column (`storage.columns.INTEGER_MAX`), so a forged id
is refused before any query.

Each form is a small frozen dataclass with its own codec: `data()` makes the button's text
and `decode()` reads it back (raising BadCallback). The handlers are routed by each form's
PATTERN (python-telegram-bot's `CallbackQueryHandler(pattern=…)`); `parse` decodes any form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Self

from storage.columns import INTEGER_MAX

MAX_BYTES = 64


class BadCallback(ValueError):
    """The callback data is not one the bot made."""


def _checked(data: str) -> str:
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data over {MAX_BYTES} bytes: {data!r}")
    return data


def _fields(pattern: re.Pattern[str], data: str | None) -> tuple[str, ...]:
    """Return the fields of `data` in a form (its game id checked); raise BadCallback."""
    if not data or len(data.encode(errors="surrogatepass")) > MAX_BYTES:
        raise BadCallback("empty or oversized callback data")
    match = pattern.match(data)
    if match is None:
        raise BadCallback(f"not this form: {data!r}")
    return match.groups()


def _game(text: str) -> int:
    found = game_id(text)
    if found is None:
        raise BadCallback(f"game id out of range: {text!r}")
    return found


@dataclass(frozen=True)
class Play:
    """`p:<game>:<version>:<action>`: play an action text on a game at a version."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"p:([0-9]{1,10}):([0-9]{1,9}):([a-z0-9+]{1,12})\Z")
    game_id: int
    version: int
    action: str

    def data(self) -> str:
        """Return the button's callback data."""
        return _checked(f"p:{self.game_id}:{self.version}:{self.action}")

    @classmethod
    def decode(cls, data: str | None) -> Play:
        """Return the press; raise BadCallback."""
        game, version, action = _fields(cls.PATTERN, data)
        return cls(_game(game), int(version), action)


@dataclass(frozen=True)
class Keep:
    """`k:<game>:<version>:<digits>`: redraw the prompt with its own state (a card open,
    carried as digits 0-5; an old dice keyboard's marked dice)."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"k:([0-9]{1,10}):([0-9]{1,9}):([0-5]{0,6})\Z")
    game_id: int
    version: int
    keep: frozenset[int]

    def data(self) -> str:
        """Return the button's callback data."""
        digits = "".join(str(i) for i in sorted(self.keep))
        return _checked(f"k:{self.game_id}:{self.version}:{digits}")

    @classmethod
    def decode(cls, data: str | None) -> Keep:
        """Return the press; raise BadCallback."""
        game, version, digits = _fields(cls.PATTERN, data)
        return cls(_game(game), int(version), frozenset(int(c) for c in digits))


@dataclass(frozen=True)
class Die:
    """`d:<game>:<version>:<die>`: mark or unmark one die; `r` (die None): re-roll them."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"d:([0-9]{1,10}):([0-9]{1,9}):([0-5r])\Z")
    game_id: int
    version: int
    die: int | None

    def data(self) -> str:
        """Return the button's callback data."""
        return _checked(f"d:{self.game_id}:{self.version}:"
                        f"{'r' if self.die is None else self.die}")

    @classmethod
    def decode(cls, data: str | None) -> Die:
        """Return the press; raise BadCallback."""
        game, version, die = _fields(cls.PATTERN, data)
        return cls(_game(game), int(version), None if die == "r" else int(die))


@dataclass(frozen=True)
class LobbyOp:
    """`l:<game>:<op>`: a lobby button (`leave`, `start`, `cancel`, `bot`, `opt`, `timer`,
    an option), or /cancel's confirmation (`end`, `keep`)."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"l:([0-9]{1,10}):([a-z_]{1,24})\Z")
    game_id: int
    op: str

    def data(self) -> str:
        """Return the button's callback data."""
        return _checked(f"l:{self.game_id}:{self.op}")

    @classmethod
    def decode(cls, data: str | None) -> LobbyOp:
        """Return the press; raise BadCallback."""
        game, op = _fields(cls.PATTERN, data)
        return cls(_game(game), op)


@dataclass(frozen=True)
class _OfGame:
    """A button that names only its game: `<letter>:<game>`."""

    LETTER: ClassVar[str]
    PATTERN: ClassVar[re.Pattern[str]]
    game_id: int

    def data(self) -> str:
        """Return the button's callback data."""
        return _checked(f"{self.LETTER}:{self.game_id}")

    @classmethod
    def decode(cls, data: str | None) -> Self:
        """Return the press; raise BadCallback."""
        (game,) = _fields(cls.PATTERN, data)
        return cls(_game(game))


@dataclass(frozen=True)
class Mine(_OfGame):
    """`m:<game>`: "🔒 Mine", the presser's secrets in a private pop-up."""

    LETTER: ClassVar[str] = "m"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"m:([0-9]{1,10})\Z")


@dataclass(frozen=True)
class Back(_OfGame):
    """`b:<game>`: "I'm here", the presser takes his seat back."""

    LETTER: ClassVar[str] = "b"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"b:([0-9]{1,10})\Z")


@dataclass(frozen=True)
class Again(_OfGame):
    """`r:<game>`: "Rematch", the presser confirms for a finished game's rematch."""

    LETTER: ClassVar[str] = "r"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"r:([0-9]{1,10})\Z")


@dataclass(frozen=True)
class Export(_OfGame):
    """`x:<game>`: the presser gets a finished game as JSON in private."""

    LETTER: ClassVar[str] = "x"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"x:([0-9]{1,10})\Z")


@dataclass(frozen=True)
class Animate(_OfGame):
    """`a:<game>`: the presser gets a finished game as an animation in private."""

    LETTER: ClassVar[str] = "a"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"a:([0-9]{1,10})\Z")


@dataclass(frozen=True)
class Replay:
    """`v:<game>:<step>`: a finished game's table after `step` actions, in private."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"v:([0-9]{1,10}):([0-9]{1,6})\Z")
    game_id: int
    step: int

    def data(self) -> str:
        """Return the button's callback data."""
        return _checked(f"v:{self.game_id}:{self.step}")

    @classmethod
    def decode(cls, data: str | None) -> Replay:
        """Return the press; raise BadCallback."""
        game, step = _fields(cls.PATTERN, data)
        return cls(_game(game), int(step))


@dataclass(frozen=True)
class NewGame:
    """`n:<kind>`: open a new table of a game kind (the `/newgame` menu)."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"n:([a-z_]{1,32})\Z")
    kind: str

    def data(self) -> str:
        """Return the button's callback data."""
        return _checked(f"n:{self.kind}")

    @classmethod
    def decode(cls, data: str | None) -> NewGame:
        """Return the press; raise BadCallback."""
        (kind,) = _fields(cls.PATTERN, data)
        return cls(kind)


@dataclass(frozen=True)
class Undo:
    """`u:<game>:<version>:<op>`: about the move made at a version, `a` asks the table to
    take it back, `y` agrees, `n` refuses."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"u:([0-9]{1,10}):([0-9]{1,9}):([ayn])\Z")
    game_id: int
    version: int
    op: str

    def data(self) -> str:
        """Return the button's callback data."""
        return _checked(f"u:{self.game_id}:{self.version}:{self.op}")

    @classmethod
    def decode(cls, data: str | None) -> Undo:
        """Return the press; raise BadCallback."""
        game, version, op = _fields(cls.PATTERN, data)
        return cls(_game(game), int(version), op)


Press = (Play | Keep | Die | LobbyOp | Mine | Back | NewGame | Undo | Again | Export | Animate
         | Replay)
FORMS: dict[str, type[Press]] = {"p": Play, "k": Keep, "d": Die, "l": LobbyOp, "m": Mine,
                                 "b": Back, "n": NewGame, "u": Undo, "r": Again, "x": Export,
                                 "a": Animate, "v": Replay}


def parse(data: str | None) -> Press:
    """Return the press any form's data stands for; raise BadCallback for anything the bot
    did not make."""
    form = FORMS.get(data[0]) if data else None
    if form is None:
        raise BadCallback(f"unknown callback data {data!r}")
    return form.decode(data)


def action_data(game_id: int, version: int, action: str) -> str:
    """Return the data of a button that plays `action`."""
    return Play(game_id, version, action).data()


def keep_data(game_id: int, version: int, dice: frozenset[int]) -> str:
    """Return the data of a button that redraws the prompt with `dice` as its state."""
    return Keep(game_id, version, dice).data()


def die_data(game_id: int, version: int, die: int | None) -> str:
    """Return the data of a die's mark (None: re-roll the marked dice)."""
    return Die(game_id, version, die).data()


def lobby_data(game_id: int, op: str) -> str:
    """Return the data of a lobby button."""
    return LobbyOp(game_id, op).data()


def mine_data(game_id: int) -> str:
    """Return the data of the "🔒 mine" button."""
    return Mine(game_id).data()


def back_data(game_id: int) -> str:
    """Return the data of the "I'm here" button: the presser takes his seat back."""
    return Back(game_id).data()


def undo_data(game_id: int, version: int, op: str) -> str:
    """Return the data of an undo button (`a` ask, `y` agree, `n` refuse)."""
    return Undo(game_id, version, op).data()


def newgame_data(kind: str) -> str:
    """Return the data of a `/newgame` menu button."""
    return NewGame(kind).data()


def number(text: str, *, most: int, least: int = 0) -> int | None:
    """Return `text` as an int if it is ASCII digits (at most 10) within [least, most].

    Stricter than int(): no sign, spaces, underscores, or other scripts' digits ("²", "٣").
    """
    if re.fullmatch(r"[0-9]{1,10}", text) is None:
        return None
    value = int(text)
    return value if least <= value <= most else None


def game_id(text: str) -> int | None:
    """Return `text` as a game id if it is one the database can hold, else None."""
    return number(text, least=1, most=INTEGER_MAX)
