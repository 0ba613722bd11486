"""The picture cache draws a (game id, version, language) once, and the pictures' text
stays legible at the width a phone shows a photo at in a chat (about 360 px)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

from core.engine.registry import get_game
from tests.tgbot.images.positions import HAND_POSITIONS, NAMES, POSITIONS
from tgbot.render.images import TableImages, has_picture
from tgbot.render.images.canvas import PHONE, SMALL, TEXT, WIDTH

PHONE_WIDTH = PHONE  # a phone shows a photo 320-400 px wide in a chat


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


def test_smallest_text_is_legible_at_the_width_a_phone_shows() -> None:
    """A phone shows a photo 320-400 px wide in a chat: at 360 px the smallest text is
    12 px, the usual text 14 px."""
    assert SMALL * PHONE_WIDTH / WIDTH >= 12
    assert TEXT * PHONE_WIDTH / WIDTH >= 14


def _font_sizes(draw_picture: Any, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Return the size of every font text is drawn with while `draw_picture()` runs."""
    sizes: list[int] = []
    original = ImageDraw.ImageDraw.text

    def text(self: Any, xy: Any, text: Any, fill: Any = None, font: Any = None,
             *args: Any, **kw: Any) -> None:
        sizes.append(int(font.size))
        original(self, xy, text, fill, font, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    draw_picture()
    return sizes


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_words_are_never_drawn_smaller_than_the_smallest_size(
        position: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.tgbot.images.regenerate import draw

    sizes = _font_sizes(lambda: draw(position, "it"), monkeypatch)
    assert sizes
    assert min(sizes) >= SMALL


@pytest.mark.parametrize("hand", HAND_POSITIONS, ids=lambda h: h.name)
def test_hands_are_never_drawn_smaller_than_the_smallest_size(
        hand: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.tgbot.images.regenerate import draw_hand_of

    sizes = _font_sizes(lambda: draw_hand_of(hand, "pt-BR"), monkeypatch)
    assert sizes
    assert min(sizes) >= SMALL


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_a_table_fits_a_phone_screen_when_opened(position: Any) -> None:
    """Opened full screen, a picture no taller than twice its width fills the width of a
    phone (about 9:19.5) instead of shrinking to its height."""
    from tests.tgbot.images.regenerate import draw

    image = Image.open(io.BytesIO(draw(position, "pt-BR")))
    assert image.height <= 2 * image.width
