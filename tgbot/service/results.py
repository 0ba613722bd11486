"""What the game service returns: a game as the front renders it, and what a command did."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.engine.protocol import Event
from core.engine.registry import get_game
from storage.models import Game, Seat
from tgbot.service.commands import Applied
from tgbot.service.scene import Logged, Scene


@dataclass(frozen=True)
class Table:
    """A game as the front renders it: the row, its seats, their names, the engine state."""

    game: Game
    seats: list[Seat]
    names: list[str]
    state: Any

    @classmethod
    def of(cls, scene: Scene) -> Table:
        """Return the table of a scene."""
        return cls(scene.game, list(scene.seats), scene.names(), scene.state)

    @property
    def engine(self) -> Any:
        """Return the engine of this game's kind."""
        return get_game(self.game.kind)

    def seat_of(self, user_id: int) -> int | None:
        """Return the seat index a user holds, or None."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int | None:
        """Return the user holding a seat (None for a bot seat)."""
        return next((s.user_id for s in self.seats if s.seat == seat), None)


@dataclass(frozen=True)
class Played:
    """What one command did (`applied`) and the table it left."""

    applied: Applied
    table: Table

    @property
    def events(self) -> list[Event]:
        """Return the command's events, in order."""
        return list(self.applied.events)

    @property
    def steps(self) -> list[Logged]:
        """Return the actions the command applied (the human's, then the bots'), in order."""
        return list(self.applied.scene.steps) if self.applied.scene is not None else []


@dataclass(frozen=True)
class Removal:
    """What `GameService.remove` did: `by_rule` when the game removed the seat by its own
    rule, else a bot now plays the seat for good; `played` holds the steps and the table."""

    played: Played
    by_rule: bool
