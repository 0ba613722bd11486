"""The only input a hand picture accepts: one seat's own hand, taken from its own view.

A `HandView` is made by `hand_view` alone, from `engine.view(state, seat)` (its typed
records, read directly), and keeps only
what belongs to that seat (its cards, its bandits or its character, life and cards in
play): nothing of another seat's hand can reach it, so two states that differ only in
another seat's secrets give the same HandView. It is drawn for that seat's private chat
only; its JSON (`to_json()`) has no "view", so the group's `stored_group_view` refuses it,
and `stored_hand_view` refuses a group's stored view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from core.colt_express.ids import CardKind, card_bandit, card_kind
from core.engine.registry import AnyGame

_TOKEN = object()
_KIND_ORDER = {kind.value: index for index, kind in enumerate(CardKind)}


class HandView:
    """One seat's hand as JSON (`data`) for the game kind `kind`."""

    __slots__ = ("data", "kind", "seat")

    def __init__(self, token: object, kind: str, seat: int, data: dict[str, Any]) -> None:
        if token is not _TOKEN:
            raise TypeError("a HandView is made by hand_view() only")
        self.kind = kind
        self.seat = seat
        self.data = data

    def to_json(self) -> dict[str, Any]:
        """Return the hand as JSON for the seat's private delivery row."""
        return {"kind": self.kind, "seat": self.seat, "hand": self.data}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandView) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.kind, self.seat))


def _colt(view: Any, seat: int) -> dict[str, Any]:
    """Return a Colt Express seat's cards in hand counted by (bandit, kind): an action
    card's bandit is its owner, a bullet's who fired it ("n": the Marshal); its bandits'
    bullets and loot, and its deck and discard sizes (read from the seat's ColtView)."""
    counts = Counter(str(card)[:2] for card in view.hand)
    cards = sorted(counts.items(),
                   key=lambda item: (card_bandit(item[0]), _KIND_ORDER.get(card_kind(item[0]), 9)))
    bandits = [{"bandit": b.bandit, "character": b.character,
                "bullets_left": b.bullets_left,
                "loot": {"p": b.purses, "j": b.jewels, "s": b.strongboxes,
                         "r": b.ransoms},
                "purse_values": list(b.purse_values or ())}
               for b in view.bandits if b.seat == seat]
    mine = view.seats[seat]
    return {"cards": [[key, count] for key, count in cards], "bandits": bandits,
            "characters": {str(b.bandit): b.character for b in view.bandits
                           if any(card_bandit(key) == b.bandit for key in counts)},
            "deck": mine.deck, "discard": mine.discard}


def _cards(view: Any, seat: int) -> dict[str, Any]:
    """Return a card game seat's hand, character, role, life and cards in play, with its
    nuggets and equipment when Gold Rush is on (read from the seat's CardsView)."""
    me = view.seats[seat]
    gold_rush = bool(view.gold_rush)
    return {"hand": list(me.hand or ()), "character": me.character,
            "role": view.role, "life": me.life, "max_life": me.max_life,
            "alive": me.alive, "in_play": list(me.in_play), "gold_rush": gold_rush,
            "nuggets": me.nuggets if gold_rush else 0,
            "equipment": list(me.equipment or ()) if gold_rush else []}


_BUILDERS: dict[str, Callable[[Any, int], dict[str, Any]]] = {
    "colt_express": _colt, "bang_cards": _cards}


def has_hand(kind: str) -> bool:
    """Return True when the game kind has a hand picture."""
    return kind in _BUILDERS


def hand_view(kind: str, engine: AnyGame, state: Any, seat: int) -> HandView:
    """Return `seat`'s hand from its own view (engine.view(state, seat)); raise KeyError for
    a game without a hand picture."""
    build = _BUILDERS[kind]
    view = engine.view(state, seat)  # the typed view: no JSON of the whole table is made
    if view.viewer != seat:
        raise ValueError("a hand is drawn from its own seat's view only")
    return HandView(_TOKEN, kind, seat, build(view, seat))


def stored_hand_view(stored: Mapping[str, Any]) -> HandView:
    """Return the HandView a delivery row stored with `HandView.to_json()`; raise KeyError
    for JSON that is not a stored hand (a group's stored view among them)."""
    if str(stored["kind"]) not in _BUILDERS:
        raise KeyError(stored["kind"])
    return HandView(_TOKEN, str(stored["kind"]), int(stored["seat"]), dict(stored["hand"]))
