"""Setting up a game: options, bandits, train, loot, round deck, decks and starts [CE-SETUP]."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.colt_express.actions import Team
from core.colt_express.events import BanditMoved
from core.colt_express.ids import (
    ACTION_KINDS,
    CAR_LOOT,
    CHARACTERS,
    JEWELS,
    LOCOMOTIVE,
    PHASE_SETUP,
    ROUND_CARDS,
    STATION_CARDS,
    CardKind,
    Character,
    Decision,
    action_card_ids,
    all_purses,
)
from core.colt_express.state import Bandit, ColtState, Pending, Player
from core.engine.errors import InvalidSetup
from core.engine.protocol import Event
from core.engine.rng import next_below, seed_state, shuffled

OPTIONS = ("characters", "expert")


@dataclass(frozen=True)
class Forced:
    """Set-up facts a scenario may force instead of drawing them at random."""

    round_cards: Sequence[str] | None = None
    cars: Sequence[str] | None = None
    characters: Sequence[str] | None = None
    first: int | None = None
    decks: Mapping[int, Sequence[str]] | None = None


def parse_options(options: Mapping[str, Any], players: int) -> tuple[bool, bool]:
    """Return (characters on, expert on); raise InvalidSetup for unknown or bad options.

    Two players always play the expert variant [CE-2P-5].
    """
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise InvalidSetup(f"unknown options: {', '.join(sorted(unknown))}")
    for name in OPTIONS:
        if not isinstance(options.get(name, False), bool):
            raise InvalidSetup(f"option {name} must be true or false")
    if not 2 <= players <= 6:
        raise InvalidSetup("Colt Express takes 2-6 players")
    return bool(options.get("characters", True)), players == 2 or bool(options.get("expert"))


def deal(options: Mapping[str, Any], players: int, seed: int,
         forced: Forced = Forced()) -> tuple[ColtState, list[Event]]:
    """Return the set-up game (waiting for its first decision is the caller's job) and events."""
    characters_on, expert = parse_options(options, players)
    rng = seed_state(seed, "colt_express")
    count = 4 if players == 2 else players  # [CE-2P-1]
    rng, drawn = shuffled(rng, CHARACTERS)
    names: list[str] = list(forced.characters or drawn[:count])
    rng, car_pool = shuffled(rng, sorted(CAR_LOOT))  # [R-CE-03]
    cars = list(forced.cars or car_pool[:count])
    _check_forced(names, cars, count)
    cast = [Character(name) for name in names]
    purses = all_purses()
    starting, rest = purses[:count], purses[count:]  # [CE-SETUP-2] one $250 purse each
    rng, rest = shuffled(rng, rest)
    jewels = [f"j{n}" for n in range(1, JEWELS + 1)]
    inside: list[list[str]] = [["s1"]]  # [CE-SETUP-5]
    for car in cars:
        purse_count, jewel_count = CAR_LOOT[car]
        inside.append([rest.pop() for _ in range(purse_count)]
                      + [jewels.pop(0) for _ in range(jewel_count)])
    rng, round_cards = _round_deck(rng, players, forced.round_cards)
    rng, first = next_below(rng, players)
    first = forced.first if forced.first is not None else first
    if not 0 <= first < players:
        raise InvalidSetup(f"first player must be a seat 0..{players - 1}")
    seats = [Player(bandits=[2 * s, 2 * s + 1] if players == 2 else [s]) for s in range(players)]
    bandits = [Bandit(cast[i], i // 2 if players == 2 else i, loot=[starting[i]])
               for i in range(count)]
    state = ColtState(players=players, characters_on=characters_on, expert=expert,
                      bandits=bandits, seats=seats, cars=[LOCOMOTIVE, *cars], inside=inside,
                      roof=[[] for _ in range(count + 1)], marshal=0, aside=["s2"],
                      box=rest + jewels, removed=[], round_cards=round_cards, rng=rng,
                      first=first, phase=PHASE_SETUP)
    out: list[Event] = []
    if players == 2:
        state.pending = Pending(Decision.TEAM_SETUP, [0, 1])  # [CE-DEC-12]
    else:
        for seat in range(players):
            deck = list(forced.decks[seat]) if forced.decks and seat in forced.decks else None
            _give_deck(state, seat, action_card_ids(seat), deck)
            rank = (seat - first) % players  # Player 1 is the First Player [CE-SETUP-7]
            _start_at(state, out, seat, state.train_length - (rank % 2))
        state.forced_order = forced.decks is not None
    return state, out


def _check_forced(names: Sequence[str], cars: Sequence[str], count: int) -> None:
    if len(names) != count or len(set(names)) != count or set(names) - set(CHARACTERS):
        known = tuple(map(str, CHARACTERS))
        raise InvalidSetup(f"characters must be {count} different ids of {known}")
    if len(cars) != count or len(set(cars)) != count or set(cars) - set(CAR_LOOT):
        raise InvalidSetup(f"cars must be {count} different ids of {sorted(CAR_LOOT)}")


def _round_deck(rng: int, players: int,
                forced: Sequence[str] | None) -> tuple[int, list[str]]:
    """Return 4 random round cards for the player count then a station card [CE-SETUP-6]."""
    rng, pool = shuffled(rng, sorted(ROUND_CARDS))
    rng, station = next_below(rng, len(STATION_CARDS))
    cards = [*pool[:4], sorted(STATION_CARDS)[station]]
    if forced is None:
        return rng, cards
    cards = list(forced)
    if (len(cards) != 5 or any(c not in ROUND_CARDS for c in cards[:4])
            or cards[4] not in STATION_CARDS):
        raise InvalidSetup("round_cards must be 4 round card ids then a station card id")
    return rng, cards


def _give_deck(state: ColtState, seat: int, cards: list[str], forced: list[str] | None) -> None:
    """Shuffle a seat's action cards into its deck, or take a forced order (top first)."""
    if forced is not None:
        if sorted(forced) != sorted(cards):
            raise InvalidSetup(f"seat {seat}'s deck must hold exactly {sorted(cards)}")
        state.seats[seat].deck = list(reversed(forced))
        return
    state.rng, state.seats[seat].deck = shuffled(state.rng, cards)


def _start_at(state: ColtState, out: list[Event], bandit: int, car: int) -> None:
    state.bandits[bandit].car = car
    out.append(BanditMoved(bandit=bandit, car=car, roof=False, cause="start"))


def answer_team(state: ColtState, out: list[Event], frame: Pending, seat: int,
                action: Team, forced_deck: list[str] | None = None) -> bool:
    """Build a 2-player team's 11-card deck and place its bandits [CE-2P-2, CE-2P-8, R-CE-14].

    Return True when both seats have answered.
    """
    first, second = state.seats[seat].bandits
    team = (first, second)
    marshal_of, caboose = team[action.marshal], team[action.caboose]
    # [CE-2P-2] 11 cards: ONE card of each action type per bandit (Move, Floor Change,
    # Fire, Robbery, Punch: 2 of each type in all) plus a single Marshal card, not both
    # bandits' full 10-card sets.
    cards = [f"{b}{kind}1" for b in team for kind in ACTION_KINDS
             if kind != CardKind.MARSHAL]
    cards.append(f"{marshal_of}{CardKind.MARSHAL}1")
    _give_deck(state, seat, cards, forced_deck)
    other = second if caboose == first else first
    _start_at(state, out, caboose, state.train_length)
    _start_at(state, out, other, state.train_length - 1)
    owed = [s for s in frame.owed_by if s != seat]
    if owed:
        state.pending = Pending(frame.decision, owed)
        return False
    return True
