"""Per-game fronts: what the Telegram shell shows and asks differently for each game.

The outbox and the handlers know a game only through its engine (core) and its front.
The engine decides who is asked what, where and on which clock (`Game.prompts`); a front
only renders: texts, button labels, event lines, lobby options. Fronts are listed here by
game id, explicitly (nothing registers itself on import); a registered game without a
front is not offered by /newgame. A front reads the engine's typed view (`engine.view`:
DiceView, ColtView, CardsView) and events as JSON dicts (`Event.to_json`); action texts are
the engine's `encode_action` texts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from core.bang_cards.view import CardsView
from core.bang_dice.view import DiceView
from core.colt_express.view import ColtView
from core.engine.registry import AnyGame, game_ids
from tgbot.render.cards import CardsFront
from tgbot.render.colt import ColtFront
from tgbot.render.dice.front import DiceFront
from tgbot.render.rendered import Buttons

Json = dict[str, Any]
GameView = DiceView | ColtView | CardsView
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)


class GameFront(Protocol[ViewT_contra]):
    """The game-specific half of the Telegram front, reading its game's view type; every
    method is pure."""

    icon: str
    """The emoji that opens the game's lobby and the line naming it in private messages,
    so a player in several groups tells the games apart at a glance."""

    def title(self, language: str) -> str:
        """Return the game's localised title."""
        ...

    def table_text(self, language: str, view: ViewT_contra, names: Sequence[str],
                   recent: Sequence[str]) -> str:
        """Return the group table of the group's view, ending with the turn's `recent` lines."""
        ...

    def waiting_line(self, language: str, view: ViewT_contra, names: Sequence[str]) -> str:
        """Return whom the table waits for and for what (the result once over)."""
        ...

    def event_line(self, language: str, event: Json, names: Sequence[str],
                   view: ViewT_contra) -> str | None:
        """Return a public event as one line, or None for an event not worth a line.

        `view` is the group's current view (for names that do not change during a game).
        """
        ...

    def is_turn_start(self, event: Json) -> bool:
        """Return True for the event that opens a turn (it opens a new group message)."""
        ...

    def is_headline(self, event: Json) -> bool:
        """Return True for an event repeated at the top of the next turn's message."""
        ...

    def prompt_buttons(self, language: str, view: ViewT_contra, legal: Sequence[str],
                       names: Sequence[str], game_id: int,
                       keep: frozenset[int] | None = None) -> Buttons:
        """Return the button rows of `legal` action texts (a prompt's `public` or `private`),
        for the group's or a seat's view.

        `keep` is the game's own prompt state carried by `k:` callbacks (dice: re-rolls).
        """
        ...

    def private_prompt_text(self, language: str, view: ViewT_contra, names: Sequence[str],
                            keep: frozenset[int] | None = None) -> str:
        """Return the text above a seat's DM prompt, from that seat's view (`keep` as for
        `prompt_buttons`: the card game's open hand card)."""
        ...

    def dm_seats(self, event: Json) -> tuple[int, ...]:
        """Return the seats told about an event by DM (its secrets, as they are dealt)."""
        ...

    def private_event_texts(self, language: str, event: Json) -> list[str]:
        """Return the DM texts of an event for its `dm_seats` (empty: none)."""
        ...

    def mine_text(self, language: str, engine: AnyGame, state: Any, seat: int) -> str:
        """Return the seat's secrets for the "🔒 Mine" pop-up (cut at 200 characters)."""
        ...

    def options_lines(self, language: str, options: Mapping[str, Any]) -> list[str]:
        """Return the lobby lines naming the chosen options (empty: none chosen)."""
        ...

    def option_buttons(self, language: str, game_id: int, options: Mapping[str, Any],
                       ) -> Buttons:
        """Return the lobby rows that toggle the game's options (`l:` callbacks)."""
        ...

    def toggle_option(self, options: Mapping[str, Any], op: str) -> dict[str, Any] | None:
        """Return the options after the lobby op `op`, or None if `op` is not an option."""
        ...


_FRONTS: dict[str, GameFront[Any]] = {
    "bang_dice": DiceFront(), "colt_express": ColtFront(), "bang_cards": CardsFront()}


def front_for(kind: str) -> GameFront[Any]:
    """Return the front of a game kind; raise KeyError for a game without one."""
    return _FRONTS[kind]


def playable_kinds() -> list[str]:
    """Return the ids of the registered games that have a front, sorted."""
    return [kind for kind in game_ids() if kind in _FRONTS]
