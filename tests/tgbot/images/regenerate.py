"""`python -m tests.tgbot.images.regenerate`: redraw the golden table pictures.

Writes tests/tgbot/images/golden/<position>_<language>.png for every position of
positions.py in every language. Run it after a deliberate change to the pictures, look at
the images (docs/images.md shows them), and commit them with the change.
"""

from __future__ import annotations

from pathlib import Path

from core.engine.registry import get_game
from tests.tgbot.images.positions import NAMES, POSITIONS, Position
from tgbot.i18n import LANGUAGES
from tgbot.render.images import group_view, render_table

GOLDEN = Path(__file__).resolve().parent / "golden"


def golden_path(position: Position, language: str) -> Path:
    """Return where the golden picture of a position in a language is stored."""
    return GOLDEN / f"{position.name}_{language}.png"


def draw(position: Position, language: str) -> bytes:
    """Return the picture of a position in a language, as the bot draws it."""
    view = group_view(position.kind, get_game(position.kind), position.state())
    return render_table(view, language, NAMES[:position.players])


def main() -> None:
    """Write every golden picture and print where."""
    GOLDEN.mkdir(exist_ok=True)
    for position in POSITIONS:
        for language in LANGUAGES:
            path = golden_path(position, language)
            path.write_bytes(draw(position, language))
            print(path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path)


if __name__ == "__main__":
    main()
