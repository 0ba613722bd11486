"""Drawing only what changed: a table picture as a stack of bands, each kept compressed.

A table drawer describes its picture as full-width `Band`s from top to bottom (the title
line, the dice strip, each row of seats, the closing banner; a Colt Express car, a
bandit's line), each with a key naming everything its pixels depend on; a row of seats is
pasted from seats drawn one by one (`seat_row`), a band may be pasted from other kept
mapped pieces (`kept_mapped`: the dice strip). `stack` draws and compresses only the
bands it has not kept (by game kind and key: the language and names are in the keys), and
joins the kept compressed bands into the PNG (tgbot/render/images/png.py). A press
usually changes one or two bands of a table: the others cost a dictionary look-up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image

from tgbot.render.images.canvas import MARGIN, WIDTH, Canvas, palette_bytes, paper_index
from tgbot.render.images.png import Encoded, assemble, encode
from tgbot.service.lru import Lru

BAND_BUDGET = 7 * 1024 * 1024
"""Bytes of compressed bands kept (a band is 1-9 KB: ~250 tables of ~7 bands, as many as
8 MB held before zlib-ng made the bands 15 % smaller)."""
_BANDS: Lru[tuple[str, Hashable], Encoded] = Lru(BAND_BUDGET, lambda band: band.weight)
SEAT_BUDGET = 8 * 1024 * 1024
"""Bytes of seats kept drawn and mapped (a seat is 350 x ~180 px: ~125 of them; with
~60, twenty tables of four seats drawn in turn redrew both seats of a row for each one
that changed)."""
_SEATS: Lru[Hashable, Image.Image] = Lru(SEAT_BUDGET, lambda seat: seat.width * seat.height + 300)


@dataclass(frozen=True, slots=True)
class Band:
    """A full-width strip of a picture, `height` px tall: `paint` draws it on a canvas
    of its own (its top at y = 0), or `mapped` returns it already on the palette; `key`
    holds everything its pixels depend on."""

    key: Hashable
    height: int
    paint: Callable[[Canvas], None]
    mapped: Callable[[], Image.Image] | None = None  # the band already on the palette


def blank(height: int) -> Band:
    """Return a band of bare paper (a margin)."""
    return Band(("blank", height), height, lambda canvas: None)


def stack(kind: str, bands: Sequence[Band]) -> bytes:
    """Return the PNG of the bands stacked top to bottom, drawing only those not kept."""
    encoded = []
    for band in bands:
        key = (kind, band.key)
        found = _BANDS.get(key)
        if found is None:
            if band.mapped is not None:
                found = encode(band.mapped())
            else:
                canvas = Canvas(band.height)
                band.paint(canvas)
                found = canvas.encoded()
            _BANDS.keep(key, found)
        encoded.append(found)
    return assemble(WIDTH, encoded, palette_bytes())


def seat_row(language: str, size: tuple[int, int, int],
             placed: Sequence[tuple[int, Any, Any]], names: Sequence[str], active: int | None,
             mapped: Callable[[Any, Any], Image.Image]) -> Band:
    """Return the band of one row of seats: `size` is the row's height, a seat's width and
    the gap between seats (and below the row); `placed` holds each seat's (column, seat
    JSON, tags), `active` the seat to act (None: nobody), `mapped(seat, tags)` returns one
    seat on the palette, its box from x = 0 and y = 0 to the width and the height (both
    edges drawn, so the gap must be at least 1; `painted` makes one from a painter). Each
    seat is kept, so a row redraws only the seat that changed."""
    height, width, gap = size
    pieces = [(MARGIN + column * (width + gap), ("seat", language, height, width, frozen(seat),
               names[seat["seat"]], seat["seat"] == active, frozen(tags)), seat, tags)
              for column, seat, tags in placed]

    def band() -> Image.Image:
        row = Image.new("P", (WIDTH, height + gap), paper_index())
        row.putpalette(palette_bytes())
        for x, key, seat, tags in pieces:
            row.paste(kept_mapped(key, partial(mapped, seat, tags)), (x, 0))
        return row

    return Band(("row", gap, tuple(key for _, key, _, _ in pieces)), height + gap,
                lambda canvas: None, band)


def painted(paint: Callable[[Canvas, int, Any, Any], None], height: int, width: int,
            ) -> Callable[[Any, Any], Image.Image]:
    """Return a seat drawer for `seat_row` from `paint(canvas, x, seat, tags)`, which draws
    one seat from x on a canvas of its own (`height` x `width`, edges inside it)."""
    def mapped(seat: Any, tags: Any) -> Image.Image:
        canvas = Canvas(height + 1, width=width + 1)  # a box's edges are inside it
        paint(canvas, 0, seat, tags)
        return canvas.mapped()

    return mapped


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
