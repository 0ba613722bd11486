"""Export and the two command-line tools."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from pathlib import Path

from storage.clock import Clock
from storage.export import export_games
from tests.storage.conftest import Backend, ticking_clock
from tests.storage.play import new_game, play_one, play_to_end

ROOT = Path(__file__).resolve().parents[2]


async def test_export_lists_status_seats_options_outcome_and_the_log(
    backend: Backend, clock: Clock
) -> None:
    finished = await new_game(backend.uow, clock, seed=4, seats=3, bots=1, chat_id=-7)
    actions = await play_to_end(backend.uow, clock, finished)
    running = await new_game(backend.uow, clock, seed=5, seats=4, chat_id=-7)
    await play_one(backend.uow, clock, running)
    await new_game(backend.uow, clock, seed=6, seats=4, chat_id=-8)

    games = await export_games(backend.uow, chat_id=-7)
    json.dumps(games)  # JSON-ready as it is
    assert [game["id"] for game in games] == [finished, running]
    done, ongoing = games
    assert (done["status"], done["kind"], done["options"], done["seed"]) == (
        "finished",
        "bang_dice",
        {},
        4,
    )
    assert set(done["outcome"]) == {"side", "winners", "reason"}
    assert done["outcome"]["reason"]
    assert done["seats"] == [
        {"seat": 0, "user_id": 100, "is_bot": False, "strikes": done["seats"][0]["strikes"]},
        {"seat": 1, "user_id": 101, "is_bot": False, "strikes": done["seats"][1]["strikes"]},
        {"seat": 2, "user_id": None, "is_bot": True, "strikes": done["seats"][2]["strikes"]},
    ]
    assert len(done["actions"]) == actions == done["version"]
    first = done["actions"][0]
    assert set(first) == {"version", "seat", "action", "actor", "at"}
    assert first["version"] == 1
    assert {a["actor"] for a in done["actions"]} <= {"human", "timeout", "bot"}
    assert datetime.fromisoformat(first["at"]).utcoffset() is not None
    for seat in done["seats"]:  # strikes count a seat's timeouts since its last own move
        expected = 0
        for action in done["actions"]:
            if action["seat"] == seat["seat"] and action["actor"] == "human":
                expected = 0
            elif action["seat"] == seat["seat"] and action["actor"] == "timeout":
                expected += 1
        assert seat["strikes"] == expected
    assert (ongoing["status"], ongoing["outcome"], len(ongoing["actions"])) == ("running", None, 1)

    [only] = await export_games(backend.uow, game_id=running)
    assert only == ongoing
    assert len(await export_games(backend.uow)) == 3


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


async def test_command_line_tools_on_a_sqlite_file(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/cli.sqlite3"
    assert _cli("storage.migrate", "--database-url", url, "upgrade").returncode == 0
    from storage.database import make_engine
    from storage.uow import sql_uow_factory

    engine = make_engine(url)
    try:
        uow = sql_uow_factory(engine)
        clock = ticking_clock()
        game_ids = [await new_game(uow, clock, seed=s, seats=4, chat_id=-s) for s in (1, 2)]
        for game_id in game_ids:
            await play_to_end(uow, clock, game_id)
    finally:
        await engine.dispose()

    exported = _cli("storage.export", "--database-url", url, "--chat", "-2")
    assert exported.returncode == 0, exported.stderr
    [game] = json.loads(exported.stdout)
    assert (game["id"], game["status"]) == (game_ids[1], "finished")

    replayed = _cli("storage.replay", "--database-url", url)
    assert replayed.returncode == 0, replayed.stderr
    lines = replayed.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [f"game {i}" for i in game_ids]
    assert all(": ok (" in line for line in lines)
    assert f"game {game_ids[1]}: ok ({game['version']} actions)" in lines

    import sqlite3

    with sqlite3.connect(f"{tmp_path}/cli.sqlite3") as raw:
        raw.execute(
            "UPDATE actions SET action = 'k9' WHERE game_id = ? AND version = 3", (game_ids[0],)
        )
    broken = _cli("storage.replay", "--database-url", url, "--game", str(game_ids[0]))
    assert broken.returncode == 1
    assert broken.stdout.strip().startswith(f"game {game_ids[0]}: MISMATCH at version 3")
