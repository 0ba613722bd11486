"""The dice game's engine object: the protocol of core.engine over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bang_dice import actions, policies, undo
from core.bang_dice.actions import DiceAction
from core.bang_dice.decisions import answer, is_legal, legal_actions
from core.bang_dice.flow import advance
from core.bang_dice.position import build_position, describe
from core.bang_dice.prompts import prompts, turn_marker
from core.bang_dice.removal import remove
from core.bang_dice.setup import deal
from core.bang_dice.state import DiceState, dump_state, load_state
from core.bang_dice.view import DiceView, make_view
from core.engine.errors import GameOver, IllegalAction, NotYourTurn
from core.engine.protocol import Event, Outcome, Prompt, Step
from core.engine.standings import Standing, places


class BangDice:
    """BANG! The Dice Game."""

    name = "bang_dice"
    min_players = 3
    max_players = 8

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> Step[DiceState]:
        """Return the dealt game, advanced to its first decision, with the dealing events."""
        state, out = deal(options, players, seed)
        return Step(state, tuple(out))

    def to_act(self, state: DiceState) -> frozenset[int]:
        """Return the seats owing a decision; empty exactly when the game is over."""
        if state.outcome is not None or state.pending is None:
            return frozenset()
        return frozenset(state.pending.owed_by)

    def legal_actions(self, state: DiceState, seat: int) -> list[DiceAction]:
        """Return the seat's legal actions now (empty if it owes nothing)."""
        if seat not in self.to_act(state):
            return []
        assert state.pending is not None
        return legal_actions(state, state.pending, seat)

    def prompts(self, state: DiceState) -> tuple[Prompt, ...]:
        """Return each owing seat's prompt (reveals and windows by DM only, BD-INFO-3)."""
        return prompts(state)

    def turn_marker(self, state: DiceState) -> int:
        """Return the turn number."""
        return turn_marker(state)

    def apply(self, state: DiceState, seat: int, action: DiceAction) -> Step[DiceState]:
        """Return the next state and events; raise GameOver, NotYourTurn or IllegalAction."""
        if state.outcome is not None:
            raise GameOver("the game is over")
        frame = state.pending
        if frame is None or seat not in frame.owed_by:
            raise NotYourTurn(f"seat {seat} owes no decision")
        if not is_legal(state, frame, seat, action):
            raise IllegalAction(f"{actions.encode(action)!r} is not legal now")
        new = state.copy()
        new.pending = None
        out: list[Event] = []
        answer(new, frame, seat, action, out)
        new.version += 1
        advance(new, out)
        return Step(new, tuple(out))

    def remove_seat(self, state: DiceState, seat: int) -> Step[DiceState]:
        """Return the game after an admin removed `seat`: it is eliminated at once.

        Raise GameOver, or IllegalAction for a seat that is not a living player (the
        Ghost included: it is already out). See removal.py for what follows.
        """
        if state.outcome is not None:
            raise GameOver("the game is over")
        if not 0 <= seat < len(state.seats) or not state.seats[seat].alive:
            raise IllegalAction(f"seat {seat} is not a living player")
        new = state.copy()
        new.version += 1
        out: list[Event] = []
        remove(new, seat, out)
        return Step(new, tuple(out))

    def view(self, state: DiceState, viewer: int | None) -> DiceView:
        """Return what `viewer` may see (None = the group: public facts only)."""
        return make_view(state, viewer)

    def view_json(self, view: DiceView) -> dict[str, Any]:
        """Return a view as a JSON-ready dict."""
        return view.to_json()

    def outcome(self, state: DiceState) -> Outcome | None:
        """Return how the game ended, or None."""
        return state.outcome

    def standings(self, state: DiceState) -> tuple[Standing, ...]:
        """Return each seat's role and place: the winners first (alive or not), then the
        losers still alive, then the eliminated. Raise ValueError while the game goes on."""
        if state.outcome is None:
            raise ValueError("the game is not over")
        winners = state.outcome.winners
        keys = [(seat not in winners, seat not in winners and not row.alive)
                for seat, row in enumerate(state.seats)]
        return tuple(Standing(seat, row.role.value, place) for seat, (row, place)
                     in enumerate(zip(state.seats, places(keys), strict=True)))

    def default_action(self, state: DiceState, seat: int) -> DiceAction:
        """Return the timeout action of a seat owing a decision."""
        return policies.default_action(state, self._frame(state, seat), seat)

    def bot_action(self, state: DiceState, seat: int) -> DiceAction:
        """Return the bot's action for a seat owing a decision."""
        return policies.bot_action(state, self._frame(state, seat), seat)

    def encode_action(self, action: DiceAction) -> str:
        """Return the compact text of an action."""
        return actions.encode(action)

    def decode_action(self, text: str) -> DiceAction:
        """Return the action of a text; raise MalformedAction."""
        return actions.decode(text)

    def dump_state(self, state: DiceState) -> str:
        """Return the state as JSON text."""
        return dump_state(state)

    def load_state(self, text: str) -> DiceState:
        """Return a state from JSON text; raise ValueError if invalid."""
        return load_state(text)

    def version(self, state: DiceState) -> int:
        """Return the number of applied actions."""
        return state.version

    def undoable(self, state: DiceState, seat: int, action: DiceAction,
                 step: Step[DiceState]) -> bool:
        """Return True when the move may be taken back by the table's consent."""
        return undo.undoable(state, seat, action, step)

    def rewind(self, before: DiceState, after: DiceState) -> Step[DiceState]:
        """Return `before` again, at the version after `after` (a move taken back)."""
        return undo.rewind(before, after)

    def position(self, spec: Mapping[str, Any]) -> Step[DiceState]:
        """Return a scenario position (docs/scenarios.md); raise ValueError or InvalidSetup."""
        state, out = build_position(spec)
        return Step(state, tuple(out))

    def describe(self, state: DiceState) -> dict[str, Any]:
        """Return every seat's public and private facts for scenario output."""
        return describe(state)

    def tallies(self, state: DiceState) -> dict[str, list[str]]:
        """Return what the simulator counts per game: winning characters, revealed identities."""
        winners = state.outcome.winners if state.outcome else frozenset()
        return {
            "character_wins": [state.seats[i].character.value for i in sorted(winners)],
            "characters_dealt": [seat.character.value for seat in state.seats],
            "identities_revealed": [seat.identity.value for seat in state.seats
                                    if seat.identity is not None and seat.identity_used],
        }

    def _frame(self, state: DiceState, seat: int) -> Any:
        if seat not in self.to_act(state):
            raise NotYourTurn(f"seat {seat} owes no decision")
        return state.pending

