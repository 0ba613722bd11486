"""The train's geometry and the effects every action shares: moving, shooting, loot.

Functions here change the state they are given and append events to `out`; `flow`
calls them on a fresh copy inside `apply`.
"""

from __future__ import annotations

from core.colt_express.events import BanditMoved, LootTaken, MarshalMoved, Shot
from core.colt_express.ids import BELLE, PURSE, TUCO, loot_type, loot_value
from core.colt_express.state import ColtState
from core.engine.protocol import Event
from core.engine.rng import next_below


def has_ability(state: ColtState, bandit: int, character: str) -> bool:
    """Return True when the bandit is that character and characters are in play [CE-CHAR-0]."""
    return state.characters_on and state.bandits[bandit].character == character


def seat_of(state: ColtState, bandit: int) -> int:
    """Return the seat that runs a bandit."""
    return state.bandits[bandit].seat


def move_options(state: ColtState, bandit: int) -> list[str]:
    """Return the Move choices: 1 car inside, 1-3 cars on a roof [CE-MOVE-1, CE-MOVE-2]."""
    me = state.bandits[bandit]
    reach = 3 if me.roof else 1
    forward = [f"mf{d}" for d in range(1, reach + 1) if me.car - d >= 0]
    backward = [f"mb{d}" for d in range(1, reach + 1) if me.car + d <= state.train_length]
    return forward + backward


def without_belle(state: ColtState, candidates: list[int]) -> list[int]:
    """Drop Belle from a target list that holds someone else too [CE-CHAR-BELLE-1]."""
    if len(candidates) < 2:
        return candidates
    return [c for c in candidates if not has_ability(state, c, BELLE)]


def fire_candidates(state: ColtState, bandit: int) -> list[int]:
    """Return who a Fire may hit now [CE-FIRE-0, CE-FIRE-INSIDE, CE-FIRE-ROOF, CE-FIRE-TUCO]."""
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
    if has_ability(state, bandit, TUCO):
        found += [i for i in others if state.bandits[i].car == me.car
                  and state.bandits[i].roof != me.roof]
    return without_belle(state, sorted(found))


def punch_candidates(state: ColtState, bandit: int) -> list[int]:
    """Return who a Punch may hit: the others at the same location [CE-PUNCH-1]."""
    return without_belle(state, state.others_at(bandit))


def push_options(state: ColtState, victim: int) -> list[str]:
    """Return the directions a punched bandit can be pushed (g f / g b) [CE-PUNCH-1]."""
    car = state.bandits[victim].car
    return [code for code, ok in (("gf", car > 0), ("gb", car < state.train_length)) if ok]


def loot_types(tokens: list[str]) -> list[str]:
    """Return the loot choices (lp/lj/ls) for the tokens present, most valuable first."""
    present = {loot_type(t) for t in tokens}
    return [f"l{kind}" for kind in ("s", "j", "p") if kind in present]


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
