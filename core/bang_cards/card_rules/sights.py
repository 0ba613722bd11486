"""The blue cards that change distance or the BANG! limit: Mustang [BC-MUSTANG-1], Scope
[BC-SCOPE-1] and the Volcanic [BC-WEAPON-1]. Weapon reaches are `cards.KINDS` data."""

from __future__ import annotations

from core.bang_cards.cards import cards_of
from core.bang_cards.hooks import CardRule, register
from core.bang_cards.ids import Kind


class Mustang(CardRule):
    kind = Kind.MUSTANG
    seen_farther = 1


class Scope(CardRule):
    kind = Kind.SCOPE
    sees_closer = 1


class Volcanic(CardRule):
    kind = Kind.VOLCANIC
    unlimited_bangs = True


for _rule in (Mustang(), Scope(), Volcanic()):
    register(_rule, cards_of(_rule.kind))
