"""The train's geometry and the effects every action shares: moving, shooting, loot.

Functions here change the state they are given and append events to `out`; `flow`
calls them on a fresh copy inside `apply`.
"""

from __future__ import annotations

from core.colt_express.events import BanditMoved, LootDropped, LootTaken, MarshalMoved, Shot
from core.colt_express.ids import PURSE, loot_type, loot_value
from core.colt_express.state import ColtState
from core.engine.protocol import Event
from core.engine.rng import next_below


def seat_of(state: ColtState, bandit: int) -> int:
    """Return the seat that runs a bandit."""
    return state.bandits[bandit].seat


def pick_token(state: ColtState, tokens: list[str], kind: str) -> str:
    """Return the token of a type to take: a purse at random, else the first [CE-LOOT-4]."""
    matching = [t for t in tokens if loot_type(t) == kind]
    if kind != PURSE or len(matching) == 1:
        return matching[0]
    state.rng, index = next_below(state.rng, len(matching))
    return matching[index]


def take_loot(state: ColtState, out: list[Event], bandit: int, token: str, how: str) -> None:
    """Give a token to a bandit; its owner alone learns a purse's value [CE-LOOT-3]."""
    state.bandits[bandit].loot.append(token)
    kind = loot_type(token)
    out.append(LootTaken(bandit=bandit, loot=kind, how=how))
    if kind == PURSE:
        out.append(LootTaken(bandit=bandit, loot=kind, how=how, value=loot_value(token),
                             audience=frozenset({seat_of(state, bandit)})))


def drop_loot(state: ColtState, out: list[Event], victim: int, token: str) -> None:
    """Leave a token where the victim stands (floor or roof) [CE-PUNCH-1]."""
    where = state.bandits[victim]
    state.loot_at(where.car, where.roof).append(token)
    out.append(LootDropped(bandit=victim, loot=token[0], car=where.car, roof=where.roof))


def receive_bullet(state: ColtState, out: list[Event], target: int,
                   shooter: int | None) -> None:
    """Put a bullet card (the shooter's next one, or a neutral one) into the target's deck.

    It goes on top of the deck, which the base game shuffles later anyway [CE-FIRE-1,
    CE-MARSHAL-3, CE-EXPERT-3 step 4].
    """
    if shooter is None:
        state.neutral += 1
        card = f"nb{state.neutral}"  # the neutral supply never runs out [R-CE-01]
    else:
        gun = state.bandits[shooter]
        card = f"{shooter}b{7 - gun.revolver}"
        gun.revolver -= 1
    victim = state.bandits[target]
    victim.received += 1
    state.seats[victim.seat].deck.append(card)
    state.bullet_holder[card] = target
    out.append(Shot(bandit=-1 if shooter is None else shooter, target=target,
                    neutral=shooter is None))


def place(state: ColtState, out: list[Event], bandit: int, car: int, roof: bool,
          cause: str) -> None:
    """Put a bandit at a location; inside the Marshal's car he is shot and climbs [CE-MARSHAL-2]."""
    me = state.bandits[bandit]
    me.car, me.roof = car, roof
    out.append(BanditMoved(bandit=bandit, car=car, roof=roof, cause=cause))
    if not roof and car == state.marshal:
        _flee_marshal(state, out, bandit)


def move_marshal(state: ColtState, out: list[Event], car: int) -> None:
    """Move the Marshal; bandits inside his new car are shot and climb [CE-MARSHAL-2]."""
    state.marshal = car
    out.append(MarshalMoved(car=car))
    for index, bandit in enumerate(state.bandits):
        if bandit.car == car and not bandit.roof:
            _flee_marshal(state, out, index)


def _flee_marshal(state: ColtState, out: list[Event], bandit: int) -> None:
    """Shoot a bandit inside the Marshal's car and put him on its roof [CE-MARSHAL-2]."""
    receive_bullet(state, out, bandit, None)
    me = state.bandits[bandit]
    me.roof = True
    out.append(BanditMoved(bandit=bandit, car=me.car, roof=True, cause="marshal"))
