"""Picture parts the BANG! tables share: the title line, the closing banner, role colours."""

from __future__ import annotations

from tgbot.render.dice.front import side_name
from tgbot.render.images import labels
from tgbot.render.images.canvas import (
    GREEN,
    INK,
    MARGIN,
    MUTED,
    PURPLE,
    SKY,
    TEXT,
    TITLE,
    VERMILION,
    WIDTH,
    YELLOW,
    Canvas,
    text_width,
    wrap,
)

# Every role is written in its tag: the colours only help the eye.
ROLE_COLOUR = {"sheriff": YELLOW, "deputy": SKY, "outlaw": VERMILION, "renegade": PURPLE}
HEADER = 56
BANNER_LINE = 36


def header(canvas: Canvas, title: str, right: str) -> None:
    """Draw the game's title on the left of the top line and `right` (the turn) right."""
    used = canvas.text(WIDTH - MARGIN, 14, right, TEXT, fill=MUTED, anchor="ra")
    canvas.text(MARGIN, 8, title, TITLE, bold=True, width=WIDTH - 3 * MARGIN - used)


def _banner_lines(language: str, side: str | None) -> list[str]:
    text = labels.game_over(language, side_name(language, side))
    return wrap(text, TEXT, WIDTH - 4 * MARGIN, bold=True, lines=2)


def banner_height(language: str, side: str | None) -> int:
    """Return the height of the closing banner (one or two lines)."""
    return 20 + BANNER_LINE * len(_banner_lines(language, side))


def victory_banner(canvas: Canvas, language: str, top: int, side: str | None) -> None:
    """Draw the closing banner naming the winning side (None: a draw) from `top`."""
    lines = _banner_lines(language, side)
    canvas.box((MARGIN, top, WIDTH - MARGIN, top + banner_height(language, side)), fill=GREEN,
               outline=INK, width=2)
    for index, line in enumerate(lines):
        canvas.text(WIDTH // 2, top + 10 + index * BANNER_LINE, line, TEXT, bold=True,
                    fill=INK, anchor="ma")


def tag_width(text: str, size: int, limit: int) -> int:
    """Return the width of `canvas.tag(text)` cut to `limit` px."""
    return min(limit, text_width(text, size) + 16)
