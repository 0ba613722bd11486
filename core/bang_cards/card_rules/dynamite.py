"""Dynamite [BC-DYN-1..3]."""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, schedule
from core.bang_cards.board import next_living
from core.bang_cards.cards import cards_of, explodes
from core.bang_cards.hooks import CardRule, CheckRule, in_front, register
from core.bang_cards.ids import Kind, Purpose
from core.bang_cards.state import CardsState, Check, Damage, Settle, Task
from core.bang_cards.zones import discard_from_play


class Dynamite(CardRule, CheckRule):
    """Its holder's "draw!" opens his turn, before any Jail; a spade 2-9 explodes it for 3
    life with no source, anything else passes it on clockwise [BC-DYN-2]."""

    kind = Kind.DYNAMITE
    purpose = Purpose.DYNAMITE

    def turn_start(self, seat: int) -> tuple[Task, ...]:
        return (Check(Purpose.DYNAMITE, seat), Settle())

    def succeeds(self, card: str) -> bool:
        return explodes(card)

    def checked(self, state: CardsState, seat: int, success: bool, out: Events) -> None:
        dynamite = in_front(state, seat, self.kind)
        if success:
            discard_from_play(state, seat, dynamite, "exploded", out)
            schedule(state, Damage(seat, 3, None))
            return
        to_seat = next_living(state, seat)
        if to_seat != seat:
            state.seats[seat].in_play.remove(dynamite)
            state.seats[to_seat].in_play.append(dynamite)
            out.append(ev.DynamitePassed(seat=seat, to_seat=to_seat, card=dynamite))


register(Dynamite(), cards_of(Kind.DYNAMITE))
