"""The base characters whose ability is not about phase 1 [BC-CHAR]."""

from __future__ import annotations

from itertools import combinations

from core.bang_cards.actions import Sid
from core.bang_cards.agenda import Events
from core.bang_cards.cards import NUMBER
from core.bang_cards.characters import Ability, register_ability
from core.bang_cards.ids import Character, Kind
from core.bang_cards.state import CardsState
from core.bang_cards.zones import draw, random_hand_card, take_from_hand


class BartCassidy(Ability):
    character = Character.BART_CASSIDY

    def life_lost(self, state: CardsState, seat: int, amount: int, before: int,
                  source: int | None, out: Events) -> None:
        draw(state, seat, amount, out)  # [BC-CHAR-BART-1, R-BC-06] a card per life lost


class CalamityJanet(Ability):
    """BANG! and Missed! stand for each other [BC-CHAR-CALAMITY-1]."""

    character = Character.CALAMITY_JANET
    missed_kinds = frozenset({Kind.BANG, Kind.MISSED})
    bang_kinds = frozenset({Kind.BANG, Kind.MISSED})


class ElGringo(Ability):
    character = Character.EL_GRINGO

    def life_lost(self, state: CardsState, seat: int, amount: int, before: int,
                  source: int | None, out: Events) -> None:
        if source is None or source == seat:
            return
        for _ in range(amount):  # [BC-CHAR-GRINGO-1] one card per life lost
            if state.seats[source].hand:
                take_from_hand(state, seat, source, random_hand_card(state, source), out)


class Jourdonnais(Ability):
    character = Character.JOURDONNAIS
    built_in_barrel = True  # [BC-CHAR-JOURD-1] its check: card_rules/barrel.py


class LuckyDuke(Ability):
    character = Character.LUCKY_DUKE
    check_cards = 2  # [BC-CHAR-DUKE-1] he picks the one that counts (checks.py)


class PaulRegret(Ability):
    character = Character.PAUL_REGRET
    seen_farther = 1  # [BC-CHAR-PAUL-1]


class RoseDoolan(Ability):
    character = Character.ROSE_DOOLAN
    sees_closer = 1  # [BC-CHAR-ROSE-1]


class SidKetchum(Ability):
    character = Character.SID_KETCHUM

    def life_discards(self, state: CardsState, seat: int) -> list[Sid]:
        # [BC-CHAR-SID-1] any two cards for one life
        cards = sorted(set(state.seats[seat].hand), key=NUMBER.__getitem__)
        return [Sid(a, b) for a, b in combinations(cards, 2)]


class SlabTheKiller(Ability):
    character = Character.SLAB_THE_KILLER
    shot_need = 2  # [BC-CHAR-SLAB-1] his BANG! cards only


class SuzyLafayette(Ability):
    character = Character.SUZY_LAFAYETTE
    refills_empty_hand = True  # [BC-CHAR-SUZY-1]


class VultureSam(Ability):
    character = Character.VULTURE_SAM
    takes_eliminated_cards = True  # [BC-CHAR-VULTURE-1]


class WillyTheKid(Ability):
    character = Character.WILLY_THE_KID
    unlimited_bangs = True  # [BC-CHAR-WILLY-1]


for _ability in (BartCassidy(), CalamityJanet(), ElGringo(), Jourdonnais(), LuckyDuke(),
                 PaulRegret(), RoseDoolan(), SidKetchum(), SlabTheKiller(), SuzyLafayette(),
                 VultureSam(), WillyTheKid()):
    register_ability(_ability)
