"""Which game kinds have a table picture, and drawing one from the group's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tgbot.render.images import cards, colt, dice
from tgbot.render.images.group_view import GroupView

Drawer = Callable[[GroupView, str, Sequence[str]], bytes]
_DRAWERS: dict[str, Drawer] = {"bang_dice": dice.draw, "colt_express": colt.draw,
                               "bang_cards": cards.draw}


def has_picture(kind: str) -> bool:
    """Return True when the game kind has a table picture."""
    return kind in _DRAWERS


def render_table(view: GroupView, language: str, names: Sequence[str]) -> bytes:
    """Return the PNG of the group's table; raise KeyError for a game without a picture."""
    return _DRAWERS[view.kind](view, language, names)
