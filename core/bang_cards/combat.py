"""Attacks and their answers: BANG! cards [BC-BANG-1], the Barrel and Jourdonnais checks,
Gatling and Indians! answered by every target at once, Duels, the General Store.

Every target whose hand is not empty is asked, whatever it holds [R-BC-09]: only an empty
hand (a public fact) makes a hit immediate.
"""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, ask, schedule
from core.bang_cards.board import others_from
from core.bang_cards.cards import volley_answer
from core.bang_cards.characters import ability_at
from core.bang_cards.frames import AskDodge, AskDuel, AskStorePick, AskVolley
from core.bang_cards.hooks import rules_at
from core.bang_cards.ids import Kind, Purpose
from core.bang_cards.state import (
    CardsState,
    Check,
    Damage,
    Defend,
    DuelTurn,
    Shot,
    StorePick,
    Volley,
)


def run_defend(state: CardsState, task: Defend, out: Events) -> None:
    """The defences of the seat's cards (a Barrel's "draw!"), then Jourdonnais' own, while
    the shot is not cancelled yet.

    [BC-BARREL-1, BC-CHAR-JOURD-1] each is used at most once per shot; both checks are
    public and automatic (BC-TO table, BC-DEC-6).
    """
    if task.stage == "barrel":
        schedule(state, Defend(task.seat, task.need, "jourdonnais"))
        schedule(state, *[t for rule in rules_at(state, task.seat) for t in rule.defend(task.seat)])
        return
    if (ability_at(state, task.seat).built_in_barrel
            and state.dodges.count(task.seat) < task.need):
        schedule(state, Check(Purpose.JOURDONNAIS, task.seat))


def _take_dodges(state: CardsState, seat: int) -> int:
    count = state.dodges.count(seat)
    state.dodges = [s for s in state.dodges if s != seat]
    return count


def run_shot(state: CardsState, task: Shot, out: Events) -> None:
    """One BANG! card at one target: checks first, then ask for Missed! [BC-DEC-6]."""
    if not state.seats[task.seat].alive:
        return
    if not task.checked:
        schedule(state, Defend(task.seat, task.need),
                 Shot(task.seat, task.source, task.card, task.need, checked=True))
        return
    need = task.need - _take_dodges(state, task.seat)
    if need <= 0:
        out.append(ev.ShotCancelled(seat=task.seat))
        return
    if not state.seats[task.seat].hand:
        out.append(ev.HitTaken(seat=task.seat))
        schedule(state, Damage(task.seat, 1, task.source))
        return
    ask(state, AskDodge(task.seat, task.source, task.card, need))


def run_volley(state: CardsState, task: Volley, out: Events) -> None:
    """A Gatling or Indians!: checks in seat order, then every target answers at once."""
    shots = volley_answer(task.card) is Kind.MISSED  # a shot at each target [BC-BANG-2]
    if shots and not task.checked:
        schedule(state, *[Defend(t, 1) for t in task.targets],
                 Volley(task.source, task.card, task.targets, checked=True))
        return
    waiting: list[int] = []
    hits: list[int] = []
    for target in task.targets:
        if not state.seats[target].alive:
            continue
        if shots and _take_dodges(state, target):
            out.append(ev.ShotCancelled(seat=target))
        elif state.seats[target].hand:
            waiting.append(target)
        else:
            out.append(ev.HitTaken(seat=target))
            hits.append(target)
    if waiting:
        ask(state, AskVolley(task.source, task.source, task.card, tuple(waiting), tuple(hits)))
    else:
        finish_volley(state, task.source, hits)


def finish_volley(state: CardsState, source: int, hits: list[int] | tuple[int, ...]) -> None:
    """Every target has answered: the losses, clockwise from the card's player.

    Answers come in any order; applying the losses only now, in seat order, makes the
    result the same whatever that order was.
    """
    order = others_from(state, source)
    ranked = sorted(hits, key=lambda s: order.index(s) if s in order else len(order))
    schedule(state, *[Damage(target, 1, source) for target in ranked])


def run_duel_turn(state: CardsState, task: DuelTurn, out: Events) -> None:
    """The duellist to answer discards a BANG! or loses 1 life [BC-DUEL-1]."""
    if not (state.seats[task.seat].alive and state.seats[task.other].alive):
        return
    if not state.seats[task.seat].hand:
        out.append(ev.HitTaken(seat=task.seat))
        schedule(state, Damage(task.seat, 1, task.source))  # source: always the Duel's player
        return
    ask(state, AskDuel(task.seat, task.source, task.card, task.other))


def run_store_pick(state: CardsState, task: StorePick, out: Events) -> None:
    """The next seat of the order takes a revealed card; the last one takes what is left."""
    order = [s for s in task.order if state.seats[s].alive]
    if not order or not state.table:
        for card in state.table:  # nobody left to take them
            state.discard.append(card)
        state.table.clear()
        return
    if len(state.table) == 1:
        take_store_card(state, order[0], state.table[0], out)  # nothing left to choose
        schedule(state, StorePick(tuple(order[1:])))
        return
    schedule(state, StorePick(tuple(order[1:])))
    ask(state, AskStorePick(order[0]))


def take_store_card(state: CardsState, seat: int, card: str, out: Events) -> None:
    """Move a revealed General Store card into a seat's hand, for all to see."""
    state.table.remove(card)
    state.seats[seat].hand.append(card)
    out.append(ev.CardsDrawn(seat=seat, count=1, origin="store", cards=(card,)))

