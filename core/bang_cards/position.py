"""Scenario positions for the card game: a table described card by card (docs/scenarios.md).

A spec names each seat's role, character, life, hand and cards in play, the deck from the
top down, the discard pile from the bottom up, whose turn it is and where it starts:
`"phase": "start"` (Dynamite, Jail and the draw still to come) or `"play"` (phase 2).
Cards the spec does not place go under the listed deck in the BC-DECK-1 order (or, with
`"fill_deck": false`, under the discard pile), so a position always holds the 80 cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events
from core.bang_cards.cards import CARD, CARDS
from core.bang_cards.flow import advance, turn_tasks
from core.bang_cards.gold_rush import position as gold_rush
from core.bang_cards.ids import PRINTED_LIFE, Role, character_id
from core.bang_cards.state import (
    CardsState,
    PlayPhase,
    Seat,
    StartTurn,
    Turn,
)
from core.engine.errors import InvalidSetup
from core.engine.rng import seed_state


def _cards(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in CARD for c in value):
        raise InvalidSetup(f"{where} must be a list of card ids")
    return list(value)


def build_position(spec: Mapping[str, Any]) -> tuple[CardsState, Events]:
    """Return the position a spec describes, advanced to its first decision."""
    raw_seats = spec.get("seats")
    if not isinstance(raw_seats, list) or not 3 <= len(raw_seats) <= 8:
        raise InvalidSetup("seats must list 3 to 8 seats")
    seats = []
    placed: list[str] = []
    three = len(raw_seats) == 3
    for index, raw in enumerate(raw_seats):
        if not isinstance(raw, Mapping) or "role" not in raw or "character" not in raw:
            raise InvalidSetup(f"seat {index} needs a role and a character")
        role = Role(raw["role"])
        character = character_id(raw["character"])
        max_life = int(raw.get("max_life", PRINTED_LIFE[character]
                               + (1 if role is Role.SHERIFF else 0)))
        hand = _cards(raw.get("hand", []), f"seat {index} hand")
        in_play = _cards(raw.get("in_play", []), f"seat {index} in_play")
        seat = Seat(role, character, int(raw.get("life", max_life)), max_life, hand, in_play,
                    alive=bool(raw.get("alive", True)),
                    role_revealed=three or role is Role.SHERIFF or not raw.get("alive", True))
        seat.order_missed = bool(raw.get("order_missed", False))
        seat.order_bang = bool(raw.get("order_bang", False))
        seats.append(seat)
        placed += hand + in_play
    top_down = _cards(spec.get("deck", []), "deck")
    discard = _cards(spec.get("discard", []), "discard")
    placed += top_down + discard
    if len(set(placed)) != len(placed):
        raise InvalidSetup("a card is placed twice")
    rest = [card.id for card in CARDS if card.id not in set(placed)]
    if spec.get("fill_deck", True):
        top_down += rest
    else:
        discard = rest + discard
    deck = list(reversed(top_down))
    active = int(spec.get("turn", 0))
    phase = spec.get("phase", "play")
    options = gold_rush.options_of(spec, len(seats))
    returning = options.shadow_gunslingers and phase == "start"  # a shadow turn [GR-SHADOW-4]
    if not 0 <= active < len(seats) or not (seats[active].alive or returning):
        raise InvalidSetup("turn must name a living seat")
    if phase == "start":
        turn = Turn(active)
    elif phase == "play":
        turn = Turn(active, "play", int(spec.get("bangs", 0)))
    else:
        raise InvalidSetup("phase must be start or play")
    state = CardsState(options, seats, turn, deck, discard,
                       seed_state(int(spec.get("seed", 0)), "bang_cards"))
    tasks = turn_tasks(state)
    state.agenda = ([StartTurn()] if phase == "start"
                    else list(reversed(tasks[tasks.index(PlayPhase()):])))
    out: Events = []
    gold_rush.place(state, spec, out)
    if phase == "play":
        out.append(ev.PhaseStarted(seat=active, phase="play"))
    advance(state, out)
    return state, out


def gold_rush_facts(state: CardsState) -> dict[str, Any]:
    """Return the nuggets, equipment, shop and shadows of a Gold Rush or shadow table."""
    if not (state.options.gold_rush or state.options.shadow_gunslingers):
        return {}
    return {"nuggets": [s.nuggets for s in state.seats],
            "equipment": [list(s.equipment) for s in state.seats],
            "shadows": [i for i, s in enumerate(state.seats) if s.shadow],
            "sides": [None if s.side is None else s.side.value for s in state.seats],
            "shop": list(state.shop), "bank": state.bank,
            "gear_deck_count": len(state.gear_deck), "extra_turns": state.extra_turns}


def describe(state: CardsState) -> dict[str, Any]:
    """Return every seat's public and private facts for scenario output."""
    return {
        "seats": [{"role": s.role.value, "character": s.character.value, "life": s.life,
                   "max_life": s.max_life, "alive": s.alive, "hand": list(s.hand),
                   "in_play": list(s.in_play)} for s in state.seats],
        "deck_top": list(reversed(state.deck[-5:])),
        "deck_count": len(state.deck),
        "discard": list(state.discard),
        "table": list(state.table),
        "active": state.turn.active,
        "phase": state.turn.phase,
        "pending": None if state.pending is None else {
            "decision": state.pending.decision.value, "seat": state.pending.seat,
            "waiting": list(getattr(state.pending, "waiting", ())),
            "need": getattr(state.pending, "need", 0)},
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        **gold_rush_facts(state),
    }
