"""The base game's brown cards, each declared once: how it is aimed, what a volley's targets
answer with, whether it counts against the one BANG! a turn, and what it does when played
[BC-COMP-2]. Importing the module registers each kind in `cards.KINDS` and its effect in
`effects.EFFECTS`; the blue kinds are `cards.KINDS` data with their rules in play beside
this module (`barrel.py`, `jail.py`, `dynamite.py`, `sights.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.board import clockwise_from, living, others_from
from core.bang_cards.cards import KindRule, Targeting, register_kind
from core.bang_cards.characters import ability_at
from core.bang_cards.damage import beer_heals, beer_played, heal
from core.bang_cards.effects import Effect, register_effect
from core.bang_cards.hooks import keeps_off
from core.bang_cards.ids import Aim, Color, Kind
from core.bang_cards.state import CardsState, DuelTurn, Shot, StorePick, Volley
from core.bang_cards.zones import (
    discard_from_hand,
    discard_from_play,
    draw,
    pop_deck,
    random_hand_card,
    take_from_hand,
    take_from_play,
)


@dataclass(frozen=True)
class BrownCard:
    """A brown kind: its targeting (`cards.Targeting`), a volley's answer, whether it is
    limited to one a turn [BC-BANG-3], and its effect (None: not played in phase 2)."""

    kind: Kind
    effect: Effect | None
    targeting: Targeting = "none"
    volley_answer: Kind | None = None
    once_a_turn: bool = False


def _bang(state: CardsState, seat: int, card: str, target: int | None, pick: str | None,
          out: Events) -> None:
    assert target is not None
    state.turn.bangs += 1  # [BC-BANG-3]
    need = ability_at(state, seat).shot_need  # BANG! cards only [BC-CHAR-SLAB-1]
    schedule(state, Shot(target, seat, card, need))


def _beer(state: CardsState, seat: int, card: str, target: int | None, pick: str | None,
          out: Events) -> None:
    # [BC-BEER-1, BC-BEER-2, BC-PLAY-6] heals its player, not with 2 players left
    heal(state, seat, 1 if beer_heals(state) else 0, "beer", out)
    beer_played(state, out)


def _panic(state: CardsState, seat: int, card: str, target: int | None, pick: str | None,
           out: Events) -> None:
    assert target is not None
    assert pick is not None
    if pick == Aim.HAND:  # [BC-PANIC-1]
        take_from_hand(state, seat, target, random_hand_card(state, target), out)
    else:
        take_from_play(state, seat, target, pick, out)


def _cat_balou(state: CardsState, seat: int, card: str, target: int | None,
               pick: str | None, out: Events) -> None:
    assert target is not None
    assert pick is not None
    if pick == Aim.HAND:  # [BC-CATBALOU-1] a discarded card is public
        discard_from_hand(state, target, random_hand_card(state, target), "cat_balou", out)
    else:
        discard_from_play(state, target, pick, "cat_balou", out)


def _duel(state: CardsState, seat: int, card: str, target: int | None, pick: str | None,
          out: Events) -> None:
    assert target is not None
    schedule(state, DuelTurn(target, seat, seat, card))  # [BC-DUEL-1] the target answers first


def _stagecoach(state: CardsState, seat: int, card: str, target: int | None,
                pick: str | None, out: Events) -> None:
    draw(state, seat, 2, out)  # [BC-DRAWCARDS-1]


def _wells_fargo(state: CardsState, seat: int, card: str, target: int | None,
                 pick: str | None, out: Events) -> None:
    draw(state, seat, 3, out)  # [BC-DRAWCARDS-1]


def _general_store(state: CardsState, seat: int, card: str, target: int | None,
                   pick: str | None, out: Events) -> None:
    for _ in living(state):  # [BC-GSTORE-1] one card per living player
        drawn = pop_deck(state, out)
        if drawn is not None:
            state.table.append(drawn)
    out.append(ev.StoreRevealed(seat=seat, cards=tuple(state.table)))
    schedule(state, StorePick(tuple(clockwise_from(state, seat))))


def _volley(state: CardsState, seat: int, card: str, target: int | None, pick: str | None,
            out: Events) -> None:
    # [BC-GATLING-1, BC-INDIANS-1] every other living player; [R-GR-10] a Calumet's owner
    # is skipped by Indians! of diamonds
    targets = [t for t in others_from(state, seat) if not keeps_off(state, seat, card, t)]
    schedule(state, Volley(seat, card, tuple(targets)))


def _saloon(state: CardsState, seat: int, card: str, target: int | None, pick: str | None,
            out: Events) -> None:
    for other in clockwise_from(state, seat):  # [BC-SALOON-1]
        heal(state, other, 1, "saloon", out)


BROWN_CARDS: tuple[BrownCard, ...] = (
    BrownCard(Kind.BANG, _bang, "reach", once_a_turn=True),
    BrownCard(Kind.MISSED, None),  # played only in answer (or by Calamity Janet as a BANG!)
    BrownCard(Kind.BEER, _beer),
    BrownCard(Kind.PANIC, _panic, "near"),
    BrownCard(Kind.CAT_BALOU, _cat_balou, "any_card"),
    BrownCard(Kind.DUEL, _duel, "any"),
    BrownCard(Kind.STAGECOACH, _stagecoach),
    BrownCard(Kind.GENERAL_STORE, _general_store),
    BrownCard(Kind.INDIANS, _volley, volley_answer=Kind.BANG),  # [BC-INDIANS-1]
    BrownCard(Kind.GATLING, _volley, volley_answer=Kind.MISSED),  # [BC-GATLING-1]
    BrownCard(Kind.SALOON, _saloon),
    BrownCard(Kind.WELLS_FARGO, _wells_fargo),
)

for _card in BROWN_CARDS:
    register_kind(_card.kind, KindRule(Color.BROWN, _card.targeting,
                                       volley_answer=_card.volley_answer,
                                       once_a_turn=_card.once_a_turn))
    if _card.effect is not None:
        register_effect(_card.kind, _card.effect)
