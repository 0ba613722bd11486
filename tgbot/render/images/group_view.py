"""The only input a table picture accepts: the group's view of a game.

A `GroupView` is made by `group_view` alone, from `engine.view(state, None)` and the
public half of the engine's prompts (the buttons the group sees). Building one by hand
raises, and a view with a viewer is refused, so no seat's view (its hand, its role, its
face-down cards) can reach a picture that the whole group is shown. The delivery rows
store a group table's view as `to_json()` (tgbot/render/outbox.py) and the deliverer draws it
back through `stored_group_view`, which refuses a seat's view too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from core.engine.registry import AnyGame
from tgbot.service.scene import prompts_of

_TOKEN = object()


class GroupView:
    """The group's view of one game as JSON (`data`) and the public action texts of its
    pending prompts (`public_actions`, sorted), for the game kind `kind`."""

    __slots__ = ("data", "kind", "public_actions")

    def __init__(self, token: object, kind: str, data: dict[str, Any],
                 public_actions: tuple[str, ...]) -> None:
        if token is not _TOKEN:
            raise TypeError("a GroupView is made by group_view() only")
        if data.get("viewer") is not None:
            raise ValueError("a seat's private view cannot be drawn for the group")
        self.kind = kind
        self.data = data
        self.public_actions = public_actions

    @property
    def version(self) -> int:
        """Return the game version the view shows."""
        return int(self.data["version"])

    def digest(self) -> bytes:
        """Return what tells this view's picture from another's (`view_digest`)."""
        return view_digest(self.kind, self.data, self.public_actions)

    def to_json(self) -> dict[str, Any]:
        """Return the view as JSON for a delivery row (`stored_group_view` reads it back)."""
        return {"kind": self.kind, "view": self.data, "public": list(self.public_actions)}


def view_digest(kind: str, data: Mapping[str, Any], public: Sequence[str]) -> bytes:
    """Return a 16-byte digest of everything a group view's picture shows: two views that
    differ only in their version (a move that changed nothing drawn) have the same one."""
    shown = {key: value for key, value in data.items() if key != "version"}
    text = json.dumps([kind, shown, list(public)], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def group_view(kind: str, engine: AnyGame, state: Any, view: Any = None) -> GroupView:
    """Return the group's view of `state` for drawing, from `view` when the caller already
    has engine.view(state, None); the state's prompts are those the press's table already
    asked for (`prompts_of` keeps the last few states')."""
    if view is None:
        view = engine.view(state, None)
    fast = _AS_JSON.get(kind)
    data = engine.view_json(view) if fast is None else fast(view)
    public = tuple(sorted({text for prompt in prompts_of(engine, state)
                           for text in prompt.public}))
    return GroupView(_TOKEN, kind, data, public)


def _dice_json(view: Any) -> dict[str, Any]:
    """Return a dice game's view as JSON: what `engine.view_json` returns (its records'
    fields by name, tuples kept), copied from the records' own dicts instead of field by
    field (a third of the cost)."""
    data = dict(vars(view))
    data["seats"] = tuple(dict(vars(seat)) for seat in view.seats)
    data["dice"] = tuple(dict(vars(die)) for die in view.dice)
    data["to_act"] = tuple(view.to_act)
    data["outcome"] = None if view.outcome is None else view.outcome.to_json()
    return data


_AS_JSON: dict[str, Callable[[Any], dict[str, Any]]] = {"bang_dice": _dice_json}


def stored_group_view(stored: Mapping[str, Any]) -> GroupView:
    """Return the GroupView a delivery row stored with `GroupView.to_json()`; raise
    ValueError for a seat's view and KeyError for JSON that is not a stored view."""
    return GroupView(_TOKEN, str(stored["kind"]), dict(stored["view"]),
                     tuple(str(text) for text in stored["public"]))
