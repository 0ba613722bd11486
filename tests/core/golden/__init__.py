"""Golden playthroughs: one whole game per file, replayed by the test suite.

For every registered game, `tests/core/golden/<game>_<players>p_seed<seed>.json` holds a
game played by the default policy at the smallest and the largest table (seed 1, default
options): the seed, options and player count, the full action log as `[seat, text]` pairs
(the seat is the lowest owing one, as the shell's bots and timers play), the final version,
and the expected final group view (the engine's `view_json` of `view(state, None)`) and
outcome. `tests/core/test_engine_conformance.py` replays each file and fails on any
difference — an action that became illegal, a default action that changed, another end,
view or outcome — so every change of rules, policies or views shows up in review.

When such a change is intended, regenerate the files and commit them with it:

    .venv/bin/python -m tests.core.golden

which rewrites every file for the registered games (and deletes none: remove the file of
a game that left the registry by hand).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from core.engine import registry

DIRECTORY = Path(__file__).parent
SEED = 1


def golden_tables() -> list[tuple[str, int, int, dict[str, Any]]]:
    """Return (game id, players, seed, options) of every golden file the registry calls for."""
    tables = []
    for game_id in registry.game_ids():
        game = registry.get_game(game_id)
        for players in sorted({game.min_players, game.max_players}):
            tables.append((game_id, players, SEED, {}))
    return tables


def file_name(game_id: str, players: int, seed: int) -> str:
    return f"{game_id}_{players}p_seed{seed}.json"


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def record(game_id: str, players: int, seed: int, options: dict[str, Any],
           limit: int = 100_000) -> dict[str, Any]:
    """Play a game with the default policy and return its golden record."""
    game = registry.get_game(game_id)
    state = game.setup(options, players, seed).state
    actions: list[list[Any]] = []
    while game.to_act(state):
        if len(actions) >= limit:
            raise RuntimeError(f"{game_id} with seed {seed} did not end in {limit} actions")
        seat = min(game.to_act(state))
        action = game.default_action(state, seat)
        actions.append([seat, game.encode_action(action)])
        state = game.apply(state, seat, action).state
    outcome = game.outcome(state)
    return {
        "game": game_id,
        "players": players,
        "seed": seed,
        "options": options,
        "actions": actions,
        "version": game.version(state),
        "final_group_view": _json(game.view_json(game.view(state, None))),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def check(golden: dict[str, Any]) -> None:
    """Replay a golden record; raise AssertionError at the first difference."""
    game = registry.get_game(golden["game"])
    state = game.setup(golden["options"], golden["players"], golden["seed"]).state
    for number, (seat, text) in enumerate(golden["actions"]):
        owed = game.to_act(state)
        where = f"action {number} ({seat}, {text!r})"
        assert owed, f"{where}: the game is already over"
        assert seat == min(owed), f"{where}: seats {sorted(owed)} owe a decision"
        action = game.decode_action(text)
        assert action in game.legal_actions(state, seat), f"{where} is no longer legal"
        default = game.encode_action(game.default_action(state, seat))
        assert default == text, f"{where}: the default policy now plays {default!r}"
        state = game.apply(state, seat, action).state
    assert not game.to_act(state), f"the game goes on after {len(golden['actions'])} actions"
    assert game.version(state) == golden["version"]
    outcome = game.outcome(state)
    assert (None if outcome is None else outcome.to_json()) == golden["outcome"]
    assert _json(game.view_json(game.view(state, None))) == golden["final_group_view"]


def write(directory: Path, game_id: str, players: int, seed: int,
          options: dict[str, Any]) -> Path:
    """Record one table and write its file; return the path."""
    path = directory / file_name(game_id, players, seed)
    golden = record(game_id, players, seed, options)
    text = json.dumps(golden, indent=1, sort_keys=True)
    # one [seat, text] pair a line: a rules change reads as a short diff of the log
    text = re.sub(r'\[\s+(\d+),\s+("(?:[^"\\]|\\.)*")\s+\]', r"[\1, \2]", text)
    path.write_text(text + "\n")
    return path


def write_all(directory: Path = DIRECTORY) -> list[Path]:
    """Rewrite the golden file of every table `golden_tables()` lists."""
    return [write(directory, *table) for table in golden_tables()]
