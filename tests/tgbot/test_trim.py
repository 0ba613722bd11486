"""The drawing thread gives freed memory back to the system every so many drawings."""

from __future__ import annotations

import platform

import pytest

from core.engine.registry import get_game
from tests.tgbot.images.positions import NAMES, POSITIONS
from tgbot.delivery.photos import TablePictures
from tgbot.delivery.trim import Trimmer, _malloc_trim
from tgbot.render.table_photo import photo_fields


class Recorder:
    def __init__(self) -> None:
        self.calls: list[int] = []

    def __call__(self, pad: int) -> int:
        self.calls.append(pad)
        return 1


def test_a_trim_comes_every_so_many_drawings() -> None:
    trim = Recorder()
    trimmer = Trimmer(every=3, trim=trim)
    for _ in range(7):
        trimmer.drawn()
    assert trim.calls == [0, 0]  # after the 3rd and the 6th
    assert trimmer.trims == 2


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_glibc_s_malloc_trim_is_found_and_runs() -> None:
    trim = _malloc_trim()
    assert trim is not None
    assert trim(0) in (0, 1)
    Trimmer(every=1).drawn()  # the real call, through the trimmer


async def test_every_table_drawn_is_counted_and_a_cached_one_is_not() -> None:
    trim = Recorder()
    pictures = TablePictures(trimmer=Trimmer(every=2, trim=trim))
    drawn = []
    for position in POSITIONS[:2]:
        game, state = get_game(position.kind), position.state()
        photo = photo_fields(position.kind, game, state, "en", NAMES[:position.players], [],
                             "⏳")["photo"]
        drawn.append(await pictures(1, photo))
        assert drawn[-1].startswith(b"\x89PNG")
    assert trim.calls == [0]  # two tables drawn: one trim
    await pictures(1, photo)  # the same view again: kept, not drawn
    assert trim.calls == [0]
