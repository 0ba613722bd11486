"""The Robbery card [CE-ROB-1]: take one token of a type present (CE-DEC-9)."""

from __future__ import annotations

from core.colt_express.actions import ColtAction, Loot
from core.colt_express.heuristics import worth
from core.colt_express.hooks import Ask, CardRules, loot_choices
from core.colt_express.ids import CardKind, Decision
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import pick_token, take_loot
from core.engine.protocol import Event


class RobberyCard(CardRules):
    """Robbery: with loot where he stands the bandit must take a token; he picks the type."""

    kind = CardKind.ROB
    decisions = (Decision.ROB,)

    def options(self, state: ColtState, frame: Pending) -> list[ColtAction]:
        """Return the loot types lying here, most valuable first (the timeout's pick)."""
        me = state.bandits[frame.bandit]
        return loot_choices(state.loot_at(me.car, me.roof))

    def answer(self, state: ColtState, out: list[Event], frame: Pending,
               action: ColtAction) -> Ask | None:
        """Take a token of that type (a purse at random, CE-LOOT-4)."""
        assert isinstance(action, Loot)
        me = state.bandits[frame.bandit]
        here = state.loot_at(me.car, me.roof)
        token = pick_token(state, here, action.kind)
        here.remove(token)
        take_loot(state, out, frame.bandit, token, "robbery")
        return None

    def useful_now(self, state: ColtState, bandit: int) -> bool:
        """Return True when loot lies where the bandit stands."""
        me = state.bandits[bandit]
        return bool(state.loot_at(me.car, me.roof))

    def scheme_score(self, state: ColtState, bandit: int) -> int:
        """Return a high score with loot where the bandit will stand, more for more loot."""
        me = state.bandits[bandit]
        here = state.loot_at(me.car, me.roof)
        return 100 + worth(here) // 5 if here else 0
