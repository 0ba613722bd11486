"""The Gold Rush actions: legal answers and what each does [GR-DEC-1/2/3/4/5/7/8/9].

In phase 2 the active player may, any number of times and between card plays, buy a shop
card [GR-BUY-1], make another player discard equipment [GR-FORCE-1], sell a Beer
[GR-SELL-1] and use the paid abilities: Gold Pan, Rucksack, Raddie Snake, Josh McCloud,
Jacky Murieta. A dying player may pay his Rucksack in the save window. Nothing here is
offered while the `gold_rush` option is off.
"""

from __future__ import annotations

from core.bang_cards.actions import Buy, CardsAction, Discard, Force, Sell, Use
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.board import others_from
from core.bang_cards.cards import kind_of
from core.bang_cards.damage import beer_played
from core.bang_cards.frames import AskDutchDiscard, AskGearUse, AskSave, Frame
from core.bang_cards.gold_rush import events as gev
from core.bang_cards.gold_rush.black import RUCKSACK
from core.bang_cards.gold_rush.brown import acquire, play_on_after
from core.bang_cards.gold_rush.characters import (
    DUTCH_WILL,
    dutch_cards,
    may_discount,
    price,
    prospector_at,
)
from core.bang_cards.gold_rush.equipment import rule_of_gear
from core.bang_cards.gold_rush.gear import USE_OWNERS, GearCard, gear_rule
from core.bang_cards.gold_rush.supply import fill_shop, gain, gear_to_bottom, pay
from core.bang_cards.hooks import rules_at
from core.bang_cards.ids import Kind, PaidUse
from core.bang_cards.state import CardsState, Damage, PlayPhase
from core.bang_cards.zones import discard_from_hand


def uses_of(state: CardsState, seat: int, card: str) -> list[Buy]:
    """Return every legal way to use an equipment card, its price aside [GR-BUY-2/3]."""
    return gear_rule(card).uses(state, seat, card)


def _buys(state: CardsState, seat: int) -> list[CardsAction]:
    nuggets = state.seats[seat].nuggets
    found: list[CardsAction] = []
    for card in state.shop:
        if price(state, seat, card) > nuggets:
            continue  # cheaper to skip before listing its uses
        for option in uses_of(state, seat, card):
            if price(state, seat, card) <= nuggets:
                found.append(option)
            if may_discount(state, seat) and price(state, seat, card, True) <= nuggets:
                found.append(Buy(option.card, option.mode, option.target, option.pick, True))
    return found


def _forces(state: CardsState, seat: int) -> list[CardsAction]:
    nuggets = state.seats[seat].nuggets
    return [Force(t, card) for t in others_from(state, seat)  # [GR-FORCE-1] never his own
            for card in state.seats[t].equipment if rule_of_gear(card).cost + 1 <= nuggets]


def _uses(state: CardsState, seat: int) -> list[CardsAction]:
    """The paid uses of his black cards (Gold Pan, Rucksack), then of his character's ability
    (Raddie Snake, Josh McCloud, Jacky Murieta)."""
    found: list[CardsAction] = [use for rule in rules_at(state, seat)
                                if isinstance(rule, GearCard)
                                for use in rule.paid_uses(state, seat)]
    return found + prospector_at(state, seat).paid_uses(state, seat)


def play_actions(state: CardsState, seat: int) -> list[CardsAction]:
    """Return the Gold Rush actions of the active player in phase 2 (GR-DEC-1)."""
    if not state.options.gold_rush:
        return []
    sells: list[CardsAction] = [Sell(c) for c in state.seats[seat].hand
                                if kind_of(c) is Kind.BEER]  # [GR-SELL-1] Beer cards only
    return _buys(state, seat) + _forces(state, seat) + sells + _uses(state, seat)


def save_actions(state: CardsState, seat: int) -> list[CardsAction]:
    """Return the Rucksack's answer in the save window (GR-DEC-8)."""
    uses: list[CardsAction] = [*RUCKSACK.paid_uses(state, seat)]
    return uses


def frame_actions(state: CardsState, frame: Frame, seat: int) -> list[CardsAction]:
    """Return the legal answers to a Gold Rush frame."""
    if isinstance(frame, AskDutchDiscard):
        return [Discard(card) for card in dutch_cards(state, seat)]
    if isinstance(frame, AskGearUse) and state.gear_held is not None:
        return list(uses_of(state, seat, state.gear_held))
    return []


def answer(state: CardsState, frame: Frame, seat: int, action: CardsAction,
           out: Events) -> bool:
    """Apply a Gold Rush answer; return False if the answer is not one of Gold Rush's."""
    if isinstance(frame, AskDutchDiscard):
        assert isinstance(action, Discard)
        DUTCH_WILL.drop(state, seat, action.card, out)
        return True
    if isinstance(frame, AskGearUse):
        assert isinstance(action, Buy)
        assert state.gear_held is not None
        card, state.gear_held = state.gear_held, None
        acquire(state, seat, card, action.mode, action.target, action.pick, 0, "deck", out)
        return True
    match action:
        case Use(what=PaidUse.RUCKSACK) if isinstance(frame, AskSave):
            RUCKSACK.buy_life(state, seat, out)
            schedule(state, Damage(seat, 0, frame.source, "save"))
        case Buy():
            _buy(state, seat, action, out)
        case Force(target=target, card=card):
            pay(state, seat, rule_of_gear(card).cost + 1, "force", out)  # [GR-FORCE-1]
            state.seats[target].equipment.remove(card)
            gear_to_bottom(state, card, target, "forced", out, by=seat)
            schedule(state, PlayPhase())
        case Sell(card=card):
            discard_from_hand(state, seat, card, "sold", out)
            out.append(gev.BeerSold(seat=seat, card=card))
            gain(state, seat, 1, "beer", out)  # [GR-SELL-1]
            schedule(state, PlayPhase())
            beer_played(state, out)  # [GR-CHAR-YTO-1] a sold Beer counts
        case Use():
            _use(state, seat, action, out)
        case _:
            return False
    return True


def _buy(state: CardsState, seat: int, action: Buy, out: Events) -> None:
    cost = price(state, seat, action.card, action.full)
    if cost < rule_of_gear(action.card).cost:
        state.turn.rush.discount = True  # [GR-CHAR-LUZENA-1] once per turn
    pay(state, seat, cost, "buy", out)
    state.shop.remove(action.card)
    fill_shop(state, out)  # [GR-BUY-4, R-GR-03] at once
    play_on_after(state, action.card)
    acquire(state, seat, action.card, action.mode, action.target, action.pick, cost, "shop",
            out)


def _use(state: CardsState, seat: int, action: Use, out: Events) -> None:
    out.append(gev.AbilityUsed(seat=seat, what=action.what.value, target=action.target))
    USE_OWNERS[action.what].use(state, seat, action, out)  # a black card's or his character's
