"""The base characters who change phase 1: Black Jack, Jesse Jones, Kit Carlson and Pedro
Ramirez [BC-CHAR]. The usual draw and a first card from elsewhere: `draw.py`."""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.actions import DrawFrom
from core.bang_cards.agenda import Events, ask
from core.bang_cards.board import others_from
from core.bang_cards.cards import CARD
from core.bang_cards.characters import Ability, register_ability
from core.bang_cards.frames import AskDrawSource, AskKitReturn
from core.bang_cards.ids import Character
from core.bang_cards.state import CardsState
from core.bang_cards.zones import draw, pop_deck

KIT_CARDS = 3  # [BC-CHAR-KIT-1]


class BlackJack(Ability):
    """The second card is shown; a red one brings a third [BC-CHAR-BLACKJACK-1]."""

    character = Character.BLACK_JACK

    def draw_phase(self, state: CardsState, seat: int, out: Events) -> bool:
        cards = draw(state, seat, 2, out)
        if len(cards) == 2:
            bonus = CARD[cards[1]].red
            out.append(ev.CardShown(seat=seat, card=cards[1], bonus=bonus))
            if bonus:
                draw(state, seat, 1, out)
        return True


class JesseJones(Ability):
    """His first card may come from another player's hand [BC-CHAR-JESSE-1, BC-DEC-1]."""

    character = Character.JESSE_JONES

    def draw_sources(self, state: CardsState, seat: int) -> list[DrawFrom]:
        return [DrawFrom(s) for s in others_from(state, seat) if state.seats[s].hand]

    def draw_phase(self, state: CardsState, seat: int, out: Events) -> bool:
        if not self.draw_sources(state, seat):
            return False
        ask(state, AskDrawSource(seat))
        return True


class PedroRamirez(Ability):
    """His first card may be the top discard [BC-CHAR-PEDRO-1, BC-DEC-2]."""

    character = Character.PEDRO_RAMIREZ

    def draw_sources(self, state: CardsState, seat: int) -> list[DrawFrom]:
        return [DrawFrom("discard")] if state.discard else []

    def draw_phase(self, state: CardsState, seat: int, out: Events) -> bool:
        if not state.discard:
            return False
        ask(state, AskDrawSource(seat))
        return True


class KitCarlson(Ability):
    """He sees the top three, seen by him alone, and keeps two [BC-CHAR-KIT-1, BC-INFO-3]."""

    character = Character.KIT_CARLSON

    def draw_phase(self, state: CardsState, seat: int, out: Events) -> bool:
        for _ in range(KIT_CARDS):
            card = pop_deck(state, out)
            if card is not None:
                state.table.append(card)
        state.table_owner = seat
        out.append(ev.CardsSeen(seat=seat, count=len(state.table)))
        out.append(ev.CardsSeen(seat=seat, count=len(state.table), cards=tuple(state.table),
                                audience=frozenset({seat})))
        if len(state.table) == KIT_CARDS:
            ask(state, AskKitReturn(seat))
        else:
            kit_keeps(state, seat, None, out)
        return True


def kit_keeps(state: CardsState, seat: int, back: str | None, out: Events) -> None:
    """Kit Carlson puts `back` on top of the deck and keeps the rest of what he saw."""
    kept = [card for card in state.table if card != back]
    state.table.clear()
    state.table_owner = None
    if back is not None:
        state.deck.append(back)
        out.append(ev.CardReturned(seat=seat))
        out.append(ev.CardReturned(seat=seat, card=back, audience=frozenset({seat})))
    state.seats[seat].hand.extend(kept)
    out.append(ev.CardsDrawn(seat=seat, count=len(kept)))
    out.append(ev.CardsDrawn(seat=seat, count=len(kept), cards=tuple(kept),
                             audience=frozenset({seat})))


for _ability in (BlackJack(), JesseJones(), PedroRamirez(), KitCarlson()):
    register_ability(_ability)
