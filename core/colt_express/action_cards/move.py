"""The Move card [CE-MOVE-1..3]: its owner picks the direction and, on a roof, the distance
(CE-DEC-5)."""

from __future__ import annotations

from core.colt_express.actions import ColtAction, Move
from core.colt_express.heuristics import worth
from core.colt_express.hooks import Ask, CardRules
from core.colt_express.ids import CardKind, Decision, Direction
from core.colt_express.state import Bandit, ColtState, Pending
from core.colt_express.train import place
from core.engine.protocol import Event

ONE_FORWARD, ONE_BACK = Move(Direction.FORWARD, 1), Move(Direction.BACKWARD, 1)


class MoveCard(CardRules):
    """Move: one car inside, one to three cars on a roof; some move is always possible."""

    kind = CardKind.MOVE
    decisions = (Decision.MOVE,)

    def options(self, state: ColtState, frame: Pending) -> list[ColtAction]:
        """Return the moves within the train, forward (nearest first) then backward."""
        me = state.bandits[frame.bandit]
        reach = 3 if me.roof else 1  # [CE-MOVE-1, CE-MOVE-2]
        forward: list[ColtAction] = [Move(Direction.FORWARD, d) for d in range(1, reach + 1)
                                     if me.car - d >= 0]
        backward = [Move(Direction.BACKWARD, d) for d in range(1, reach + 1)
                    if me.car + d <= state.train_length]
        return forward + backward

    def answer(self, state: ColtState, out: list[Event], frame: Pending,
               action: ColtAction) -> Ask | None:
        """Move the bandit, same level (into the Marshal's car: CE-MARSHAL-2)."""
        assert isinstance(action, Move)
        me = state.bandits[frame.bandit]
        place(state, out, frame.bandit, me.car + action.cars * action.direction.step, me.roof,
              "move")
        return None

    def default(self, state: ColtState, frame: Pending, options: list[ColtAction]) -> ColtAction:
        """Return one car toward the locomotive if possible, else toward the caboose (§16)."""
        return ONE_FORWARD if ONE_FORWARD in options else ONE_BACK

    def bot(self, state: ColtState, frame: Pending, seat: int,
            options: list[ColtAction]) -> ColtAction:
        """Return the move toward the most loot, away from the Marshal's car."""
        me = state.bandits[frame.bandit]

        def score(option: ColtAction) -> int:
            assert isinstance(option, Move)
            car = me.car + option.cars * option.direction.step
            value = worth(state.loot_at(car, me.roof)) + worth(state.inside[car]) // 3
            return value - (400 if not me.roof and car == state.marshal else 0)
        return max(options, key=score)

    def useful_now(self, state: ColtState, bandit: int) -> bool:
        """Return True when there is no loot where the bandit stands."""
        me = state.bandits[bandit]
        return not state.loot_at(me.car, me.roof)

    def scheme_score(self, state: ColtState, bandit: int) -> int:
        """Return more when there is nothing to take where the bandit stands."""
        me = state.bandits[bandit]
        return 20 if state.loot_at(me.car, me.roof) else 60

    def project(self, bandit: Bandit) -> None:
        """Plan one car toward the locomotive."""
        bandit.car = max(0, bandit.car - 1)
