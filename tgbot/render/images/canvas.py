"""Drawing primitives shared by the table pictures: fonts, palette, text, shapes, PNG.

Every picture is WIDTH pixels wide. A phone shows a photo in a chat 320 to 400 px wide
(PHONE: 360), so the smallest text (SMALL) is SMALL * PHONE / WIDTH = 12 px there, the
usual body text (TEXT) 14 px. Colours come from the Okabe-Ito palette, told apart under
the common colour-vision deficiencies, and nothing is told by colour alone: every
coloured mark has a word, a number or a shape of its own next to it (docs/images.md).
Text has at least 4.5:1 contrast with the ground it is drawn on (TEXT_ON).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from tgbot.render.images.png import Encoded, assemble, encode
from tgbot.service.lru import Lru

WIDTH = 720
PHONE = 360
MARGIN = 12
SMALL, TEXT, LARGE, TITLE = 24, 28, 32, 36  # font sizes in px at WIDTH
FONT_DIR = Path(__file__).resolve().parent / "fonts"

# Okabe-Ito
BLACK = "#000000"
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILION = "#D55E00"
PURPLE = "#CC79A7"
# Neutrals and tints
PAPER = "#F6F1E7"
PANEL = "#FFFFFF"
INK = "#111111"
MUTED = "#5E5E5E"
DEAD = "#DCDCDC"
DEAD_INK = "#545454"
LINE = "#B8AFA0"
FELT = "#E3EEE8"
SUIT_RED = "#B34400"  # hearts and diamonds: Okabe-Ito vermilion darkened for small text
GHOST_FILL = "#EFE6F4"
BACK = "#3A3A3A"  # a card's back
BLUE_CARD = "#DCEFFA"  # a blue-bordered card (it also gets a double frame)
TAN = "#E9E2D4"

Box = tuple[int, int, int, int]
# The (ink, grounds) pairs text is drawn with: each gets its in-between shades in the
# palette (text is the only thing drawn with smoothed edges), and each pair has at least
# 4.5:1 contrast (tests/tgbot/images/test_colour_vision.py).
TEXT_ON = {INK: (PANEL, PAPER, FELT, DEAD, GHOST_FILL, YELLOW, SKY, VERMILION, PURPLE, GREEN,
                 LINE, ORANGE, BLUE_CARD, TAN, "#FBF6C4", "#FBE9C2"),
           MUTED: (PANEL, PAPER, FELT, GHOST_FILL, BLUE_CARD),
           DEAD_INK: (DEAD, PANEL, PAPER),
           SUIT_RED: (PANEL, BLUE_CARD),
           PANEL: (BLUE, INK, BACK)}


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _blend(a: tuple[int, int, int], b: tuple[int, int, int], share: float,
           ) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * share), round(a[1] + (b[1] - a[1]) * share),
            round(a[2] + (b[2] - a[2]) * share))


@cache
def _palette() -> Image.Image:
    """Return the fixed palette: every colour above, grey shades and text edge shades."""
    named = [value for name, value in globals().items()
             if name.isupper() and isinstance(value, str) and value.startswith("#")]
    colours = {_rgb(c) for c in named} | {(v, v, v) for v in range(0, 256, 17)}
    for ink, grounds in TEXT_ON.items():
        for ground in grounds:
            a, b = _rgb(ink), _rgb(ground)
            for step in range(1, 6):
                colours.add(_blend(a, b, step / 6))
    ordered = sorted(colours)
    if len(ordered) > 256:
        raise ValueError(f"a PNG palette holds 256 colours, not {len(ordered)}")
    flat = [v for colour in ordered for v in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + flat[-3:] * (256 - len(ordered)))
    return image


@cache
def palette_bytes() -> bytes:
    """Return the fixed palette as a PNG PLTE chunk's 768 bytes."""
    return bytes(_palette().getpalette() or [])[:768]


@cache
def paper_index() -> int:
    """Return the palette index of the paper colour."""
    return Image.new("RGB", (1, 1), PAPER).quantize(palette=_palette()).tobytes()[0]


TEXT_BUDGET = 2 * 1024 * 1024
"""Bytes of drawn words kept (a word's mask is its width x height: 1-10 KB)."""
_MASKS: Lru[tuple[str, int, bool, str], tuple[Any, tuple[int, int]]] = Lru(
    TEXT_BUDGET, lambda kept: kept[0].size[0] * kept[0].size[1] + 300)


def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Any, tuple[int, int]]:
    """Return the grey mask of `text` drawn with its anchor at (0, 0), and its offset:
    what Pillow's `ImageDraw.text` draws, kept per (text, size, bold, anchor)."""
    key = (text, size, bold, anchor)
    found = _MASKS.get(key)
    if found is None:
        found = font(size, bold).getmask2(text, "L", anchor=anchor, start=(0.0, 0.0))
        _MASKS.keep(key, found)
    return found


@cache
def _ink(fill: str) -> tuple[int, ...]:
    return tuple(ImageColor.getrgb(fill))


def forget_drawn_text() -> None:
    """Forget the words drawn and measured so far (tests count what drawing renders)."""
    _MASKS.clear()
    _WIDTHS.clear()


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Return the shipped DejaVu Sans at `size` px (the basic layout: the same everywhere)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size,
                              layout_engine=ImageFont.Layout.BASIC)


def printable(text: str) -> str:
    """Return `text` without characters the font lacks (emoji, joiners, variation marks)."""
    if text.isascii():  # most texts: nothing to take out
        return text
    return "".join(c for c in text if ord(c) < 0x200B or 0x2010 <= ord(c) < 0x2C00)


_WIDTHS: Lru[tuple[str, int, bool], int] = Lru(
    512 * 1024, lambda width: 300)  # a text (a name: 10-60 characters) and its width


def _width(text: str, size: int, bold: bool) -> int:
    """Return the width of `text`, measured once per (text, size, bold) while kept (the
    players' names are texts too: this memory is bounded in bytes)."""
    key = (text, size, bold)
    found = _WIDTHS.get(key)
    if found is None:
        found = math.ceil(font(size, bold).getlength(text))
        _WIDTHS.keep(key, found)
    return found


def text_width(text: str, size: int = TEXT, bold: bool = False) -> int:
    """Return the width in px of `text` drawn at `size`."""
    return _width(text, size, bold)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """Return `text` cut with an ellipsis so that it is at most `width` px wide."""
    text = printable(text)
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: int, width: int, bold: bool = False, lines: int = 2) -> list[str]:
    """Return `text` broken at spaces into at most `lines` lines of at most `width` px (the
    last one cut with an ellipsis)."""
    words = printable(text).split()
    out: list[str] = []
    while words and len(out) < lines - 1:
        count = len(words)
        while count > 1 and text_width(" ".join(words[:count]), size, bold) > width:
            count -= 1
        out.append(" ".join(words[:count]))
        words = words[count:]
    if words:
        out.append(fit(" ".join(words), size, width, bold))
    return out


class Canvas:
    """One picture being drawn: a white-paper RGB image WIDTH px wide (or a piece of one,
    `width` px)."""

    def __init__(self, height: int, background: str = PAPER, width: int = WIDTH) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)

    def text(self, x: int, y: int, text: str, size: int = TEXT, *, bold: bool = False,
             fill: str = INK, width: int | None = None, anchor: str = "la") -> int:
        """Draw `text` (cut to `width` px if given) with its `anchor` at (x, y); return the
        width drawn."""
        shown = fit(text, size, width, bold) if width is not None else printable(text)
        self.write(x, y, shown, size, bold, fill, anchor)
        return text_width(shown, size, bold)

    def write(self, x: int, y: int, text: str, size: int, bold: bool, fill: str,
              anchor: str = "la") -> None:
        """Draw one line of `text` as `ImageDraw.text` would, from the words kept."""
        if not text:
            return
        mask, (dx, dy) = _mask(text, size, bold, anchor)
        core = self.draw.draw  # Pillow's drawing object: its ink for our colour
        core.draw_bitmap((x + dx, y + dy), mask, core.draw_ink(_ink(fill)))

    def box(self, box: Box, fill: str | None = PANEL, outline: str | None = LINE,
            width: int = 2, radius: int = 10) -> None:
        """Draw a rounded rectangle."""
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline,
                                    width=width)

    def tag(self, x: int, y: int, text: str, fill: str, ink: str = INK,
            size: int = SMALL, max_width: int = WIDTH, outline: str | None = None) -> int:
        """Draw `text` on a rounded label at (x, y) (top left), framed 3 px wide in
        `outline` if given; return the label's width."""
        shown = fit(text, size, max_width - 16)
        w = text_width(shown, size) + 16
        self.draw.rounded_rectangle((x, y, x + w, y + size + 10), radius=8, fill=fill,
                                    outline=outline, width=3 if outline else 0)
        self.write(x + 8, y + 5, shown, size, False, ink)
        return w

    def star(self, cx: int, cy: int, radius: int, fill: str, outline: str = INK) -> None:
        """Draw a five-pointed star (the Sheriff's and the Marshal's badge)."""
        points = []
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
        self.draw.polygon(points, fill=fill, outline=outline)

    def heart(self, x: int, y: int, size: int, fill: str) -> None:
        """Draw a heart whose box's top left corner is (x, y)."""
        r = size // 4
        self.draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=fill)
        self.draw.ellipse((x + 2 * r, y, x + 4 * r, y + 2 * r), fill=fill)
        self.draw.polygon([(x, y + r), (x + 4 * r, y + r), (x + 2 * r, y + size)], fill=fill)

    def nugget(self, x: int, y: int, size: int) -> None:
        """Draw a gold nugget (a rough yellow lump) whose box's top left corner is (x, y)."""
        s = size
        points = [(x + s * 0.2, y + s * 0.15), (x + s * 0.65, y), (x + s, y + s * 0.35),
                  (x + s * 0.85, y + s * 0.9), (x + s * 0.3, y + s), (x, y + s * 0.6)]
        self.draw.polygon(points, fill=YELLOW, outline=INK, width=2)

    def card_back(self, x: int, y: int, w: int, h: int) -> None:
        """Draw a face-down card."""
        self.box((x, y, x + w, y + h), fill=BACK, outline=INK, width=2, radius=max(3, w // 8))
        inset = max(3, w // 6)
        self.draw.rectangle((x + inset, y + inset, x + w - inset, y + h - inset),
                            outline=ORANGE, width=2)

    def arrow(self, x: int, y: int, length: int, fill: str = INK) -> None:
        """Draw a small arrow pointing up-right, its box's top left corner at (x, y)."""
        end = (x + length, y)
        self.draw.line((x, y + length, *end), fill=fill, width=3)
        head = length // 3
        self.draw.polygon([end, (end[0] - head, end[1]), (end[0], end[1] + head)], fill=fill)
        self.draw.line((x, y + length - head, x + head // 2, y + length - head // 2), fill=fill,
                       width=2)

    def pips(self, x: int, y: int, filled: int, total: int, fill: str, size: int = 14,
             gap: int = 4, empty: str = "#FFFFFF") -> int:
        """Draw `total` circles, the first `filled` coloured; return the width drawn."""
        for i in range(total):
            left = x + i * (size + gap)
            self.draw.ellipse((left, y, left + size, y + size),
                              fill=fill if i < filled else empty, outline=INK, width=1)
        return total * (size + gap) - gap if total else 0

    def mapped(self) -> Image.Image:
        """Return the picture mapped onto the fixed palette (a "P" image)."""
        return self.image.quantize(palette=_palette(), dither=Image.Dither.NONE)

    def encoded(self) -> Encoded:
        """Return the picture mapped onto the fixed palette and compressed as one band."""
        return encode(self.mapped())

    def png(self) -> bytes:
        """Return the picture as an 8-bit palette PNG.

        Encoding 24-bit RGB costs ~30 ms a picture; a picture drawn from the fixed palette
        maps onto it in about a ms and encodes (zlib's fastest level) in a few more, at
        half the size (docs/benchmarks.md, "Cheaper pictures").
        """
        return assemble(WIDTH, [self.encoded()], palette_bytes())


def ring(count: int) -> list[tuple[int, int]]:
    """Return (column, row) of each seat in play order around a two-column table: down the
    left column from the top, then up the right column."""
    left = (count + 1) // 2
    slots = [(0, row) for row in range(left)]
    slots += [(1, row) for row in reversed(range(count - left))]
    return slots


def rows_of(count: int) -> int:
    """Return how many rows `ring(count)` uses."""
    return (count + 1) // 2


def fitted(text: str, width: int, sizes: Sequence[int], lines: int = 2,
           ) -> tuple[int, list[str]]:
    """Return the largest of `sizes` (largest first) at which bold `text` breaks into at
    most `lines` lines of `width` px without cutting a word, and those lines (the last
    size's, cut, if none fits)."""
    for size in sizes:
        shown = wrap(text, size, width, bold=True, lines=lines)
        if not any(line.endswith("…") or text_width(line, size, True) > width
                   for line in shown):
            return size, shown
    return sizes[-1], [fit(line, sizes[-1], width, True)
                       for line in wrap(text, sizes[-1], width, bold=True, lines=lines)]


def wrap_tags(labels: Sequence[str], width: int, size: int = SMALL) -> list[list[str]]:
    """Return `labels` laid out as tags in lines no wider than `width` px."""
    lines: list[list[str]] = [[]]
    used = 0
    for label in labels:
        w = min(text_width(printable(label), size) + 16, width) + 6
        if lines[-1] and used + w > width:
            lines.append([])
            used = 0
        lines[-1].append(label)
        used += w
    return lines if lines[0] else []
