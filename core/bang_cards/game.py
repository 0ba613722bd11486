"""The card game's engine object: the protocol of core.engine over this package's modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bang_cards import actions, bot, policies, undo
from core.bang_cards.actions import CardsAction
from core.bang_cards.cards import DECK_SIZE
from core.bang_cards.decisions import answer, is_legal, legal_actions
from core.bang_cards.flow import advance
from core.bang_cards.gold_rush.supply import check_supply
from core.bang_cards.position import build_position, describe
from core.bang_cards.prompts import prompts, turn_marker
from core.bang_cards.setup import deal, option_sets
from core.bang_cards.state import CardsState, Frame, count_cards, dump_state, load_state
from core.bang_cards.view import CardsView, make_view
from core.engine.errors import GameOver, IllegalAction, NotYourTurn
from core.engine.protocol import Event, Outcome, Prompt, Step
from core.engine.standings import Standing, places


class BangCards:
    """BANG! the card game, base set."""

    name = "bang_cards"
    min_players = 3
    max_players = 8

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> Step[CardsState]:
        """Return the dealt game, advanced to its first decision, with the dealing events."""
        state, out = deal(options, players, seed)
        advance(state, out)
        return Step(state, tuple(out))

    def to_act(self, state: CardsState) -> frozenset[int]:
        """Return the seats owing a decision; empty exactly when the game is over."""
        if state.outcome is not None or state.pending is None:
            return frozenset()
        return frozenset(state.pending.owed_by)

    def legal_actions(self, state: CardsState, seat: int) -> list[CardsAction]:
        """Return the seat's legal actions now (empty if it owes nothing)."""
        if seat not in self.to_act(state):
            return []
        assert state.pending is not None
        return legal_actions(state, state.pending, seat)

    def prompts(self, state: CardsState) -> tuple[Prompt, ...]:
        """Return each owing seat's prompt: hand choices by DM only [BC-INFO-2, R-BC-09]."""
        return prompts(state)

    def turn_marker(self, state: CardsState) -> int:
        """Return the turn number."""
        return turn_marker(state)

    def apply(self, state: CardsState, seat: int, action: CardsAction) -> Step[CardsState]:
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

    def view(self, state: CardsState, viewer: int | None) -> CardsView:
        """Return what `viewer` may see (None = the group: public facts only)."""
        return make_view(state, viewer)

    def view_json(self, view: CardsView) -> dict[str, Any]:
        """Return a view as a JSON-ready dict."""
        return view.to_json()

    def outcome(self, state: CardsState) -> Outcome | None:
        """Return how the game ended, or None."""
        return state.outcome

    def standings(self, state: CardsState) -> tuple[Standing, ...]:
        """Return each seat's role and place: the winners first (alive or not), then the
        losers still alive, then the eliminated. Raise ValueError while the game goes on."""
        if state.outcome is None:
            raise ValueError("the game is not over")
        winners = state.outcome.winners
        keys = [(seat not in winners, seat not in winners and not row.alive)
                for seat, row in enumerate(state.seats)]
        return tuple(Standing(seat, row.role.value, place) for seat, (row, place)
                     in enumerate(zip(state.seats, places(keys), strict=True)))

    def default_action(self, state: CardsState, seat: int) -> CardsAction:
        """Return the timeout action of a seat owing a decision [R-BC-09]."""
        return policies.default_action(state, self._frame(state, seat), seat)

    def bot_action(self, state: CardsState, seat: int) -> CardsAction:
        """Return the bot's action for a seat owing a decision."""
        return bot.bot_action(state, self._frame(state, seat), seat)

    def encode_action(self, action: CardsAction) -> str:
        """Return the compact text of an action."""
        return actions.encode(action)

    def decode_action(self, text: str) -> CardsAction:
        """Return the action of a text; raise MalformedAction."""
        return actions.decode(text)

    def dump_state(self, state: CardsState) -> str:
        """Return the state as JSON text."""
        return dump_state(state)

    def load_state(self, text: str) -> CardsState:
        """Return a state from JSON text; raise ValueError if invalid."""
        return load_state(text)

    def version(self, state: CardsState) -> int:
        """Return the number of applied actions."""
        return state.version

    def undoable(self, state: CardsState, seat: int, action: CardsAction,
                 step: Step[CardsState]) -> bool:
        """Return True when the move may be taken back by the table's consent."""
        return undo.undoable(state, seat, action, step)

    def rewind(self, before: CardsState, after: CardsState) -> Step[CardsState]:
        """Return `before` again, at the version after `after` (a move taken back)."""
        return undo.rewind(before, after)

    def position(self, spec: Mapping[str, Any]) -> Step[CardsState]:
        """Return a scenario position (docs/scenarios.md); raise ValueError or InvalidSetup."""
        state, out = build_position(spec)
        return Step(state, tuple(out))

    def describe(self, state: CardsState) -> dict[str, Any]:
        """Return every seat's public and private facts for scenario output."""
        return describe(state)

    def option_sets(self, players: int) -> list[dict[str, Any]]:
        """Return the option sets the conformance suite plays: Gold Rush and the Shadow
        Gunslingers, each on and off."""
        return option_sets(players)

    def check_state(self, state: CardsState) -> None:
        """Raise AssertionError unless every card is in exactly one zone (80 cards, and the
        24 equipment cards with Gold Rush) and the nuggets add up.

        Raised explicitly, not with `assert`, so `python -O` keeps the check.
        """
        check_supply(state)
        ids = [*state.deck, *state.discard, *state.table,
               *(c for s in state.seats for c in (*s.hand, *s.in_play))]
        if count_cards(state) != DECK_SIZE:
            raise AssertionError(f"{count_cards(state)} cards, not {DECK_SIZE}")
        if len(set(ids)) != DECK_SIZE:
            raise AssertionError("a card is in two zones")

    def tallies(self, state: CardsState) -> dict[str, list[str]]:
        """Return what the simulator counts per game: winning and dealt characters."""
        winners = state.outcome.winners if state.outcome else frozenset()
        return {
            "character_wins": [state.seats[i].character.value for i in sorted(winners)],
            "characters_dealt": [seat.character.value for seat in state.seats],
        }

    def _frame(self, state: CardsState, seat: int) -> Frame:
        if seat not in self.to_act(state) or state.pending is None:
            raise NotYourTurn(f"seat {seat} owes no decision")
        return state.pending
