"""The protocol every game engine implements, and the values it exchanges.

The shell drives any game through this one interface: it asks who must act, lists
legal actions, applies one action at a time and renders views and events. Nothing
here knows about Telegram, storage or the clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from core.engine.errors import IllegalAction, NotYourTurn, StaleVersion
from core.engine.standings import Standing

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
StateT_contra = TypeVar("StateT_contra", contravariant=True)


@dataclass(kw_only=True)
class Event:
    """A record of something that happened; `audience` None means every seat and the group.

    Events are never changed after they are made. They are not declared frozen only
    because frozen dataclasses are about twice as slow to build, and the engines make
    several per action.
    """

    kind: str
    audience: frozenset[int] | None = None

    def visible_to(self, viewer: int | None) -> bool:
        """Return True when the viewer (None = the group) may see this event."""
        return self.audience is None or (viewer is not None and viewer in self.audience)

    def to_json(self) -> dict[str, Any]:
        """Return the event as a JSON-ready dict (audience as a sorted list or null)."""
        data: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if isinstance(value, frozenset):
                value = sorted(value)
            elif isinstance(value, tuple):
                value = list(value)
            data[name] = value
        return data


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning side (None for a draw), the winning seats, why."""

    side: str | None
    winners: frozenset[int]
    reason: str

    def to_json(self) -> dict[str, Any]:
        """Return the outcome as a JSON-ready dict."""
        return {"side": self.side, "winners": sorted(self.winners), "reason": self.reason}


@dataclass(frozen=True)
class Step(Generic[StateT]):
    """What `apply` returns: the new state and the events the action caused."""

    state: StateT
    events: tuple[Event, ...] = field(default_factory=tuple)


class Clock(StrEnum):
    """Which timer a pending decision runs on (the shell maps each to a table setting)."""

    TURN = "turn"  # the owner's own move
    REACTION = "reaction"  # a seat answering during another player's turn
    WINDOW = "window"  # a short window every possible holder of a secret card owes at once


@dataclass(frozen=True)
class Prompt:
    """What one seat owing the pending decision is asked, and where.

    `public` are the action texts the group may see as this seat's buttons; `private`
    the action texts only the seat may see, by private message (empty: no private
    prompt). Both are legal for the seat; a seat may owe a decision with neither (its
    answer is left to the clock). `independent` is True when the seats owing the decision
    answer it independently: another seat's answer leaves this seat's choices as they
    were, so an older prompt of this seat stays good. `in_private` is True when the
    decision is made in the seat's private prompt (the group's buttons, if any, are only a
    shortcut) and whether it is says nothing secret: the shell then tells the seat of its
    move there rather than in the group.
    """

    seat: int
    decision: str
    public: tuple[str, ...] = ()
    private: tuple[str, ...] = ()
    clock: Clock = Clock.TURN
    independent: bool = False
    in_private: bool = False


class Game(Protocol[StateT, ActionT, ViewT]):
    """A game engine. Every method is pure; none mutates its arguments.

    Optional methods are the `Supports*` protocols below; the shell checks them with
    `isinstance`, so an engine without them still satisfies this protocol.
    """

    name: str
    min_players: int
    max_players: int

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> Step[StateT]:
        """Return the game advanced to its first decision, with the dealing events (private
        ones have an audience); raise InvalidSetup for bad options or player count."""
        ...

    def to_act(self, state: StateT) -> frozenset[int]:
        """Return the seats that owe a decision now; empty exactly when the game is over."""
        ...

    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Return every action the seat may take now (empty if it owes nothing)."""
        ...

    def prompts(self, state: StateT) -> tuple[Prompt, ...]:
        """Return one prompt per seat owing a decision, by seat; empty exactly when over."""
        ...

    def turn_marker(self, state: StateT) -> int:
        """Return a number that changes when a new turn starts ("once per turn" limits)."""
        ...

    def apply(self, state: StateT, seat: int, action: ActionT) -> Step[StateT]:
        """Return the next state and events; raise NotYourTurn, IllegalAction or GameOver."""
        ...

    def view(self, state: StateT, viewer: int | None) -> ViewT:
        """Return what the viewer may see; None is the group, which sees public facts only."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """Return how the game ended, or None while it goes on."""
        ...

    def default_action(self, state: StateT, seat: int) -> ActionT:
        """Return the timeout action: legal, sensible, using only what the seat may know."""
        ...

    def bot_action(self, state: StateT, seat: int) -> ActionT:
        """Return the action of the stronger bot policy."""
        ...

    def encode_action(self, action: ActionT) -> str:
        """Return the compact text form of an action."""
        ...

    def decode_action(self, text: str) -> ActionT:
        """Return the action for a text form; raise MalformedAction if it does not parse."""
        ...

    def dump_state(self, state: StateT) -> str:
        """Return the state as JSON text that `load_state` turns back into an equal state."""
        ...

    def load_state(self, text: str) -> StateT:
        """Return the state stored as JSON text; raise ValueError if it is not a valid state."""
        ...

    def version(self, state: StateT) -> int:
        """Return the number of actions applied since setup."""
        ...

    def view_json(self, view: ViewT) -> dict[str, Any]:
        """Return a view as a JSON-ready dict."""
        ...


@runtime_checkable
class SupportsRemoval(Protocol[StateT]):
    """An engine that can remove a player mid-game (optional; `/kick` uses it)."""

    def remove_seat(self, state: StateT, seat: int) -> Step[StateT]:
        """Return the game after an admin removed the seat's player now, whoever owes the
        pending decision (version + 1, like `apply`), with its events.

        The game decides what removal means (the dice game: the seat is eliminated, with
        every consequence of an elimination) and must leave a consistent game: the
        decision pending at that moment goes on without the seat, or the game ends. Raise
        GameOver when the game has ended and IllegalAction when the seat cannot be removed
        (e.g. it is already out). The shell logs a removal as the reserved action text "~"
        (storage.action_log.REMOVAL), so `encode_action` must never return "~", and replaying
        the log calls `remove_seat` again. Without this method, or when it raises
        IllegalAction, the shell hands the seat to the bot for the rest of the game.
        """
        ...


@runtime_checkable
class SupportsUndo(Protocol[StateT]):
    """An engine whose moves the table may let a player take back (optional; `/undo`)."""

    def undoable(self, state: StateT, seat: int, action: Any, step: Step[StateT]) -> bool:
        """Return True when `seat`'s `action` on `state`, which made `step`, may be taken
        back by the table's consent: it showed nobody anything hidden (no roll, no draw, no
        "draw!", no private card, no role), so taking it back leaves everyone knowing only
        what the mover chose to show of his own. Each game states its rule in docs/rules/.
        """
        ...

    def rewind(self, before: StateT, after: StateT) -> Step[StateT]:
        """Return the game after taking back the move that led from `before` to `after`:
        `before` again, but at version(after) + 1, with no events. A version never comes
        back, so a press made for `after` (or for `before`) is stale. The shell logs it as
        the reserved action text "<" (storage.action_log.UNDO), replayed by this method."""
        ...


def reveals_nothing(events: tuple[Event, ...], safe: frozenset[str]) -> bool:
    """Return True when every event is public and of a kind in `safe` (the kinds a game
    knows show nothing hidden); an event for some seats only shows a secret to them."""
    return all(event.audience is None and event.kind in safe for event in events)


@runtime_checkable
class SupportsStandings(Protocol[StateT_contra]):
    """An engine that can say how each seat finished (optional; the group statistics)."""

    def standings(self, state: StateT_contra) -> tuple[Standing, ...]:
        """Return one `Standing` per seat, in seat order, of a finished game; raise
        ValueError while the game is not over."""
        ...


@runtime_checkable
class SupportsScenario(Protocol[StateT]):
    """An engine the scenario runner (core/scenario.py) can build positions for."""

    def position(self, spec: Mapping[str, Any]) -> Step[StateT]:
        """Return the position a scenario describes; raise ValueError or InvalidSetup."""
        ...

    def describe(self, state: StateT) -> dict[str, Any]:
        """Return every seat's public and private facts for scenario output."""
        ...


@runtime_checkable
class SupportsTallies(Protocol[StateT_contra]):
    """An engine that names what the simulator counts per finished game."""

    def tallies(self, state: StateT_contra) -> dict[str, list[str]]:
        """Return lists of items to count by name (e.g. the winning characters)."""
        ...


def check_turn(
    game: Game[StateT, ActionT, ViewT],
    state: StateT,
    seat: int,
    expected_version: int | None = None,
) -> None:
    """Raise StaleVersion or NotYourTurn unless the seat may act on this version now."""
    if expected_version is not None and expected_version != game.version(state):
        raise StaleVersion(f"expected version {expected_version}, game is at {game.version(state)}")
    if seat not in game.to_act(state):
        raise NotYourTurn(f"seat {seat} owes no decision")


def apply_checked(
    game: Game[StateT, ActionT, ViewT],
    state: StateT,
    seat: int,
    text: str,
    expected_version: int | None = None,
) -> Step[StateT]:
    """Decode and apply an action text for a seat, after the checks every game shares."""
    check_turn(game, state, seat, expected_version)
    action = game.decode_action(text)
    if action not in game.legal_actions(state, seat):
        raise IllegalAction(f"{text!r} is not legal now")
    return game.apply(state, seat, action)
