"""Jail [BC-JAIL-1..3]: whom it may be played on is its `jail` targeting (`cards.KINDS`)."""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events
from core.bang_cards.cards import cards_of
from core.bang_cards.hooks import CardRule, CheckRule, in_front, register
from core.bang_cards.ids import Kind, Purpose
from core.bang_cards.state import CardsState, Check, Task
from core.bang_cards.zones import discard_from_play


class Jail(CardRule, CheckRule):
    """The prisoner's "draw!" after any Dynamite's: a heart frees him, else he loses the
    turn; the Jail is discarded either way [BC-JAIL-2]."""

    kind = Kind.JAIL
    purpose = Purpose.JAIL

    def before_draw(self, seat: int) -> tuple[Task, ...]:
        return (Check(Purpose.JAIL, seat),)

    def checked(self, state: CardsState, seat: int, success: bool, out: Events) -> None:
        discard_from_play(state, seat, in_front(state, seat, self.kind), "jail", out)
        if not success:
            state.turn.aborted = True
            out.append(ev.TurnSkipped(seat=seat))


register(Jail(), cards_of(Kind.JAIL))
