"""Whom a card's effect may be aimed at [BC-DIST-3..5, BC-JAIL-1, R-BC-05], by kind.

Shared by the cards of the hand (`decisions.card_plays`) and by the Gold Rush cards that
have a base card's effect without being that card (Bottle, Pardner [GR-EQ-GEN-4]). A
card in front of a target may keep a card off him (`hooks.keeps_off`: a Calumet).
"""

from __future__ import annotations

from core.bang_cards.actions import Play
from core.bang_cards.board import distance, has_in_play, others_from, reach
from core.bang_cards.cards import KINDS
from core.bang_cards.hooks import keeps_off
from core.bang_cards.ids import Aim, Color, Kind, Role
from core.bang_cards.state import CardsState


def _picks(state: CardsState, card: str, target: int) -> list[Play]:
    """Panic! and Cat Balou: a random hand card, or any one card in play [BC-PANIC-1]."""
    victim = state.seats[target]
    plays = [Play(card, target, Aim.HAND)] if victim.hand else []
    return plays + [Play(card, target, c) for c in victim.in_play]


def plays_as(state: CardsState, seat: int, card: str, kind: Kind) -> list[Play]:
    """Return every way `card` may have the effect of `kind` now, the limit of one BANG!
    a turn aside (the caller checks it for BANG! cards)."""
    others = [t for t in others_from(state, seat) if not keeps_off(state, seat, card, t)]
    targeting = KINDS[kind].targeting
    if targeting == "reach":  # [BC-DIST-3]
        limit = reach(state, seat)
        return [Play(card, t) for t in others if distance(state, seat, t) <= limit]
    if targeting == "near":  # [BC-DIST-4, R-BC-05]
        return [p for t in others if distance(state, seat, t) <= 1
                for p in _picks(state, card, t)]
    if targeting == "any_card":  # [BC-DIST-5, R-BC-05]
        return [p for t in others for p in _picks(state, card, t)]
    if targeting == "any":
        return [Play(card, t) for t in others]
    if targeting == "jail":  # [BC-JAIL-1, BC-3P-4, BC-PLAY-4]
        return [Play(card, t) for t in others
                if (state.three_player or state.seats[t].role is not Role.SHERIFF)
                and not has_in_play(state, t, kind)]
    if KINDS[kind].color is Color.BLUE and has_in_play(state, seat, kind):
        return []  # [BC-PLAY-4] no two cards of one name in play
    return [Play(card)]


HOSTILE: frozenset[Kind] = frozenset({Kind.BANG, Kind.PANIC, Kind.CAT_BALOU, Kind.DUEL,
                                      Kind.JAIL})


def note_attack(state: CardsState, seat: int, target: int | None, kind: Kind) -> None:
    """Count an effect of a hostile `kind` that `seat` aimed at the Sheriff (a card of his
    hand, a Bottle or Pardner, Jacky Murieta's shot): a public fact the bot reads."""
    if (kind in HOSTILE and target is not None and target != seat
            and state.seats[target].role is Role.SHERIFF):
        state.seats[seat].sheriff_attacks += 1
