"""Gold Rush's 8 characters [GR-CHAR], one `Prospector` each: the base `Ability` hooks
plus Gold Rush's own (after phase 1, after phase 3, the shop's price, a played Beer, paid
uses in phase 2). Registered with the base characters in `characters.ABILITIES`."""

from __future__ import annotations

from typing import ClassVar

from core.bang_cards.actions import Use
from core.bang_cards.agenda import Events, ask, schedule
from core.bang_cards.board import distance, others_from, reach
from core.bang_cards.cards import CARD
from core.bang_cards.characters import Ability, ability_at, register_ability
from core.bang_cards.frames import AskDutchDiscard, AskGearUse
from core.bang_cards.gold_rush import events as gev
from core.bang_cards.gold_rush.brown import acquire, play_on_after
from core.bang_cards.gold_rush.equipment import Gear, gear_of, rule_of_gear
from core.bang_cards.gold_rush.gear import gear_rule, register_use
from core.bang_cards.gold_rush.supply import (
    gain,
    gear_to_bottom,
    paid_draw,
    paid_draw_offer,
    pay,
    pop_gear,
)
from core.bang_cards.hooks import CheckRule, register_check
from core.bang_cards.ids import GoldRushCharacter, Kind, PaidUse, Purpose
from core.bang_cards.state import CardsState, Check, PlayPhase, Settle, Shot, Task
from core.bang_cards.targeting import note_attack
from core.bang_cards.zones import discard_from_hand, draw

JOSH_PRICE = 2  # [GR-CHAR-JOSH-1]
JACKY_PRICE = 2  # [GR-CHAR-JACKY-1]
CHOSEN_USE = (Gear.SHOT, Gear.BOTTLE, Gear.PARDNER, Gear.WANTED)  # need a choice


class Prospector(Ability):
    """A Gold Rush character's rules; the Gold Rush hooks of this base are neutral."""

    discount: ClassVar[int] = 0
    """Nuggets off one purchase a turn."""
    paid_use: ClassVar[PaidUse | None] = None
    """The `Use` his ability offers in phase 2, if any."""

    def after_draw(self, state: CardsState, seat: int, out: Events) -> None:
        """Act once his phase 1 is over (after the Pickaxe's card)."""

    def epilogue(self, state: CardsState, seat: int) -> tuple[Task, ...]:
        """Return the tasks run after his phase 3."""
        return ()

    def paid_uses(self, state: CardsState, seat: int) -> list[Use]:
        """Return his paid uses of his ability in phase 2 now."""
        return []

    def use(self, state: CardsState, seat: int, action: Use, out: Events) -> None:
        """Carry out a paid use (one of `paid_uses`)."""
        raise NotImplementedError(action)


NO_PROSPECTOR = Prospector()


def prospector_at(state: CardsState, seat: int) -> Prospector:
    """Return the Gold Rush rules of the character at a seat (neutral for a base one)."""
    ability = ability_at(state, seat)
    return ability if isinstance(ability, Prospector) else NO_PROSPECTOR


def price(state: CardsState, seat: int, card: str, full: bool = False) -> int:
    """Return what buying `card` costs the seat; Pretty Luzena's one discount per turn
    unless `full` [GR-CHAR-LUZENA-1]."""
    cost = rule_of_gear(card).cost
    if not full and may_discount(state, seat):
        cost = max(0, cost - prospector_at(state, seat).discount)
    return cost


def may_discount(state: CardsState, seat: int) -> bool:
    """Return True while the seat's discount of this turn (Pretty Luzena's) is unused."""
    return (not state.turn.rush.discount and state.seats[seat].alive
            and prospector_at(state, seat).discount > 0)


def dutch_cards(state: CardsState, seat: int) -> list[str]:
    """Return the cards Dutch Will drew in this phase 1, still in his hand."""
    return state.seats[seat].hand[state.turn.rush.drawn_from:]


class DutchWill(Prospector):
    """Drops a card he drew in phase 1 for a nugget [GR-CHAR-DUTCH-1, R-GR-11, GR-DEC-7]."""

    character = GoldRushCharacter.DUTCH_WILL

    def after_draw(self, state: CardsState, seat: int, out: Events) -> None:
        if dutch_cards(state, seat):
            ask(state, AskDutchDiscard(seat))
        else:
            gain(state, seat, 1, "dutch_will", out)

    def drop(self, state: CardsState, seat: int, card: str, out: Events) -> None:
        """Discard the card he chose and take his nugget."""
        discard_from_hand(state, seat, card, "dutch_will", out)
        gain(state, seat, 1, "dutch_will", out)


class DonBell(Prospector, CheckRule):
    """After a turn that is not itself an extra one, a red "draw!" gives one more turn
    [GR-CHAR-DONBELL-1]."""

    character = GoldRushCharacter.DON_BELL
    purpose = Purpose.DON_BELL

    def epilogue(self, state: CardsState, seat: int) -> tuple[Task, ...]:
        return () if state.turn.rush.extra else (Check(Purpose.DON_BELL, seat),)

    def succeeds(self, card: str) -> bool:
        return CARD[card].red

    def checked(self, state: CardsState, seat: int, success: bool, out: Events) -> None:
        if success:
            state.extra_turns += 1
            out.append(gev.ExtraTurn(seat=seat, cause="don_bell"))


class PrettyLuzena(Prospector):
    character = GoldRushCharacter.PRETTY_LUZENA
    discount = 1  # [GR-CHAR-LUZENA-1] once a turn


class MadamYto(Prospector):
    character = GoldRushCharacter.MADAM_YTO

    def beer_played(self, state: CardsState, seat: int, out: Events) -> None:
        if state.options.gold_rush:
            draw(state, seat, 1, out)  # [GR-CHAR-YTO-1] a sold Beer too


class SimeonPicos(Prospector):
    character = GoldRushCharacter.SIMEON_PICOS

    def life_lost(self, state: CardsState, seat: int, amount: int, before: int,
                  source: int | None, out: Events) -> None:
        # [GR-CHAR-SIMEON-1, R-GR-12] a nugget per life lost, his last included
        gain(state, seat, max(0, min(amount, before)), "simeon_picos", out)


class RaddieSnake(Prospector):
    character = GoldRushCharacter.RADDIE_SNAKE
    paid_use = PaidUse.RADDIE_SNAKE

    def paid_uses(self, state: CardsState, seat: int) -> list[Use]:
        return paid_draw_offer(state, seat, state.turn.rush.raddie, PaidUse.RADDIE_SNAKE)

    def use(self, state: CardsState, seat: int, action: Use, out: Events) -> None:
        state.turn.rush.raddie += 1
        paid_draw(state, seat, "raddie_snake", out)  # [GR-CHAR-RADDIE-1]


class JoshMcCloud(Prospector):
    """The top equipment card: used at once, kept, or discarded [GR-CHAR-JOSH-1]."""

    character = GoldRushCharacter.JOSH_MCCLOUD
    paid_use = PaidUse.JOSH_MCCLOUD

    def paid_uses(self, state: CardsState, seat: int) -> list[Use]:
        usable = state.seats[seat].nuggets >= JOSH_PRICE and bool(state.gear_deck)
        return [Use(PaidUse.JOSH_MCCLOUD)] if usable else []

    def use(self, state: CardsState, seat: int, action: Use, out: Events) -> None:
        pay(state, seat, JOSH_PRICE, "josh_mccloud", out)
        card = pop_gear(state, out)
        if card is None:
            schedule(state, PlayPhase())
            return
        play_on_after(state, card)
        uses = gear_rule(card).uses(state, seat, card)
        out.append(gev.GearDrawn(seat=seat, card=card))
        if not uses:  # a name he already has, or a Wanted nobody can take
            gear_to_bottom(state, card, seat, "duplicate", out)
        elif gear_of(card) in CHOSEN_USE:
            state.gear_held = card
            ask(state, AskGearUse(seat))  # GR-DEC-2/3/4
        else:
            acquire(state, seat, card, None, None, None, 0, "deck", out)


class JackyMurieta(Prospector):
    """Two nuggets: a BANG! effect within his reach, with no card [GR-CHAR-JACKY-1]."""

    character = GoldRushCharacter.JACKY_MURIETA
    paid_use = PaidUse.JACKY_MURIETA

    def paid_uses(self, state: CardsState, seat: int) -> list[Use]:
        if state.seats[seat].nuggets < JACKY_PRICE:
            return []
        limit = reach(state, seat)
        return [Use(PaidUse.JACKY_MURIETA, t) for t in others_from(state, seat)
                if distance(state, seat, t) <= limit]

    def use(self, state: CardsState, seat: int, action: Use, out: Events) -> None:
        assert action.target is not None
        pay(state, seat, JACKY_PRICE, "jacky_murieta", out)
        note_attack(state, seat, action.target, Kind.BANG)
        schedule(state, Shot(action.target, seat, "", 1), Settle(), PlayPhase())


DUTCH_WILL = DutchWill()
for _ability in (DUTCH_WILL, DonBell(), PrettyLuzena(), MadamYto(), SimeonPicos(),
                 RaddieSnake(), JoshMcCloud(), JackyMurieta()):
    register_ability(_ability)
    if _ability.paid_use is not None:
        register_use(_ability.paid_use, _ability)
    if isinstance(_ability, CheckRule):
        register_check(_ability)

