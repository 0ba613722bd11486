"""Conventions, roles' goals, "draw!" checks, out-of-turn play and half-made plays:
docs/rules/bang_cards.md §0, §3, §7, §9, §10 and §17 (BC-GEN, BC-ROLE-1, BC-CHECK-2/3,
BC-PLAY-1, BC-BANG-2, BC-TO-0)."""

from __future__ import annotations

import pytest

from core.bang_cards.actions import EndPlay, Play, Respond
from core.bang_cards.board import distance, others_from
from core.bang_cards.cards import CARD
from core.bang_cards.ids import Kind
from core.engine.errors import IllegalAction
from tests.core.bang_cards.helpers import GAME, act, decision, kinds, lives, n, table, texts

BANG, MISSED, BEER = "bang_as", "missed_2s", "beer_6h"


def play(card: str, target: int | None = None) -> str:
    return "p" + n(card) + ("" if target is None else f"t{target}")


def end_turn(state: object, seat: int) -> object:
    """End phase 2 of `seat` with nothing to discard; return the next turn's state."""
    state, _ = act(state, seat, "e")  # type: ignore[arg-type]
    return state


# --- conventions ----------------------------------------------------------------------------------


def test_BC_GEN_1_turns_go_clockwise_and_wrap_round() -> None:
    """[BC-GEN-1, BC-TURN-1] 0 -> 1 -> ... -> 4 -> 0: the next player is the one to the left."""
    state = table(5, {seat: {"character": "willy_the_kid"} for seat in range(5)},
                  phase="start")
    order = [state.turn.active]
    for _ in range(5):
        state = end_turn(state, state.turn.active)
        # Willy draws 2 and has room for them (4 life, 2 cards): no discard to answer
        order.append(state.turn.active)
    assert order == [0, 1, 2, 3, 4, 0]
    assert others_from(state, 3) == [4, 0, 1, 2]


def test_BC_GEN_2_the_dead_are_skipped_for_turns_distance_and_targets() -> None:
    """[BC-GEN-2, BC-DIST-1] seat 1 is dead: seat 0's turn passes to 2, which is now his
    neighbour and in reach of his Colt .45; seat 1 is no target."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"alive": False}})
    assert distance(state, 0, 2) == 1
    targets = {GAME.decode_action(t).target for t in texts(state, 0)  # type: ignore[union-attr]
               if t.startswith("p")}
    assert targets == {2, 4}
    state = end_turn(state, 0)
    assert state.turn.active == 2


def test_BC_GEN_3_zones_hand_secret_in_play_and_discard_public() -> None:
    """[BC-GEN-3, BC-INFO-1] the group sees seat 1's cards in play and the discard pile,
    not his hand; the top of the pile is its last card."""
    state = table(5, {1: {"hand": [MISSED], "in_play": ["mustang_8h"]}},
                  discard=["beer_7h", "bang_kh"])
    group = GAME.view(state, None)
    assert group.seats[1].in_play == ("mustang_8h",)
    assert group.seats[1].hand is None
    assert group.seats[1].hand_count == 1
    assert group.discard == ("beer_7h", "bang_kh")
    assert state.discard[-1] == "bang_kh"


def test_BC_GEN_4_a_draw_takes_the_top_card_a_check_discards_it() -> None:
    """[BC-GEN-4, BC-CHECK-1] Stagecoach puts the deck's top two into the hand; a Barrel's
    "draw!" turns the top card over and puts it on the discard pile, not in a hand."""
    state = table(5, {0: {"hand": ["stagecoach_9s_1", BANG]}, 1: {"in_play": ["barrel_qs"],
                                                                 "hand": [BEER]}},
                  deck=["bang_2c", "bang_3c", "beer_8h"])
    state, _ = act(state, 0, play("stagecoach_9s_1"))
    assert state.seats[0].hand == [BANG, "bang_2c", "bang_3c"]
    state, events = act(state, 0, play(BANG, 1))
    assert "check_revealed" in kinds(events)
    assert state.discard[-1] == "beer_8h"
    assert "beer_8h" not in state.seats[1].hand
    assert lives(state)[1] == 4  # the heart cancelled the shot


def test_BC_GEN_5_no_heal_goes_above_the_maximum() -> None:
    """[BC-GEN-5, BC-SALOON-1] a Saloon heals the wounded by one, the full not at all."""
    state = table(5, {0: {"hand": ["saloon_5h"]}, 1: {"life": 4}, 2: {"life": 1}})
    state, _ = act(state, 0, play("saloon_5h"))
    assert lives(state) == [5, 4, 2, 4, 4]
    assert all(s.life <= s.max_life for s in state.seats)


# --- roles' goals ---------------------------------------------------------------------------------


def test_BC_ROLE_1_a_renegade_killing_the_sheriff_early_makes_the_outlaws_win() -> None:
    """[BC-ROLE-1, BC-END-1] the Outlaws are dead but the Deputy lives: the Renegade who
    shoots the Sheriff is not the last one standing, so the (dead) Outlaws win."""
    state = table(5, {4: {"hand": [BANG]}, 0: {"life": 1}, 2: {"alive": False},
                      3: {"alive": False}}, turn=4)
    state, _ = act(state, 4, play(BANG, 0))
    assert state.outcome is not None
    assert (state.outcome.side, state.outcome.winners) == ("outlaws", frozenset({2, 3}))


def test_BC_ROLE_1_the_renegade_wins_only_alone() -> None:
    """[BC-ROLE-1] alone with the Sheriff, the Renegade's last shot makes him the winner."""
    state = table(5, {4: {"hand": [BANG]}, 0: {"life": 1}, 1: {"alive": False},
                      2: {"alive": False}, 3: {"alive": False}}, turn=4)
    state, _ = act(state, 4, play(BANG, 0))
    assert state.outcome is not None
    assert (state.outcome.side, state.outcome.winners) == ("renegade", frozenset({4}))


# --- "draw!" checks -------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "cancels"), [
    ("beer_8h", True), ("bang_ah", True), ("bang_ad", False), ("missed_2s", False),
    ("bang_2c", False),
])
def test_BC_CHECK_2_a_barrel_needs_a_heart(card: str, cancels: bool) -> None:
    """[BC-CHECK-2, BC-BARREL-1] only hearts cancel; a diamond (also red) does not."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"in_play": ["barrel_qs"]}}, deck=[card])
    state, _ = act(state, 0, play(BANG, 1))
    assert lives(state)[1] == (4 if cancels else 3)


@pytest.mark.parametrize(("card", "explodes"), [
    ("missed_2s", True), ("stagecoach_9s_1", True), ("missed_8s", True),
    ("volcanic_10s", False), ("bang_as", False), ("bang_2d", False), ("beer_9h", False),
])
def test_BC_CHECK_2_dynamite_explodes_on_spades_two_to_nine(card: str, explodes: bool) -> None:
    """[BC-CHECK-2, BC-DYN-2] 2 and 9 of spades explode; 10 and ace of spades, a red 2 or 9
    do not."""
    state = table(5, {0: {"in_play": ["dynamite_2h"]}}, phase="start", deck=[card])
    assert lives(state)[0] == (2 if explodes else 5)
    assert ("dynamite_2h" in state.seats[1].in_play) == (not explodes)


@pytest.mark.parametrize(("card", "escapes"), [("jail_4h", True), ("bang_qd", False)])
def test_BC_CHECK_2_jail_escape_on_a_heart(card: str, escapes: bool) -> None:
    """[BC-CHECK-2, BC-JAIL-2] a heart frees him, a diamond does not."""
    state = table(5, {0: {"in_play": ["jail_10s"]}}, phase="start", deck=[card])
    assert (state.turn.active == 0) == escapes


def test_BC_CHECK_3_lucky_duke_both_cards_discarded_his_choice_on_top() -> None:
    """[BC-CHECK-3, BC-CHAR-DUKE-1] he picks the heart: both cards go to the discard pile,
    the one that counts last, and the Barrel cancels the shot."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"character": "lucky_duke",
                                               "in_play": ["barrel_qs"], "hand": [BEER]}},
                  deck=["beer_7h", "bang_2c"])
    state, _ = act(state, 0, play(BANG, 1))
    assert decision(state) == ("lucky_pick", (1,))
    state, _ = act(state, 1, "k" + n("beer_7h"))
    assert state.discard[-2:] == ["bang_2c", "beer_7h"]
    assert state.table == []
    assert lives(state)[1] == 4


# --- the Gatling's shots --------------------------------------------------------------------------


def test_BC_BANG_2_each_gatling_target_answers_a_shot_of_its_own() -> None:
    """[BC-BANG-2, BC-GATLING-1] a Barrel checks for its owner's shot, a Missed! cancels
    another target's; Indians! is no shot, so neither helps against it."""
    state = table(5, {0: {"hand": ["gatling_10h"]}, 1: {"in_play": ["barrel_qs"]},
                      2: {"hand": [MISSED]}}, deck=["beer_8h"])
    state, events = act(state, 0, play("gatling_10h"))
    assert "check_revealed" in kinds(events)
    assert decision(state) == ("volley", (2,))
    assert texts(state, 2) == ["t", "r" + n(MISSED)]
    state, _ = act(state, 2, "r" + n(MISSED))
    assert lives(state) == [5, 4, 4, 3, 3]
    indians = table(5, {0: {"hand": ["indians_kd"]}, 1: {"in_play": ["barrel_qs"]},
                        2: {"hand": [MISSED]}}, deck=["beer_8h"])
    indians, events = act(indians, 0, play("indians_kd"))
    assert "check_revealed" not in kinds(events)
    assert texts(indians, 2) == ["t"]


# --- out of turn ----------------------------------------------------------------------------------


def test_BC_PLAY_1_out_of_turn_only_answers() -> None:
    """[BC-PLAY-1, BC-DEC-6] in seat 0's phase 2 only seat 0 acts; shot at, seat 1 may
    only play Missed! or take the hit: no Beer, no BANG!, no blue card."""
    hand = [MISSED, BEER, "bang_kh", "barrel_qs"]
    state = table(5, {0: {"hand": [BANG]}, 1: {"hand": hand, "life": 3}})
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.legal_actions(state, 1) == []
    state, _ = act(state, 0, play(BANG, 1))
    assert sorted(texts(state, 1)) == sorted(["t", "r" + n(MISSED)])
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Respond(BEER))


# --- a half-made play cannot time out ------------------------------------------------------------


@pytest.mark.parametrize("card", ["bang_as", "panic_jh", "cat_balou_kh", "duel_js", "jail_10s"])
def test_BC_TO_0_a_card_and_its_target_are_one_action(card: str) -> None:
    """[BC-TO-0, BC-DEC-4] a targeted card is legal only with its target (and Panic!/Cat
    Balou with the card they take): a play is never left half chosen, so a timeout has no
    half-made play to cancel and meets the BC-TO-PLAY script with the hand intact."""
    state = table(5, {0: {"hand": [card]}, 1: {"hand": [BEER]}})
    legal = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Play)]
    assert legal
    assert all(a.target is not None for a in legal)
    if CARD[card].kind in (Kind.PANIC, Kind.CAT_BALOU):
        assert all(a.pick is not None for a in legal)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Play(card))
    assert EndPlay() in GAME.legal_actions(state, 0)
    assert state.seats[0].hand == [card]
