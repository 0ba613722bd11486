"""A BANG! dice face drawn as shapes (no emoji font is needed): targets with their
distance (two rings for a double), an arrow, a dynamite stick, a beer mug, a Gatling, a
broken arrow, a bullet; doubled faces draw their shape twice."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from tgbot.render.images.canvas import (
    BLUE,
    INK,
    MUTED,
    ORANGE,
    PANEL,
    SMALL,
    VERMILION,
    YELLOW,
    Canvas,
    font,
)
from tgbot.service.lru import Lru

DIE_FILL = {"base_die": PANEL, "loudmouth_die": "#FBF6C4", "coward_die": "#DCEFFA"}
DIE_MARK = {"loudmouth_die": "L", "coward_die": "C"}
MARKED_H = 28  # the height a die's letter takes below it
EDGE = 6  # a kept die's frame reaches 4 px beyond it: a die's piece has this margin
_PIECES: Lru[tuple[str, str | None, bool, int, str], Image.Image] = Lru(
    1024 * 1024, lambda piece: piece.width * piece.height * 3 + 300)


def _target(canvas: Canvas, x: int, y: int, s: int, text: str, double: bool = False,
            ) -> None:
    """Draw a target with its distance; a double one (two shots) has two rings."""
    pad = s // 8
    if double:
        pad = s // 16
        canvas.draw.ellipse((x + pad + 6, y + pad + 6, x + s - pad - 6, y + s - pad - 6),
                            outline=INK, width=2)
    canvas.draw.ellipse((x + pad, y + pad, x + s - pad, y + s - pad), outline=INK, width=3)
    canvas.draw.text((x + s // 2, y + s // 2), text, font=font(max(SMALL, s * 9 // 20), True),
                     fill=INK, anchor="mm")


def _arrow(canvas: Canvas, x: int, y: int, s: int) -> None:
    canvas.arrow(x + s // 5, y + s // 5, s * 3 // 5, VERMILION)


def _broken(canvas: Canvas, x: int, y: int, s: int) -> None:
    _arrow(canvas, x, y, s)
    canvas.draw.line((x + s // 3, y + s // 3, x + s * 2 // 3, y + s * 2 // 3), fill=PANEL,
                     width=max(3, s // 10))


def _dynamite(canvas: Canvas, x: int, y: int, s: int) -> None:
    left, right = x + s * 3 // 8, x + s * 5 // 8
    canvas.draw.rectangle((left, y + s // 3, right, y + s * 5 // 6), fill=VERMILION,
                          outline=INK)
    canvas.draw.line((x + s // 2, y + s // 3, x + s * 2 // 3, y + s // 6), fill=INK, width=2)
    canvas.draw.ellipse((x + s * 2 // 3 - 4, y + s // 6 - 4, x + s * 2 // 3 + 4, y + s // 6 + 4),
                        fill=ORANGE)


def _mug(canvas: Canvas, x: int, y: int, s: int) -> None:
    left, top, right, bottom = x + s // 4, y + s // 3, x + s * 5 // 8, y + s * 5 // 6
    canvas.draw.arc((right - s // 8, top + s // 10, right + s // 6, bottom - s // 8), -90, 90,
                    fill=INK, width=3)
    canvas.draw.rectangle((left, top, right, bottom), fill=ORANGE, outline=INK, width=2)
    canvas.draw.rectangle((left, top - s // 10, right, top), fill=PANEL, outline=INK, width=2)


def _gatling(canvas: Canvas, x: int, y: int, s: int) -> None:
    for i in range(3):
        top = y + s // 3 + i * s // 9
        canvas.draw.rectangle((x + s // 5, top, x + s * 4 // 5, top + s // 18 + 1), fill=INK)
    canvas.draw.ellipse((x + s // 8, y + s // 4, x + s * 3 // 8, y + s * 3 // 4), outline=INK,
                        width=3)


def _bullet(canvas: Canvas, x: int, y: int, s: int) -> None:
    left, right = x + s * 3 // 8, x + s * 5 // 8
    canvas.draw.rectangle((left, y + s * 2 // 5, right, y + s * 4 // 5), fill=YELLOW, outline=INK)
    canvas.draw.pieslice((left, y + s // 5, right, y + s * 3 // 5), 180, 360, fill=INK)


def _twice(draw: Callable[[Canvas, int, int, int], None]) -> Callable[
        [Canvas, int, int, int], None]:
    def both(canvas: Canvas, x: int, y: int, s: int) -> None:
        half = s // 2
        draw(canvas, x, y + s // 4, half)
        draw(canvas, x + half, y + s // 4, half)
    return both


FACES: dict[str, Callable[[Canvas, int, int, int], None]] = {
    "bullseye_1": lambda c, x, y, s: _target(c, x, y, s, "1"),
    "bullseye_2": lambda c, x, y, s: _target(c, x, y, s, "2"),
    "double_bullseye_1": lambda c, x, y, s: _target(c, x, y, s, "1", True),
    "double_bullseye_2": lambda c, x, y, s: _target(c, x, y, s, "2", True),
    "arrow": _arrow, "broken_arrow": _broken, "dynamite": _dynamite, "beer": _mug,
    "double_beer": _twice(_mug), "gatling": _gatling, "double_gatling": _twice(_gatling),
    "bullet": _bullet,
}


def draw_die(canvas: Canvas, x: int, y: int, size: int, kind: str, face: str | None,
             kept: bool = False) -> None:
    """Draw one die with its top-left corner at (x, y); a kept die gets a thick blue frame
    and a lock bar under it; a Loudmouth or Coward die its letter below (MARKED_H px)."""
    canvas.box((x, y, x + size, y + size), fill=DIE_FILL.get(kind, PANEL),
               outline=INK, width=2, radius=size // 7)
    if face is None:
        canvas.draw.text((x + size // 2, y + size // 2), "?", font=font(size // 2, True),
                         fill=MUTED, anchor="mm")
    else:
        drawn = FACES.get(face)
        if drawn is not None:
            drawn(canvas, x, y, size)
    mark = DIE_MARK.get(kind)
    if mark:
        canvas.draw.text((x + size // 2, y + size + 14), mark, font=font(SMALL, True),
                         fill=INK, anchor="ma")
    if kept:
        canvas.draw.rounded_rectangle((x - 4, y - 4, x + size + 4, y + size + 4),
                                      radius=size // 6, outline=BLUE, width=5)
        canvas.draw.rectangle((x + 6, y + size + 7, x + size - 6, y + size + 12), fill=INK)


def paste_die(canvas: Canvas, x: int, y: int, size: int, kind: str, face: str | None,
              kept: bool, ground: str) -> None:
    """Draw a die as `draw_die` would on a `ground` coloured area, from a piece drawn once
    per (kind, face, kept, size, ground): the piece covers EDGE px around the die and
    the letter and lock bar below it (22 px, and MARKED_H for a lettered die)."""
    key = (kind, face, kept, size, ground)
    piece = _PIECES.get(key)
    if piece is None:
        below = 22 + (MARKED_H if kind in DIE_MARK else 0)
        small = Canvas(EDGE + size + below, ground, width=size + 2 * EDGE)
        draw_die(small, EDGE, EDGE, size, kind, face, kept)
        piece = small.image
        _PIECES.keep(key, piece)
    canvas.image.paste(piece, (x - EDGE, y - EDGE))
