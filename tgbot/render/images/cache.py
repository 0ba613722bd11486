"""The table pictures drawn lately, kept up to a byte budget, by what they show.

A picture is a pure function of the group's view, the language and the seats' names, so
`TableImages` keeps each by those (the view by its digest, without the game version): a
version is drawn once per language however many times its message is sent or edited, and
a move that changes nothing drawn (or a view identical to another game's) reuses the
picture. New names redraw it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine.registry import AnyGame
from tgbot.render.images.group_view import GroupView, group_view
from tgbot.render.images.pictures import render_table
from tgbot.service.lru import ENTRY_BYTES, Lru

Key = tuple[str, str, tuple[str, ...], bytes]  # "table", language, names, view digest
PICTURE_BUDGET = 4 * 1024 * 1024
"""Bytes of table pictures a process keeps (a picture is 20-50 KB: ~100 of them)."""


def table_key(digest: bytes, language: str, names: Sequence[str]) -> Key:
    """Return what a table picture is kept by (`GroupView.digest()` for `digest`)."""
    return ("table", language, tuple(names), digest)


class TableImages:
    """The table pictures drawn lately, up to `budget` bytes, least recently used first
    out."""

    def __init__(self, budget: int = PICTURE_BUDGET) -> None:
        self.budget = budget
        self._pictures: Lru[Key, bytes] = Lru(
            budget, lambda picture: len(picture) + ENTRY_BYTES + 200)

    @property
    def drawn(self) -> int:
        """Return how many pictures were drawn (cache misses), for tests and metrics."""
        return self._pictures.drawn

    @property
    def used(self) -> int:
        """Return the bytes the kept pictures hold."""
        return self._pictures.used

    def png(self, game_id: int, kind: str, engine: AnyGame, state: Any, language: str,
            names: Sequence[str]) -> bytes:
        """Return the PNG of the group's table of game `game_id` at `state`, drawn once per
        view shown, language and names; raise KeyError for a kind without a picture."""
        return self.picture(group_view(kind, engine, state), language, names)

    def picture(self, view: GroupView, language: str, names: Sequence[str]) -> bytes:
        """Return the PNG of a group view, drawn unless one showing the same was kept;
        raise KeyError for a kind without a picture."""
        key = table_key(view.digest(), language, names)
        found = self.cached(key)
        if found is None:
            found = render_table(view, language, tuple(names))
            self.keep(key, found)
        return found

    def cached(self, key: Key) -> bytes | None:
        """Return the picture kept under `key` (`table_key`), or None."""
        return self._pictures.get(key)

    def keep(self, key: Key, picture: bytes) -> None:
        """Remember a picture drawn elsewhere (e.g. in a worker thread)."""
        self._pictures.keep(key, picture)

    def __len__(self) -> int:
        return len(self._pictures)
