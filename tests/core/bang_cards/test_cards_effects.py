"""Every card kind's effect: docs/rules/bang_cards.md §8-§9."""

from __future__ import annotations

from tests.core.bang_cards.helpers import act, decision, kinds, lives, n, table, texts

BANG, BANG2 = "bang_as", "bang_qh"
MISSED = "missed_2s"
BEER = "beer_6h"


def play(card: str, target: int | None = None, pick: str = "") -> str:
    return "p" + n(card) + ("" if target is None else f"t{target}") + pick


# --- BANG! and Missed! --------------------------------------------------------------------------


def test_BC_BANG_1_an_unanswered_bang_costs_one_life() -> None:
    """[BC-BANG-1, BC-DEC-6] the target is asked; taking the hit costs 1 life."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"hand": [BEER]}})
    state, events = act(state, 0, play(BANG, 1))
    assert "card_played" in kinds(events)
    assert state.discard[-1] == BANG
    assert decision(state) == ("dodge", (1,))
    assert texts(state, 1) == ["t"]  # asked though it holds no Missed! [R-BC-09]
    state, _ = act(state, 1, "t")
    assert lives(state)[1] == 3
    assert decision(state) == ("play", (0,))


def test_BC_MISSED_1_a_missed_cancels_the_bang() -> None:
    """[BC-MISSED-1] the target plays Missed!: no loss, the card is discarded."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"hand": [MISSED]}})
    state, _ = act(state, 0, play(BANG, 1))
    state, events = act(state, 1, "r" + n(MISSED))
    assert lives(state)[1] == 4
    assert "shot_cancelled" in kinds(events)
    assert state.discard[-1] == MISSED
    assert not state.seats[1].hand


def test_BC_MISSED_1_not_on_ones_own_turn() -> None:
    """[BC-MISSED-1] a Missed! cannot be played in one's own phase 2."""
    state = table(5, {0: {"hand": [MISSED]}})
    assert not any(t.startswith("p" + n(MISSED)) for t in texts(state, 0))


def test_BC_BANG_1_an_empty_hand_takes_the_hit_at_once() -> None:
    """[BC-BANG-1, R-BC-09] no card and no Barrel: nothing to ask."""
    state = table(5, {0: {"hand": [BANG]}})
    state, events = act(state, 0, play(BANG, 1))
    assert lives(state)[1] == 3
    assert decision(state) == ("play", (0,))
    assert "hit_taken" in kinds(events)


def test_BC_BANG_3_one_bang_card_a_turn() -> None:
    """[BC-BANG-3] after one BANG!, no other BANG! card may be played."""
    state = table(5, {0: {"hand": [BANG, BANG2]}})
    state, _ = act(state, 0, play(BANG, 1))
    assert not any(t.startswith("p" + n(BANG2)) for t in texts(state, 0))


def test_BC_BANG_3_volcanic_lifts_the_limit() -> None:
    """[BC-BANG-3, BC-WEAPON-1] with a Volcanic in play, any number of BANG!."""
    state = table(5, {0: {"hand": [BANG, BANG2], "in_play": ["volcanic_10s"]}})
    state, _ = act(state, 0, play(BANG, 1))
    assert play(BANG2, 1) in texts(state, 0)


def test_BC_BANG_3_gatling_does_not_use_up_the_bang() -> None:
    """[BC-BANG-3, BC-GATLING-1] the Gatling is not a BANG! card."""
    state = table(5, {0: {"hand": [BANG, "gatling_10h"]}})
    state, _ = act(state, 0, play("gatling_10h"))
    assert decision(state) == ("play", (0,))
    assert play(BANG, 1) in texts(state, 0)


# --- Beer and Saloon ------------------------------------------------------------------------------


def test_BC_BEER_1_heals_its_player_up_to_the_maximum() -> None:
    """[BC-BEER-1, BC-PLAY-6] +1 life; at full life it may be played and does nothing."""
    state = table(5, {0: {"hand": [BEER, "beer_7h"], "life": 4}})
    state, _ = act(state, 0, play(BEER))
    assert lives(state)[0] == 5
    state, _ = act(state, 0, play("beer_7h"))
    assert lives(state)[0] == 5
    assert not state.seats[0].hand


def test_BC_BEER_2_no_heal_with_two_players_left() -> None:
    """[BC-BEER-2] with 2 players alive a Beer heals nothing."""
    state = table(4, {0: {"hand": [BEER], "life": 2}, 1: {"alive": False},
                      2: {"alive": False}})
    state, _ = act(state, 0, play(BEER))
    assert lives(state)[0] == 2


def test_BC_SALOON_1_everyone_regains_one() -> None:
    """[BC-SALOON-1] every living player, its player included, capped."""
    state = table(5, {0: {"hand": ["saloon_5h"], "life": 3}, 1: {"life": 1},
                      2: {"alive": False, "life": 0}})
    state, _ = act(state, 0, play("saloon_5h"))
    assert lives(state) == [4, 2, 0, 4, 4]


# --- drawing cards --------------------------------------------------------------------------------


def test_BC_DRAWCARDS_1_stagecoach_two_wells_fargo_three() -> None:
    """[BC-DRAWCARDS-1] Stagecoach draws 2, Wells Fargo 3, from the top of the deck."""
    deck = ["beer_7h", "beer_8h", "beer_9h", "beer_10h", "beer_jh"]
    state = table(5, {0: {"hand": ["stagecoach_9s_1", "wells_fargo_3h"]}}, deck=deck)
    state, events = act(state, 0, play("stagecoach_9s_1"))
    assert state.seats[0].hand == ["wells_fargo_3h", "beer_7h", "beer_8h"]
    private = [e for e in events if e.kind == "cards_drawn" and e.audience == frozenset({0})]
    assert private
    assert all(e.kind != "cards_drawn" or e.cards == () for e in events
                           if e.audience is None)
    state, _ = act(state, 0, play("wells_fargo_3h"))
    assert state.seats[0].hand == ["beer_7h", "beer_8h", "beer_9h", "beer_10h", "beer_jh"]


def test_BC_GSTORE_1_one_card_each_in_seat_order() -> None:
    """[BC-GSTORE-1, BC-DEC-5, BC-INFO-3] one revealed card per living player; its player
    picks first, then clockwise; the last takes what is left without a prompt."""
    deck = ["beer_7h", "missed_3s", "bang_qh", "panic_jh"]
    state = table(4, {0: {"hand": ["general_store_qs"]}, 2: {"alive": False}}, deck=deck)
    state, events = act(state, 0, play("general_store_qs"))
    assert state.table == ["beer_7h", "missed_3s", "bang_qh"]
    assert "store_revealed" in kinds(events)
    assert decision(state) == ("store_pick", (0,))
    state, _ = act(state, 0, "k" + n("bang_qh"))
    assert decision(state) == ("store_pick", (1,))
    state, _ = act(state, 1, "k" + n("beer_7h"))
    assert state.seats[3].hand == ["missed_3s"]
    assert not state.table
    assert decision(state) == ("play", (0,))


# --- Panic! and Cat Balou -------------------------------------------------------------------------


def test_BC_PANIC_1_a_random_hand_card_seen_by_the_two_only() -> None:
    """[BC-PANIC-1, BC-INFO-2] a random hand card; only taker and victim see which."""
    state = table(5, {0: {"hand": ["panic_jh"]}, 1: {"hand": [BEER, MISSED]}})
    state, events = act(state, 0, play("panic_jh", 1, "h"))
    assert len(state.seats[0].hand) == 1
    assert len(state.seats[1].hand) == 1
    taken = [e for e in events if e.kind == "card_taken"]
    assert [e.card for e in taken if e.audience is None] == [None]
    assert [e.audience for e in taken if e.audience is not None] == [frozenset({0, 1})]


def test_BC_PANIC_1_a_chosen_card_in_play() -> None:
    """[BC-PANIC-1] a card of one's choice from in front of him, into one's hand."""
    state = table(5, {0: {"hand": ["panic_jh"]}, 1: {"in_play": ["barrel_qs", "schofield_ks"]}})
    state, _ = act(state, 0, play("panic_jh", 1, "c" + n("barrel_qs")))
    assert state.seats[0].hand == ["barrel_qs"]
    assert state.seats[1].in_play == ["schofield_ks"]


def test_BC_CATBALOU_1_discards_at_any_distance() -> None:
    """[BC-CATBALOU-1] a random hand card, or a chosen card in play, to the discard pile."""
    state = table(5, {0: {"hand": ["cat_balou_kh", "cat_balou_9d"]},
                      2: {"hand": [BEER], "in_play": ["schofield_ks"]}})
    state, events = act(state, 0, play("cat_balou_kh", 2, "h"))
    assert state.discard[-1] == BEER
    assert not state.seats[2].hand
    assert any(e.kind == "card_discarded" and e.audience is None for e in events)
    state, _ = act(state, 0, play("cat_balou_9d", 2, "c" + n("schofield_ks")))
    assert state.discard[-1] == "schofield_ks"
    assert not state.seats[2].in_play


def test_BC_TARGET_1_and_R_BC_05_never_oneself_nor_a_player_with_nothing() -> None:
    """[BC-TARGET-1, R-BC-05] no self target; a player with no card cannot be chosen."""
    state = table(5, {0: {"hand": ["panic_jh", "cat_balou_kh"], "in_play": ["barrel_qs"]},
                      1: {"hand": [BEER]}})
    legal = texts(state, 0)
    assert not any(t.startswith((f"p{n('panic_jh')}t0", f"p{n('cat_balou_kh')}t0"))
                   for t in legal)
    assert not any(t.startswith(f"p{n('cat_balou_kh')}t3") for t in legal)
    assert f"p{n('cat_balou_kh')}t1h" in legal


# --- Duel -----------------------------------------------------------------------------------------


def test_BC_DUEL_1_alternating_bang_discards_the_first_who_stops_loses() -> None:
    """[BC-DUEL-1, BC-DEC-7] the target answers first; no Missed! in a Duel."""
    state = table(5, {0: {"hand": ["duel_js", BANG]}, 2: {"hand": [BANG2, MISSED]}})
    state, _ = act(state, 0, play("duel_js", 2))
    assert decision(state) == ("duel", (2,))
    assert texts(state, 2) == ["t", "r" + n(BANG2)]
    state, _ = act(state, 2, "r" + n(BANG2))
    assert decision(state) == ("duel", (0,))
    state, _ = act(state, 0, "r" + n(BANG))
    # seat 2 holds only a Missed!: asked anyway [R-BC-09], it can only give up
    assert decision(state) == ("duel", (2,))
    assert texts(state, 2) == ["t"]
    state, _ = act(state, 2, "t")
    assert lives(state)[2] == 3
    assert state.turn.bangs == 0  # [BC-BANG-3] discards in a Duel are not played BANG!s


def test_BC_DUEL_1_its_player_may_lose_it() -> None:
    """[BC-DUEL-1] the player of the Duel loses 1 life when he cannot answer."""
    state = table(5, {0: {"hand": ["duel_js"]}, 2: {"hand": [BANG2]}})
    state, _ = act(state, 0, play("duel_js", 2))
    state, _ = act(state, 2, "r" + n(BANG2))
    assert lives(state)[0] == 4
    assert decision(state) == ("play", (0,))


# --- Gatling and Indians! -------------------------------------------------------------------------


def test_BC_GATLING_1_every_other_player_answers_at_once() -> None:
    """[BC-GATLING-1, BC-DEC-6] every target with a hand is asked at the same time; the
    losses are applied when the last has answered."""
    state = table(5, {0: {"hand": ["gatling_10h"]}, 1: {"hand": [MISSED]}, 2: {"hand": [BEER]},
                      3: {"hand": [BANG]}})
    state, _events = act(state, 0, play("gatling_10h"))
    assert decision(state) == ("volley", (1, 2, 3))
    assert lives(state)[4] == 4  # seat 4's empty hand: a hit, applied at the end
    state, _ = act(state, 3, "t")
    assert decision(state) == ("volley", (1, 2))
    assert lives(state)[3] == 4
    state, _ = act(state, 1, "r" + n(MISSED))
    state, _ = act(state, 2, "t")
    assert lives(state) == [5, 4, 3, 3, 3]
    assert decision(state) == ("play", (0,))


def test_BC_INDIANS_1_discard_a_bang_or_lose_one() -> None:
    """[BC-INDIANS-1, BC-DEC-8] BANG! discards only: a Missed! does not help."""
    state = table(5, {0: {"hand": ["indians_kd"]}, 1: {"hand": [MISSED]}, 2: {"hand": [BANG]}})
    state, _ = act(state, 0, play("indians_kd"))
    assert decision(state) == ("volley", (1, 2))
    assert texts(state, 1) == ["t"]
    assert texts(state, 2) == ["t", "r" + n(BANG)]
    state, _ = act(state, 2, "r" + n(BANG))
    state, _ = act(state, 1, "t")
    assert lives(state) == [5, 3, 4, 3, 3]


# --- blue cards -----------------------------------------------------------------------------------


def test_BC_PLAY_3_blue_cards_stay_in_front_of_their_player() -> None:
    """[BC-PLAY-2, BC-PLAY-3, BC-DYN-1] brown to the pile, blue in front (Jail: the target)."""
    state = table(5, {0: {"hand": ["barrel_qs", "dynamite_2h", "jail_10s", "stagecoach_9s_1"]}})
    for text in (play("barrel_qs"), play("dynamite_2h"), play("jail_10s", 2)):
        state, _ = act(state, 0, text)
    assert state.seats[0].in_play == ["barrel_qs", "dynamite_2h"]
    assert state.seats[2].in_play == ["jail_10s"]


def test_BC_BARREL_1_a_heart_cancels_the_shot() -> None:
    """[BC-BARREL-1, BC-CHECK-1] the "draw!" is automatic; a heart is a Missed!."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"hand": [BEER], "in_play": ["barrel_qs"]}},
                  deck=["beer_7h"])
    state, events = act(state, 0, play(BANG, 1))
    assert "check_resolved" in kinds(events)
    assert "shot_cancelled" in kinds(events)
    assert lives(state)[1] == 4
    assert state.discard[-1] == "beer_7h"


def test_BC_BARREL_1_a_failed_check_still_allows_a_missed() -> None:
    """[BC-BARREL-1] after a failed check the target may still play Missed!."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"hand": [MISSED], "in_play": ["barrel_qs"]}},
                  deck=["bang_2d"])
    state, _ = act(state, 0, play(BANG, 1))
    assert decision(state) == ("dodge", (1,))
    state, _ = act(state, 1, "r" + n(MISSED))
    assert lives(state)[1] == 4


def test_BC_JAIL_1_never_on_the_sheriff() -> None:
    """[BC-JAIL-1] any other player but the Sheriff, and not twice."""
    state = table(5, {1: {"hand": ["jail_10s"]}, 2: {"in_play": ["jail_js"]}}, turn=1)
    legal = texts(state, 1)
    assert play("jail_10s", 0) not in legal
    assert play("jail_10s", 2) not in legal
    assert play("jail_10s", 3) in legal


def test_BC_JAIL_2_escape_on_a_heart() -> None:
    """[BC-JAIL-2] a heart: the Jail is discarded and the turn is played."""
    state = table(5, {0: {"in_play": ["jail_10s"]}}, phase="start", deck=["beer_7h"])
    assert decision(state) == ("play", (0,))
    assert "jail_10s" in state.discard
    assert not state.seats[0].in_play


def test_BC_JAIL_2_and_BC_JAIL_3_otherwise_the_turn_is_skipped() -> None:
    """[BC-JAIL-2] not a heart: discarded, no phases, the next player's turn starts."""
    state = table(5, {0: {"in_play": ["jail_10s"], "hand": [BEER]}}, phase="start",
                  deck=["bang_2d", "bang_3d", "bang_4d"])
    assert state.turn.active == 1
    assert decision(state) == ("play", (1,))
    assert state.seats[0].hand == [BEER]
    assert "jail_10s" in state.discard


def test_BC_DYN_2_explodes_on_two_to_nine_of_spades() -> None:
    """[BC-DYN-2] 3 life lost, no source; the Dynamite is discarded."""
    state = table(5, {0: {"in_play": ["dynamite_2h"]}}, phase="start", deck=["missed_5s"])
    assert lives(state)[0] == 2
    assert "dynamite_2h" in state.discard


def test_BC_DYN_2_otherwise_it_passes_on() -> None:
    """[BC-DYN-2] any other card: it goes to the next living player; the turn goes on."""
    state = table(5, {0: {"in_play": ["dynamite_2h"]}, 1: {"alive": False}}, phase="start",
                  deck=["bang_qd"])
    assert state.seats[2].in_play == ["dynamite_2h"]
    assert lives(state)[0] == 5
    assert decision(state) == ("play", (0,))


def test_BC_DYN_3_an_explosion_that_kills_skips_the_turn_and_the_jail() -> None:
    """[BC-DYN-3, BC-TURN-3] eliminated before the Jail check; the next player plays."""
    state = table(5, {2: {"in_play": ["dynamite_2h", "jail_10s"], "life": 2}}, turn=2,
                  phase="start", deck=["missed_5s", "beer_7h"])
    assert not state.seats[2].alive
    assert state.turn.active == 3
    assert "jail_10s" in state.discard
