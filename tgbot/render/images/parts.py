"""Picture parts the BANG! tables share: the title line, the closing banner, role colours."""

from __future__ import annotations

from tgbot.render.dice import side_name
from tgbot.render.images import labels
from tgbot.render.images.canvas import (
    GREEN,
    MARGIN,
    MUTED,
    PANEL,
    PURPLE,
    SKY,
    TEXT,
    TITLE,
    VERMILION,
    WIDTH,
    YELLOW,
    Canvas,
)

ROLE_COLOUR = {"sheriff": YELLOW, "deputy": SKY, "outlaw": VERMILION, "renegade": PURPLE}
BANNER_H = 56


def header(canvas: Canvas, title: str, right: str) -> None:
    """Draw the game's title on the left of the top line and `right` (the turn) right."""
    canvas.text(MARGIN, 12, title, TITLE, bold=True, width=WIDTH - 260)
    canvas.text(WIDTH - MARGIN, 18, right, TEXT, fill=MUTED, anchor="ra")


def victory_banner(canvas: Canvas, language: str, top: int, side: str | None) -> None:
    """Draw the closing banner naming the winning side (None: a draw) from `top`."""
    canvas.box((MARGIN, top, WIDTH - MARGIN, top + BANNER_H), fill=GREEN, outline=None)
    canvas.text(WIDTH // 2, top + BANNER_H // 2,
                labels.game_over(language, side_name(language, side)), TEXT, bold=True,
                fill=PANEL, anchor="mm", width=WIDTH - 4 * MARGIN)
