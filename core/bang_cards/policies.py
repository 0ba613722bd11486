"""Policies: the timeout default [BC-TO, R-BC-09] and the stronger bot.

The default never reads the hand where what it does would show the hand to others: it
takes the hit, or gives up the Duel, unless the seat's private standing order says to
answer (BC-TO-ORD). Where the hand is shown anyway (a dying player's) or the choice is
private or random, it may use it. The bot plays its own role with public facts only
about the others (roles shown, who attacked the Sheriff), see docs/rules/bang_cards.md.
"""

from __future__ import annotations

from core.bang_cards import frames
from core.bang_cards.actions import (
    CardsAction,
    Discard,
    DrawFrom,
    EndPlay,
    Pass,
    Pick,
    Play,
    Respond,
    Sid,
    Use,
)
from core.bang_cards.board import reach
from core.bang_cards.cards import KINDS, NUMBER, is_kind, kind_of
from core.bang_cards.characters import ability_at, bang_kinds, missed_kinds
from core.bang_cards.checks import succeeds
from core.bang_cards.damage import beer_heals
from core.bang_cards.decisions import legal_actions, played_kind
from core.bang_cards.gold_rush.defaults import default_action as gold_rush_default
from core.bang_cards.gold_rush.defaults import rucksack_lives
from core.bang_cards.ids import THREE_PLAYER_TARGET, Aim, Kind, PaidUse, Purpose, Role
from core.bang_cards.state import CardsState
from core.engine.rng import next_below


def _cards_of(state: CardsState, seat: int, kinds: frozenset[Kind]) -> list[str]:
    return [card for card in state.seats[seat].hand if kind_of(card) in kinds]


def lucky_choice(state: CardsState, purpose: Purpose) -> str:
    """Return the revealed card that makes Lucky Duke's "draw!" for `purpose` go his way
    (BC-DEC-10)."""
    for card in state.table:
        if succeeds(purpose, card) != (purpose is Purpose.DYNAMITE):
            return card
    return state.table[0]


def save_action(state: CardsState, seat: int) -> CardsAction:
    """Return the save window's answer: Beers, then the Rucksack [GR-DEC-8], then Sid
    Ketchum's pairs, if together they suffice."""
    player = state.seats[seat]
    needed = 1 - player.life
    beers = _cards_of(state, seat, frozenset({Kind.BEER})) if beer_heals(state) else []
    others = [c for c in player.hand if c not in beers]
    discards = ability_at(state, seat).life_discards(state, seat)  # Sid Ketchum's pairs
    pairs = len(others) // 2 if discards else 0
    rucksack = rucksack_lives(state, seat)
    if len(beers) + rucksack + pairs < needed:
        return Pass()
    if beers:
        return Respond(beers[0])
    if rucksack:
        return Use(PaidUse.RUCKSACK)
    return Sid(*sorted(others[:2], key=NUMBER.__getitem__))


def default_target(state: CardsState, seat: int, targets: list[int]) -> int:
    """Return the timeout target among `targets` from public facts only (BC-TO-PLAY).

    A player whose role is secret spares the Sheriff while anyone else can be chosen (the
    same rule for every secret role, so it shows none); a public role spares known allies
    and, with 3 players, goes for its own target. Then the most life, ties clockwise.
    """
    me = state.seats[seat]
    candidates = list(targets)
    if state.three_player:
        hunted = THREE_PLAYER_TARGET[me.role]
        candidates = [t for t in candidates if state.seats[t].role is hunted] or candidates
    elif not me.role_revealed:
        candidates = [t for t in candidates
                      if state.seats[t].role is not Role.SHERIFF] or candidates
    count = len(state.seats)
    return min(candidates, key=lambda t: (-state.seats[t].life, (t - seat) % count))


# The order in which a timed-out active player plays his cards (BC-TO-PLAY).
_SELF_FIRST = (Kind.BARREL, Kind.MUSTANG, Kind.SCOPE, Kind.STAGECOACH, Kind.WELLS_FARGO,
               Kind.GENERAL_STORE)
_AT_OTHERS = (Kind.BANG, Kind.PANIC, Kind.CAT_BALOU, Kind.DUEL, Kind.JAIL)


def default_play(state: CardsState, seat: int, legal: list[CardsAction]) -> CardsAction:
    """Return a timed-out active player's next play (BC-TO-PLAY): a fixed script."""
    me = state.seats[seat]
    plays = [a for a in legal if isinstance(a, Play)]

    def of(kind: Kind) -> list[Play]:
        return [p for p in plays if played_kind(state, seat, p.card) is kind]

    wounded = me.life < me.max_life
    if wounded and beer_heals(state) and of(Kind.BEER):
        return of(Kind.BEER)[0]
    if wounded and of(Kind.SALOON):
        return of(Kind.SALOON)[0]
    for kind in _SELF_FIRST:
        if of(kind):
            return of(kind)[0]
    current = reach(state, seat)
    weapons = [p for p in plays if KINDS[kind_of(p.card)].weapon_range > current]
    if weapons:
        return weapons[0]
    for kind in _AT_OTHERS:
        options = of(kind)
        if options:
            target = default_target(state, seat, sorted({p.target for p in options
                                                          if p.target is not None}))
            aimed = [p for p in options if p.target == target]
            return next((p for p in aimed if p.pick not in (None, Aim.HAND)), aimed[0])
    for kind in (Kind.GATLING, Kind.INDIANS):
        if of(kind):
            return of(kind)[0]
    return EndPlay()


def default_action(state: CardsState, frame: frames.Frame, seat: int) -> CardsAction:
    """Return the timeout answer of `seat` [BC-TO table, R-BC-09, GR-TO-1]."""
    player = state.seats[seat]
    gold_rush = gold_rush_default(state, frame, seat)
    if gold_rush is not None:
        return gold_rush
    match frame:
        case frames.AskDrawSource():
            return DrawFrom("deck")
        case frames.AskKitReturn():
            return Pick(state.table[-1])
        case frames.AskPlay():
            return default_play(state, seat, legal_actions(state, frame, seat))
        case frames.AskStorePick():
            return Pick(state.table[0])
        case frames.AskDodge():
            missed = _cards_of(state, seat, missed_kinds(player.character))
            if player.order_missed and len(missed) >= frame.need:
                return Respond(missed[0])  # [BC-TO-ORD] only when it fully cancels
            return Pass()
        case frames.AskVolley() | frames.AskDuel():
            gatling = is_kind(frame.card, Kind.GATLING)
            if gatling:
                order, kinds = player.order_missed, missed_kinds(player.character)
            else:
                order, kinds = player.order_bang, bang_kinds(player.character)
            cards = _cards_of(state, seat, kinds)
            return Respond(cards[0]) if order and cards else Pass()
        case frames.AskSave():
            return save_action(state, seat)
        case frames.AskLuckyPick(purpose=purpose):
            return Pick(lucky_choice(state, purpose))
        case frames.AskDiscard():
            # [R-BC-09] at random, from the game's generator, so it shows nothing.
            _, index = next_below(state.rng ^ (state.version + 1), len(player.hand))
            return Discard(player.hand[index])
    return legal_actions(state, frame, seat)[0]

