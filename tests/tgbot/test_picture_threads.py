"""Where a table picture is drawn (tgbot/delivery/photos.py): a game's first picture in the
drawing thread, its later ones on the event loop, and never two drawings at once."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from core.engine.registry import get_game
from tests.tgbot.images.positions import NAMES, POSITIONS
from tgbot.delivery import photos
from tgbot.delivery.photos import TablePictures
from tgbot.render.table_photo import photo_fields

DICE = [position for position in POSITIONS if position.kind == "bang_dice"]


def _photo(index: int, names: list[str]) -> dict[str, Any]:
    """Return the stored "photo" of a dice position's table, with these names."""
    position = DICE[index]
    game, state = get_game(position.kind), position.state()
    return photo_fields(position.kind, game, state, "en", names[:position.players], [],
                        "⏳")["photo"]


@pytest.fixture
def drawers(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Record the thread of every table drawing; a table whose first name is "Gate" waits,
    while it is drawn, until the test opens the gate."""
    found: dict[str, Any] = {"threads": [], "started": threading.Event(),
                             "gate": threading.Event()}
    real = photos.render_table

    def recording(view: Any, language: str, names: tuple[str, ...]) -> bytes:
        found["threads"].append(threading.current_thread())
        if names[0] == "Gate":
            found["started"].set()
            assert found["gate"].wait(10)
        return real(view, language, names)

    monkeypatch.setattr(photos, "render_table", recording)
    return found


async def test_a_games_first_picture_is_drawn_in_the_thread_its_next_on_the_loop(
        drawers: dict[str, Any]) -> None:
    pictures, loop_thread = TablePictures(), threading.current_thread()
    try:
        first = await pictures(7, _photo(0, list(NAMES)))
        second = await pictures(7, _photo(1, list(NAMES)))
        other = await pictures(8, _photo(1, ["Zoe", *NAMES]))  # another game: its first
        assert first != second
        assert second != other
        assert [thread is loop_thread for thread in drawers["threads"]] == [False, True, False]
        assert pictures.drawn_on_loop == 1
        assert await pictures(7, _photo(1, list(NAMES))) == second  # kept: not drawn again
        assert len(drawers["threads"]) == 3
    finally:
        pictures.close()


async def test_while_the_thread_draws_the_loop_hands_its_picture_over(
        drawers: dict[str, Any]) -> None:
    pictures, loop_thread = TablePictures(), threading.current_thread()
    try:
        await pictures(7, _photo(0, list(NAMES)))  # game 7 has drawn: its next is the loop's
        gated = asyncio.create_task(pictures(9, _photo(0, ["Gate", *NAMES])))
        while not drawers["started"].is_set():
            await asyncio.sleep(0.01)
        waiting = asyncio.create_task(pictures(7, _photo(1, list(NAMES))))
        await asyncio.sleep(0.05)
        assert not waiting.done()  # queued behind the drawing that holds the fonts
        drawers["gate"].set()
        await asyncio.gather(gated, waiting)
        assert [thread is loop_thread for thread in drawers["threads"]] == [False] * 3
        assert pictures.drawn_on_loop == 0
    finally:
        drawers["gate"].set()
        pictures.close()
