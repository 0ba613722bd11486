"""Which moves each engine lets the table take back (`SupportsUndo`: R-BD-11, R-CE-20,
R-BC-10), and that taking one back gives the game before it at the next version."""

from __future__ import annotations

import json
from typing import Any

import pytest

from core.engine.errors import MalformedAction
from core.engine.protocol import Step, SupportsUndo
from core.engine.registry import game_ids, get_game

HIDDEN_KINDS = {"dice_rolled", "cards_drawn", "check_revealed", "deck_reshuffled",
                "eliminated", "player_eliminated", "identity_revealed", "game_ended",
                "store_revealed", "turn_started"}


def _walk(kind: str, players: int, seeds: range) -> list[tuple[Any, int, Any, Step[Any]]]:
    """Return (state, seat, action, step) for every legal action (at most 12 a state) along
    default-policy playthroughs."""
    game = get_game(kind)
    found = []
    for seed in seeds:
        state = game.setup({}, players, seed).state
        for _ in range(300):
            if not game.to_act(state):
                break
            seat = min(game.to_act(state))
            for action in game.legal_actions(state, seat)[:12]:
                found.append((state, seat, action, game.apply(state, seat, action)))
            state = game.apply(state, seat, game.default_action(state, seat)).state
    return found


@pytest.mark.parametrize("kind", game_ids())
def test_every_engine_supports_undo_and_reserves_its_text(kind: str) -> None:
    game = get_game(kind)
    assert isinstance(game, SupportsUndo)
    with pytest.raises(MalformedAction):
        game.decode_action("<")  # storage.action_log.UNDO


@pytest.mark.parametrize("kind", game_ids())
def test_an_undoable_move_showed_nothing_hidden_and_rewinds_exactly(kind: str) -> None:
    game = get_game(kind)
    walked = _walk(kind, 4, range(1, 4))
    undoable = [(s, seat, a, step) for s, seat, a, step in walked
                if game.undoable(s, seat, a, step)]
    assert undoable
    assert len(undoable) < len(walked)
    for state, seat, action, step in undoable:
        assert all(e.audience is None for e in step.events), game.encode_action(action)
        assert not {e.kind for e in step.events} & HIDDEN_KINDS, game.encode_action(action)
        back = game.rewind(state, step.state)
        assert back.events == ()
        assert game.version(back.state) == game.version(step.state) + 1
        was, now = json.loads(game.dump_state(state)), json.loads(game.dump_state(back.state))
        was.pop("version"), now.pop("version")
        assert was == now
        assert game.legal_actions(back.state, seat) == game.legal_actions(state, seat)
    for state, seat, action, step in walked:
        if any(e.audience is not None or e.kind in HIDDEN_KINDS for e in step.events):
            assert not game.undoable(state, seat, action, step), game.encode_action(action)


def test_dice_a_reroll_is_never_undoable_and_stopping_can_be() -> None:
    """R-BD-11: a roll shows new dice; stopping shows nothing."""
    game = get_game("bang_dice")
    walked = _walk("bang_dice", 5, range(1, 4))
    assert not any(game.undoable(*move) for move in walked if type(move[2]).__name__ == "Reroll")
    assert any(game.undoable(*move) for move in walked if type(move[2]).__name__ == "Stop")


def test_colt_only_a_card_played_face_up_in_schemin_is_undoable() -> None:
    """R-CE-20: a draw, a face-down card and every Stealin' choice stay."""
    game = get_game("colt_express")
    walked = _walk("colt_express", 4, range(1, 4))
    kinds = {type(move[2]).__name__ for move in walked if game.undoable(*move)}
    assert kinds == {"Play"}
    assert not any(game.undoable(*move) for move in walked
                   if type(move[2]).__name__ == "Play" and move[2].hidden)
    assert not any(game.undoable(*move) for move in walked
                   if any(getattr(e, "face_down", False) for e in move[3].events))


def test_cards_a_play_that_draws_or_checks_is_never_undoable() -> None:
    """R-BC-10: a card played shows only the mover's own card; a draw or a "draw!" stays."""
    game = get_game("bang_cards")
    walked = _walk("bang_cards", 5, range(1, 4))
    assert any(game.undoable(*move) for move in walked if type(move[2]).__name__ == "Play")
    for move in walked:
        events = move[3].events
        if {e.kind for e in events} & {"cards_drawn", "check_revealed", "store_revealed"} \
                or any(e.kind == "card_taken" and getattr(e, "zone", "") == "hand"
                       for e in events):
            assert not game.undoable(*move), game.encode_action(move[2])


def test_dice_an_answer_to_an_identity_window_is_never_undoable() -> None:
    """The table's ↩️ offer names the mover: for a window's answer it would name a player
    the window asked in private, a possible holder [OS-ROLE-9, R-BD-11]."""
    game = get_game("bang_dice")
    answers = 0
    for seed in range(1, 30):
        state = game.setup({"modules": ["special_identities"]}, 5, seed).state
        for _ in range(300):
            if not game.to_act(state):
                break
            if state.pending is not None and state.pending.window is not None:
                for seat in game.to_act(state):
                    for action in game.legal_actions(state, seat):
                        answers += 1
                        assert not game.undoable(state, seat, action,
                                                 game.apply(state, seat, action))
            seat = min(game.to_act(state))
            state = game.apply(state, seat, game.default_action(state, seat)).state
    assert answers > 0
