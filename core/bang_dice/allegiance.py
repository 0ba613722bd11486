"""Whom a seat wants hurt or helped: the timeout's public-facts ally test [BD-TO-1] and the
bot's judgement of every other seat (docs/policies.md)."""

from __future__ import annotations

from core.bang_dice.board import living
from core.bang_dice.ids import THREE_PLAYER_TARGET, Role
from core.bang_dice.scoring import team_role
from core.bang_dice.state import DiceState

_TEAM = {Role.SHERIFF: "law", Role.DEPUTY: "law", Role.OUTLAW: "outlaws",
         Role.RENEGADE: "renegade"}


def known_ally(state: DiceState, seat: int, other: int) -> bool:
    """Return True if both identities are public and on the same team [BD-TO-1]."""
    if state.three_player or seat == other:
        return False
    mine, theirs = state.seats[seat], state.seats[other]
    return (mine.role_revealed and theirs.role_revealed
            and _TEAM[mine.role] == _TEAM[theirs.role] != "renegade")


def enemy_score(state: DiceState, seat: int, other: int) -> float:
    """Return how much the bot in `seat` wants `other` to lose life (negative: protect)."""
    me, them = state.seats[seat], state.seats[other]
    my_role = team_role(state, seat)
    if state.three_player:
        return 10.0 if them.role is THREE_PLAYER_TARGET[me.role] else 1.0
    alive = living(state)
    outlaws_left = any(state.seats[i].role is Role.OUTLAW for i in alive)
    if my_role is Role.OUTLAW:
        if them.role is Role.SHERIFF:
            return 10.0
        if them.role_revealed:
            return -5.0 if them.role is Role.OUTLAW else 4.0
        return 1.0
    if my_role is Role.RENEGADE and them.role is Role.SHERIFF:
        # [BD-END-2] the Sheriff's death wins for a Renegade only if he is the last one left.
        return 10.0 if len(alive) == 2 else -10.0
    if my_role is Role.RENEGADE and (not outlaws_left or len(alive) <= 3):
        return 5.0
    # Law, and a Renegade who still hides with the law: protect the Sheriff, hunt the rest.
    if them.role is Role.SHERIFF:
        return -10.0
    if them.role_revealed:
        return -5.0 if them.role is Role.DEPUTY else 6.0
    return 2.0


def bot_heal_target(state: DiceState, seat: int) -> int:
    """Return whom the bot in `seat` heals: itself if wounded, else the weakest wounded ally."""
    me = state.seats[seat]
    if me.life < me.max_life:
        return seat
    wounded = [t for t in living(state) if state.seats[t].life < state.seats[t].max_life
               and enemy_score(state, seat, t) < 0]
    return min(wounded, key=lambda t: state.seats[t].life) if wounded else seat
