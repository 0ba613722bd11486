"""`python -m core.scenario` on the card game: the documented example (docs/scenarios.md) and
clear errors, never a traceback, for unusable files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.scenario import ScenarioError, main, run_scenario

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "bc_ex_2.json"
SEATS = [{"role": "sheriff", "character": "slab_the_killer"},
         {"role": "outlaw", "character": "black_jack"},
         {"role": "renegade", "character": "jourdonnais"}]


def test_BC_EX_2_example_file_barrel_heart_plus_missed_cancel_slabs_bang() -> None:
    """[BC-EX-2, BC-CHAR-SLAB-1] the example of docs/scenarios.md: the Barrel's heart and the
    Missed! cancel Slab's BANG!; the Sheriff's bot then ends his turn and seat 1 plays."""
    report = run_scenario(json.loads(EXAMPLE.read_text("utf-8")))
    target = report["seats"][1]
    assert target["life"] == 4
    assert "missed_2s" not in target["hand"]
    assert report["discard"][:3] == ["bang_as", "bang_kh", "missed_2s"]
    assert report["active"] == 1
    assert report["to_act"][0]["seat"] == 1
    assert [e["kind"] for e in report["events"]].count("check_resolved") == 1


def test_a_position_places_hands_in_play_cards_and_the_deck_top() -> None:
    """Hands, cards in play and the deck's top, as listed; the other cards fill the deck."""
    spec = {"game": "bang_cards", "seats": [
        {**SEATS[0], "hand": ["beer_6h"], "in_play": ["volcanic_10s"], "life": 3},
        {**SEATS[1], "hand": ["missed_2s"]}, SEATS[2]],
        "deck": ["jail_4h", "bang_2c"], "discard": ["gatling_10h"]}
    report = run_scenario(spec)
    sheriff = report["seats"][0]
    assert (sheriff["hand"], sheriff["in_play"], sheriff["life"]) == (
        ["beer_6h"], ["volcanic_10s"], 3)
    assert report["deck_top"][:2] == ["jail_4h", "bang_2c"]
    assert report["deck_count"] == 80 - 4  # hand, in play, hand, discard
    assert report["to_act"][0]["legal"]


@pytest.mark.parametrize("spec", [
    {"game": "bang_cards", "seats": [{"character": "black_jack"}, *SEATS[1:]]},
    {"game": "bang_cards", "seats": [1, 2, 3]},
    {"game": "bang_cards", "seats": SEATS[:2]},
    {"game": "bang_cards", "seats": SEATS, "turn": 7},
    {"game": "bang_cards", "seats": [{**SEATS[0], "alive": False}, *SEATS[1:]], "turn": 0},
    {"game": "bang_cards", "seats": [{**SEATS[0], "hand": ["bang_as"]}, *SEATS[1:]],
     "deck": ["bang_as"]},
    {"game": "bang_cards", "seats": [{**SEATS[0], "hand": ["no_such_card"]}, *SEATS[1:]]},
    {"game": "bang_cards", "seats": SEATS, "phase": "draw"},
])
def test_unusable_positions_are_refused_before_any_step(spec: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError) as refused:
        run_scenario(spec)
    assert refused.value.step == 0


def test_the_command_reports_a_bad_seat_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "bang_cards", "seats": [{}, {}, {}]}), "utf-8")
    assert main([str(path)]) == 2
    assert capsys.readouterr().err.startswith("scenario error: seat 0 needs a role")
