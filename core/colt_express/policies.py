"""Timeout defaults and the bot's heuristic (docs/colt_express.md, "Policies").

`default_action` follows the digest's table [CE-rules §16], except Schemin', where the
issue asks for "draw 3 if the hand is poor, else a sensible card". Both use only what
the seat may know: the public table and its own hand.
"""

from __future__ import annotations

from core.colt_express.cards import can_draw, playable_keys
from core.colt_express.flow import legal
from core.colt_express.ids import (
    BULLET,
    CHEYENNE,
    CHEYENNE_TAKE,
    DISCARD,
    FIRE,
    FIRE_TARGET,
    FLOOR,
    JEWEL,
    MARSHAL,
    MARSHAL_MOVE,
    MOVE,
    MOVE_CHOICE,
    PICKPOCKET,
    PUNCH,
    PUNCH_LOOT,
    PUNCH_PUSH,
    PUNCH_TARGET,
    ROB,
    SCHEME,
    STRONGBOX,
    TEAM_SETUP,
    loot_type,
)
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import (
    fire_candidates,
    has_ability,
    punch_candidates,
)

# What a loot type is worth on average, for choosing (purse values are hidden).
WORTH = {STRONGBOX: 1000, JEWEL: 500, "p": 350, "r": 250}


def _worth(tokens: list[str]) -> int:
    return sum(WORTH[loot_type(t)] for t in tokens)


def _target_order(state: ColtState, bandit: int, options: list[str]) -> list[str]:
    """Order targets: opponents first (2 players), most loot tokens, nearest the locomotive."""
    seat = state.bandits[bandit].seat

    def rank(option: str) -> tuple[int, int, int, int]:
        target = state.bandits[int(option[1:])]
        return (target.seat == seat, -len(target.loot), target.car, target.seat)
    return sorted(options, key=rank)


def default_action(state: ColtState, frame: Pending, seat: int) -> str:
    """Return the timeout action of a seat owing `frame`."""
    options = legal(state, frame, seat)
    decision = frame.decision
    if decision == TEAM_SETUP:
        return "a00"
    if decision == SCHEME:
        return _default_scheme(state, seat, options)
    if decision == DISCARD:
        return next((o for o in options if o.endswith(BULLET)), "k")
    if decision == MOVE_CHOICE:
        return "mf1" if "mf1" in options else "mb1"
    if decision in (FIRE_TARGET, PUNCH_TARGET):
        return _target_order(state, frame.bandit, options)[0]
    if decision == PUNCH_PUSH:
        return "gb" if "gb" in options else "gf"
    if decision == MARSHAL_MOVE:
        return "sb" if "sb" in options else "sf"
    if decision in (CHEYENNE_TAKE, PICKPOCKET):
        return "y"
    return options[0]  # loot choices come most valuable first


def _useful_now(state: ColtState, key: str) -> bool:
    """Return True when the card would do something good from where its bandit stands now."""
    bandit, kind = int(key[0]), key[1]
    me = state.bandits[bandit]
    if kind == ROB:
        return bool(state.loot_at(me.car, me.roof))
    if kind == FIRE:
        return bool(fire_candidates(state, bandit))
    if kind == PUNCH:
        return any(state.bandits[t].loot for t in punch_candidates(state, bandit))
    return kind == MOVE and not state.loot_at(me.car, me.roof)


def _default_scheme(state: ColtState, seat: int, options: list[str]) -> str:
    """Draw 3 when no card in hand is useful now and a draw is possible; else play one."""
    keys = playable_keys(state, seat)
    useful = [k for k in keys if _useful_now(state, k)]
    if not useful and "d" in options:
        return "d"
    chosen = (useful or keys)[0] if keys else None
    return f"p{chosen}" if chosen is not None else options[0]


def bot_action(state: ColtState, frame: Pending, seat: int) -> str:
    """Return the bot's action: plans from where its bandit will be after its own cards."""
    options = legal(state, frame, seat)
    decision = frame.decision
    if decision == SCHEME:
        return _bot_scheme(state, seat, options)
    if decision == MOVE_CHOICE:
        return max(options, key=lambda o: _move_score(state, frame.bandit, o))
    if decision in (FIRE_TARGET, PUNCH_TARGET):
        return max(_target_order(state, frame.bandit, options),
                   key=lambda o: _richness(state, frame.bandit, int(o[1:])))
    if decision == PUNCH_LOOT and has_ability(state, frame.bandit, CHEYENNE) and "lp" in options:
        return "lp"  # Cheyenne keeps a purse she knocks loose [CE-CHAR-CHEYENNE-1]
    if decision == PUNCH_PUSH:
        return max(options, key=lambda o: _push_score(state, frame.victim, o))
    if decision == MARSHAL_MOVE:
        return max(options, key=lambda o: _marshal_score(state, seat, o))
    return default_action(state, frame, seat)


def _richness(state: ColtState, shooter: int, target: int) -> int:
    """Return how attractive a target is: its loot's worth, teammates last."""
    mine = state.bandits[shooter].seat == state.bandits[target].seat
    return _worth(state.bandits[target].loot) - (10_000 if mine else 0)


def _move_score(state: ColtState, bandit: int, option: str) -> int:
    me = state.bandits[bandit]
    car = me.car + int(option[2]) * (-1 if option[1] == "f" else 1)
    score = _worth(state.loot_at(car, me.roof)) + _worth(state.inside[car]) // 3
    if not me.roof and car == state.marshal:
        score -= 400
    return score


def _push_score(state: ColtState, victim: int, option: str) -> int:
    target = state.bandits[victim]
    car = target.car + (-1 if option == "gf" else 1)
    into_marshal = 500 if (not target.roof and car == state.marshal) else 0
    return into_marshal - _worth(state.loot_at(car, target.roof))


def _marshal_score(state: ColtState, seat: int, option: str) -> int:
    car = state.marshal + (-1 if option == "sf" else 1)
    score = 0
    for bandit in state.bandits:
        if bandit.car == car and not bandit.roof:
            score += -300 if bandit.seat == seat else 200 + _worth(bandit.loot) // 4
    return score


def _projected(state: ColtState, seat: int) -> ColtState:
    """Return a copy where the seat's own face-up and face-down cards on the pile moved it.

    Only Move and Floor Change are projected (forward for a Move); other players'
    cards are ignored: the bot plans with what it knows for sure.
    """
    future = state.copy()
    for played in state.pile:
        if played.seat != seat or played.revealed:
            continue
        bandit = future.bandits[int(played.card[0])]
        if played.card[1] == FLOOR:
            bandit.roof = not bandit.roof
        elif played.card[1] == MOVE:
            bandit.car = max(0, bandit.car - 1)
    return future


def _bot_scheme(state: ColtState, seat: int, options: list[str]) -> str:
    future = _projected(state, seat)
    best, best_score = options[0], -1
    action_cards = len(playable_keys(state, seat))
    for option in options:
        if option == "d":
            score = 110 if action_cards <= 2 and can_draw(state, seat) else 5
        else:
            score = _card_score(future, option[1:])
            if option[0] == "q":
                score += 1  # Ghost hides his plan when it costs nothing
        if score > best_score:
            best, best_score = option, score
    return best


def _opponents(state: ColtState, bandit: int, targets: list[int]) -> list[int]:
    """Return the targets that are not the bandit's teammates (2 players: friendly fire)."""
    seat = state.bandits[bandit].seat
    return [t for t in targets if state.bandits[t].seat != seat]


def _card_score(state: ColtState, key: str) -> int:
    """Return how good a card looks from the bandit's projected place."""
    bandit, kind = int(key[0]), key[1]
    me = state.bandits[bandit]
    here = state.loot_at(me.car, me.roof)
    if kind == ROB:
        return 100 + _worth(here) // 5 if here else 0
    if kind == FIRE:  # the $1000 Gunslinger bonus makes shooting worth more than a purse
        worth = 120 if state.two_player else 220  # no bonus with 2 players [CE-2P-10]
        return worth if _opponents(state, bandit, fire_candidates(state, bandit)) else 0
    if kind == PUNCH:
        targets = _opponents(state, bandit, punch_candidates(state, bandit))
        return 130 if any(state.bandits[t].loot for t in targets) else 10 if targets else 0
    if kind == MOVE:
        return 60 if not here else 20
    if kind == FLOOR:
        below = state.inside[me.car]
        if me.roof:
            return 90 if below and me.car != state.marshal else 15
        return 70 if abs(state.marshal - me.car) <= 1 else 25
    if kind == MARSHAL:
        return 40
    return 0

