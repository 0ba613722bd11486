"""The Fire card [CE-FIRE-*]: who can be shot, and the shot (CE-DEC-6)."""

from __future__ import annotations

from core.colt_express.actions import ColtAction, Target
from core.colt_express.characters import ability_at, shielded_out
from core.colt_express.heuristics import best_target, opponents, target_order
from core.colt_express.hooks import Ask, CardRules
from core.colt_express.ids import CardKind, Decision
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import receive_bullet
from core.engine.protocol import Event


def candidates(state: ColtState, bandit: int) -> list[int]:
    """Return who the bandit's Fire may hit now [CE-FIRE-0, CE-FIRE-INSIDE, CE-FIRE-ROOF,
    CE-FIRE-TUCO, CE-FIRE-BELLE]."""
    me = state.bandits[bandit]
    if me.revolver == 0:
        return []
    others = [i for i in range(len(state.bandits)) if i != bandit]
    if me.roof:
        found = []
        for step in (-1, 1):  # the nearest occupied roof each way; farther ones are shielded
            car = me.car + step
            while 0 <= car <= state.train_length:
                here = [i for i in others if state.bandits[i].roof and state.bandits[i].car == car]
                if here:
                    found += here
                    break
                car += step
    else:
        found = [i for i in others if not state.bandits[i].roof
                 and abs(state.bandits[i].car - me.car) == 1]
    found += ability_at(state, bandit).extra_fire_targets(state, bandit, others)
    return shielded_out(state, sorted(found))


class FireCard(CardRules):
    """Fire: the owner picks a candidate, who gets the shooter's next bullet card."""

    kind = CardKind.FIRE
    decisions = (Decision.FIRE,)

    def options(self, state: ColtState, frame: Pending) -> list[ColtAction]:
        """Return a Target per candidate, lowest bandit first."""
        return [Target(t) for t in candidates(state, frame.bandit)]

    def answer(self, state: ColtState, out: list[Event], frame: Pending,
               action: ColtAction) -> Ask | None:
        """Give the target a bullet [CE-FIRE-1]; then the shooter's ability (Django)."""
        assert isinstance(action, Target)
        receive_bullet(state, out, action.bandit, frame.bandit)
        ability_at(state, frame.bandit).after_shot(state, out, frame.bandit, action.bandit)
        return None

    def default(self, state: ColtState, frame: Pending, options: list[ColtAction]) -> ColtAction:
        """Return the first target in the §16 order."""
        return target_order(state, frame.bandit, options)[0]

    def bot(self, state: ColtState, frame: Pending, seat: int,
            options: list[ColtAction]) -> ColtAction:
        """Return the richest target."""
        return best_target(state, frame.bandit, options)

    def useful_now(self, state: ColtState, bandit: int) -> bool:
        """Return True when somebody can be shot."""
        return bool(candidates(state, bandit))

    def scheme_score(self, state: ColtState, bandit: int) -> int:
        """Return a high score with an opponent in range: the $1000 Gunslinger bonus makes a
        shot worth more than a purse, except with 2 players (no bonus, CE-2P-10)."""
        worth = 120 if state.two_player else 220
        return worth if opponents(state, bandit, candidates(state, bandit)) else 0
