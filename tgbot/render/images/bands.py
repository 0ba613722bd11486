"""Drawing only what changed: a table picture as a stack of bands, each kept compressed.

A table drawer describes its picture as full-width `Band`s from top to bottom (the title
line, the dice strip, each row of seats, the closing banner), each with a key naming
everything its pixels depend on. `stack` draws and compresses only the bands it has not
kept (by game kind and key: the language and names are in the keys), and joins the kept
compressed bands into the PNG (tgbot/render/images/png.py). A press usually changes one
or two bands of a table: the others cost a dictionary look-up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from tgbot.render.images.canvas import WIDTH, Canvas, palette_bytes
from tgbot.render.images.png import Encoded, assemble
from tgbot.service.lru import Lru

BAND_BUDGET = 8 * 1024 * 1024
"""Bytes of compressed bands kept (a band is 1-10 KB: ~250 tables of ~7 bands)."""
_BANDS: Lru[tuple[str, Hashable], Encoded] = Lru(BAND_BUDGET, lambda band: band.weight)


@dataclass(frozen=True, slots=True)
class Band:
    """A full-width strip of a picture, `height` px tall: `paint` draws it on a canvas
    of its own (its top at y = 0); `key` holds everything its pixels depend on."""

    key: Hashable
    height: int
    paint: Callable[[Canvas], None]


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
            canvas = Canvas(band.height)
            band.paint(canvas)
            found = canvas.encoded()
            _BANDS.keep(key, found)
        encoded.append(found)
    return assemble(WIDTH, encoded, palette_bytes())


def seat_row(language: str, height: int, gap: int, placed: Sequence[tuple[int, Any, Any]],
             names: Sequence[str], active: int | None,
             paint: Callable[[Canvas, int, Any, Any], None]) -> Band:
    """Return the band of one row of seats and the `gap` below it: `placed` holds each
    seat's (column, seat JSON, tags), `active` the seat to act (None: nobody),
    `paint(canvas, column, seat, tags)` draws one seat in its column, its box from y = 0
    to `height`."""
    key = ("row", language, height, gap, tuple(
        (column, frozen(seat), names[seat["seat"]], seat["seat"] == active, frozen(tags))
        for column, seat, tags in placed))

    def draw(canvas: Canvas) -> None:
        for column, seat, tags in placed:
            paint(canvas, column, seat, tags)

    return Band(key, height + gap, draw)


def frozen(value: Any) -> str:
    """Return a key part for JSON data (a seat, the dice): its compact JSON text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def bands_drawn() -> int:
    """Return how many bands were drawn so far (cache misses), for tests and benches."""
    return _BANDS.drawn


def forget_bands() -> None:
    """Forget every kept band."""
    _BANDS.clear()
