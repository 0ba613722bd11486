"""The Shadow Gunslingers variant [GR-SHADOW, GR-SREN]: an eliminated player comes back
for each of his turns, with 0 life and no cards, then leaves again.

During his own turn a shadow is `alive` (in the game: distance, the General Store) and
`shadow`; he cannot gain or lose life (`damage.py`) and never counts as alive for the
Beer or the end of the game (`board.survivors`). Outside it he is out of everything.
"""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events
from core.bang_cards.gold_rush import events as gev
from core.bang_cards.gold_rush.supply import drop_equipment
from core.bang_cards.gold_rush.traits import takes_turns
from core.bang_cards.ids import Role, Side
from core.bang_cards.state import CardsState


def eliminated(state: CardsState, seat: int) -> bool:
    """Return True for a player out of the game for good or back only as a shadow."""
    player = state.seats[seat]
    return not player.alive or player.shadow


def renegade_side(state: CardsState, seat: int) -> Side:
    """Return the side a Shadow Renegade joins now: the one with more role cards shown by
    others, ties to the Outlaws [GR-SREN-2]."""
    law = outlaws = 0
    for index, other in enumerate(state.seats):
        if index == seat:
            continue
        if other.role is Role.SHERIFF:
            law += 1  # always shown
        elif not eliminated(state, index):
            continue
        elif other.role is Role.DEPUTY:
            law += 1
        elif other.role is Role.OUTLAW:
            outlaws += 1
        elif other.side is Side.LAW:
            law += 1  # [GR-SREN-4] the other Renegade, by his current side
        elif other.side is Side.OUTLAWS:
            outlaws += 1
    return Side.LAW if law > outlaws else Side.OUTLAWS


def begin_turn(state: CardsState, out: Events) -> None:
    """An eliminated player's seat comes round: he returns as a shadow [GR-SHADOW-5]."""
    seat = state.turn.active
    player = state.seats[seat]
    if player.alive or not state.options.shadow_gunslingers:
        return
    player.alive = True
    player.shadow = True
    player.life = 0
    if player.role is Role.RENEGADE and not state.three_player:
        player.side = renegade_side(state, seat)  # [GR-SREN-2, GR-SREN-3]
    out.append(gev.ShadowReturned(seat=seat, side=None if player.side is None
                                  else player.side.value))


def end_turn(state: CardsState, out: Events) -> None:
    """The shadow discards everything and leaves; no elimination happens [GR-SHADOW-7]."""
    seat = state.turn.active
    player = state.seats[seat]
    if not player.shadow:
        return
    cards = [*player.hand, *player.in_play]
    player.hand.clear()
    player.in_play.clear()
    for card in cards:
        state.discard.append(card)
        out.append(ev.CardDiscarded(seat=seat, card=card, reason="shadow"))
    drop_equipment(state, seat, "shadow", out)
    player.alive = False
    player.shadow = False
    out.append(gev.ShadowLeft(seat=seat))


def next_seat(state: CardsState, seat: int) -> int:
    """Return the next seat clockwise whose turn comes, shadows included [GR-SHADOW-4]."""
    count = len(state.seats)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if takes_turns(state, candidate):
            return candidate
    return seat


def shadow_winners(state: CardsState, side: Side) -> frozenset[int]:
    """Return the Shadow Renegades who play for `side` at the end [GR-SREN-3, R-GR-15]."""
    return frozenset(i for i, s in enumerate(state.seats)
                     if s.role is Role.RENEGADE and s.side is side)
