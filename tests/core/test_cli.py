"""The command-line tools: `python -m core.scenario` and `python -m core.simulate`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


def _write(tmp_path: Path, content: object) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return str(path)


SEATS = [
    {"role": "sheriff", "character": "paul_regret"},
    {"role": "outlaw", "character": "jesse_jones"},
    {"role": "outlaw", "character": "rose_doolan"},
    {"role": "renegade", "character": "willy_the_kid"},
]


def test_documented_example_runs_and_prints_one_json_object() -> None:
    result = _run("core.scenario", "docs/examples/bd_ex_1.json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["game"] == "bang_dice"
    sheriff = report["seats"][0]
    assert (sheriff["life"], sheriff["arrows"]) == (4, 0)  # BD-EX-1 end state
    assert {"seats", "pile", "turn", "to_act", "outcome", "events"} <= set(report)
    assert report["to_act"][0]["legal"]


def test_illegal_action_names_the_step(tmp_path: Path) -> None:
    spec = {"game": "bang_dice", "seats": SEATS, "turn": 0,
            "dice": ["beer", "beer", "beer", "beer", "beer"],
            "actions": [{"seat": 0, "action": "s"}, {"seat": 0, "action": "t0"},
                        {"seat": 2, "action": "t1"}]}
    result = _run("core.scenario", _write(tmp_path, spec))
    assert result.returncode == 1
    assert "step 3" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("content", [
    "{not json", "[]", {"game": "poker", "seats": SEATS},
    {"game": "bang_dice", "seats": [{"role": "sheriff"}]},
    {"game": "bang_dice", "seats": SEATS, "dice": ["double_beer"]},
    {"game": "bang_dice", "seats": SEATS, "pile": 3},
    {"game": "bang_dice", "seats": SEATS, "actions": [{"action": "s"}]},
    {"game": "bang_dice", "seats": SEATS, "actions": [{"seat": 0, "action": "zz"}]},
])
def test_malformed_files_get_a_clear_error_not_a_traceback(tmp_path: Path,
                                                           content: object) -> None:
    result = _run("core.scenario", _write(tmp_path, content))
    assert result.returncode in (1, 2)
    assert result.stderr.startswith("scenario error:")
    assert "Traceback" not in result.stderr


def test_missing_file_is_reported(tmp_path: Path) -> None:
    result = _run("core.scenario", str(tmp_path / "nope.json"))
    assert result.returncode == 2
    assert "cannot read" in result.stderr


def test_simulate_prints_a_summary_on_the_last_line() -> None:
    result = _run("core.simulate", "bang_dice", "--players", "5", "--games", "30", "--seed",
                  "9", "--policy", "bot")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["game"] == "bang_dice"
    assert (summary["players"], summary["games"], summary["errors"]) == (5, 30, 0)
    assert sum(summary["outcomes"].values()) == 30
    assert summary["mean_actions"] > 10
    assert summary["games_per_second"] > 0


def test_simulate_refuses_bad_arguments() -> None:
    assert _run("core.simulate", "bang_dice", "--players", "2").returncode == 2
    assert _run("core.simulate", "bang_dice", "--players", "4", "--options", "[").returncode == 2
    bad_module = _run("core.simulate", "bang_dice", "--players", "4", "--options",
                      '{"modules": ["nope"]}')
    assert bad_module.returncode == 2
    assert "nope" in bad_module.stderr
