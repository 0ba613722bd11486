"""Phase 2, Stealin': resolve the pile in order, each card by its owner [CE-STEAL].

A card asks its owner only when there is a real choice; a single legal choice is taken
at once (every action is mandatory when possible [CE-STEAL-3]) and an impossible action
has no effect.
"""

from __future__ import annotations

from core.colt_express.events import CardResolved, LootDropped, NoEffect, Punched
from core.colt_express.ids import (
    CHEYENNE,
    CHEYENNE_TAKE,
    DJANGO,
    FIRE,
    FIRE_TARGET,
    FLOOR,
    MARSHAL,
    MARSHAL_MOVE,
    MOVE,
    MOVE_CHOICE,
    PUNCH,
    PUNCH_LOOT,
    PUNCH_PUSH,
    PUNCH_TARGET,
    PURSE,
    ROB,
    ROB_CHOICE,
    card_bandit,
    card_kind,
)
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import (
    fire_candidates,
    has_ability,
    loot_types,
    move_marshal,
    move_options,
    pick_token,
    place,
    punch_candidates,
    push_options,
    receive_bullet,
    seat_of,
    take_loot,
)
from core.engine.protocol import Event

# The first decision of each card kind that asks one [CE-STEAL-2].
FIRST_DECISION = {MOVE: MOVE_CHOICE, FIRE: FIRE_TARGET, PUNCH: PUNCH_TARGET, ROB: ROB_CHOICE,
                  MARSHAL: MARSHAL_MOVE}


def marshal_options(state: ColtState) -> list[str]:
    """Return the Marshal's moves: one car forward or backward [CE-MARSHAL-1]."""
    return [code for code, ok in (("sf", state.marshal > 0),
                                  ("sb", state.marshal < state.train_length)) if ok]


def resolve_next(state: ColtState, out: list[Event]) -> bool:
    """Start resolving the next card of the pile; return False when the pile is done."""
    if state.resolving >= len(state.pile):
        return False
    played = state.pile[state.resolving]
    played.revealed = True
    bandit, kind = card_bandit(played.card), card_kind(played.card)
    out.append(CardResolved(index=state.resolving, seat=played.seat, bandit=bandit,
                            card=played.card))
    if kind == FLOOR:  # [CE-FLOOR-1] no choice
        me = state.bandits[bandit]
        place(state, out, bandit, me.car, not me.roof, "floor")
        finish_card(state)
    else:
        _offer(state, out, FIRST_DECISION[kind], bandit)
    return True


def options_of(state: ColtState, frame: Pending) -> list[str]:
    """Return the choices of a pending Stealin' decision."""
    bandit = frame.bandit
    me = state.bandits[bandit]
    if frame.decision == MOVE_CHOICE:
        return move_options(state, bandit)
    if frame.decision == FIRE_TARGET:
        return [f"t{t}" for t in fire_candidates(state, bandit)]
    if frame.decision == PUNCH_TARGET:
        return [f"t{t}" for t in punch_candidates(state, bandit)]
    if frame.decision == PUNCH_LOOT:
        return loot_types(state.bandits[frame.victim].loot)
    if frame.decision == PUNCH_PUSH:
        return push_options(state, frame.victim)
    if frame.decision == CHEYENNE_TAKE:
        return ["y", "n"]
    if frame.decision == ROB_CHOICE:
        return loot_types(state.loot_at(me.car, me.roof))
    if frame.decision == MARSHAL_MOVE:
        return marshal_options(state)
    return []


def _offer(state: ColtState, out: list[Event], decision: str, bandit: int,
           victim: int = -1, token: str = "") -> None:
    """Ask the owner when there is a choice; take a single choice at once; else no effect."""
    frame = Pending(decision, [seat_of(state, bandit)], bandit, victim, token)
    options = options_of(state, frame)
    if len(options) == 1:
        answer_steal(state, out, frame, options[0])
    elif options:
        state.pending = frame
    else:
        out.append(NoEffect(bandit=bandit, card=state.pile[state.resolving].card))
        finish_card(state)


def answer_steal(state: ColtState, out: list[Event], frame: Pending, action: str) -> None:
    """Carry out the owner's choice for the card being resolved."""
    bandit = frame.bandit
    me = state.bandits[bandit]
    decision = frame.decision
    if decision == MOVE_CHOICE:
        step = int(action[2]) * (-1 if action[1] == "f" else 1)
        place(state, out, bandit, me.car + step, me.roof, "move")
    elif decision == FIRE_TARGET:
        _fire(state, out, bandit, int(action[1:]))
    elif decision == PUNCH_TARGET:
        victim = int(action[1:])
        out.append(Punched(bandit=bandit, target=victim))
        _offer(state, out, PUNCH_LOOT if state.bandits[victim].loot else PUNCH_PUSH, bandit,
               victim)
        return
    elif decision == PUNCH_LOOT:
        _punch_loot(state, out, frame, action[1])
        return
    elif decision == CHEYENNE_TAKE:
        if action == "y":
            take_loot(state, out, bandit, frame.token, "cheyenne")
        else:
            _drop(state, out, frame.victim, frame.token)
        _offer(state, out, PUNCH_PUSH, bandit, frame.victim)
        return
    elif decision == PUNCH_PUSH:
        pushed = state.bandits[frame.victim]
        step = -1 if action == "gf" else 1
        place(state, out, frame.victim, pushed.car + step, pushed.roof, "punch")
    elif decision == ROB_CHOICE:
        here = state.loot_at(me.car, me.roof)
        token = pick_token(state, here, action[1])
        here.remove(token)
        take_loot(state, out, bandit, token, "robbery")
    elif decision == MARSHAL_MOVE:
        move_marshal(state, out, state.marshal + (-1 if action == "sf" else 1))
    finish_card(state)


def _fire(state: ColtState, out: list[Event], bandit: int, target: int) -> None:
    """Give the target a bullet; Django's shot pushes him on [CE-FIRE-1, CE-CHAR-DJANGO-1]."""
    receive_bullet(state, out, target, bandit)
    if not has_ability(state, bandit, DJANGO):
        return
    victim = state.bandits[target]
    step = (victim.car > state.bandits[bandit].car) - (victim.car < state.bandits[bandit].car)
    car = victim.car + step
    if step and 0 <= car <= state.train_length:
        place(state, out, target, car, victim.roof, "django")


def _punch_loot(state: ColtState, out: list[Event], frame: Pending, kind: str) -> None:
    """The victim drops a token of the chosen type; Cheyenne may keep a purse [CE-PUNCH-1]."""
    victim = state.bandits[frame.victim]
    token = pick_token(state, victim.loot, kind)
    victim.loot.remove(token)
    if kind == PURSE and has_ability(state, frame.bandit, CHEYENNE):
        _offer(state, out, CHEYENNE_TAKE, frame.bandit, frame.victim, token)
        return
    _drop(state, out, frame.victim, token)
    _offer(state, out, PUNCH_PUSH, frame.bandit, frame.victim)


def _drop(state: ColtState, out: list[Event], victim: int, token: str) -> None:
    """Leave a token where the victim stands (floor or roof)."""
    where = state.bandits[victim]
    state.loot_at(where.car, where.roof).append(token)
    out.append(LootDropped(bandit=victim, loot=token[0], car=where.car, roof=where.roof))


def finish_card(state: ColtState) -> None:
    """Return a resolved card to its owner's deck, or expert discard [CE-STEAL-4, CE-EXPERT-3]."""
    played = state.pile[state.resolving]
    owner = state.seats[played.seat]
    (owner.discard if state.expert else owner.deck).append(played.card)
    state.resolving += 1
