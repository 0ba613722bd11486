"""`python -m core.scenario FILE.json`: build a position, apply actions, print the result.

The file names the game and its position; `actions` is a list of
`{"seat": i, "action": "<text>"}` (or `"policy": "default" | "bot"` instead of
`action`). Prints one JSON object; see docs/scenarios.md. Exit status: 0 done,
1 an action was refused (the message names the step), 2 the file is unusable.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from core.engine.errors import GameError
from core.engine.protocol import Event
from core.engine.registry import get_game


class ScenarioError(Exception):
    """The scenario cannot run; `step` is the 1-based action index (0: the file itself)."""

    def __init__(self, message: str, step: int = 0) -> None:
        super().__init__(message)
        self.step = step


def _validation_message(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"]) or "file"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def run_scenario(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Return the result of a scenario as a JSON-ready dict; raise ScenarioError."""
    if not isinstance(spec, Mapping):
        raise ScenarioError("the scenario must be a JSON object")
    try:
        game = get_game(str(spec.get("game", "")))
        builder = getattr(game, "position", None)
        if builder is None:
            raise ScenarioError(f"game {game.name} has no scenario support")
        step = builder(spec)
    except ValidationError as error:
        raise ScenarioError(_validation_message(error)) from None
    except (GameError, ValueError, TypeError) as error:
        raise ScenarioError(str(error)) from None
    state = step.state
    events: list[Event] = list(step.events)
    actions = spec.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError("actions must be a list")
    for number, item in enumerate(actions, start=1):
        state, new_events = _apply_one(game, state, item, number)
        events.extend(new_events)
    return _report(game, state, events)


def _apply_one(game: Any, state: Any, item: Any, number: int) -> tuple[Any, tuple[Event, ...]]:
    if not isinstance(item, Mapping) or not isinstance(item.get("seat"), int):
        raise ScenarioError(f"step {number}: each action needs an integer 'seat'", number)
    seat = item["seat"]
    try:
        if "policy" in item:
            policy = item["policy"]
            if policy not in ("default", "bot"):
                raise ScenarioError(f"step {number}: policy must be default or bot", number)
            chosen = (game.default_action if policy == "default" else game.bot_action)(state, seat)
        else:
            text = item.get("action")
            if not isinstance(text, str):
                raise ScenarioError(f"step {number}: 'action' must be an action text", number)
            chosen = game.decode_action(text)
            if chosen not in game.legal_actions(state, seat):
                legal = [game.encode_action(a) for a in game.legal_actions(state, seat)]
                raise ScenarioError(
                    f"step {number}: seat {seat} may not play {text!r} now; legal: {legal}",
                    number)
        step = game.apply(state, seat, chosen)
    except GameError as error:
        raise ScenarioError(f"step {number} (seat {seat}): {error.code}: {error}", number) from None
    return step.state, step.events


def _report(game: Any, state: Any, events: list[Event]) -> dict[str, Any]:
    result: dict[str, Any] = {"game": game.name}
    result.update(game.describe(state))
    result["to_act"] = [
        {"seat": seat, "decision": game.view(state, seat).decision,
         "legal": [game.encode_action(a) for a in game.legal_actions(state, seat)]}
        for seat in sorted(game.to_act(state))
    ]
    outcome = game.outcome(state)
    result["outcome"] = None if outcome is None else outcome.to_json()
    result["events"] = [event.to_json() for event in events]
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the scenario named on the command line; return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m core.scenario FILE.json", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as handle:
            spec = json.load(handle)
    except OSError as error:
        print(f"scenario error: cannot read {args[0]}: {error.strerror}", file=sys.stderr)
        return 2
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        print(f"scenario error: {args[0]} is not valid JSON: {error}", file=sys.stderr)
        return 2
    try:
        result = run_scenario(spec)
    except ScenarioError as error:
        print(f"scenario error: {error}", file=sys.stderr)
        return 1 if error.step else 2
    print(json.dumps(result, indent=2, sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
