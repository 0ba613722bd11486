"""The move a player may still take back, kept with the game (`Game.lobby["undo"]`).

A human's move that the engine calls undoable (`SupportsUndo.undoable`) leaves an offer: the
version it made, its seat, and the deadline and reminder the game had before it (restored
when it is taken back). Asking (/undo or ↩️) turns the offer into a request the table's
other human players answer until `until`; it ends `undone`, `refused` or `expired`. Any
later move makes the offer stale, since its version is no longer the game's. Kept in the
game row's `lobby` JSON, so no migration; `tgbot/service/undo.py` holds the use cases and
`tgbot/render/undo.py` what the group sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from core.engine.protocol import Step
from storage.models import ActorKind, Game
from tgbot.service.scene import Scene

UNDO_KEY = "undo"
REQUEST_WINDOW = timedelta(minutes=10)
"""How long the other players have to answer a request before the move stands."""
OFFERED, ASKED, UNDONE, REFUSED, EXPIRED = "offered", "asked", "undone", "refused", "expired"


@dataclass(frozen=True)
class Offer:
    """A move that may be taken back: made at `version` by `seat`; `deadline`/`remind`
    (ISO 8601) are the game's before it. Once asked: the seats `asked`, those that
    `agreed`, `until` (ISO 8601) and, once refused, the refusing seat `by`."""

    version: int
    seat: int
    deadline: str | None = None
    remind: str | None = None
    status: str = OFFERED
    asked: tuple[int, ...] = ()
    agreed: tuple[int, ...] = ()
    until: str | None = None
    by: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the offer as the JSON kept in the game's lobby (built by hand: a press
        keeps one, and `dataclasses.asdict` costs ten times more)."""
        return {"version": self.version, "seat": self.seat, "deadline": self.deadline,
                "remind": self.remind, "status": self.status, "asked": list(self.asked),
                "agreed": list(self.agreed), "until": self.until, "by": self.by}

    def pending(self, at: datetime) -> bool:
        """Return True while the request waits for answers at `at`."""
        return self.status == ASKED and self.until is not None \
            and at < datetime.fromisoformat(self.until)

    def waiting_for(self) -> list[int]:
        """Return the asked seats that have not agreed yet."""
        return [seat for seat in self.asked if seat not in self.agreed]


def offer_of(game: Game) -> Offer | None:
    """Return the offer kept with the game, or None (none, or unreadable: never trusted)."""
    return offer_in(game.lobby)


def offer_in(lobby: Mapping[str, Any]) -> Offer | None:
    """Return the offer kept in a game's lobby JSON, or None (none, or unreadable)."""
    data = lobby.get(UNDO_KEY)
    if not isinstance(data, dict):
        return None
    try:
        return Offer(version=int(data["version"]), seat=int(data["seat"]),
                     deadline=data.get("deadline"), remind=data.get("remind"),
                     status=str(data.get("status", OFFERED)),
                     asked=tuple(int(s) for s in data.get("asked", ())),
                     agreed=tuple(int(s) for s in data.get("agreed", ())),
                     until=data.get("until"),
                     by=None if data.get("by") is None else int(data["by"]))
    except (KeyError, TypeError, ValueError):
        return None


def keep_offer(game: Game, offer: Offer) -> None:
    """Store the offer with the game (replacing the one before)."""
    game.lobby = {**game.lobby, UNDO_KEY: offer.to_json()}


def live_offer(game: Game) -> Offer | None:
    """Return the offer of the game's last move if that move may still be taken back."""
    return live_in(game.lobby, game.version)


def live_in(lobby: Mapping[str, Any], version: int) -> Offer | None:
    """Return the offer a game's lobby JSON keeps if it is about the move that made the
    game's `version` and that move may still be taken back."""
    offer = offer_in(lobby)
    if offer is None or offer.version != version or offer.status not in (OFFERED, ASKED):
        return None
    return offer


def note_move(scene: Scene, seat: int, actor: ActorKind, before: Any, action: Any,
              step: Step[Any]) -> None:
    """After a move is applied on the scene (before it is saved), keep an offer when a human
    made it and the engine says it may be taken back; the deadline still on the row is the
    one before the move."""
    # getattr, not isinstance(..., SupportsUndo): that runtime check costs a press ~50 µs
    undoable = getattr(scene.engine, "undoable", None)
    if actor is not ActorKind.HUMAN or undoable is None \
            or not undoable(before, seat, action, step):
        return
    game = scene.game
    keep_offer(game, Offer(
        version=scene.engine.version(step.state), seat=seat,
        deadline=None if game.deadline_at is None else game.deadline_at.isoformat(),
        remind=None if game.remind_at is None else game.remind_at.isoformat()))


def asked(offer: Offer, seats: tuple[int, ...], at: datetime) -> Offer:
    """Return the offer turned into a request of `seats`, open until REQUEST_WINDOW after `at`."""
    return replace(offer, status=ASKED, asked=seats, agreed=(),
                   until=(at + REQUEST_WINDOW).isoformat())


def restored(offer: Offer) -> tuple[datetime | None, datetime | None]:
    """Return the deadline and reminder the game had before the offer's move."""
    return (None if offer.deadline is None else datetime.fromisoformat(offer.deadline),
            None if offer.remind is None else datetime.fromisoformat(offer.remind))
