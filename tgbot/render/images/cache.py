"""A small LRU of table pictures per (game id, version, language), owned by the shell.

One version of a game is drawn once per language, however many times its message is sent
or edited. The seats' names are drawn too, so a picture is redrawn when they change.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from core.engine.registry import AnyGame
from tgbot.render.images.group_view import GroupView, group_view
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
        found = self.cached(game_id, engine.version(state), language, names)
        if found is not None:
            return found
        return self.draw(game_id, group_view(kind, engine, state), language, names)

    def cached(self, game_id: int, version: int, language: str,
               names: Sequence[str]) -> bytes | None:
        """Return the picture already drawn of that version for those names, or None."""
        key = (game_id, version, language)
        found = self._pictures.get(key)
        if found is None or found[0] != tuple(names):
            return None
        self._pictures.move_to_end(key)
        return found[1]

    def draw(self, game_id: int, view: GroupView, language: str,
             names: Sequence[str]) -> bytes:
        """Draw a group view, keep it and return the PNG; raise KeyError for a kind
        without a picture."""
        picture = render_table(view, language, tuple(names))
        self.keep(game_id, view.version, language, names, picture)
        return picture

    def keep(self, game_id: int, version: int, language: str, names: Sequence[str],
             picture: bytes) -> None:
        """Remember a picture drawn elsewhere (e.g. in a worker thread)."""
        key = (game_id, version, language)
        self.drawn += 1
        self._pictures[key] = (tuple(names), picture)
        self._pictures.move_to_end(key)
        while len(self._pictures) > self.size:
            self._pictures.popitem(last=False)

    def __len__(self) -> int:
        return len(self._pictures)
