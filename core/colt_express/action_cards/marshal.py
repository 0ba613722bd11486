"""The Marshal card [CE-MARSHAL-1]: the Marshal moves one car (CE-DEC-10)."""

from __future__ import annotations

from core.colt_express.actions import ColtAction, MoveMarshal
from core.colt_express.heuristics import worth
from core.colt_express.hooks import Ask, CardRules
from core.colt_express.ids import CardKind, Decision, Direction
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import move_marshal
from core.engine.protocol import Event

FORWARD, BACKWARD = MoveMarshal(Direction.FORWARD), MoveMarshal(Direction.BACKWARD)


class MarshalCard(CardRules):
    """Marshal: he moves one car forward or backward, always inside; it never fails."""

    kind = CardKind.MARSHAL
    decisions = (Decision.MARSHAL,)

    def options(self, state: ColtState, frame: Pending) -> list[ColtAction]:
        """Return the directions the train goes on: forward, backward."""
        return [move for move, ok in ((FORWARD, state.marshal > 0),
                                      (BACKWARD, state.marshal < state.train_length)) if ok]

    def answer(self, state: ColtState, out: list[Event], frame: Pending,
               action: ColtAction) -> Ask | None:
        """Move him; bandits inside his new car are shot and climb (CE-MARSHAL-2)."""
        assert isinstance(action, MoveMarshal)
        move_marshal(state, out, state.marshal + action.direction.step)
        return None

    def default(self, state: ColtState, frame: Pending, options: list[ColtAction]) -> ColtAction:
        """Return toward the caboose if possible, else toward the locomotive (§16)."""
        return BACKWARD if BACKWARD in options else FORWARD

    def bot(self, state: ColtState, frame: Pending, seat: int,
            options: list[ColtAction]) -> ColtAction:
        """Return the move onto the most (and richest) opponents inside, sparing its own."""
        def score(option: ColtAction) -> int:
            assert isinstance(option, MoveMarshal)
            car = state.marshal + option.direction.step
            total = 0
            for bandit in state.bandits:
                if bandit.car == car and not bandit.roof:
                    total += -300 if bandit.seat == seat else 200 + worth(bandit.loot) // 4
            return total
        return max(options, key=score)

    def scheme_score(self, state: ColtState, bandit: int) -> int:
        """Return a middling score."""
        return 40
