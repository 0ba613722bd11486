"""A small LRU of table pictures per (game id, version, language), owned by the shell.

One version of a game is drawn once per language, however many times its message is sent
or edited. The seats' names are drawn too, so a picture is redrawn when they change.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Any, Generic, TypeVar

from core.engine.registry import AnyGame
from tgbot.render.images.group_view import GroupView, group_view
from tgbot.render.images.pictures import render_table

Key = tuple[int, int, str]
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lru(Generic[K, V]):
    """The last `size` values kept, least recently used first out; `drawn` counts what
    was kept (the pictures drawn: cache misses), for tests and metrics."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.drawn = 0
        self._values: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """Return the value kept under `key` (now the most recently used), or None."""
        found = self._values.get(key)
        if found is not None:
            self._values.move_to_end(key)
        return found

    def keep(self, key: K, value: V) -> None:
        """Keep a value just drawn, dropping the least recently used beyond `size`."""
        self.drawn += 1
        self._values[key] = value
        self._values.move_to_end(key)
        while len(self._values) > self.size:
            self._values.popitem(last=False)

    def __len__(self) -> int:
        return len(self._values)


class TableImages:
    """The last `size` table pictures drawn, least recently used first out."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._pictures: Lru[Key, tuple[tuple[str, ...], bytes]] = Lru(size)

    @property
    def drawn(self) -> int:
        """Return how many pictures were drawn (cache misses), for tests and metrics."""
        return self._pictures.drawn

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
        found = self._pictures.get((game_id, version, language))
        if found is None or found[0] != tuple(names):
            return None
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
        self._pictures.keep((game_id, version, language), (tuple(names), picture))

    def __len__(self) -> int:
        return len(self._pictures)
