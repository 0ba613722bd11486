"""The Floor Change card [CE-FLOOR-1]: inside to the roof or back, no choice."""

from __future__ import annotations

from core.colt_express.hooks import Ask, CardRules
from core.colt_express.ids import CardKind
from core.colt_express.state import Bandit, ColtState
from core.colt_express.train import place
from core.engine.protocol import Event


class FloorCard(CardRules):
    """Floor Change: the bandit changes level in his car; it asks nothing."""

    kind = CardKind.FLOOR

    def resolve(self, state: ColtState, out: list[Event], bandit: int) -> Ask | None:
        """Change the bandit's level (down into the Marshal's car: CE-MARSHAL-2)."""
        me = state.bandits[bandit]
        place(state, out, bandit, me.car, not me.roof, "floor")
        return None

    def scheme_score(self, state: ColtState, bandit: int) -> int:
        """Return more for climbing down onto loot away from the Marshal, or up near him."""
        me = state.bandits[bandit]
        if me.roof:
            return 90 if state.inside[me.car] and me.car != state.marshal else 15
        return 70 if abs(state.marshal - me.car) <= 1 else 25

    def project(self, bandit: Bandit) -> None:
        """Plan the other level."""
        bandit.roof = not bandit.roof
