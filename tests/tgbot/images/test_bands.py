"""Drawing only what changed: a table drawn from kept bands and words is, pixel for pixel,
the table drawn from nothing, all along a game; a move redraws only the bands it changed;
the PNG assembled from separately compressed bands is a valid PNG of the whole."""

from __future__ import annotations

import io
import itertools
import zlib
from typing import Any

import pytest
from PIL import Image

from core.engine.registry import get_game
from tests.tgbot.images.positions import NAMES
from tgbot.render.images import dice, group_view, render_table
from tgbot.render.images.bands import Band, bands_drawn, forget_bands, frozen, seat_rows, whole
from tgbot.render.images.canvas import MARGIN, WIDTH, Canvas, forget_drawn_text, palette_bytes
from tgbot.render.images.png import _combine, assemble, encode


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.size, image.convert("RGB").tobytes()


def _positions(kind: str, players: int, seed: int, count: int) -> list[Any]:
    game = get_game(kind)
    state = game.setup({}, players, seed).state
    views = []
    while game.to_act(state) and len(views) < count:
        views.append(group_view(kind, game, state))
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.bot_action(state, seat)).state
    views.append(group_view(kind, game, state))
    return views


@pytest.mark.parametrize(("kind", "players"), [("bang_dice", 5), ("bang_dice", 8),
                                                ("colt_express", 4), ("bang_cards", 5)])
def test_a_table_drawn_from_kept_parts_is_the_table_drawn_from_nothing(
        kind: str, players: int) -> None:
    names = NAMES[:players]
    for language in ("en", "pt-BR"):
        for view in _positions(kind, players, 3, 60):
            kept = render_table(view, language, names)
            forget_bands()
            forget_drawn_text()
            assert _pixels(kept) == _pixels(render_table(view, language, names)), \
                f"version {view.version} in {language}"


def test_a_move_redraws_only_the_bands_it_changed() -> None:
    views = _positions("bang_dice", 8, 5, 40)
    forget_bands()
    render_table(views[0], "en", NAMES)
    whole = bands_drawn()
    assert whole >= 6  # the title, the dice, four rows of seats, the bottom margin
    redrawn = []
    for view in views[1:]:
        before = bands_drawn()
        render_table(view, "en", NAMES)
        redrawn.append(bands_drawn() - before)
    assert max(redrawn) < whole - 1
    assert sum(redrawn) / len(redrawn) <= 3


def test_bands_compressed_apart_make_one_valid_png() -> None:
    canvas = Canvas(300)
    canvas.box((20, 20, 700, 280), fill="#0072B2")
    canvas.text(40, 120, "Bands: 1, 2, 3", 28, bold=True, fill="#FFFFFF")
    whole = Image.open(io.BytesIO(canvas.png()))  # the palette picture, one band
    cuts = [0, 1, 119, 120, 260, 300]
    parts = [encode(whole.crop((0, a, WIDTH, b))) for a, b in itertools.pairwise(cuts)]
    png = assemble(WIDTH, parts, palette_bytes())
    assert _pixels(png) == _pixels(canvas.png())
    zlib.decompress(png[png.index(b"IDAT") + 4:png.index(b"IEND") - 8])  # checksum holds


@pytest.mark.parametrize(("first", "second"), [(b"", b"x"), (b"abc", b"defg"),
                                                (bytes(range(256)) * 300, b"\xff" * 70000)])
def test_checksums_combine_as_zlib_computes_them_whole(first: bytes, second: bytes) -> None:
    combined = _combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def _joined(row: Band) -> bytes:
    """Return the palette indices of a row of seats put together from its parts, each
    pasted from kept pieces, top to bottom."""
    forget_bands()
    assert row.parts is not None
    parts = row.parts()
    assert sum(part.height for part in parts) == row.height
    return b"".join(part.mapped().tobytes() for part in parts if part.mapped)


def test_a_row_drawn_seat_by_seat_is_the_row_drawn_in_place() -> None:
    """Each seat of a row is drawn on a piece of its own and pasted: the row must be what
    drawing both seats on the whole row gives, their boxes' right and bottom edges too."""
    height, width, gap = 120, 349, 10

    def painter(seat: int, tags: str) -> Any:
        def paint(canvas: Canvas, x: int) -> None:
            canvas.box((x, 0, x + width, height), outline="#E69F00" if seat else "#B8AFA0",
                       width=6)
            canvas.text(x + 12, 8, f"Seat {seat} {tags}", 28, bold=True)
        return paint

    placed = [(0, 0, "a"), (1, 1, "b")]
    bands = seat_rows((height, width, gap), ("test", tuple(placed)), lambda: [
        (column, whole(("seat", seat, tags), height, width, painter(seat, tags)))
        for column, seat, tags in placed])
    reference = Canvas(height + gap)
    for column, seat, tags in placed:
        painter(seat, tags)(reference, MARGIN + column * (width + gap))
    assert _joined(bands) == reference.mapped().tobytes()


@pytest.mark.parametrize("players", [4, 8])
def test_a_dice_seat_put_together_from_its_lines_is_the_seat_drawn_whole(players: int) -> None:
    """A dice seat is its kept box with its kept lines pasted inside, cut across into the
    row's bands: for every seat along a whole game (turns, wounds, arrows, the dead, the
    end), in each language, that must be what drawing all its lines on its box at once
    gives."""
    for language in ("en", "it"):
        for view in _positions("bang_dice", players, 11, 80)[::3]:
            data = view.data
            for seat in data["seats"]:
                tags = dice._tags(language, seat, False)
                height = dice._tags_top(seat) + len(tags) * dice.TAG_LINE + 40
                look, lines = dice.seat_lines(language, data, seat, NAMES, height, tags)
                reference = Canvas(height + dice.GAP)
                reference.box((MARGIN, 0, MARGIN + dice.SEAT_W, height), fill=look[1],
                              outline=look[2], width=look[3])
                for _, _, paint in lines:
                    paint(reference, MARGIN, 0)
                pieces = dice._pieces(language, data, seat, NAMES, height, tags)
                bands = seat_rows((height, dice.SEAT_W, dice.GAP),
                                  (language, view.version, seat["seat"]), [(0, pieces)].copy)
                assert _joined(bands) == reference.mapped().tobytes(), (
                    language, view.version, seat["seat"])


def test_a_key_part_tells_apart_what_a_seat_shows_and_nothing_else() -> None:
    seat = {"seat": 1, "life": 1, "alive": True, "role": None, "token": "beer"}
    assert frozen(dict(seat)) == frozen(seat)  # the same facts, the same key
    assert hash(frozen(seat)) == hash(frozen(dict(seat)))
    for field, other in (("alive", False), ("life", 2), ("role", "outlaw"), ("token", None)):
        assert frozen({**seat, field: other}) != frozen(seat), field
    renamed = {"seat": 1, "life": 1, "alive": True, "role": None, "tokens": "beer"}
    assert frozen(renamed) != frozen(seat)  # same values under other names
    listed = {"seat": 1, "hand": [1, 2]}  # not plain: its JSON text, still hashable
    assert frozen(listed) == '{"hand":[1,2],"seat":1}'
    assert frozen({"seat": 1, "hand": [1, 3]}) != frozen(listed)
    assert frozen(((("Sheriff", "#fff"),),)) == ((("Sheriff", "#fff"),),)
