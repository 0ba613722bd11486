"""The legal answers to each pending frame, and what an answer does."""

from __future__ import annotations

from dataclasses import replace

from core.bang_cards import events as ev
from core.bang_cards.actions import (
    CardsAction,
    Discard,
    DrawFrom,
    EndPlay,
    Pass,
    Pick,
    Play,
    Respond,
    SetOrder,
    Sid,
)
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.board import may_bang
from core.bang_cards.cards import KINDS, kind_of, volley_answer
from core.bang_cards.character_rules.drawing import kit_keeps
from core.bang_cards.characters import ability_at, bang_kinds, missed_kinds
from core.bang_cards.checks import pick_check_card
from core.bang_cards.combat import finish_volley, take_store_card
from core.bang_cards.damage import beer_heals, beer_played, heal
from core.bang_cards.draw import draw_first_from
from core.bang_cards.effects import EFFECTS
from core.bang_cards.expansion import EXPANSIONS
from core.bang_cards.frames import (
    AskDiscard,
    AskDodge,
    AskDrawSource,
    AskDuel,
    AskKitReturn,
    AskLuckyPick,
    AskPlay,
    AskSave,
    AskStorePick,
    AskVolley,
    Frame,
)
from core.bang_cards.ids import Color, Kind
from core.bang_cards.state import (
    CardsState,
    Damage,
    DiscardPhase,
    DuelTurn,
    Eliminate,
    PlayPhase,
    Settle,
    Shot,
)
from core.bang_cards.targeting import note_attack, plays_as
from core.bang_cards.zones import discard_from_hand


def played_kind(state: CardsState, seat: int, card: str) -> Kind | None:
    """Return the kind a card is played as in phase 2, or None if it cannot be played."""
    kind = kind_of(card)
    if kind is Kind.MISSED:
        # [BC-CHAR-CALAMITY-1] her Missed! as a BANG!; for others not on one's turn
        return Kind.BANG if Kind.MISSED in bang_kinds(state.seats[seat].character) else None
    return kind


def card_plays(state: CardsState, seat: int, card: str) -> list[Play]:
    """Return every legal way to play a hand card in phase 2 [BC-PLAY]."""
    kind = played_kind(state, seat, card)
    if kind is None or (KINDS[kind].once_a_turn and not may_bang(state, seat)):
        return []
    return plays_as(state, seat, card, kind)


def life_discards(state: CardsState, seat: int) -> list[Sid]:
    """Return the discards for one life his character offers in phase 2 (Sid Ketchum's
    [BC-CHAR-SID-1]), while he is wounded."""
    player = state.seats[seat]
    if player.life >= player.max_life:
        return []
    return ability_at(state, seat).life_discards(state, seat)


def _answers(state: CardsState, seat: int, kinds: frozenset[Kind]) -> list[CardsAction]:
    return [Pass(), *(Respond(c) for c in state.seats[seat].hand if kind_of(c) in kinds)]


def legal_actions(state: CardsState, frame: Frame, seat: int) -> list[CardsAction]:
    """Return the legal answers of `seat` to the pending frame."""
    player = state.seats[seat]
    match frame:
        case AskPlay():
            plays: list[CardsAction] = [EndPlay()]
            for card in player.hand:
                plays += card_plays(state, seat, card)
            plays += life_discards(state, seat)
            plays += [a for e in EXPANSIONS for a in e.play_actions(state, seat)]
            plays += [SetOrder("missed", not player.order_missed),
                      SetOrder("bang", not player.order_bang)]
            return plays
        case AskDodge():
            return _answers(state, seat, missed_kinds(player.character))
        case AskVolley(card=card):
            kinds = missed_kinds if volley_answer(card) is Kind.MISSED else bang_kinds
            return _answers(state, seat, kinds(player.character))
        case AskDuel():
            return _answers(state, seat, bang_kinds(player.character))
        case AskSave():
            saves: list[CardsAction] = [Pass()]
            if beer_heals(state):
                saves += [Respond(c) for c in player.hand if kind_of(c) is Kind.BEER]
            saves += ability_at(state, seat).life_discards(state, seat)
            return saves + [a for e in EXPANSIONS for a in e.save_actions(state, seat)]
        case AskLuckyPick() | AskKitReturn() | AskStorePick():
            return [Pick(card) for card in state.table]
        case AskDrawSource():
            sources: list[CardsAction] = [DrawFrom("deck")]
            return sources + ability_at(state, seat).draw_sources(state, seat)
        case AskDiscard():
            return [Discard(card) for card in player.hand]
    return [a for e in EXPANSIONS for a in e.frame_actions(state, frame, seat)]


def is_legal(state: CardsState, frame: Frame, seat: int, action: CardsAction) -> bool:
    """Return True if `action` is a legal answer of `seat` now."""
    return action in legal_actions(state, frame, seat)


def answer(state: CardsState, frame: Frame, seat: int, action: CardsAction,
           out: Events) -> None:
    """Apply a legal answer to the frame (already taken off `pending`)."""
    if any(e.answer(state, frame, seat, action, out) for e in EXPANSIONS):
        return
    match frame, action:
        case AskPlay(), _:
            _answer_play(state, seat, action, out)
        case AskDodge(), _:
            _answer_dodge(state, frame, seat, action, out)
        case AskVolley(), _:
            _answer_volley(state, frame, seat, action, out)
        case AskDuel(), Respond(card=card):
            discard_from_hand(state, seat, card, "duel", out)
            out.append(ev.Responded(seat=seat, card=card, as_kind=Kind.BANG.value))
            schedule(state, DuelTurn(frame.other, seat, frame.source, frame.card))
        case AskDuel(), _:
            out.append(ev.HitTaken(seat=seat))
            schedule(state, Damage(seat, 1, frame.source))
        case AskSave(), _:
            _answer_save(state, frame, seat, action, out)
        case AskLuckyPick(purpose=purpose), Pick(card=card):
            pick_check_card(state, purpose, seat, card)
        case AskKitReturn(), Pick(card=card):
            kit_keeps(state, seat, card, out)
        case AskStorePick(), Pick(card=card):
            take_store_card(state, seat, card, out)
        case AskDrawSource(), DrawFrom(origin=origin):
            draw_first_from(state, seat, origin, out)
        case AskDiscard(), Discard(card=card):
            discard_from_hand(state, seat, card, "discard", out)
            schedule(state, DiscardPhase())
        case _:
            raise AssertionError(f"{action!r} does not answer {frame.decision}")


def _answer_play(state: CardsState, seat: int, action: CardsAction, out: Events) -> None:
    player = state.seats[seat]
    match action:
        case EndPlay():
            return
        case SetOrder(order=order, value=value):
            if order == "missed":
                player.order_missed = value
            else:
                player.order_bang = value
            out.append(ev.OrderSet(seat=seat, order=order, value=value,
                                   audience=frozenset({seat})))
            schedule(state, PlayPhase())
        case Sid(first=first, second=second):
            _sid(state, seat, first, second, out)
            schedule(state, PlayPhase())
        case Play(card=card, target=target, pick=pick):
            kind = played_kind(state, seat, card)
            assert kind is not None
            player.hand.remove(card)
            if KINDS[kind_of(card)].color is Color.BROWN:
                state.discard.append(card)  # [BC-PLAY-2]
            out.append(ev.CardPlayed(seat=seat, card=card, as_kind=kind.value, target=target))
            note_attack(state, seat, target, kind)
            schedule(state, Settle(), PlayPhase())
            EFFECTS[kind](state, seat, card, target, pick, out)


def _sid(state: CardsState, seat: int, first: str, second: str, out: Events) -> None:
    discard_from_hand(state, seat, first, "sid_ketchum", out)
    discard_from_hand(state, seat, second, "sid_ketchum", out)
    heal(state, seat, 1, "sid_ketchum", out)  # [BC-CHAR-SID-1] not a Beer


def _answer_dodge(state: CardsState, frame: AskDodge, seat: int, action: CardsAction,
                  out: Events) -> None:
    if isinstance(action, Respond):
        discard_from_hand(state, seat, action.card, "missed", out)
        need = frame.need - 1
        out.append(ev.Responded(seat=seat, card=action.card, as_kind=Kind.MISSED.value,
                                need=need))
        if need <= 0:
            out.append(ev.ShotCancelled(seat=seat))
        else:  # [BC-CHAR-SLAB-1] one more Missed! is needed
            schedule(state, Shot(seat, frame.source, frame.card, need, checked=True))
        return
    out.append(ev.HitTaken(seat=seat))
    schedule(state, Damage(seat, 1, frame.source))


def _answer_volley(state: CardsState, frame: AskVolley, seat: int, action: CardsAction,
                   out: Events) -> None:
    hits = frame.hits
    if isinstance(action, Respond):
        as_kind = volley_answer(frame.card)
        discard_from_hand(state, seat, action.card, kind_of(frame.card).value, out)
        out.append(ev.Responded(seat=seat, card=action.card, as_kind=as_kind.value))
    else:
        out.append(ev.HitTaken(seat=seat))
        hits = (*hits, seat)
    waiting = tuple(s for s in frame.waiting if s != seat)
    if waiting:
        state.pending = replace(frame, waiting=waiting, hits=hits)
    else:
        finish_volley(state, frame.source, hits)


def _answer_save(state: CardsState, frame: AskSave, seat: int, action: CardsAction,
                 out: Events) -> None:
    match action:
        case Respond(card=card):
            discard_from_hand(state, seat, card, "beer", out)
            heal(state, seat, 1, "beer", out)  # [BC-BEER-3]
            beer_played(state, out)
        case Sid(first=first, second=second):
            _sid(state, seat, first, second, out)
        case _:
            schedule(state, Eliminate(seat, frame.source))
            return
    schedule(state, Damage(seat, 0, frame.source, "save"))

