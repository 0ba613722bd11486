"""The picture cache draws a (game id, version, language) once, and the pictures' text
stays legible at the width Telegram shows a photo in a chat."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from core.engine.registry import get_game
from tests.tgbot.images.positions import NAMES, POSITIONS
from tgbot.render.images import TableImages, has_picture
from tgbot.render.images import canvas as canvas_module
from tgbot.render.images.canvas import SMALL, WIDTH

PHONE_WIDTH = 800  # the narrowest width Telegram shows a photo at in a chat


def _game_and_states(count: int) -> tuple[Any, list[Any]]:
    game = get_game("bang_dice")
    state = game.setup({}, 4, 2).state
    states = [state]
    while len(states) < count:
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.bot_action(state, seat)).state
        states.append(state)
    return game, states


def test_a_version_is_drawn_once_per_language() -> None:
    game, states = _game_and_states(2)
    cache = TableImages(size=8)
    first = cache.png(7, "bang_dice", game, states[0], "en", NAMES[:4])
    assert cache.png(7, "bang_dice", game, states[0], "en", NAMES[:4]) is first
    assert cache.drawn == 1
    cache.png(7, "bang_dice", game, states[0], "it", NAMES[:4])
    cache.png(8, "bang_dice", game, states[0], "en", NAMES[:4])
    cache.png(7, "bang_dice", game, states[1], "en", NAMES[:4])
    assert cache.drawn == 4
    assert Image.open(io.BytesIO(first)).format == "PNG"


def test_new_names_redraw_and_the_oldest_picture_goes_first() -> None:
    game, states = _game_and_states(4)
    cache = TableImages(size=2)
    cache.png(1, "bang_dice", game, states[0], "en", NAMES[:4])
    cache.png(1, "bang_dice", game, states[0], "en", ["W", "X", "Y", "Z"])
    assert cache.drawn == 2
    assert len(cache) == 1
    cache.png(1, "bang_dice", game, states[1], "en", NAMES[:4])
    cache.png(1, "bang_dice", game, states[0], "en", ["W", "X", "Y", "Z"])  # used again
    cache.png(1, "bang_dice", game, states[2], "en", NAMES[:4])  # evicts states[1]
    assert len(cache) == 2
    drawn = cache.drawn
    cache.png(1, "bang_dice", game, states[0], "en", ["W", "X", "Y", "Z"])
    assert cache.drawn == drawn
    cache.png(1, "bang_dice", game, states[1], "en", NAMES[:4])
    assert cache.drawn == drawn + 1


def test_every_game_with_a_front_has_a_picture() -> None:
    from tgbot.render.front import playable_kinds

    assert all(has_picture(kind) for kind in playable_kinds())
    assert not has_picture("chess")


def test_smallest_text_is_legible_at_the_width_telegram_shows() -> None:
    assert SMALL * PHONE_WIDTH / WIDTH >= 16


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_words_are_never_drawn_smaller_than_the_smallest_size(
        position: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    original_text, original_tag = canvas_module.Canvas.text, canvas_module.Canvas.tag

    def text(self: Any, x: int, y: int, text: str, size: int = canvas_module.TEXT,
             **kw: Any) -> int:
        sizes.append(size)
        return original_text(self, x, y, text, size, **kw)

    def tag(self: Any, x: int, y: int, text: str, fill: str, ink: str = canvas_module.INK,
            size: int = SMALL, max_width: int = WIDTH) -> int:
        sizes.append(size)
        return original_tag(self, x, y, text, fill, ink, size, max_width)

    monkeypatch.setattr(canvas_module.Canvas, "text", text)
    monkeypatch.setattr(canvas_module.Canvas, "tag", tag)
    from tests.tgbot.images.regenerate import draw

    draw(position, "it")
    assert sizes
    assert min(sizes) >= SMALL
