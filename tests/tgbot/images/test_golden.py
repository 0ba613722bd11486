"""Golden pictures: each fixed position of every game, in every language, drawn as the bot
draws it, matches the committed PNG within a pixel tolerance (font smoothing may differ a
little between FreeType builds). Regenerate with `python -m tests.tgbot.images.regenerate`
after a deliberate change."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tests.tgbot.images.positions import POSITIONS, Position
from tests.tgbot.images.regenerate import draw, golden_path
from tgbot.i18n import LANGUAGES
from tgbot.render.images.canvas import WIDTH

CHANNEL_TOLERANCE = 48  # a pixel differs when a channel moves by more than this
PIXEL_SHARE = 0.005  # at most this share of the pixels may differ


def differing_share(drawn: Image.Image, golden: Image.Image) -> float:
    """Return the share of pixels that differ by more than the channel tolerance."""
    diff = ImageChops.difference(drawn.convert("RGB"), golden.convert("RGB")).convert("L")
    histogram = diff.point(lambda v: 255 if v > CHANNEL_TOLERANCE // 3 else 0).histogram()
    return histogram[255] / (drawn.width * drawn.height)


def assert_matches_golden(png: bytes, path: Path) -> None:
    """Fail unless a drawn PNG has the golden's size and the picture width, and differs
    from it in at most PIXEL_SHARE of its pixels."""
    drawn = Image.open(io.BytesIO(png))
    golden = Image.open(path)
    assert drawn.size == golden.size, "the layout changed: regenerate and review the goldens"
    assert drawn.width == WIDTH
    share = differing_share(drawn, golden)
    assert share <= PIXEL_SHARE, f"{share:.2%} of the pixels differ from the golden"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_picture_matches_its_golden(position: Position, language: str) -> None:
    assert_matches_golden(draw(position, language), golden_path(position, language))


def test_goldens_cover_every_game_and_several_player_counts() -> None:
    counts: dict[str, set[int]] = {}
    for position in POSITIONS:
        counts.setdefault(position.kind, set()).add(position.players)
    assert set(counts) == {"bang_dice", "colt_express", "bang_cards"}
    assert all(len(players) >= 3 for players in counts.values())


def test_the_tolerance_catches_a_changed_seat() -> None:
    """A real difference (another language's words) is far above the tolerance."""
    position = POSITIONS[0]
    english = Image.open(golden_path(position, "en"))
    italian = Image.open(golden_path(position, "it"))
    assert english.size == italian.size
    assert differing_share(english, italian) > PIXEL_SHARE
