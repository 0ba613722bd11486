"""A small LRU of table pictures per (game id, version, language), owned by the shell.

One version of a game is drawn once per language, however many times its message is sent
or edited. The seats' names are drawn too, so a picture is redrawn when they change.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from core.engine.registry import AnyGame
from tgbot.render.images.group_view import group_view
from tgbot.render.images.pictures import render_table

Key = tuple[int, int, str]


class TableImages:
    """The last `size` table pictures drawn, least recently used first out."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._pictures: OrderedDict[Key, tuple[tuple[str, ...], bytes]] = OrderedDict()
        self.drawn = 0  # pictures drawn (cache misses), for tests and metrics

    def png(self, game_id: int, kind: str, engine: AnyGame, state: Any, language: str,
            names: Sequence[str]) -> bytes:
        """Return the PNG of the group's table of game `game_id` at `state`, drawn once per
        (game id, version, language); raise KeyError for a kind without a picture."""
        key = (game_id, engine.version(state), language)
        shown = tuple(names)
        found = self._pictures.get(key)
        if found is not None and found[0] == shown:
            self._pictures.move_to_end(key)
            return found[1]
        picture = render_table(group_view(kind, engine, state), language, shown)
        self.drawn += 1
        self._pictures[key] = (shown, picture)
        self._pictures.move_to_end(key)
        while len(self._pictures) > self.size:
            self._pictures.popitem(last=False)
        return picture

    def __len__(self) -> int:
        return len(self._pictures)
