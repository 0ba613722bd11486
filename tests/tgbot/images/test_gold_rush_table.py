"""What the group sees after a kill with Gold Rush is the rule (GR-NUG-5, GR-SHADOW-2): the
scenario files docs/examples/gr_nug_5.json and gr_shadow_2.json, drawn as the group's
picture and written as its text table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.engine.protocol import apply_checked
from core.engine.registry import get_game
from tgbot.render.cards.table import table
from tgbot.render.images import canvas as canvas_module
from tgbot.render.images import group_view, render_table

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
NAMES = ["Ana", "Bruno", "Carla", "Davi", "Eva"]
GAME = get_game("bang_cards")


def _after_the_kill(name: str) -> Any:
    spec = json.loads((EXAMPLES / name).read_text("utf-8"))
    state = GAME.position(spec).state  # type: ignore[attr-defined]
    for item in spec["actions"]:
        state = apply_checked(GAME, state, item["seat"], item["action"]).state
    return state


def _words(state: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Return every text the group's picture of `state` draws (in English)."""
    drawn: list[str] = []
    text, tag = canvas_module.Canvas.text, canvas_module.Canvas.tag

    def record_text(self: Any, x: int, y: int, words: str, *args: Any, **kw: Any) -> int:
        drawn.append(words)
        return text(self, x, y, words, *args, **kw)

    def record_tag(self: Any, x: int, y: int, words: str, *args: Any, **kw: Any) -> int:
        drawn.append(words)
        return tag(self, x, y, words, *args, **kw)

    monkeypatch.setattr(canvas_module.Canvas, "text", record_text)
    monkeypatch.setattr(canvas_module.Canvas, "tag", record_tag)
    render_table(group_view("bang_cards", GAME, state), "en", NAMES)
    return drawn


def _bruno_line(state: Any) -> str:
    view = GAME.view(state, None)
    lines = table("en", view, NAMES, [], "BANG!").splitlines()
    return next(line for line in lines if "Bruno" in line and "💀" in line)


def test_GR_NUG_5_the_table_shows_the_dead_outlaws_nuggets_back_in_the_bank(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _after_the_kill("gr_nug_5.json")
    words = _words(state, monkeypatch)
    assert "Bank: 29" in words
    assert "Nuggets: 1" in words  # the Sheriff's, for the killing point
    assert "Nuggets: 3" not in words
    assert "💰" not in _bruno_line(state)
    view = GAME.view(state, None)
    assert "🏦 29💰" in table("en", view, NAMES, [], "BANG!")


def test_GR_SHADOW_2_the_table_shows_the_dead_shadow_keeping_his_nuggets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _after_the_kill("gr_shadow_2.json")
    words = _words(state, monkeypatch)
    assert "Bank: 26" in words
    assert "Nuggets: 3" in words
    assert "3💰" in _bruno_line(state)
