""""draw!" checks [BC-CHECK]: reveal, Lucky Duke's pick, and what each purpose does."""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, ask, schedule
from core.bang_cards.board import next_living
from core.bang_cards.cards import CARD, explodes, is_heart, kind_of
from core.bang_cards.characters import check_cards
from core.bang_cards.gold_rush.events import ExtraTurn
from core.bang_cards.gold_rush.traits import extra_check_cards
from core.bang_cards.ids import Decision, Kind, Purpose
from core.bang_cards.state import CardsState, Check, Damage
from core.bang_cards.zones import discard_from_play, pop_deck


def succeeds(purpose: Purpose, card: str) -> bool:
    """Return True if the card is a success for the purpose (for Dynamite: it explodes)."""
    if purpose is Purpose.DYNAMITE:
        return explodes(card)  # [BC-DYN-2]
    if purpose is Purpose.DON_BELL:
        return CARD[card].red  # [GR-CHAR-DONBELL-1] a heart or a diamond
    return is_heart(card)  # [BC-CHECK-2] Barrel, Jourdonnais, Jail


def run_check(state: CardsState, task: Check, out: Events) -> None:
    """Reveal the cards of a "draw!", let Lucky Duke pick, then resolve it."""
    if task.card is not None:
        _resolve(state, task.purpose, task.seat, task.card, out)
        return
    count = (check_cards(state.seats[task.seat].character)
             + extra_check_cards(state, task.seat))  # [GR-EQ-HORSESHOE-1]
    for _ in range(count):  # [BC-CHECK-3, BC-CHECK-4]
        card = pop_deck(state, out)
        if card is not None:
            state.table.append(card)
    if not state.table:
        _apply(state, task.purpose, task.seat, None, out)
        return
    out.append(ev.CheckRevealed(seat=task.seat, purpose=task.purpose.value,
                                cards=tuple(state.table)))
    if len(state.table) == 1:
        _resolve(state, task.purpose, task.seat, state.table[0], out)
    else:
        ask(state, Decision.LUCKY_PICK, task.seat, purpose=task.purpose)  # [BC-CHAR-DUKE-1]


def pick_check_card(state: CardsState, purpose: Purpose, seat: int, card: str) -> None:
    """Resume a Lucky Duke "draw!" with the card he chose."""
    schedule(state, Check(purpose, seat, card))


def _resolve(state: CardsState, purpose: Purpose, seat: int, card: str, out: Events) -> None:
    # Every revealed card is discarded, the one that counts last (on top).
    others = [c for c in state.table if c != card]
    state.discard.extend([*others, card])
    state.table.clear()
    _apply(state, purpose, seat, card, out)


def _apply(state: CardsState, purpose: Purpose, seat: int, card: str | None,
           out: Events) -> None:
    success = card is not None and succeeds(purpose, card)
    if card is not None:
        out.append(ev.CheckResolved(seat=seat, purpose=purpose.value, card=card,
                                    success=success))
    player = state.seats[seat]
    if purpose is Purpose.DON_BELL:
        if success:
            state.extra_turns += 1
            out.append(ExtraTurn(seat=seat, cause="don_bell"))
        return
    if purpose in (Purpose.BARREL, Purpose.JOURDONNAIS):
        if success:
            state.dodges.append(seat)
    elif purpose is Purpose.JAIL:
        jail = next(c for c in player.in_play if kind_of(c) is Kind.JAIL)
        discard_from_play(state, seat, jail, "jail", out)  # [BC-JAIL-2] discarded either way
        if not success:
            state.turn.aborted = True
            out.append(ev.TurnSkipped(seat=seat))
    else:
        dynamite = next(c for c in player.in_play if kind_of(c) is Kind.DYNAMITE)
        if success:
            discard_from_play(state, seat, dynamite, "exploded", out)
            schedule(state, Damage(seat, 3, None))  # [BC-DYN-2] no source
        else:
            to_seat = next_living(state, seat)
            if to_seat != seat:
                player.in_play.remove(dynamite)
                state.seats[to_seat].in_play.append(dynamite)
                out.append(ev.DynamitePassed(seat=seat, to_seat=to_seat, card=dynamite))
