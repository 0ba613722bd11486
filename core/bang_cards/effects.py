"""What each card kind does when played in phase 2: one function per kind, in `EFFECTS`.

By the time an effect runs the card has left the hand: a brown card lies on the discard
pile [BC-PLAY-2], a blue one in front of its owner [BC-PLAY-3]. Targets and picks were
checked by `decisions.py` against the kind's rule (`cards.KINDS`).
"""

from __future__ import annotations

from collections.abc import Callable

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.board import clockwise_from, living, others_from
from core.bang_cards.cards import is_weapon
from core.bang_cards.characters import ability_at
from core.bang_cards.damage import beer_heals, beer_played, heal
from core.bang_cards.hooks import keeps_off
from core.bang_cards.ids import Aim, Kind
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

Effect = Callable[[CardsState, int, str, "int | None", "str | None", Events], None]


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


def _equip(state: CardsState, seat: int, card: str, target: int | None, pick: str | None,
           out: Events) -> None:
    """A blue card goes in front of its player, or of the target for a Jail [BC-PLAY-3]."""
    owner = seat if target is None else target
    replaced = None
    if is_weapon(card):  # [BC-PLAY-5] one weapon: the new one replaces the old
        replaced = next((c for c in state.seats[owner].in_play if is_weapon(c)), None)
        if replaced is not None:
            discard_from_play(state, owner, replaced, "replaced", out)
    state.seats[owner].in_play.append(card)
    out.append(ev.CardEquipped(seat=seat, card=card, owner=owner, replaced=replaced))


EFFECTS: dict[Kind, Effect] = {
    Kind.BANG: _bang,
    Kind.BEER: _beer,
    Kind.PANIC: _panic,
    Kind.CAT_BALOU: _cat_balou,
    Kind.DUEL: _duel,
    Kind.STAGECOACH: _stagecoach,
    Kind.WELLS_FARGO: _wells_fargo,
    Kind.GENERAL_STORE: _general_store,
    Kind.INDIANS: _volley,
    Kind.GATLING: _volley,
    Kind.SALOON: _saloon,
    Kind.BARREL: _equip,
    Kind.MUSTANG: _equip,
    Kind.SCOPE: _equip,
    Kind.JAIL: _equip,
    Kind.DYNAMITE: _equip,
    Kind.VOLCANIC: _equip,
    Kind.SCHOFIELD: _equip,
    Kind.REMINGTON: _equip,
    Kind.REV_CARABINE: _equip,
    Kind.WINCHESTER: _equip,
}
