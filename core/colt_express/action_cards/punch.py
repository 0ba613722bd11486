"""The Punch card [CE-PUNCH-1]: the victim, the loot knocked loose, the push (CE-DEC-7)."""

from __future__ import annotations

from core.colt_express.actions import ColtAction, Loot, Push, Target
from core.colt_express.characters import ability_at, shielded_out
from core.colt_express.events import Punched
from core.colt_express.heuristics import best_target, opponents, target_order, worth
from core.colt_express.hooks import Ask, CardRules, loot_choices
from core.colt_express.ids import CardKind, Decision, Direction
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import drop_loot, pick_token, place
from core.engine.protocol import Event

FORWARD, BACKWARD = Push(Direction.FORWARD), Push(Direction.BACKWARD)


def candidates(state: ColtState, bandit: int) -> list[int]:
    """Return who the bandit's Punch may hit: the others where he stands, Belle protected."""
    return shielded_out(state, state.others_at(bandit))


class PunchCard(CardRules):
    """Punch: a victim where the puncher stands drops a token of the puncher's choice, then
    is knocked one car along, same level."""

    kind = CardKind.PUNCH
    decisions = (Decision.PUNCH, Decision.PUNCH_LOOT, Decision.PUNCH_PUSH)

    def options(self, state: ColtState, frame: Pending) -> list[ColtAction]:
        """Return the victims; the victim's loot types (most valuable first); or the pushes
        the train allows (forward, backward)."""
        if frame.decision == Decision.PUNCH:
            return [Target(t) for t in candidates(state, frame.bandit)]
        if frame.decision == Decision.PUNCH_LOOT:
            return loot_choices(state.bandits[frame.victim].loot)
        car = state.bandits[frame.victim].car
        return [push for push, ok in ((FORWARD, car > 0), (BACKWARD, car < state.train_length))
                if ok]

    def answer(self, state: ColtState, out: list[Event], frame: Pending,
               action: ColtAction) -> Ask | None:
        """Punch the victim, knock a token loose, or push him; return what comes next."""
        if frame.decision == Decision.PUNCH:
            assert isinstance(action, Target)
            victim = action.bandit
            out.append(Punched(bandit=frame.bandit, target=victim))
            rich = bool(state.bandits[victim].loot)
            return Ask(Decision.PUNCH_LOOT if rich else Decision.PUNCH_PUSH, victim)
        if frame.decision == Decision.PUNCH_LOOT:
            assert isinstance(action, Loot)
            loot = state.bandits[frame.victim].loot
            token = pick_token(state, loot, action.kind)  # a purse at random, CE-LOOT-4
            loot.remove(token)
            kept = ability_at(state, frame.bandit).knocked_loose(state, frame, token)
            if kept is not None:  # Cheyenne may keep a purse [CE-CHAR-CHEYENNE-1]
                return kept
            drop_loot(state, out, frame.victim, token)
            return Ask(Decision.PUNCH_PUSH, frame.victim)
        assert isinstance(action, Push)
        pushed = state.bandits[frame.victim]
        place(state, out, frame.victim, pushed.car + action.direction.step, pushed.roof, "punch")
        return None

    def default(self, state: ColtState, frame: Pending, options: list[ColtAction]) -> ColtAction:
        """Return (§16) the first victim in the target order; the most valuable loot; a push
        toward the caboose if possible."""
        if frame.decision == Decision.PUNCH:
            return target_order(state, frame.bandit, options)[0]
        if frame.decision == Decision.PUNCH_LOOT:
            return options[0]
        return BACKWARD if BACKWARD in options else FORWARD

    def bot(self, state: ColtState, frame: Pending, seat: int,
            options: list[ColtAction]) -> ColtAction:
        """Return the richest victim; the loot the puncher's ability prefers; the push into
        the Marshal's car or away from loot."""
        if frame.decision == Decision.PUNCH:
            return best_target(state, frame.bandit, options)
        if frame.decision == Decision.PUNCH_LOOT:
            preferred = ability_at(state, frame.bandit).bot_punch_loot(options)
            return preferred if preferred is not None else self.default(state, frame, options)
        target = state.bandits[frame.victim]

        def score(option: ColtAction) -> int:
            assert isinstance(option, Push)
            car = target.car + option.direction.step
            into_marshal = 500 if (not target.roof and car == state.marshal) else 0
            return into_marshal - worth(state.loot_at(car, target.roof))
        return max(options, key=score)

    def useful_now(self, state: ColtState, bandit: int) -> bool:
        """Return True when a candidate carries loot."""
        return any(state.bandits[t].loot for t in candidates(state, bandit))

    def scheme_score(self, state: ColtState, bandit: int) -> int:
        """Return a high score for an opponent with loot in reach, a little for any opponent."""
        targets = opponents(state, bandit, candidates(state, bandit))
        return 130 if any(state.bandits[t].loot for t in targets) else 10 if targets else 0
