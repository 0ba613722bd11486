"""The nine black equipment kinds [GR-EQ-GEN-1]: each one's rules while in front of its
owner (costs and copies: `equipment.GEAR`)."""

from __future__ import annotations

from core.bang_cards.actions import Buy, Use
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.board import living
from core.bang_cards.cards import CARD
from core.bang_cards.damage import heal
from core.bang_cards.gold_rush.equipment import HAND_LIMIT_BELT, Gear
from core.bang_cards.gold_rush.gear import GearCard, register_gear
from core.bang_cards.gold_rush.supply import gain, paid_draw, paid_draw_offer, pay
from core.bang_cards.gold_rush.traits import has_gear
from core.bang_cards.ids import Kind, PaidUse, Suit
from core.bang_cards.state import CardsState, PlayPhase
from core.bang_cards.zones import draw

WANTED_CARDS = 2  # [GR-EQ-WANTED-2]
WANTED_NUGGETS = 1
RUCKSACK_PRICE = 2  # [GR-EQ-RUCKSACK-1]


class Wanted(GearCard):
    """Placed on a chosen player; his killer's bounty [GR-EQ-WANTED-1/2]."""

    kind = Gear.WANTED

    def uses(self, state: CardsState, seat: int, card: str) -> list[Buy]:
        # [R-GR-09] anyone without one, the buyer too
        return [Buy(card, target=t) for t in living(state) if not has_gear(state, t, Gear.WANTED)]

    def eliminated(self, state: CardsState, seat: int, source: int | None,
                   out: Events) -> None:
        if source is not None and source != seat and state.seats[source].alive:
            draw(state, source, WANTED_CARDS, out)
            gain(state, source, WANTED_NUGGETS, "wanted", out)


class GunBelt(GearCard):
    kind = Gear.GUN_BELT
    hand_limit = HAND_LIMIT_BELT  # [GR-EQ-GUNBELT-1]


class Horseshoe(GearCard):
    kind = Gear.HORSESHOE
    extra_check_cards = 1  # [GR-EQ-HORSESHOE-1]


class Pickaxe(GearCard):
    kind = Gear.PICKAXE

    def after_draw(self, state: CardsState, seat: int, out: Events) -> None:
        draw(state, seat, 1, out)  # [GR-EQ-PICKAXE-1] after the normal draws


class GoldPan(GearCard):
    kind = Gear.GOLD_PAN
    paid_use = PaidUse.GOLD_PAN

    def paid_uses(self, state: CardsState, seat: int) -> list[Use]:
        return paid_draw_offer(state, seat, state.turn.rush.pans, PaidUse.GOLD_PAN)

    def use(self, state: CardsState, seat: int, action: Use, out: Events) -> None:
        state.turn.rush.pans += 1
        paid_draw(state, seat, "gold_pan", out)  # [GR-EQ-GOLDPAN-1]


class Boots(GearCard):
    kind = Gear.BOOTS

    def life_lost(self, state: CardsState, seat: int, not_last: int, out: Events) -> None:
        draw(state, seat, not_last, out)  # [GR-EQ-BOOTS-1]


class LuckyCharm(GearCard):
    kind = Gear.LUCKY_CHARM

    def life_lost(self, state: CardsState, seat: int, not_last: int, out: Events) -> None:
        gain(state, seat, not_last, "lucky_charm", out)  # [GR-EQ-LUCKY-1]


class Rucksack(GearCard):
    """Two nuggets a life, in phase 2 or when dying: it is not a Beer, so it heals with 2
    players left and with no cards [GR-EQ-RUCKSACK-1]."""

    kind = Gear.RUCKSACK
    paid_use = PaidUse.RUCKSACK

    def affordable(self, state: CardsState, seat: int) -> bool:
        """Return True if the seat may pay his Rucksack for one life now."""
        player = state.seats[seat]
        return (has_gear(state, seat, Gear.RUCKSACK) and player.nuggets >= RUCKSACK_PRICE
                and not player.shadow and player.life < player.max_life)

    def buy_life(self, state: CardsState, seat: int, out: Events) -> None:
        """Pay two nuggets for one life."""
        pay(state, seat, RUCKSACK_PRICE, "rucksack", out)
        heal(state, seat, 1, "rucksack", out)

    def saves(self, state: CardsState, seat: int) -> bool:
        return self.affordable(state, seat)

    def paid_uses(self, state: CardsState, seat: int) -> list[Use]:
        return [Use(PaidUse.RUCKSACK)] if self.affordable(state, seat) else []

    def use(self, state: CardsState, seat: int, action: Use, out: Events) -> None:
        self.buy_life(state, seat, out)
        schedule(state, PlayPhase())


class Calumet(GearCard):
    """Others' cards of diamonds miss its owner, a Duel excepted [GR-EQ-CALUMET-1, R-GR-10];
    equipment cards have no suit."""

    kind = Gear.CALUMET

    def blocks(self, player: int, card: str) -> bool:
        info = CARD.get(card)
        return info is not None and info.suit is Suit.DIAMONDS and info.kind is not Kind.DUEL


RUCKSACK = Rucksack()
for _rule in (Wanted(), GunBelt(), Horseshoe(), Pickaxe(), GoldPan(), Boots(), LuckyCharm(),
              RUCKSACK, Calumet()):
    register_gear(_rule)
