"""The Colt Express engine object: the protocol of core.engine over this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.colt_express import actions, policies, undo
from core.colt_express.actions import ColtAction
from core.colt_express.flow import advance, answer, legal
from core.colt_express.position import build_position, describe
from core.colt_express.prompts import prompts, turn_marker
from core.colt_express.setup import deal
from core.colt_express.state import ColtState, Pending, dump_state, load_state
from core.colt_express.view import ColtView, make_view
from core.engine.errors import GameOver, IllegalAction, NotYourTurn
from core.engine.protocol import Event, Outcome, Prompt, Step
from core.engine.standings import Standing, places


class ColtExpress:
    """Colt Express (base game, expert variant, 2-player teams)."""

    name = "colt_express"
    min_players = 2
    max_players = 6

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> Step[ColtState]:
        """Return the set-up game advanced to its first decision, with the dealing events."""
        state, out = deal(options, players, seed)
        advance(state, out)
        return Step(state, tuple(out))

    def to_act(self, state: ColtState) -> frozenset[int]:
        """Return the seats owing a decision; empty exactly when the game is over."""
        if state.outcome is not None or state.pending is None:
            return frozenset()
        return frozenset(state.pending.owed_by)

    def legal_actions(self, state: ColtState, seat: int) -> list[ColtAction]:
        """Return the seat's legal actions now (empty if it owes nothing)."""
        if seat not in self.to_act(state):
            return []
        assert state.pending is not None
        return legal(state, state.pending, seat)

    def prompts(self, state: ColtState) -> tuple[Prompt, ...]:
        """Return each owing seat's prompt (Schemin' decisions by DM only, CE-SCHEME-4)."""
        return prompts(self, state)

    def turn_marker(self, state: ColtState) -> int:
        """Return a number that changes with each Schemin' turn and each Stealin' phase."""
        return turn_marker(state)

    def apply(self, state: ColtState, seat: int, action: ColtAction) -> Step[ColtState]:
        """Return the next state and events; raise GameOver, NotYourTurn or IllegalAction."""
        frame = self._frame(state, seat)
        if action not in legal(state, frame, seat):
            raise IllegalAction(f"{actions.encode(action)!r} is not legal now")
        new = state.copy()
        new.pending = None
        out: list[Event] = []
        answer(new, out, frame, seat, action)
        new.version += 1
        advance(new, out)
        return Step(new, tuple(out))

    def view(self, state: ColtState, viewer: int | None) -> ColtView:
        """Return what `viewer` may see (None = the group: public facts only)."""
        return make_view(state, viewer)

    def view_json(self, view: ColtView) -> dict[str, Any]:
        """Return a view as a JSON-ready dict."""
        return view.to_json()

    def outcome(self, state: ColtState) -> Outcome | None:
        """Return how the game ended, or None."""
        return state.outcome

    def standings(self, state: ColtState) -> tuple[Standing, ...]:
        """Return each seat's place by its score, then by the fewest bullets received (the
        tie-break that names the winners [CE-SCORE-3]); Colt Express has no roles. Raise
        ValueError while the game goes on."""
        if state.outcome is None or len(state.scores) != state.players:
            raise ValueError("the game is not over")
        received = [0] * state.players
        for bandit in state.bandits:
            received[bandit.seat] += bandit.received
        keys = [(-score, got) for score, got in zip(state.scores, received, strict=True)]
        return tuple(Standing(seat, None, place) for seat, place in enumerate(places(keys)))

    def default_action(self, state: ColtState, seat: int) -> ColtAction:
        """Return the timeout action of a seat owing a decision."""
        return policies.default_action(state, self._frame(state, seat), seat)

    def bot_action(self, state: ColtState, seat: int) -> ColtAction:
        """Return the bot's action for a seat owing a decision."""
        return policies.bot_action(state, self._frame(state, seat), seat)

    def encode_action(self, action: ColtAction) -> str:
        """Return the compact text of an action."""
        return actions.encode(action)

    def decode_action(self, text: str) -> ColtAction:
        """Return the action of a text; raise MalformedAction."""
        return actions.decode(text)

    def dump_state(self, state: ColtState) -> str:
        """Return the state as JSON text."""
        return dump_state(state)

    def load_state(self, text: str) -> ColtState:
        """Return a state from JSON text; raise ValueError if invalid."""
        return load_state(text)

    def version(self, state: ColtState) -> int:
        """Return the number of applied actions."""
        return state.version

    def undoable(self, state: ColtState, seat: int, action: ColtAction,
                 step: Step[ColtState]) -> bool:
        """Return True when the move may be taken back by the table's consent."""
        return undo.undoable(state, seat, action, step)

    def rewind(self, before: ColtState, after: ColtState) -> Step[ColtState]:
        """Return `before` again, at the version after `after` (a move taken back)."""
        return undo.rewind(before, after)

    def position(self, spec: Mapping[str, Any]) -> Step[ColtState]:
        """Return a scenario position (docs/scenarios.md); raise ValueError or InvalidSetup."""
        state, out = build_position(spec)
        return Step(state, tuple(out))

    def describe(self, state: ColtState) -> dict[str, Any]:
        """Return every fact of the game, secrets included, for scenario output."""
        return describe(state)

    def tallies(self, state: ColtState) -> dict[str, list[str]]:
        """Return what the simulator counts per game: winning and dealt characters."""
        winners = state.outcome.winners if state.outcome else frozenset()
        return {
            "character_wins": [b.character for b in state.bandits if b.seat in winners],
            "characters_dealt": [b.character for b in state.bandits],
        }

    def _frame(self, state: ColtState, seat: int) -> Pending:
        if state.outcome is not None:
            raise GameOver("the game is over")
        if state.pending is None or seat not in state.pending.owed_by:
            raise NotYourTurn(f"seat {seat} owes no decision")
        return state.pending

