"""Special identities leak nothing through the shape of the game [OS-ROLE-9, BD-INFO-3].

Two tables that differ only in who holds a special card (or whether anyone does) must
look the same to the group and to every seat but the holder: the same windows, the same
seats owing answers, the same public events and views, when play follows the timeout
policy (which never reveals).
"""

from __future__ import annotations

import json

import pytest

from core.bang_dice.ids import Identity, Role
from core.bang_dice.state import DiceState
from core.engine.registry import get_game

GAME = get_game("bang_dice")
OPTIONS = {"modules": ["special_identities", "saloon_dice", "chief_arrow"],
           "identity_mode": "mixed"}


def _trace(state: DiceState, watcher: int, holder: int, steps: int = 400) -> list[str]:
    """Return what the group and `watcher` see along a timeout-policy game, until the
    holder is eliminated (an elimination shows the card, as the rules say [BD-ELIM-1])."""
    seen = []
    for _ in range(steps):
        owed = sorted(GAME.to_act(state))
        if not owed or not state.seats[holder].alive:
            break
        seat = owed[0]
        group = GAME.view_json(GAME.view(state, None))
        mine = GAME.view_json(GAME.view(state, watcher))
        legal = [GAME.encode_action(a) for a in GAME.legal_actions(state, watcher)]
        step = GAME.apply(state, seat, GAME.default_action(state, seat))
        public = [e.to_json() for e in step.events if e.visible_to(None)]
        seen.append(json.dumps([owed, seat, group, mine, legal, public], sort_keys=True))
        state = step.state
    return seen


def _with_card(state: DiceState, holder: int, card: Identity | None) -> DiceState:
    variant = GAME.load_state(GAME.dump_state(state))
    variant.seats[holder].identity = card
    return variant


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("card", [Identity.THE_DOCTOR, Identity.THE_JUDGE, Identity.THE_BAD,
                                  Identity.THE_GAMBLER, Identity.DEVILS_LEFT_HAND])
def test_holding_a_reaction_card_changes_nothing_anyone_else_sees(seed: int,
                                                                 card: Identity) -> None:
    state = GAME.setup(OPTIONS, 7, seed).state
    kind = {Identity.THE_DOCTOR: Role.DEPUTY, Identity.THE_JUDGE: Role.DEPUTY,
            Identity.THE_BAD: Role.OUTLAW, Identity.THE_GAMBLER: Role.OUTLAW,
            Identity.DEVILS_LEFT_HAND: Role.RENEGADE}[card]
    same_type = [i for i, s in enumerate(state.seats) if s.role is kind]
    for seat in same_type:  # nobody holds the card in the base table
        if state.seats[seat].identity is card:
            state.seats[seat].identity = None
    holder = same_type[0]
    watchers = [i for i in range(7) if i != holder]
    for watcher in watchers[:3]:
        without = _trace(state, watcher, holder)
        with_card = _trace(_with_card(state, holder, card), watcher, holder)
        assert len(without) > 20
        assert without == with_card


def test_windows_are_owed_by_every_secret_identity_not_only_the_holder() -> None:
    spec_state = GAME.setup(OPTIONS, 6, 4).state
    state = spec_state
    windows = 0
    for _ in range(300):
        owed = GAME.to_act(state)
        if not owed:
            break
        if state.pending is not None and state.pending.window is not None:
            windows += 1
            secret = {i for i, s in enumerate(state.seats)
                      if s.alive and not s.role_revealed}
            excluded = {state.turn.active} if state.pending.window is Identity.THE_GAMBLER \
                else set()
            assert set(owed) <= secret
            assert len(owed) >= 1
            group = GAME.view(state, None)
            assert group.to_act == ()
            assert group.window == state.pending.window.value
            assert excluded.isdisjoint(owed) or len(owed) < len(secret)
        seat = min(owed)
        state = GAME.apply(state, seat, GAME.default_action(state, seat)).state
    assert windows > 5
