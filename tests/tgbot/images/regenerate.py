"""`python -m tests.tgbot.images.regenerate`: redraw the golden table pictures.

Writes tests/tgbot/images/golden/<position>_<language>.png for every position of
positions.py in every language, and <hand>_<language>.png for every hand of
HAND_POSITIONS (one seat's private hand picture); then docs/images/phone/<name>_en.png,
each English picture scaled to the 360 px a phone shows it at, and the colour-vision
sheets (tests/tgbot/images/colour_vision.py). Run it after a deliberate change to the
pictures, look at the images (docs/images.md shows them), and commit them with the change.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from core.engine.registry import get_game
from tests.tgbot.images.colour_vision import SHEETS, phone, sheet
from tests.tgbot.images.positions import HAND_POSITIONS, NAMES, POSITIONS, HandPosition, Position
from tgbot.i18n import LANGUAGES
from tgbot.render.images import draw_hand, group_view, hand_view, render_table

GOLDEN = Path(__file__).resolve().parent / "golden"
DOCS_IMAGES = Path(__file__).resolve().parents[3] / "docs" / "images"


def golden_path(position: Position, language: str) -> Path:
    """Return where the golden picture of a position in a language is stored."""
    return GOLDEN / f"{position.name}_{language}.png"


def draw(position: Position, language: str) -> bytes:
    """Return the picture of a position in a language, as the bot draws it."""
    view = group_view(position.kind, get_game(position.kind), position.state())
    return render_table(view, language, NAMES[:position.players])


def hand_golden_path(hand: HandPosition, language: str) -> Path:
    """Return where the golden picture of a seat's hand in a language is stored."""
    return GOLDEN / f"{hand.name}_{language}.png"


def draw_hand_of(hand: HandPosition, language: str) -> bytes:
    """Return the picture of a seat's hand in a language, as the bot draws it."""
    position = hand.position
    view = hand_view(position.kind, get_game(position.kind), position.state(), hand.seat)
    return draw_hand(view, language)


def main() -> None:
    """Write every golden picture and print where."""
    GOLDEN.mkdir(exist_ok=True)
    drawings = [(golden_path(p, lang), lambda p=p, lang=lang: draw(p, lang))
                for p in POSITIONS for lang in LANGUAGES]
    drawings += [(hand_golden_path(h, lang), lambda h=h, lang=lang: draw_hand_of(h, lang))
                 for h in HAND_POSITIONS for lang in LANGUAGES]
    for path, picture in drawings:
        path.write_bytes(picture())
        print(path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path)
    phones = DOCS_IMAGES / "phone"
    phones.mkdir(parents=True, exist_ok=True)
    for name in [p.name for p in POSITIONS] + [h.name for h in HAND_POSITIONS]:
        golden = Image.open(GOLDEN / f"{name}_en.png")
        small = phone(golden).quantize(palette=golden, dither=Image.Dither.NONE)
        small.save(phones / f"{name}_en.png", optimize=True)
    print(phones)
    for name in SHEETS:
        sheet(Image.open(GOLDEN / f"{name}_en.png")).quantize(
            256, method=Image.Quantize.FASTOCTREE).save(
            DOCS_IMAGES / f"{name}_colour_vision.png", optimize=True)
    print(DOCS_IMAGES)


if __name__ == "__main__":
    main()
