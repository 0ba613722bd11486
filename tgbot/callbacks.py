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

`timer` moves the table's turn timer to the next preset; an option op is the game front's
(the dice game: `m<module>` toggles an Old Saloon module). Anything else, or a malformed
form, raises BadCallback: a forged press changes nothing. Numbers are ASCII digits only,
and a game id must fit the games.id column (`storage.columns.INTEGER_MAX`), so a forged id
is refused before any query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from storage.columns import INTEGER_MAX

MAX_BYTES = 64
_FORMS = {
    "p": re.compile(r"p:([0-9]{1,10}):([0-9]{1,9}):([a-z0-9+]{1,12})"),
    "k": re.compile(r"k:([0-9]{1,10}):([0-9]{1,9}):([0-5]{0,6})"),
    "d": re.compile(r"d:([0-9]{1,10}):([0-9]{1,9}):([0-5r])"),
    "l": re.compile(r"l:([0-9]{1,10}):([a-z_]{1,24})"),
    "m": re.compile(r"m:([0-9]{1,10})"),
    "b": re.compile(r"b:([0-9]{1,10})"),
    "n": re.compile(r"n:([a-z_]{1,32})"),
}


class BadCallback(ValueError):
    """The callback data is not one the bot made."""


@dataclass(frozen=True)
class Callback:
    """A parsed button press: its form, game, version (or -1) and payload."""

    kind: str
    game_id: int
    version: int
    payload: str


def _checked(data: str) -> str:
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data over {MAX_BYTES} bytes: {data!r}")
    return data


def action_data(game_id: int, version: int, action: str) -> str:
    """Return the data of a button that plays `action`."""
    return _checked(f"p:{game_id}:{version}:{action}")


def keep_data(game_id: int, version: int, dice: frozenset[int]) -> str:
    """Return the data of a die toggle: the re-roll prompt with `dice` marked."""
    return _checked(f"k:{game_id}:{version}:{''.join(str(i) for i in sorted(dice))}")


def die_data(game_id: int, version: int, die: int | None) -> str:
    """Return the data of a die's mark (None: re-roll the marked dice)."""
    return _checked(f"d:{game_id}:{version}:{'r' if die is None else die}")


def lobby_data(game_id: int, op: str) -> str:
    """Return the data of a lobby button."""
    return _checked(f"l:{game_id}:{op}")


def mine_data(game_id: int) -> str:
    """Return the data of the "🔒 mine" button."""
    return _checked(f"m:{game_id}")


def back_data(game_id: int) -> str:
    """Return the data of the "I'm here" button: the presser takes his seat back."""
    return _checked(f"b:{game_id}")


def newgame_data(kind: str) -> str:
    """Return the data of a `/newgame` menu button."""
    return _checked(f"n:{kind}")


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


def parse(data: str | None) -> Callback:
    """Return the parsed callback; raise BadCallback for anything the bot did not make."""
    if not data or len(data.encode(errors="surrogatepass")) > MAX_BYTES:
        raise BadCallback("empty or oversized callback data")
    form = _FORMS.get(data[0])
    match = form.fullmatch(data) if form else None
    if match is None:
        raise BadCallback(f"unknown callback data {data!r}")
    parts = match.groups()
    if data[0] != "n" and game_id(parts[0]) is None:
        raise BadCallback(f"game id out of range in {data!r}")
    if data[0] in "pkd":
        return Callback(data[0], int(parts[0]), int(parts[1]), parts[2])
    if data[0] == "l":
        return Callback("l", int(parts[0]), -1, parts[1])
    if data[0] == "n":
        return Callback("n", 0, -1, parts[0])
    return Callback(data[0], int(parts[0]), -1, "")
