"""Turns, the deck, losing life, elimination, rewards and the end: docs/rules/bang_cards.md
§5, §7, §10, §11 and §13."""

from __future__ import annotations

from tests.core.bang_cards.helpers import act, decision, kinds, lives, n, table, texts, timeout

BANG, BEER, BEER2 = "bang_as", "beer_6h", "beer_7h"


def play(card: str, target: int | None = None) -> str:
    return "p" + n(card) + ("" if target is None else f"t{target}")


def shoot(state: object, target: int, card: str = BANG) -> object:
    state, _ = act(state, 0, play(card, target))  # type: ignore[arg-type]
    return state


# --- turn structure ---------------------------------------------------------------------------


def test_BC_TURN_1_draw_two_then_play_then_discard_to_current_life() -> None:
    """[BC-TURN-1, BC-TURN-2, BC-DEC-11] phase 1 draws 2; phase 3 asks one discard at a time
    until the hand is no bigger than the current life; then the next player."""
    state = table(5, {0: {"life": 2, "hand": [BEER, BEER2], "character": "willy_the_kid"}},
                  phase="start", deck=["bang_2c", "bang_3c"])
    assert len(state.seats[0].hand) == 4
    assert decision(state) == ("play", (0,))
    state, _events = act(state, 0, "e")
    assert decision(state) == ("discard", (0,))
    assert sorted(texts(state, 0)) == sorted("x" + n(c) for c in state.seats[0].hand)
    state, _ = act(state, 0, "x" + n(BEER))
    state, _ = act(state, 0, "x" + n(BEER2))
    assert state.turn.active == 1
    assert len(state.seats[0].hand) == 2


def test_BC_TURN_3_the_active_players_death_ends_his_turn() -> None:
    """[BC-TURN-3] losing his own Duel at 1 life: out, and the next player's turn starts."""
    state = table(5, {2: {"hand": ["duel_js"], "life": 1}, 3: {"hand": [BANG]}}, turn=2)
    state, _ = act(state, 2, play("duel_js", 3))
    state, _ = act(state, 3, "r" + n(BANG))
    assert not state.seats[2].alive
    assert state.turn.active == 3


def test_BC_DECKX_1_and_R_BC_04_reshuffle_keeps_the_top_discard() -> None:
    """[BC-DECKX-1, R-BC-04, BC-CHECK-4] an empty deck is the discard pile but its top card."""
    state = table(5, {0: {"hand": ["stagecoach_9s_1"]}}, deck=[], fill_deck=False)
    top_before = state.discard[-1]
    state, events = act(state, 0, play("stagecoach_9s_1"))
    assert "deck_reshuffled" in kinds(events)
    # the Stagecoach went on the pile before its draw: it is the card left behind
    assert top_before in state.deck or top_before in state.seats[0].hand
    assert state.discard == ["stagecoach_9s_1"]
    assert len(state.seats[0].hand) == 2


# --- losing life and saving oneself ------------------------------------------------------------


def test_BC_BEER_3_and_BC_DEC_9_beers_save_a_dying_player() -> None:
    """[BC-BEER-3, BC-LIFE-1, BC-DEC-9] at 0 or less he may play Beers, each +1, up to 1."""
    state = table(5, {2: {"in_play": ["dynamite_2h"], "life": 2, "hand": [BEER, BEER2]}},
                  turn=2, phase="start", deck=["missed_5s"])
    assert decision(state) == ("save", (2,))
    assert lives(state)[2] == -1
    state, _ = act(state, 2, "r" + n(BEER))
    assert decision(state) == ("save", (2,))
    assert lives(state)[2] == 0
    state, _ = act(state, 2, "r" + n(BEER2))
    assert lives(state)[2] == 1
    assert state.turn.active == 2


def test_BC_BEER_2_and_BC_EX_5_no_save_with_two_players_left() -> None:
    """[BC-BEER-2, BC-EX-5] the Renegade's Beer cannot save him: the Sheriff wins."""
    state = table(5, {0: {"hand": [BANG], "life": 2}, 1: {"alive": False},
                      2: {"alive": False}, 3: {"alive": False},
                      4: {"life": 1, "hand": [BEER]}})
    state = shoot(state, 4)
    state, _ = act(state, 4, "t")
    assert state.outcome is not None
    assert state.outcome.side == "law"


def test_BC_LIFE_2_declining_the_save_eliminates() -> None:
    """[BC-LIFE-2, BC-ELIM-1] he may keep his Beer and die."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"life": 1, "hand": [BEER]}})
    state = shoot(state, 1)
    state, _ = act(state, 1, "t")
    state, events = act(state, 1, "t")
    assert not state.seats[1].alive
    assert state.seats[1].role_revealed
    assert "player_eliminated" in kinds(events)


def test_BC_ELIM_1_and_R_BC_07_cards_to_the_pile_hand_first() -> None:
    """[BC-ELIM-1, R-BC-07] hand first, then the cards in play; no prompt for the order."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"life": 1, "hand": ["missed_2s"],
                                               "in_play": ["barrel_qs"]}}, deck=["bang_2c"])
    state = shoot(state, 1)  # the Barrel's "draw!" fails on a club
    state, _ = act(state, 1, "t")
    assert decision(state) == ("save", (1,))  # asked, though he holds no Beer [R-BC-09]
    state, _ = act(state, 1, "t")
    assert state.discard[-2:] == ["missed_2s", "barrel_qs"]


# --- rewards and penalties ----------------------------------------------------------------------


def test_BC_REW_1_whoever_kills_an_outlaw_draws_three() -> None:
    """[BC-REW-1, BC-REW-4] even another Outlaw."""
    state = table(5, {2: {"hand": [BANG]}, 3: {"life": 1}}, turn=2,
                  deck=["bang_2c", "bang_3c", "bang_4c"])
    state, events = act(state, 2, play(BANG, 3))
    assert sorted(state.seats[2].hand) == ["bang_2c", "bang_3c", "bang_4c"]
    assert "rewarded" in kinds(events)


def test_BC_REW_2_and_BC_EX_4_the_sheriff_who_kills_a_deputy_loses_everything() -> None:
    """[BC-REW-2, BC-EX-4] hand and cards in play discarded; back to the Colt .45."""
    state = table(5, {0: {"hand": [BANG, BEER, BEER2], "in_play": ["barrel_qs", "schofield_ks"]},
                      1: {"life": 1}})
    state = shoot(state, 1)
    assert not state.seats[1].alive
    assert state.seats[0].hand == []
    assert state.seats[0].in_play == []


def test_BC_REW_3_vulture_sam_takes_first_then_the_sheriff_discards() -> None:
    """[BC-REW-3] a Vulture Sam Sheriff takes the Deputy's cards, then discards all."""
    state = table(5, {0: {"hand": [BANG], "character": "vulture_sam",
                          "in_play": ["schofield_ks"]},
                      1: {"life": 1, "hand": [BEER2], "in_play": ["mustang_8h"]}})
    state = shoot(state, 1)
    state, _ = act(state, 1, "t")
    state, _ = act(state, 1, "t")
    assert state.seats[0].hand == []
    assert {BEER2, "mustang_8h"} <= set(state.discard)


def test_BC_REW_4_and_BC_EX_7_losing_ones_own_duel_rewards_nobody() -> None:
    """[BC-REW-4, BC-EX-7, BC-GEN-6] the Outlaw loses his Duel: no one draws 3."""
    state = table(5, {2: {"hand": ["duel_js"], "life": 1}, 0: {"hand": [BANG]}}, turn=2)
    state, _ = act(state, 2, play("duel_js", 0))
    state, _ = act(state, 0, "r" + n(BANG))
    assert not state.seats[2].alive
    assert state.seats[0].hand == []


# --- end of the game ----------------------------------------------------------------------------


def test_BC_END_1_the_law_wins_when_outlaws_and_renegades_are_out() -> None:
    """[BC-END-1] (b)."""
    state = table(5, {0: {"hand": [BANG]}, 2: {"alive": False}, 3: {"alive": False},
                      4: {"life": 1}})
    state = shoot(state, 4)
    assert state.outcome is not None
    assert (state.outcome.side, state.outcome.winners) == ("law", frozenset({0, 1}))


def test_BC_END_1_the_outlaws_win_when_the_sheriff_falls() -> None:
    """[BC-END-1] (a): dead Outlaws win too."""
    state = table(5, {4: {"hand": [BANG]}, 0: {"life": 1}}, turn=4)
    state, _ = act(state, 4, play(BANG, 0))
    assert state.outcome is not None
    assert (state.outcome.side, state.outcome.winners) == ("outlaws", frozenset({2, 3}))


def test_BC_END_1_the_game_ends_once_the_card_has_finished() -> None:
    """[BC-END-1, BC-GATLING-1] a Renegade's Gatling kills the Sheriff, then the Deputy: the
    end is checked after the card, so the Renegade is alone and wins."""
    state = table(5, {4: {"hand": ["gatling_10h"]}, 0: {"life": 1}, 1: {"life": 1},
                      2: {"alive": False}, 3: {"alive": False}}, turn=4)
    state, _ = act(state, 4, play("gatling_10h"))
    assert state.outcome is not None
    assert (state.outcome.side, state.outcome.winners) == ("renegade", frozenset({4}))


def test_BC_END_1_eight_players_the_sheriff_falls_with_two_renegades_alive() -> None:
    """[BC-END-1] two Renegades alive when the Sheriff dies: the Outlaws win."""
    state = table(8, {6: {"hand": [BANG]}, 0: {"life": 1}, 1: {"alive": False},
                      2: {"alive": False}, 3: {"alive": False}, 4: {"alive": False},
                      5: {"alive": False}}, turn=6)
    state, _ = act(state, 6, play(BANG, 0))
    assert state.outcome is not None
    assert state.outcome.side == "outlaws"


# --- three players ------------------------------------------------------------------------------


def test_BC_3P_2_and_BC_3P_3_a_hunter_who_kills_his_target_wins() -> None:
    """[BC-3P-2, BC-3P-3] the Deputy (seat 0) kills the Renegade (seat 2): he wins at once."""
    state = table(3, {0: {"hand": [BANG]}, 2: {"life": 1}})
    state = shoot(state, 2)
    assert state.outcome is not None
    assert (state.outcome.side, state.outcome.winners) == ("deputy", frozenset({0}))


def test_BC_3P_3_and_BC_EX_12_any_kill_draws_three_then_last_survivor() -> None:
    """[BC-3P-3, BC-EX-12] the Outlaw kills the Renegade: 3 cards, no win yet; then the
    Deputy wins if the Outlaw dies by any cause."""
    state = table(3, {1: {"hand": [BANG]}, 2: {"life": 1}}, turn=1,
                  deck=["bang_2c", "bang_3c", "bang_4c"])
    state, _ = act(state, 1, play(BANG, 2))
    assert state.outcome is None
    assert len(state.seats[1].hand) == 3
    assert state.seats[1].hand == ["bang_2c", "bang_3c", "bang_4c"]


def test_BC_3P_4_jail_on_anyone() -> None:
    """[BC-3P-4] no Sheriff: Jail may go on any other player."""
    state = table(3, {1: {"hand": ["jail_10s"]}}, turn=1)
    assert play("jail_10s", 0) in texts(state, 1)
    assert play("jail_10s", 2) in texts(state, 1)


def test_BC_3P_5_and_R_BC_08_a_dynamite_kill_credits_nobody() -> None:
    """[BC-3P-5, R-BC-08] the Renegade dies to Dynamite: nobody won, the two play on."""
    state = table(3, {2: {"in_play": ["dynamite_2h"], "life": 3}}, turn=2, phase="start",
                  deck=["missed_5s"])
    assert not state.seats[2].alive
    assert state.outcome is None
    assert state.turn.active == 0


def test_BC_3P_2_the_last_survivor_wins_after_another_death() -> None:
    """[BC-3P-2] once the first death was not a hunter's, the last one alive wins."""
    state = table(3, {0: {"hand": [BANG]}, 1: {"life": 1}, 2: {"alive": False}})
    state = shoot(state, 1)
    assert state.outcome is not None
    assert state.outcome.winners == frozenset({0})
    assert state.outcome.reason == "last_survivor"


def test_BC_DEC_9_timeout_drinks_a_beer_only_if_it_saves() -> None:
    """[BC-TO table] the save window's default plays Beers that raise life to 1."""
    state = table(5, {2: {"in_play": ["dynamite_2h"], "life": 2, "hand": [BEER, "bang_2c"]}},
                  turn=2, phase="start", deck=["missed_5s"])
    state, _ = timeout(state, 2)
    assert not state.seats[2].alive
