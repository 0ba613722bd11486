"""What each audience may see of a card game [BC-INFO]: a hand is its owner's only (its
size is public), the deck's order nobody's, Kit Carlson's three cards Kit's only. With
Gold Rush the shop, the bank and every seat's nuggets and equipment are public
[GR-NUG-3]; the equipment deck shows only its size and how many returns lie face up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.bang_cards.board import distance, reach
from core.bang_cards.state import CardsState
from core.engine.protocol import Outcome
from core.engine.records import plain


@dataclass(frozen=True)
class SeatView:
    seat: int
    character: str
    life: int
    max_life: int
    alive: bool
    role: str | None
    hand_count: int
    hand: tuple[str, ...] | None
    in_play: tuple[str, ...]
    reach: int
    orders: tuple[str, ...] | None
    nuggets: int = 0
    equipment: tuple[str, ...] = ()
    shadow: bool = False
    side: str | None = None


@dataclass(frozen=True)
class CardsView:
    """A table as one audience sees it; `distances` are from the viewer (None: the group)."""

    viewer: int | None
    role: str | None
    seats: tuple[SeatView, ...]
    deck_count: int
    discard: tuple[str, ...]
    table: tuple[str, ...]
    table_count: int
    active: int
    phase: str
    turn_number: int
    bangs_played: int
    to_act: tuple[int, ...]
    decision: str | None
    decision_seat: int | None
    source: int | None
    card: str | None
    need: int
    other: int | None
    hits: tuple[int, ...]
    distances: tuple[int, ...] | None
    outcome: Outcome | None
    version: int
    gold_rush: bool = False
    shadow_gunslingers: bool = False
    shop: tuple[str, ...] = ()
    gear_deck_count: int = 0
    gear_face_up: int = 0
    gear_held: str | None = None
    bank: int = 0
    extra_turns: int = 0

    def to_json(self) -> dict[str, Any]:
        """Return the view as a JSON-ready dict."""
        data: dict[str, Any] = plain(self)
        data["outcome"] = None if self.outcome is None else self.outcome.to_json()
        return data


def _orders(state: CardsState, seat: int) -> tuple[str, ...]:
    player = state.seats[seat]
    return tuple(name for name, on in (("missed", player.order_missed),
                                       ("bang", player.order_bang)) if on)


def make_view(state: CardsState, viewer: int | None) -> CardsView:
    """Return the view of `viewer` (None = the group)."""
    seats = tuple(
        SeatView(
            seat=index,
            character=seat.character.value,
            life=seat.life,
            max_life=seat.max_life,
            alive=seat.alive,
            role=seat.role.value if seat.role_revealed or index == viewer else None,
            hand_count=len(seat.hand),
            hand=tuple(seat.hand) if index == viewer else None,
            in_play=tuple(seat.in_play),
            reach=reach(state, index),
            orders=_orders(state, index) if index == viewer else None,
            nuggets=seat.nuggets,
            equipment=tuple(seat.equipment),
            shadow=seat.shadow,
            side=None if seat.side is None else seat.side.value,
        )
        for index, seat in enumerate(state.seats)
    )
    frame = state.pending
    private_table = state.table_owner is not None and state.table_owner != viewer
    distances = None
    if viewer is not None and state.seats[viewer].alive:
        distances = tuple(0 if i == viewer or not s.alive else distance(state, viewer, i)
                          for i, s in enumerate(state.seats))
    return CardsView(
        viewer=viewer,
        role=state.seats[viewer].role.value if viewer is not None else None,
        seats=seats,
        deck_count=len(state.deck),
        discard=tuple(state.discard),
        table=() if private_table else tuple(state.table),
        table_count=len(state.table),
        active=state.turn.active,
        phase=state.turn.phase,
        turn_number=state.turn_number,
        bangs_played=state.turn.bangs,
        to_act=frame.owed_by if frame is not None and state.outcome is None else (),
        decision=frame.decision.value if frame is not None else None,
        decision_seat=frame.seat if frame is not None else None,
        source=getattr(frame, "source", None),  # the view is flat: a field the
        card=getattr(frame, "card", None),  # pending decision lacks is unset
        need=getattr(frame, "need", 0),
        other=getattr(frame, "other", None),
        hits=getattr(frame, "hits", ()),
        distances=distances,
        outcome=state.outcome,
        version=state.version,
        gold_rush=state.options.gold_rush,
        shadow_gunslingers=state.options.shadow_gunslingers,
        shop=tuple(state.shop),
        gear_deck_count=len(state.gear_deck),
        gear_face_up=state.gear_face_up,
        gear_held=state.gear_held,
        bank=state.bank,
        extra_turns=state.extra_turns,
    )
