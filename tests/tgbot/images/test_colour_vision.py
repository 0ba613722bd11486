"""The pictures' colours: text contrast, categories told apart under the common
colour-vision deficiencies (simulated: tests/tgbot/images/colour_vision.py), and nothing
told by colour alone (a bandit has its own shape and name, a winner a word)."""

from __future__ import annotations

import io
from itertools import combinations
from typing import Any

import pytest
from PIL import Image

from core.engine.registry import get_game
from tests.tgbot.images.colour_vision import (
    contrast,
    difference,
    rgb,
    simulate,
    simulate_image,
)
from tests.tgbot.images.positions import NAMES, POSITIONS
from tests.tgbot.images.regenerate import draw
from tgbot.render.images import bands as bands_module
from tgbot.render.images import canvas as canvas_module
from tgbot.render.images.canvas import GREEN, LINE, ORANGE, SKY, TEXT_ON, YELLOW
from tgbot.render.images.colt_train import BANDIT_COLOUR, BANDIT_SHAPE, bandit_names
from tgbot.render.images.parts import ROLE_COLOUR
from tgbot.service.lru import Lru

DICHROMACIES = ("protanopia", "deuteranopia", "tritanopia")
CLEARLY_APART = 12.0  # CIE76 delta E; 2.3 is just noticeable
CATEGORIES = {
    "roles": ROLE_COLOUR,
    "bandits": BANDIT_COLOUR,
    "loot": {"purse": ORANGE, "jewel": SKY, "strongbox": YELLOW, "ransom": GREEN},
    "seat frames": {"active": ORANGE, "winner": GREEN, "plain": LINE},
}


def by_name(name: str) -> Any:
    return next(p for p in POSITIONS if p.name == name)


def test_every_text_colour_has_contrast_with_its_ground() -> None:
    """WCAG AA for normal text: 4.5:1 for every (ink, ground) pair text is drawn with."""
    low = [(ink, ground, round(contrast(rgb(ink), rgb(ground)), 2))
           for ink, grounds in TEXT_ON.items() for ground in grounds
           if contrast(rgb(ink), rgb(ground)) < 4.5]
    assert low == []


@pytest.mark.parametrize("kind", DICHROMACIES)
@pytest.mark.parametrize("category", sorted(CATEGORIES))
def test_categories_stay_apart_with_each_colour_vision_deficiency(category: str,
                                                                  kind: str) -> None:
    colours = CATEGORIES[category]
    close = [(a, b) for a, b in combinations(sorted(colours), 2)
             if difference(simulate(rgb(colours[a]), kind),
                           simulate(rgb(colours[b]), kind)) < CLEARLY_APART]
    assert close == []


def test_the_simulation_confuses_red_and_green_as_a_deuteranope_does() -> None:
    """The check itself: pure red and green, far apart normally, come out close."""
    red, green = (200, 40, 40), (40, 160, 40)
    assert difference(red, green) > 80
    assert difference(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < 25
    grey = simulate((0, 114, 178), "greyscale")
    assert grey[0] == grey[1] == grey[2]


def test_a_simulated_picture_keeps_its_size_and_changes_its_colours() -> None:
    image = Image.open(io.BytesIO(draw(by_name("colt_2p_scheming"), "en")))
    seen = simulate_image(image, "protanopia")
    assert seen.size == image.size
    assert seen.getcolors(1 << 16) != image.convert("RGB").getcolors(1 << 16)


def test_every_bandit_has_a_shape_of_its_own() -> None:
    assert set(BANDIT_SHAPE) == set(BANDIT_COLOUR)
    assert len(set(BANDIT_SHAPE.values())) == len(BANDIT_SHAPE)


def test_two_bandits_of_one_player_are_called_by_their_own_names() -> None:
    """Two-player game: each player runs two bandits, so the train and the pile name the
    bandit, not the player, whose two marks differ only in colour and shape otherwise."""
    position = by_name("colt_2p_scheming")
    game = get_game("colt_express")
    view = game.view_json(game.view(position.state(), None))
    called = bandit_names(view, NAMES[:2])
    assert len(set(called)) == len(view["bandits"]) == 4
    assert not set(called) & set(NAMES)
    four = by_name("colt_4p_stealing")
    view = game.view_json(game.view(four.state(), None))
    assert bandit_names(view, NAMES[:4]) == [NAMES[b["seat"]] for b in view["bandits"]]


def _tags(position: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Return the (text, fill) of every tag a position's picture draws."""
    drawn: list[tuple[str, str]] = []
    original = canvas_module.Canvas.tag

    def tag(self: Any, x: int, y: int, text: str, fill: str, *args: Any, **kw: Any) -> int:
        drawn.append((text, fill))
        return original(self, x, y, text, fill, *args, **kw)

    monkeypatch.setattr(canvas_module.Canvas, "tag", tag)
    # nothing kept: each seat is drawn whole (two seats' same line is otherwise drawn once)
    monkeypatch.setattr(bands_module, "_SEATS", Lru(0))
    draw(position, "en")
    return drawn


@pytest.mark.parametrize("name", ["dice_8p_finished", "cards_7p_finished", "colt_6p_finished"])
def test_winners_are_told_in_words_not_only_by_a_green_frame(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    position = by_name(name)
    state = position.state()
    winners = get_game(position.kind).view_json(
        get_game(position.kind).view(state, None))["outcome"]["winners"]
    tags = _tags(position, monkeypatch)
    assert winners
    assert tags.count(("Winner", GREEN)) == len(winners)
