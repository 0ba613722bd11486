"""Small builders for BANG! The Dice Game rule scenarios (docs/rules/bang_dice.md).

A scenario is a plain dict run through `core.scenario.run_scenario`. These helpers only
save typing: `table(5, {2: {"character": "el_gringo", "life": 3}}, dice=[...])` builds
the spec of a 5-seat table with default roles and characters and seat 2 changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any

from core.engine.registry import get_game
from core.scenario import run_scenario

# Roles in seat order for each table size (the BD-SETUP-1 counts; 3 players: BD-3P-1).
ROLES: dict[int, list[str]] = {
    3: ["deputy", "outlaw", "renegade"],
    4: ["sheriff", "outlaw", "outlaw", "renegade"],
    5: ["sheriff", "deputy", "outlaw", "outlaw", "renegade"],
    6: ["sheriff", "deputy", "outlaw", "outlaw", "outlaw", "renegade"],
    7: ["sheriff", "deputy", "deputy", "outlaw", "outlaw", "outlaw", "renegade"],
    8: ["sheriff", "deputy", "deputy", "outlaw", "outlaw", "outlaw", "renegade", "renegade"],
}

# Printed life of the 16 base characters, from the table of docs/rules/bang_dice.md [BD-CHAR-0].
PRINTED_LIFE: dict[str, int] = {
    "bart_cassidy": 8, "black_jack": 8, "calamity_janet": 8, "el_gringo": 7,
    "jesse_jones": 9, "jourdonnais": 7, "kit_carlson": 7, "lucky_duke": 8,
    "paul_regret": 9, "pedro_ramirez": 8, "rose_doolan": 9, "sid_ketchum": 8,
    "slab_the_killer": 8, "suzy_lafayette": 8, "vulture_sam": 9, "willy_the_kid": 8,
}

# Characters whose abilities stay out of the way in most scenarios: seat 0 is usually
# active (Paul Regret's immunity only matters when someone else fires the Gatling).
CAST = ["paul_regret", "jesse_jones", "lucky_duke", "black_jack", "rose_doolan",
        "calamity_janet", "suzy_lafayette", "jourdonnais"]

# A first roll for the next player that resolves nothing at once (no arrow, no dynamite),
# so the state after a finished turn is exactly what that turn left.
QUIET_ROLL = ["beer"] * 5

GAME = get_game("bang_dice")


def table(count: int, changes: Mapping[int, Mapping[str, Any]] | None = None, *,
          turn: int | None = 0, dice: Iterable[str] = (), actions: Iterable[Any] = (),
          pile: int | None = None, seed: int = 0) -> dict[str, Any]:
    """Return a scenario spec for `count` seats, with per-seat field changes."""
    seats = [{"role": ROLES[count][i], "character": CAST[i]} for i in range(count)]
    for index, fields in (changes or {}).items():
        seats[index] = {**seats[index], **fields}
    spec: dict[str, Any] = {"game": "bang_dice", "seed": seed, "seats": seats,
                            "dice": list(dice), "actions": list(actions)}
    if turn is not None:
        spec["turn"] = turn
    if pile is not None:
        spec["pile"] = pile
    return spec


def run(count: int, changes: Mapping[int, Mapping[str, Any]] | None = None,
        **options: Any) -> dict[str, Any]:
    """Run `table(...)` and return the scenario result."""
    return run_scenario(table(count, changes, **options))


def play(seat: int, text: str) -> dict[str, Any]:
    """Return a scenario action: `seat` plays the action text."""
    return {"seat": seat, "action": text}


def timeout(seat: int) -> dict[str, Any]:
    """Return a scenario action: `seat` times out and the default is applied [BD-TO]."""
    return {"seat": seat, "policy": "default"}


def lives(result: Mapping[str, Any]) -> list[int]:
    """Return every seat's life."""
    return [seat["life"] for seat in result["seats"]]


def arrows(result: Mapping[str, Any]) -> list[int]:
    """Return every seat's arrows."""
    return [seat["arrows"] for seat in result["seats"]]


def alive(result: Mapping[str, Any]) -> list[bool]:
    """Return every seat's alive flag."""
    return [seat["alive"] for seat in result["seats"]]


def events(result: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    """Return the events of one kind, in order."""
    return [event for event in result["events"] if event["kind"] == kind]


def fields(items: Iterable[Mapping[str, Any]], *keys: str) -> list[dict[str, Any]]:
    """Return only the named fields of each event (other fields may be added freely)."""
    return [{key: item.get(key) for key in keys} for item in items]


def kinds(result: Mapping[str, Any]) -> list[str]:
    """Return the kinds of every event, in order."""
    return [event["kind"] for event in result["events"]]


def losses(result: Mapping[str, Any], cause: str | None = None) -> list[tuple[int, int]]:
    """Return (seat, amount) of every life_lost event, optionally of one cause."""
    return [(event["seat"], event["amount"]) for event in events(result, "life_lost")
            if cause is None or event["cause"] == cause]


def prompt(result: Mapping[str, Any]) -> tuple[int, str, list[str]]:
    """Return (seat, decision, legal) of the single pending decision."""
    assert len(result["to_act"]) == 1, result["to_act"]
    pending = result["to_act"][0]
    return pending["seat"], pending["decision"], pending["legal"]


def turn_events(result: Mapping[str, Any], number: int = 1) -> list[dict[str, Any]]:
    """Return the events of the n-th turn_started of the run (1 = the first turn)."""
    out: list[dict[str, Any]] = []
    seen = 0
    for event in result["events"]:
        if event["kind"] == "turn_started":
            seen += 1
        if seen == number:
            out.append(event)
        elif seen > number:
            break
    return out


def reroll_texts(dice: Iterable[int]) -> list[str]:
    """Return the BD-DEC-6 legal list: stop, then every non-empty subset of `dice`."""
    indices = sorted(dice)
    texts = ["s"]
    for size in range(1, len(indices) + 1):
        texts.extend("r" + "".join(str(i) for i in combo)
                     for combo in combinations(indices, size))
    return texts


# --- Old Saloon (bang_dice.md §16-24) --------------------------------------------------------


def saloon_table(count: int, changes: Mapping[int, Mapping[str, Any]] | None = None, *,
                 modules: Iterable[str] = (), **options: Any) -> dict[str, Any]:
    """Return `table(...)` with the Old Saloon modules switched on [OS-MOD-1]."""
    spec = table(count, changes, **options)
    spec["options"] = {"modules": list(modules)}
    return spec


def run_saloon(count: int, changes: Mapping[int, Mapping[str, Any]] | None = None, *,
               modules: Iterable[str] = (), **options: Any) -> dict[str, Any]:
    """Run `saloon_table(...)` and return the scenario result."""
    return run_scenario(saloon_table(count, changes, modules=modules, **options))


def chief_at(result: Mapping[str, Any]) -> int | str | None:
    """Return where the Chief's Arrow is: a seat index, "pile", or None (not in the game)."""
    holders = [seat["seat"] for seat in result["seats"] if seat.get("chief")]
    assert len(holders) <= 1, holders
    if holders:
        return holders[0]
    return "pile" if result.get("chief_in_pile") else None


def faces(result: Mapping[str, Any]) -> list[str | None]:
    """Return the faces shown by the active player's dice, in die order."""
    return [die["face"] for die in result["dice"]]


def die_kinds(result: Mapping[str, Any]) -> list[str]:
    """Return the kinds of the active player's dice, in die order."""
    return [die["kind"] for die in result["dice"]]
