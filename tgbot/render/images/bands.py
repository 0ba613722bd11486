"""Drawing only what changed: a table picture as a stack of bands, each kept compressed.

A table drawer describes its picture as full-width `Band`s from top to bottom (the title
line, the dice strip, each row of seats, the closing banner; a Colt Express car, a
bandit's line), each with a key naming everything its pixels depend on; a row of seats is
cut across into bands along its seats' pieces (a seat's box and lines, or the whole
seat), each pasted from kept pieces (`seat_rows`), and a band may be pasted from other
kept mapped pieces (`kept_mapped`: the dice strip). `stack` draws and compresses only the
bands it has not kept (by game kind and key: the language and names are in the keys), and
joins the kept compressed bands into the PNG (tgbot/render/images/png.py). A press
usually changes one or two bands of a table: the others cost a dictionary look-up.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image

from tgbot.render.images.canvas import MARGIN, WIDTH, Canvas, palette_bytes, paper_index
from tgbot.render.images.png import Encoded, assemble, encode, join
from tgbot.service.lru import Lru

BAND_BUDGET = 7 * 1024 * 1024
"""Bytes of compressed bands kept, with their keys (a band is 0.3-9 KB, a row's part the
smallest; ~1,400 bands, a few hundred tables)."""
KEY_BYTES = 2048
"""What a band's key holds besides its band: its tuples, ~2 KB for a part of a row of seats
(its pieces' keys), often more than the part's compressed rows."""
_BANDS: Lru[tuple[str, Hashable], Encoded] = Lru(BAND_BUDGET,
                                                 lambda band: band.weight + KEY_BYTES)
SEAT_BUDGET = 8 * 1024 * 1024
"""Bytes of pieces kept drawn and mapped: seats' boxes and lines, whole card game seats
(350 x ~180 px: ~125 of them), the dice and the dice strip's ground."""
_SEATS: Lru[Hashable, Image.Image] = Lru(SEAT_BUDGET, lambda seat: seat.width * seat.height + 300)


@dataclass(frozen=True, slots=True)
class Band:
    """A full-width strip of a picture, `height` px tall: `paint` draws it on a canvas
    of its own (its top at y = 0), or `mapped` returns it already on the palette, or
    `parts` returns the bands it is made of, top to bottom (each kept on its own); `key`
    holds everything its pixels depend on."""

    key: Hashable
    height: int
    paint: Callable[[Canvas], None]
    mapped: Callable[[], Image.Image] | None = None  # the band already on the palette
    parts: Callable[[], Sequence[Band]] | None = None


def blank(height: int) -> Band:
    """Return a band of bare paper (a margin)."""
    return Band(("blank", height), height, lambda canvas: None)


def stack(kind: str, bands: Sequence[Band]) -> bytes:
    """Return the PNG of the bands stacked top to bottom, drawing only those not kept."""
    return assemble(WIDTH, [_kept(kind, band) for band in bands], palette_bytes())


def _kept(kind: str, band: Band) -> Encoded:
    """Return a band compressed: kept, or drawn and kept."""
    key = (kind, band.key)
    found = _BANDS.get(key)
    if found is None:
        found = _drawn(kind, band)
        _BANDS.keep(key, found)
    return found


def _drawn(kind: str, band: Band) -> Encoded:
    """Return a band drawn and compressed: painted, mapped, or joined from its kept parts
    (a band of one part is that part, kept once: a card game's row)."""
    if band.parts is not None:
        parts = band.parts()
        if len(parts) == 1:
            return _drawn(kind, parts[0])
        return join([_kept(kind, part) for part in parts])
    if band.mapped is not None:
        return encode(band.mapped())
    canvas = Canvas(band.height)
    band.paint(canvas)
    return canvas.encoded()


@dataclass(frozen=True, slots=True)
class Piece:
    """A kept part of a seat (its box, one of its lines, or the whole seat): `draw()`
    returns it on the palette, pasted at (`left`, `top`) from the seat's top left corner
    and reaching down to row `bottom` (not included); `key` names what its pixels show."""

    left: int
    top: int
    bottom: int
    key: Hashable
    draw: Callable[[], Image.Image]


def row_key(kind: str, language: str, size: tuple[int, int, int],
            placed: Sequence[tuple[int, Any, Any]], names: Sequence[str],
            active: int | None) -> Hashable:
    """Return what a row of seats shows (for `seat_rows`): the game's kind, the language,
    the row's `size` and, for each of its `placed` (column, seat JSON, tags), the seat's
    facts, its player's name and whether it is the seat to act (`active`; None: nobody)."""
    return (kind, language, size, tuple(
        (column, frozen(seat), names[seat["seat"]], seat["seat"] == active, frozen(tags))
        for column, seat, tags in placed))


def seat_rows(size: tuple[int, int, int], key: Hashable,
              seats: Callable[[], Sequence[tuple[int, Sequence[Piece]]]]) -> Band:
    """Return the band of one row of seats and the gap below it: `size` is the row's
    height, a seat's width and the gap between seats; `key` names what the row shows
    (`row_key`); `seats()` returns each seat's column and its pieces, back to front (a
    piece may cover the one before), asked only when the row is not kept.
    The row is made of parts cut across at every piece's top, so a part crosses the same
    pieces from side to side and a changed piece (a seat's life line) redraws and
    compresses only the parts it crosses; the others are kept."""
    height, _, gap = size
    return Band(key, height + gap, _unpainted, parts=lambda: _cut(size, seats()))


def _cut(size: tuple[int, int, int], seats: Sequence[tuple[int, Sequence[Piece]]],
         ) -> tuple[Band, ...]:
    """Return the bands of a row of seats cut across at its pieces' tops."""
    height, width, gap = size
    cuts = sorted({0, height + gap, *(piece.top for _, pieces in seats for piece in pieces
                                      if 0 < piece.top < height + gap)})
    bands = []
    for top, bottom in itertools.pairwise(cuts):
        crossed = tuple((MARGIN + column * (width + gap),
                         tuple(piece for piece in pieces
                               if piece.top < bottom and piece.bottom > top))
                        for column, pieces in seats)
        key = ("rows", top, bottom, tuple(
            (x, tuple((piece.left, piece.top, piece.key) for piece in pieces))
            for x, pieces in crossed))
        bands.append(Band(key, bottom - top, _unpainted,
                          partial(_row_slice, crossed, top, bottom - top)))
    return tuple(bands)


def _row_slice(crossed: tuple[tuple[int, tuple[Piece, ...]], ...], top: int,
               height: int) -> Image.Image:
    """Return the rows `top` to `top + height` of a row of seats, its pieces pasted from
    the kept ones (each clipped to the slice)."""
    band = Image.new("P", (WIDTH, height), paper_index())
    for x, pieces in crossed:
        for piece in pieces:
            band.paste(kept_mapped(piece.key, piece.draw), (x + piece.left, piece.top - top))
    return band


def _unpainted(canvas: Canvas) -> None:
    """Paint nothing: the band is pasted from kept pieces (`Band.mapped`) or joined from
    its parts (`Band.parts`)."""


def whole(key: Hashable, height: int, width: int, paint: Callable[[Canvas, int], None],
          ) -> list[Piece]:
    """Return a seat kept as one piece under `key`: `paint(canvas, x)` draws it from x on
    a canvas of its own (`height` x `width`, its box's edges inside it)."""
    def draw() -> Image.Image:
        canvas = Canvas(height + 1, width=width + 1)
        paint(canvas, 0)
        return canvas.mapped()

    return [Piece(0, 0, height + 1, key, draw)]


def kept_mapped(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """Return a piece of a band already on the palette, drawn by `draw` unless kept under
    `key` (with the seats)."""
    piece = _SEATS.get(key)
    if piece is None:
        piece = draw()
        _SEATS.keep(key, piece)
    return piece


def frozen(value: Any) -> Hashable:
    """Return a key part for JSON data (a seat, the dice): a hashable tuple as it is, a
    dict of plain values as its field names (one shared tuple per record shape) and
    its values (a view's records list their fields in one order, and each field keeps its
    type), anything else as its compact JSON text. A kept key is about the size of that
    text (a dice seat: 192 bytes of tuples against 220 of text, besides the values)."""
    if type(value) is dict:
        if _PLAIN.issuperset(map(type, value.values())):
            fields = tuple(value)
            shared = _FIELDS.get(fields)
            if shared is None and len(_FIELDS) < MAX_SHAPES:
                _FIELDS[fields] = shared = fields
            return shared or fields, tuple(value.values())
    elif type(value) is tuple:
        try:
            hash(value)
            return value
        except TypeError:
            pass
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_PLAIN = frozenset({str, int, bool, float, type(None)})
_FIELDS: dict[tuple[str, ...], tuple[str, ...]] = {}  # the records' shapes: a few
MAX_SHAPES = 256


def bands_drawn() -> int:
    """Return how many bands were drawn so far (cache misses), for tests and benches."""
    return _BANDS.drawn


def forget_bands() -> None:
    """Forget every kept band and seat."""
    _BANDS.clear()
    _SEATS.clear()
