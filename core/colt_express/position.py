"""Scenario positions (docs/scenarios.md, "colt_express") and the omniscient description."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.colt_express.actions import Team, decode
from core.colt_express.flow import advance
from core.colt_express.ids import (
    JEWELS,
    PHASE_STEAL,
    STRONGBOXES,
    all_purses,
    card_bandit,
    card_kind,
)
from core.colt_express.scheme import start_stealing
from core.colt_express.setup import Forced, answer_team, deal
from core.colt_express.state import ColtState, Played
from core.engine.errors import InvalidSetup, MalformedAction
from core.engine.protocol import Event

TOKENS = [*all_purses(), *(f"j{n}" for n in range(1, JEWELS + 1)),
          *(f"s{n}" for n in range(1, STRONGBOXES + 1))]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BanditSpec(_Spec):
    car: int | None = Field(default=None, ge=0)
    roof: bool = False
    loot: list[str] | None = None
    revolver: int | None = Field(default=None, ge=0, le=6)
    received: int | None = Field(default=None, ge=0)


class PileSpec(_Spec):
    card: str
    face_down: bool = False


class PositionSpec(_Spec):
    game: Literal["colt_express"]
    players: int = Field(ge=2, le=6)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    round_cards: list[str] | None = None
    cars: list[str] | None = None
    characters: list[str] | None = None
    first_player: int | None = None
    decks: dict[int, list[str]] | None = None
    team: list[str] | None = None
    round: int = Field(default=0, ge=0, le=4)
    bandits: list[BanditSpec] | None = None
    marshal: int | None = Field(default=None, ge=0)
    inside: dict[int, list[str]] | None = None
    roof_loot: dict[int, list[str]] | None = None
    hands: dict[int, list[str]] | None = None
    pile: list[PileSpec] | None = None
    actions: list[dict[str, Any]] = Field(default_factory=list)


def build_position(spec: Mapping[str, Any]) -> tuple[ColtState, list[Event]]:
    """Return the scenario's starting state and events; raise ValueError or InvalidSetup."""
    parsed = PositionSpec.model_validate(spec)
    forced = Forced(parsed.round_cards, parsed.cars, parsed.characters, parsed.first_player,
                    parsed.decks if parsed.players > 2 else None)
    state, out = deal(parsed.options, parsed.players, parsed.seed, forced)
    if parsed.players == 2:
        choices = [_team(text) for text in parsed.team or ["a00", "a00"]]
        for seat in (0, 1):
            assert state.pending is not None
            frame = state.pending
            state.pending = None
            deck = parsed.decks.get(seat) if parsed.decks else None
            answer_team(state, out, frame, seat, choices[seat], list(deck) if deck else None)
        state.forced_order = parsed.decks is not None
    state.round = parsed.round
    state.first = parsed.first_player if parsed.first_player is not None else state.first
    _place_board(state, parsed)
    if parsed.pile is not None:
        _start_on_pile(state, parsed.pile, out)
    else:
        advance(state, out)  # deals the round
        if parsed.hands:
            _force_hands(state, parsed.hands)
    advance(state, out)
    return state, out


def _team(text: str) -> Team:
    """Return a `team` entry's choice; raise InvalidSetup unless it is a team text (a00..a11)."""
    try:
        choice = decode(text)
    except MalformedAction as error:
        raise InvalidSetup(f"team: {error}") from error
    if not isinstance(choice, Team):
        raise InvalidSetup(f"team choices are a00..a11, not {text!r}")
    return choice


def _place_board(state: ColtState, parsed: PositionSpec) -> None:
    """Apply the spec's bandits, Marshal and loot; loot named nowhere else goes to the box."""
    length = state.train_length
    if parsed.marshal is not None:
        if parsed.marshal > length:
            raise InvalidSetup(f"the Marshal must be in car 0..{length}")
        state.marshal = parsed.marshal
    claimed: list[str] = []
    if parsed.bandits is not None:
        if len(parsed.bandits) != len(state.bandits):
            raise InvalidSetup(f"bandits must list all {len(state.bandits)} bandits")
        for bandit, given in zip(state.bandits, parsed.bandits, strict=True):
            if given.car is not None:
                if given.car > length:
                    raise InvalidSetup(f"a bandit's car must be 0..{length}")
                bandit.car, bandit.roof = given.car, given.roof
            if given.revolver is not None:
                bandit.revolver = given.revolver
            if given.received is not None:
                bandit.received = given.received
            if given.loot is not None:
                claimed += given.loot
    if any(b.car == state.marshal and not b.roof for b in state.bandits):
        # [CE-MARSHAL-2] nobody can stay inside the Marshal's car: not a reachable position
        raise InvalidSetup(f"no bandit may be inside the Marshal's car ({state.marshal})")
    for where in (parsed.inside or {}, parsed.roof_loot or {}):
        for car, tokens in where.items():
            if not 0 <= car <= length:
                raise InvalidSetup(f"loot car {car} is not on the train (0..{length})")
            claimed += tokens
    named = (parsed.inside is not None or parsed.roof_loot is not None
             or any(b.loot is not None for b in parsed.bandits or []))
    if not named:  # an explicit empty list (`"loot": []`) still empties that place
        return
    unknown = set(claimed) - set(TOKENS)
    if unknown or len(set(claimed)) != len(claimed):
        raise InvalidSetup(f"loot must be distinct ids of {TOKENS[0]}.. (bad: {sorted(unknown)})")
    _move_loot(state, parsed, set(claimed))


def _move_loot(state: ColtState, parsed: PositionSpec, claimed: set[str]) -> None:
    places = [b.loot for b in state.bandits] + state.inside + state.roof + [state.aside]
    for place in places:
        kept = [t for t in place if t not in claimed]
        place[:] = kept
    state.box = [t for t in state.box if t not in claimed]
    if parsed.bandits is not None:
        for bandit, given in zip(state.bandits, parsed.bandits, strict=True):
            if given.loot is not None:
                state.box += bandit.loot
                bandit.loot[:] = given.loot
    for where, target in ((parsed.inside, state.inside), (parsed.roof_loot, state.roof)):
        for car, tokens in (where or {}).items():
            state.box += target[car]
            target[car][:] = tokens


def _pool(state: ColtState, seat: int) -> list[str]:
    player = state.seats[seat]
    return player.deck + player.hand


def _take(state: ColtState, seat: int, cards: list[str]) -> None:
    """Remove cards from a seat's deck and hand; raise InvalidSetup if it lacks one."""
    player = state.seats[seat]
    for card in cards:
        if card in player.hand:
            player.hand.remove(card)
        elif card in player.deck:
            player.deck.remove(card)
        else:
            raise InvalidSetup(f"seat {seat} has no card {card!r} in its deck or hand")


def _force_hands(state: ColtState, hands: Mapping[int, list[str]]) -> None:
    for seat, cards in hands.items():
        if not 0 <= seat < state.players:
            raise InvalidSetup(f"hands: no seat {seat}")
        player = state.seats[seat]
        player.deck += player.hand
        player.hand = []
        _take(state, seat, cards)
        player.hand = list(cards)


def _start_on_pile(state: ColtState, pile: list[PileSpec], out: list[Event]) -> None:
    """Start the round's Stealin' directly on the given pile [CE-STEAL-1]."""
    for item in pile:
        if len(item.card) != 3 or card_kind(item.card) == "b":
            raise InvalidSetup(f"pile cards are action card ids like 0f1, not {item.card!r}")
        bandit = card_bandit(item.card)
        if not 0 <= bandit < len(state.bandits):
            raise InvalidSetup(f"pile card {item.card!r}: no bandit {bandit}")
        seat = state.bandits[bandit].seat
        _take(state, seat, [item.card])
        state.pile.append(Played(item.card, seat, item.face_down))
    state.pending = None
    start_stealing(state, out)
    assert state.phase == PHASE_STEAL


def describe(state: ColtState) -> dict[str, Any]:
    """Return every fact of the game (secrets included) for scenario output."""
    return {
        "round": state.round, "round_card": state.round_cards[state.round],
        "round_cards": list(state.round_cards), "phase": state.phase, "turn": state.turn,
        "first_player": state.first, "marshal": state.marshal, "cars": list(state.cars),
        "bandits": [{"bandit": i, "seat": b.seat, "character": b.character, "car": b.car,
                     "roof": b.roof, "loot": sorted(b.loot), "revolver": b.revolver,
                     "received": b.received} for i, b in enumerate(state.bandits)],
        "inside": [sorted(loot) for loot in state.inside],
        "roof_loot": [sorted(loot) for loot in state.roof],
        "seats": [{"seat": i, "bandits": p.bandits, "hand": p.hand,
                   "deck": list(reversed(p.deck)), "discard": p.discard}
                  for i, p in enumerate(state.seats)],
        "pile": [{"card": p.card, "seat": p.seat, "face_down": p.face_down,
                  "revealed": p.revealed} for p in state.pile],
        "resolving": state.resolving, "scores": state.scores,
    }
