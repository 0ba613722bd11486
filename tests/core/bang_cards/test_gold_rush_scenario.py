"""`python -m core.scenario` with Gold Rush and the shadows: the documented examples
(docs/scenarios.md) and clear errors for unusable files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.scenario import ScenarioError, run_scenario

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


def load(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text("utf-8"))  # type: ignore[no-any-return]


def test_GR_EX_12_example_file_jacky_murieta_pays_twice() -> None:
    """[GR-EX-12, GR-CHAR-JACKY-1] two paid shots at seat 2, one dodged: 2 nuggets left."""
    report = run_scenario(load("gr_ex_12.json"))
    assert report["nuggets"] == [2, 0, 0, 0, 0]
    assert report["seats"][2]["life"] == 3
    assert report["bank"] == 28
    assert report["active"] == 0


def test_GR_EX_6_example_file_the_shadow_renegade_plays_for_the_outlaws() -> None:
    """[GR-EX-6, GR-SREN-2] Sheriff and one Outlaw shown: a tie, the Outlaws' side."""
    report = run_scenario(load("gr_ex_6.json"))
    assert report["shadows"] == [4]
    assert report["sides"][4] == "outlaws"
    assert report["seats"][4]["life"] == 0
    kinds = [e["kind"] for e in report["events"]]
    assert kinds.index("shadow_returned") < kinds.index("turn_started")


def test_GR_NUG_5_example_file_the_dead_outlaws_nuggets_go_back_to_the_bank() -> None:
    """[GR-NUG-5] without the shadows the Outlaw's 3 nuggets return: 27 + 3 - 1 = 29."""
    report = run_scenario(load("gr_nug_5.json"))
    assert not report["seats"][1]["alive"]
    assert report["nuggets"] == [1, 0, 0, 0, 0]
    assert report["bank"] == 29
    returned = [(e["seat"], e["delta"], e["cause"]) for e in report["events"]
                if e["kind"] == "nuggets_changed" and e["delta"] < 0]
    assert returned == [(1, -3, "eliminated")]


def test_GR_SHADOW_2_example_file_the_dead_outlaw_keeps_his_nuggets() -> None:
    """[GR-SHADOW-2] the same shot with the shadows: he keeps his 3 for his shadow turns."""
    spec = load("gr_shadow_2.json")
    assert {**spec, "options": {}} == {**load("gr_nug_5.json"), "options": {}}
    report = run_scenario(spec)
    assert not report["seats"][1]["alive"]
    assert report["nuggets"] == [1, 3, 0, 0, 0]
    assert report["bank"] == 26


@pytest.mark.parametrize("change", [
    {"options": {"gold_rush": "yes"}},
    {"shop": ["nope"]},
    {"shop": ["shot_1", "shot_1"]},
    {"options": {}, "shop": ["shot_1"]},
])
def test_unusable_gold_rush_positions_are_refused(change: dict[str, Any]) -> None:
    spec = {**load("gr_ex_12.json"), "actions": [], **change}
    with pytest.raises(ScenarioError):
        run_scenario(spec)
