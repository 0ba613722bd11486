"""The role-adjusted bot-strength harness, on a handful of games per registered game."""

from __future__ import annotations

import math

import pytest

from core.engine.registry import game_ids, get_game
from tests.bench.bot_strength import POLICIES, Tally, main, measure


@pytest.mark.parametrize("game_id", game_ids())
def test_every_seed_is_counted_once_per_policy(game_id: str) -> None:
    players = max(3, get_game(game_id).min_players)
    tallies = measure(game_id, players, 6, seed=3)
    assert list(tallies)[-1] == "all"
    assert tallies["all"].games == 6
    assert sum(t.games for label, t in tallies.items() if label != "all") == 6
    for tally in tallies.values():
        assert {len(tally.wins[p]) for p in POLICIES} == {tally.games}


def test_dice_reports_roles_and_colt_reports_seats() -> None:
    dice = set(measure("bang_dice", 5, 10)) - {"all"}
    assert dice <= {"sheriff", "deputy", "outlaw", "renegade"}
    assert set(measure("colt_express", 3, 6)) == {"seat 0", "seat 1", "seat 2", "all"}


def test_margin_is_the_paired_mean_with_a_normal_interval() -> None:
    tally = Tally()
    tally.wins = {"bot": [1, 1, 0, 1], "default": [0, 1, 0, 0], "random": [1, 1, 0, 1]}
    mean, half = tally.margin("default")
    assert mean == pytest.approx(0.5)
    assert half == pytest.approx(1.96 * math.sqrt((2 - 4 * 0.25) / 3 / 4))
    assert tally.margin("random") == (0.0, 0.0)


def test_command_prints_a_markdown_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["colt_express", "--players", "3", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "| Role / seat | Games | Bot win % |" in out
    assert "| **all** | 3 |" in out
