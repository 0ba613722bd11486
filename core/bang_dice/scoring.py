"""End of game [BD-END] and the 3-player hunt [BD-3P]."""

from __future__ import annotations

from core.bang_dice.board import living
from core.bang_dice.ids import GHOST_RENEGADE_PLAYS_AS, THREE_PLAYER_TARGET, Role, Side
from core.bang_dice.state import DiceState
from core.engine.protocol import Outcome


def team_role(state: DiceState, seat_index: int) -> Role:
    """Return the role a seat wins with: a Renegade Ghost plays for another team [OS-GHOST-4]."""
    seat = state.seats[seat_index]
    if seat.ghost and seat.role is Role.RENEGADE:
        return GHOST_RENEGADE_PLAYS_AS[len(state.seats)]
    return seat.role


def _seats_with(state: DiceState, *roles: Role) -> frozenset[int]:
    return frozenset(i for i in range(len(state.seats)) if team_role(state, i) in roles)


def check_end(state: DiceState, eliminated: list[int], source: int | None) -> Outcome | None:
    """Return the outcome after a damage step that eliminated `eliminated`, or None."""
    if state.three_player:
        return _check_three_player(state, eliminated, source)
    sheriff_alive = any(s.alive for s in state.seats if s.role is Role.SHERIFF)
    if not sheriff_alive:
        survivors = living(state)
        # [BD-END-2, BD-END-4] a single surviving Renegade wins alone; else the Outlaws.
        if len(survivors) == 1 and state.seats[survivors[0]].role is Role.RENEGADE:
            return Outcome(Side.RENEGADE, frozenset(survivors), "last_renegade_standing")
        return Outcome(Side.OUTLAWS, _seats_with(state, Role.OUTLAW), "sheriff_eliminated")
    if not any(s.alive for s in state.seats if s.role in (Role.OUTLAW, Role.RENEGADE)):
        return Outcome(Side.LAW, _seats_with(state, Role.SHERIFF, Role.DEPUTY),
                       "outlaws_and_renegades_eliminated")  # [BD-END-3]
    return None


def _check_three_player(state: DiceState, eliminated: list[int],
                        source: int | None) -> Outcome | None:
    if not eliminated:
        return None
    # [BD-3P-5, R-BD-06] the hunter who eliminates his own target, and survives, wins.
    if source is not None and state.seats[source].alive and not state.last_survivor:
        hunted = THREE_PLAYER_TARGET[state.seats[source].role]
        if any(state.seats[seat].role is hunted for seat in eliminated):
            return Outcome(Side(state.seats[source].role.value), frozenset({source}),
                           "target_eliminated")
    survivors = living(state)
    if len(survivors) == 1:
        winner = survivors[0]
        return Outcome(Side(state.seats[winner].role.value), frozenset({winner}), "last_survivor")
    if not survivors:
        return Outcome(None, frozenset(), "draw")  # [R-BD-06]
    state.last_survivor = True  # [BD-3P-6] the two left now play for last survivor
    return None
