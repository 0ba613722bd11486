"""Small builders for Colt Express rule scenarios (docs/rules/colt_express.md).

A scenario is a plain dict run through `core.scenario.run_scenario` (docs/scenarios.md,
"colt_express"). `spec(4, bandits=[at(2), at(3, roof=True), ...], pile=["0f1"])` builds
a 4-player position with fixed cars, round cards and First Player, characters OFF unless
`characters=[...]` is given (so abilities only appear in the tests about them).

Positions: car 0 is the locomotive, car N the caboose [CE-GEN-1]. Card ids are
`<bandit><kind><n>` (kinds m c f r p s: Move, Floor Change, Fire, Robbery, Punch,
Marshal), bullets `<shooter>b<n>` and `nb<n>` (neutral). Decks in specs are top first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from core.engine.registry import get_game
from core.scenario import run_scenario

GAME = get_game("colt_express")
CARS = ["car_a", "car_b", "car_c", "car_d", "car_e", "car_f"]
# Rounds without an end-of-round event first, so only the tests about events see one.
QUIET_ROUNDS = ["bridge", "tunnels", "braking", "swivel_arm", "hostage_taking"]
CAST = ["ghost", "doc", "cheyenne", "belle", "django", "tuco"]


def at(car: int, roof: bool = False, **fields: Any) -> dict[str, Any]:
    """Return a bandit spec: where he is, plus optional loot/revolver/received."""
    return {"car": car, "roof": roof, **fields}


def spec(players: int = 4, *, bandits: Sequence[Mapping[str, Any]] | None = None,
         pile: Iterable[str | tuple[str, bool]] | None = None,
         characters: Sequence[str] | None = None, actions: Iterable[Any] = (),
         round_cards: Sequence[str] | None = None, expert: bool | None = None,
         abilities: bool | None = None, **fields: Any) -> dict[str, Any]:
    """Return a scenario spec; `pile` items are card ids or (card id, face_down).

    Abilities are on exactly when `characters` is given, unless `abilities` says otherwise.
    """
    count = 4 if players == 2 else players
    on = characters is not None if abilities is None else abilities
    options: dict[str, Any] = {"characters": on}
    if expert is not None:
        options["expert"] = expert
    out: dict[str, Any] = {
        "game": "colt_express", "players": players, "options": options, "seed": 0,
        "cars": CARS[:count], "characters": list(characters or CAST[:count]),
        "round_cards": list(round_cards or QUIET_ROUNDS), "first_player": 0,
        "actions": list(actions), **fields}
    if bandits is not None:
        out["bandits"] = [dict(b) for b in bandits]
    if pile is not None:
        out["pile"] = [{"card": p} if isinstance(p, str) else {"card": p[0], "face_down": p[1]}
                       for p in pile]
    return out


def run(players: int = 4, **fields: Any) -> dict[str, Any]:
    """Run `spec(...)` and return the scenario result."""
    return run_scenario(spec(players, **fields))


def play(seat: int, text: str) -> dict[str, Any]:
    """Return a scenario action: `seat` takes the action text."""
    return {"seat": seat, "action": text}


def events(result: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    """Return the group's events of one kind (private copies left out), in order."""
    return [e for e in result["events"] if e["kind"] == kind and e.get("audience") is None]


def private(result: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    """Return the private events of one kind, in order."""
    return [e for e in result["events"] if e["kind"] == kind and e.get("audience") is not None]


def prompt(result: Mapping[str, Any]) -> tuple[int, str, list[str]]:
    """Return (seat, decision, legal) of the single pending decision."""
    assert len(result["to_act"]) == 1, result["to_act"]
    pending = result["to_act"][0]
    return pending["seat"], pending["decision"], pending["legal"]


def where(result: Mapping[str, Any]) -> list[tuple[int, bool]]:
    """Return every bandit's (car, roof)."""
    return [(b["car"], b["roof"]) for b in result["bandits"]]


def bandit(result: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Return one bandit's facts (car, roof, loot, revolver, received, ...)."""
    return dict(result["bandits"][index])


def received(result: Mapping[str, Any]) -> list[int]:
    """Return every bandit's count of bullets received."""
    return [b["received"] for b in result["bandits"]]


def shots(result: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Return (shooter, target) of every shot; shooter -1 is a neutral bullet."""
    return [(e["bandit"], e["target"]) for e in events(result, "shot")]


def seat(result: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Return one seat's cards: hand, deck (top first) and discard (last = newest)."""
    return dict(result["seats"][index])


def resolved(result: Mapping[str, Any]) -> list[str]:
    """Return the cards in the order Stealin' resolved them."""
    return [e["card"] for e in events(result, "card_resolved")]


def state_of(spec_: Mapping[str, Any]) -> Any:
    """Return the engine state of a position (for view and legal-action checks)."""
    return GAME.position(spec_).state


def apply_all(state: Any, steps: Iterable[tuple[int, str]]) -> Any:
    """Return the state after applying (seat, action text) steps through the protocol."""
    for seat_, text in steps:
        state = GAME.apply(state, seat_, GAME.decode_action(text)).state
    return state


def empty(players: int = 4) -> dict[int, list[str]]:
    """Return an `inside` field that empties every car (locomotive included)."""
    cars = 4 if players == 2 else players
    return {car: [] for car in range(cars + 1)}
