"""The picture cache draws a view shown (whatever its game and version) once per language
and names, within a byte budget, and the pictures' text
stays legible at the width a phone shows a photo at in a chat (about 360 px)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageFont

from core.engine.registry import get_game
from tests.tgbot.images.positions import HAND_POSITIONS, NAMES, POSITIONS
from tgbot.render.images import TableImages, group_view, has_picture, stored_group_view
from tgbot.render.images.bands import forget_bands
from tgbot.render.images.canvas import PHONE, SMALL, TEXT, WIDTH, forget_drawn_text

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


def test_a_view_is_drawn_once_per_language_and_names() -> None:
    game, states = _game_and_states(2)
    cache = TableImages()
    first = cache.png(7, "bang_dice", game, states[0], "en", NAMES[:4])
    assert cache.png(7, "bang_dice", game, states[0], "en", NAMES[:4]) is first
    assert cache.drawn == 1
    cache.png(7, "bang_dice", game, states[0], "it", NAMES[:4])
    assert cache.drawn == 2
    # another game showing exactly the same table reuses the picture
    assert cache.png(8, "bang_dice", game, states[0], "en", NAMES[:4]) is first
    assert cache.drawn == 2
    cache.png(7, "bang_dice", game, states[1], "en", NAMES[:4])
    assert cache.drawn == 3
    assert Image.open(io.BytesIO(first)).format == "PNG"


def test_a_move_that_changes_nothing_drawn_keeps_the_picture() -> None:
    """Only the version differs: the picture (and so the view's digest) is the same."""
    game, states = _game_and_states(1)
    view = group_view("bang_dice", game, states[0])
    later = stored_group_view({**view.to_json(),
                               "view": {**view.data, "version": view.version + 1}})
    assert later.digest() == view.digest()
    cache = TableImages()
    assert cache.picture(later, "en", NAMES[:4]) is cache.picture(view, "en", NAMES[:4])
    assert cache.drawn == 1
    moved = stored_group_view({**view.to_json(), "view": {**view.data, "pile": 1}})
    assert moved.digest() != view.digest()


def test_new_names_redraw_and_the_least_recently_used_picture_goes_first() -> None:
    game, states = _game_and_states(4)
    others = ["W", "X", "Y", "Z"]
    probe = TableImages()
    weights = []
    for state, names in ((states[0], others), (states[1], NAMES[:4]), (states[2], NAMES[:4])):
        before = probe.used
        probe.png(1, "bang_dice", game, state, "en", names)
        weights.append(probe.used - before)
    cache = TableImages(budget=weights[0] + max(weights[1:]))
    cache.png(1, "bang_dice", game, states[0], "en", NAMES[:4])
    cache.png(1, "bang_dice", game, states[0], "en", others)
    assert cache.drawn == 2
    assert len(cache) == 1  # the budget holds two pictures, not three
    cache.png(1, "bang_dice", game, states[1], "en", NAMES[:4])
    cache.png(1, "bang_dice", game, states[0], "en", others)  # used again
    cache.png(1, "bang_dice", game, states[2], "en", NAMES[:4])  # evicts states[1]
    assert len(cache) == 2
    assert cache.used <= cache.budget
    drawn = cache.drawn
    cache.png(1, "bang_dice", game, states[0], "en", others)
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
    original = ImageFont.FreeTypeFont.getmask2

    def getmask2(self: Any, *args: Any, **kw: Any) -> Any:
        sizes.append(int(self.size))
        return original(self, *args, **kw)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", getmask2)
    forget_drawn_text()  # words and bands kept from earlier drawings are drawn again
    forget_bands()
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
