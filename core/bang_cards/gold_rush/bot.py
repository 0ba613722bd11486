"""The bot's Gold Rush and shadow play, called first by `bot.bot_action`.

Its plan in phase 2: first the economy (sell a Beer it cannot use, buy the best black
equipment it can afford or save for one within two nuggets, spend spare nuggets on
draws), then the base bot plays its cards, then the nuggets left go on attacks (Bottle as
BANG!, Pardner as Duel or Cat Balou, Jacky Murieta's shot, a Wanted on its worst enemy, a
forced discard of an enemy's best equipment) and a Gold Rush for an extra turn. A shadow
keeps nothing: it sells its Beers, buys no black equipment and spends everything on
attacks. A Shadow Renegade plays as a Deputy or an Outlaw by his current side. Everything
it reads about others is public (equipment, nuggets, shown roles).
"""

from __future__ import annotations

from collections.abc import Callable

from core.bang_cards.actions import (
    Buy,
    CardsAction,
    Discard,
    EndPlay,
    Force,
    Pass,
    Respond,
    Sell,
    Use,
)
from core.bang_cards.board import survivors
from core.bang_cards.cards import CARD, kind_of
from core.bang_cards.characters import bang_kinds
from core.bang_cards.frames import AskDuel, AskDutchDiscard, AskGearUse, AskPlay, AskVolley, Frame
from core.bang_cards.gold_rush.characters import dutch_cards, price
from core.bang_cards.gold_rush.equipment import Gear, gear_of, rule_of_gear
from core.bang_cards.gold_rush.traits import has_gear
from core.bang_cards.ids import Kind, PaidUse, Role, Side
from core.bang_cards.state import CardsState

Score = Callable[[CardsState, int, int], float]
Value = Callable[[CardsState, int, str], float]
BasePlay = Callable[[CardsState, int, list[CardsAction]], CardsAction]

# What a black card is worth to its owner (0: not worth buying).
KEEP: dict[Gear, float] = {
    Gear.PICKAXE: 9, Gear.CALUMET: 5, Gear.BOOTS: 6, Gear.LUCKY_CHARM: 5, Gear.RUCKSACK: 6,
    Gear.HORSESHOE: 4, Gear.GOLD_PAN: 4, Gear.GUN_BELT: 2,
}
WANTED_AT = 6.0  # how hostile a seat must be to get a Wanted


def _wounds(state: CardsState, seat: int) -> int:
    player = state.seats[seat]
    return 0 if player.shadow else player.max_life - player.life


def _as_side(state: CardsState, seat: int) -> CardsState:
    """Return the state as a Shadow Renegade sees his role this turn (Deputy or Outlaw)."""
    player = state.seats[seat]
    if player.role is not Role.RENEGADE or player.side is None:
        return state
    seen = state.copy()
    seen.seats[seat].role = Role.DEPUTY if player.side is Side.LAW else Role.OUTLAW
    return seen


def _attack_score(state: CardsState, seat: int, action: Buy | Use, score: Score) -> float:
    """Return how good an attack is: the target's hostility, more when he is low."""
    if action.target is None:
        return -1.0
    them = state.seats[action.target]
    return score(state, seat, action.target) + (2.0 if them.life <= 1 else 0.0) - them.life / 4


def _economy(state: CardsState, seat: int, legal: list[CardsAction], value: Value
             ) -> CardsAction | None:
    me = state.seats[seat]
    sells = [a for a in legal if isinstance(a, Sell)]
    beers = len(sells)
    if sells and (me.shadow or len(survivors(state)) <= 2
                  or (me.life == me.max_life and beers >= 2)):
        return sells[0]
    buys = [a for a in legal if isinstance(a, Buy) and not a.full]
    if _wounds(state, seat) and me.life <= 2:
        for action in legal:
            if action == Use(PaidUse.RUCKSACK):
                return action
        heals = [b for b in buys if (gear_of(b.card) is Gear.SHOT and b.target == seat)
                 or (gear_of(b.card) is Gear.BOTTLE and b.mode is Kind.BEER)
                 or (gear_of(b.card) is Gear.RUM and _wounds(state, seat) >= 2)]
        if heals:
            return heals[0]
    if not me.shadow:
        black = [b for b in buys if rule_of_gear(b.card).black
                 and KEEP.get(gear_of(b.card), 0) > 0]
        if black:
            return max(black, key=lambda b: KEEP.get(gear_of(b.card), 0))
    union = [b for b in buys if gear_of(b.card) is Gear.UNION_PACIFIC]
    if union:
        return union[0]
    if not me.shadow and _saving_for(state, seat):
        return None
    draws = [a for a in legal
             if isinstance(a, Use) and a.what in (PaidUse.GOLD_PAN, PaidUse.RADDIE_SNAKE)]
    return draws[0] if draws else None


def _saving_for(state: CardsState, seat: int) -> bool:
    """Return True if a black card in the shop is worth keeping nuggets for."""
    nuggets = state.seats[seat].nuggets
    for card in state.shop:
        gear = gear_of(card)
        if (KEEP.get(gear, 0) >= 5 and not has_gear(state, seat, gear)
                and 0 < price(state, seat, card) - nuggets <= 2):
            return True
    return False


def _attacks(state: CardsState, seat: int, legal: list[CardsAction], score: Score
             ) -> CardsAction | None:
    me = state.seats[seat]
    hand_bangs = sum(1 for c in me.hand if kind_of(c) in bang_kinds(me.character))
    options: list[tuple[float, CardsAction]] = []
    for action in legal:
        if isinstance(action, Use) and action.what is PaidUse.JACKY_MURIETA:
            options.append((_attack_score(state, seat, action, score), action))
        elif isinstance(action, Buy) and not action.full:
            gear = gear_of(action.card)
            if gear is Gear.BOTTLE and action.mode in (Kind.BANG, Kind.PANIC):
                options.append((_attack_score(state, seat, action, score), action))
            elif gear is Gear.PARDNER and action.mode is Kind.CAT_BALOU:
                options.append((_attack_score(state, seat, action, score) - 0.5, action))
            elif gear is Gear.PARDNER and action.mode is Kind.DUEL and hand_bangs >= 2:
                options.append((_attack_score(state, seat, action, score), action))
            elif gear is Gear.WANTED and action.target is not None and action.target != seat:
                hostility = score(state, seat, action.target)
                if hostility >= WANTED_AT:
                    options.append((hostility - 5.0, action))
    for action in legal:
        if isinstance(action, Force) and score(state, seat, action.target) >= 3:
            worth = KEEP.get(gear_of(action.card), 1.0) + score(state, seat, action.target) / 3
            options.append((worth - 3.0, action))
    best = max(options, key=lambda o: o[0], default=None)
    if best is not None and best[0] >= 1.0:
        return best[1]
    rush = [a for a in legal if isinstance(a, Buy) and not a.full
            and gear_of(a.card) is Gear.GOLD_RUSH]
    return rush[0] if rush else None


def _gear_use(state: CardsState, seat: int, legal: list[CardsAction], score: Score
              ) -> CardsAction:
    """How the bot uses a card Josh McCloud drew: attack an enemy, else help itself."""
    uses = [a for a in legal if isinstance(a, Buy)]
    hostile = [u for u in uses if u.target is not None and u.target != seat
               and score(state, seat, u.target) > 1 and u.mode is not Kind.GENERAL_STORE]
    if hostile and gear_of(uses[0].card) is not Gear.SHOT:
        return max(hostile, key=lambda u: _attack_score(state, seat, u, score))
    friendly = [u for u in uses if u.target is None or u.target == seat
                or score(state, seat, u.target) < 0]
    return (friendly or uses)[0]


def choose(state: CardsState, frame: Frame, seat: int, legal: list[CardsAction],
           base_play: BasePlay, score: Score, value: Value) -> CardsAction | None:
    """Return the bot's Gold Rush or shadow choice, or None to let the base bot decide."""
    options = state.options
    if not (options.gold_rush or options.shadow_gunslingers):
        return None
    if isinstance(frame, AskDuel | AskVolley) and frame.card not in CARD:
        me = state.seats[seat]  # a Pardner's Duel: answer with a BANG! while it has one
        cards = [c for c in me.hand if kind_of(c) in bang_kinds(me.character)]
        return Respond(cards[0]) if cards else Pass()
    seen = _as_side(state, seat)
    if isinstance(frame, AskDutchDiscard):
        return Discard(min(dutch_cards(state, seat), key=lambda c: value(seen, seat, c)))
    if isinstance(frame, AskGearUse):
        return _gear_use(seen, seat, legal, score)
    if not isinstance(frame, AskPlay):
        return None
    first = _economy(seen, seat, legal, value) if options.gold_rush else None
    if first is not None:
        return first
    played = base_play(seen, seat, legal)
    if not isinstance(played, EndPlay) or not options.gold_rush:
        return played
    return _attacks(seen, seat, legal, score) or played
