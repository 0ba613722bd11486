"""The hooks through which an expansion changes the base flow; this base changes nothing.

An expansion (Gold Rush and its Shadow Gunslingers: `gold_rush/expansion.py`) is one
`Expansion` object that registers itself; `flow.py`, `damage.py` and `decisions.py` call
every registered one and never import the expansion. Each hook does nothing while the
expansion's table options are off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from core.bang_cards.actions import CardsAction
from core.bang_cards.agenda import Events
from core.bang_cards.frames import Frame
from core.bang_cards.ids import Side
from core.bang_cards.state import CardsOptions, CardsState, Task

Handler = Callable[[CardsState, Any, Events], None]


class Expansion:
    """An expansion's hooks; every hook of this base is neutral."""

    handlers: ClassVar[dict[str, Handler]] = {}
    """The handlers of the agenda tasks the expansion adds, by task kind."""

    def begin_turn(self, state: CardsState, out: Events) -> None:
        """Act as the active seat's turn begins, before its start checks."""

    def after_draw_tasks(self, options: CardsOptions) -> list[Task]:
        """Return the tasks between phase 1 and phase 2."""
        return []

    def epilogue_tasks(self, options: CardsOptions) -> list[Task]:
        """Return the tasks between phase 3 and the end of the turn."""
        return []

    def next_turn(self, state: CardsState, out: Events) -> tuple[int, bool] | None:
        """End the active seat's turn; return the seat to play next and whether it is an
        extra turn, or None to leave it to the base rule."""
        return None

    def life_lost(self, state: CardsState, seat: int, amount: int, before: int,
                  source: int | None, out: Events) -> None:
        """React to `seat` losing `amount` life from `before`, hurt by `source`."""

    def eliminated(self, state: CardsState, seat: int, source: int | None,
                   out: Events) -> None:
        """React to an elimination, once the cards of the eliminated are gone."""

    def penalty(self, state: CardsState, sheriff: int, out: Events) -> None:
        """Add to the penalty of a Sheriff who eliminated a Deputy."""

    def extra_winners(self, state: CardsState, side: Side) -> frozenset[int]:
        """Return the seats that win with `side` besides its roles."""
        return frozenset()

    def play_actions(self, state: CardsState, seat: int) -> list[CardsAction]:
        """Return the active player's extra actions in phase 2."""
        return []

    def save_actions(self, state: CardsState, seat: int) -> list[CardsAction]:
        """Return a dying player's extra ways to save himself."""
        return []

    def frame_actions(self, state: CardsState, frame: Frame, seat: int) -> list[CardsAction]:
        """Return the legal answers to one of the expansion's own frames."""
        return []

    def answer(self, state: CardsState, frame: Frame, seat: int, action: CardsAction,
               out: Events) -> bool:
        """Apply an answer if it is one of the expansion's; return False if not."""
        return False


EXPANSIONS: list[Expansion] = []


def register_expansion(expansion: Expansion) -> None:
    """Register an expansion's hooks (in the order they run)."""
    EXPANSIONS.append(expansion)
