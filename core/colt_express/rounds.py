"""End of a round: the round card's event and the final scoring [CE-EVENT, CE-SCORE]."""

from __future__ import annotations

from core.colt_express.actions import TakePurse
from core.colt_express.events import GameEnded, LootLost, RoundEvent
from core.colt_express.ids import (
    GUNSLINGER_BONUS,
    PURSE,
    ROUNDS,
    Decision,
    loot_type,
    loot_value,
)
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import (
    move_marshal,
    pick_token,
    place,
    receive_bullet,
    seat_of,
    take_loot,
)
from core.engine.protocol import Event, Outcome


def apply_round_event(state: ColtState, out: list[Event]) -> None:
    """Apply the round card's end-of-round event; Pickpocketing queues its choices."""
    card = state.round_cards[state.round]
    handler = _EVENTS.get(card)
    if handler is None:
        return
    out.append(RoundEvent(card=card))
    handler(state, out)


def _roof_bandits(state: ColtState, car: int | None = None) -> list[int]:
    return [i for i, b in enumerate(state.bandits) if b.roof and (car is None or b.car == car)]


def _angry_marshal(state: ColtState, out: list[Event]) -> None:
    """Shoot the roof above the Marshal, then he moves back a car [CE-EVENT-ANGRY, R-CE-07]."""
    for bandit in _roof_bandits(state, state.marshal):
        receive_bullet(state, out, bandit, None)
    if state.marshal < state.train_length:
        move_marshal(state, out, state.marshal + 1)


def _swivel_arm(state: ColtState, out: list[Event]) -> None:
    """Sweep every roof bandit to the caboose roof [CE-EVENT-SWIVEL]."""
    for bandit in _roof_bandits(state):
        if state.bandits[bandit].car != state.train_length:
            place(state, out, bandit, state.train_length, True, "swivel_arm")


def _braking(state: ColtState, out: list[Event]) -> None:
    """Every roof bandit moves one car forward [CE-EVENT-BRAKING]."""
    for bandit in _roof_bandits(state):
        if state.bandits[bandit].car > 0:
            place(state, out, bandit, state.bandits[bandit].car - 1, True, "braking")


def _take_it_all(state: ColtState, out: list[Event]) -> None:
    """The second strongbox goes inside the Marshal's car [CE-EVENT-TAKEALL]."""
    boxes = [t for t in state.aside if loot_type(t) == "s"]
    for token in boxes:
        state.aside.remove(token)
        state.inside[state.marshal].append(token)


def _rebellion(state: ColtState, out: list[Event]) -> None:
    """Every bandit inside the train is shot [CE-EVENT-REBELLION]."""
    for bandit, who in enumerate(state.bandits):
        if not who.roof:
            receive_bullet(state, out, bandit, None)


def _revenge(state: ColtState, out: list[Event]) -> None:
    """Roof bandits above the Marshal lose their cheapest purse [CE-EVENT-REVENGE, R-CE-19]."""
    for bandit in _roof_bandits(state, state.marshal):
        purses = [t for t in state.bandits[bandit].loot if loot_type(t) == PURSE]
        if purses:
            cheapest = min(purses, key=loot_value)
            state.bandits[bandit].loot.remove(cheapest)
            state.removed.append(cheapest)
            out.append(LootLost(bandit=bandit, loot=PURSE))


def _pickpocketing(state: ColtState, out: list[Event]) -> None:
    """Queue every bandit alone with a purse at his location [CE-EVENT-PICKPOCKET]."""
    state.pickpockets = [b for b in range(len(state.bandits)) if can_pickpocket(state, b)]


def can_pickpocket(state: ColtState, bandit: int) -> bool:
    """Return True when a bandit is alone where a purse lies."""
    me = state.bandits[bandit]
    return not state.others_at(bandit) and any(
        loot_type(t) == PURSE for t in state.loot_at(me.car, me.roof))


def _hostage(state: ColtState, out: list[Event]) -> None:
    """Bandits in or on the locomotive get a $250 ransom [CE-EVENT-HOSTAGE, R-CE-08]."""
    for bandit, who in enumerate(state.bandits):
        if who.car == 0:
            state.ransoms += 1
            take_loot(state, out, bandit, f"r{state.ransoms}", "ransom")


_EVENTS = {
    "angry_marshal": _angry_marshal, "swivel_arm": _swivel_arm, "braking": _braking,
    "take_it_all": _take_it_all, "passengers_rebellion": _rebellion,
    "marshals_revenge": _revenge, "pickpocketing": _pickpocketing, "hostage_taking": _hostage,
}


def next_pickpocket(state: ColtState) -> bool:
    """Ask the next queued pickpocket; return False when none is left."""
    while state.pickpockets:
        bandit = state.pickpockets[0]
        if can_pickpocket(state, bandit):
            state.pending = Pending(Decision.PICKPOCKET, [seat_of(state, bandit)], bandit)
            return True
        state.pickpockets.pop(0)
    return False


def answer_pickpocket(state: ColtState, out: list[Event], frame: Pending,
                      action: TakePurse) -> None:
    """Take a random purse lying here, or leave it [CE-EVENT-PICKPOCKET, CE-LOOT-4]."""
    state.pickpockets.pop(0)
    if action.take:
        me = state.bandits[frame.bandit]
        here = state.loot_at(me.car, me.roof)
        token = pick_token(state, here, PURSE)
        here.remove(token)
        take_loot(state, out, frame.bandit, token, "pickpocket")


def last_round(state: ColtState) -> bool:
    """Return True when the round just played was the fifth."""
    return state.round + 1 >= ROUNDS


def score(state: ColtState, out: list[Event]) -> None:
    """Add up loot, the Gunslinger bonus and the tie-break; end the game [CE-SCORE, CE-2P-11]."""
    fired = [6 - b.revolver for b in state.bandits]
    top = max(fired)
    gunslingers = [] if state.two_player or top == 0 else [  # [CE-2P-10, R-CE-09]
        i for i, count in enumerate(fired) if count == top]
    totals = [0] * state.players
    received = [0] * state.players
    for index, bandit in enumerate(state.bandits):
        totals[bandit.seat] += sum(loot_value(t) for t in bandit.loot)
        totals[bandit.seat] += GUNSLINGER_BONUS if index in gunslingers else 0
        received[bandit.seat] += bandit.received
    richest = max(totals)
    tied = [s for s in range(state.players) if totals[s] == richest]
    fewest = min(received[s] for s in tied)  # [CE-SCORE-3, R-CE-10]
    winners = [s for s in tied if received[s] == fewest]
    values = {t: loot_value(t) for b in state.bandits for t in b.loot}  # [CE-SCORE-4]
    side = f"seat_{winners[0]}" if len(winners) == 1 else "shared"
    state.scores = totals
    state.outcome = Outcome(side, frozenset(winners), "richest")
    state.pending = None
    out.append(GameEnded(scores=tuple(totals), winners=tuple(winners), values=values,
                         gunslingers=tuple(sorted({state.bandits[g].seat for g in gunslingers}))))
