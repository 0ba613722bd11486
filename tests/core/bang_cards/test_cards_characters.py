"""The 16 characters: docs/rules/bang_cards.md §14 (BC-CHAR-*), BC-DEC-1/2/3/10/12."""

from __future__ import annotations

from core.bang_cards.board import distance
from tests.core.bang_cards.helpers import act, decision, kinds, lives, n, table, texts, timeout

BANG, BANG2 = "bang_as", "bang_qh"
MISSED, MISSED2 = "missed_2s", "missed_3s"
BEER = "beer_6h"


def play(card: str, target: int | None = None) -> str:
    return "p" + n(card) + ("" if target is None else f"t{target}")


def test_BC_CHAR_BART_1_draws_a_card_per_life_lost() -> None:
    """[BC-CHAR-BART-1] hit by a BANG!: 1 life lost, 1 card drawn."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"character": "bart_cassidy"}}, deck=[BEER])
    state, _ = act(state, 0, play(BANG, 1))
    assert lives(state)[1] == 3
    assert state.seats[1].hand == [BEER]


def test_BC_CHAR_BLACKJACK_1_a_red_second_card_brings_a_third() -> None:
    """[BC-CHAR-BLACKJACK-1] the second card is shown to all; a heart or diamond: +1."""
    state = table(5, {0: {"character": "black_jack"}}, phase="start",
                  deck=["bang_2c", "bang_2d", "missed_5s"])
    assert state.seats[0].hand == ["bang_2c", "bang_2d", "missed_5s"]
    black = table(5, {0: {"character": "black_jack"}}, phase="start",
                  deck=["bang_2d", "bang_2c", "missed_5s"])
    assert black.seats[0].hand == ["bang_2d", "bang_2c"]


def test_BC_CHAR_CALAMITY_1_missed_as_bang_and_bang_as_missed() -> None:
    """[BC-CHAR-CALAMITY-1] her Missed! is a BANG! (and uses up the one BANG!); her BANG!
    answers a shot."""
    state = table(5, {0: {"hand": [MISSED, BANG], "character": "calamity_janet"}})
    assert play(MISSED, 1) in texts(state, 0)
    state, events = act(state, 0, play(MISSED, 1))
    assert [e.as_kind for e in events if e.kind == "card_played"] == ["bang"]
    assert not any(t.startswith("p" + n(BANG)) for t in texts(state, 0))
    shot = table(5, {1: {"hand": [BANG2], "character": "calamity_janet"}, 0: {"hand": [BANG]}})
    shot, _ = act(shot, 0, play(BANG, 1))
    assert "r" + n(BANG2) in texts(shot, 1)


def test_BC_CHAR_GRINGO_1_draws_from_the_hand_of_who_hurt_him() -> None:
    """[BC-CHAR-GRINGO-1] one random card of the shooter's hand per life lost."""
    state = table(5, {0: {"hand": [BANG, BEER]}, 1: {"character": "el_gringo"}})
    state, events = act(state, 0, play(BANG, 1))
    assert lives(state)[1] == 2
    assert state.seats[1].hand == [BEER]
    assert not state.seats[0].hand
    assert [e.audience for e in events if e.kind == "card_taken" and e.card] == [
        frozenset({0, 1})]


def test_BC_CHAR_GRINGO_1_not_for_dynamite() -> None:
    """[BC-CHAR-GRINGO-1] Dynamite has no source: nothing to draw."""
    state = table(5, {1: {"character": "el_gringo", "in_play": ["dynamite_2h"], "life": 3,
                          "hand": []}, 2: {"hand": [BEER]}}, turn=1, phase="start",
                  deck=["missed_5s"])
    assert not state.seats[1].alive
    assert BEER in state.seats[2].hand


def test_BC_CHAR_JESSE_1_and_BC_DEC_1_first_card_from_a_hand() -> None:
    """[BC-CHAR-JESSE-1, BC-DEC-1] deck, or a random card of another player's hand."""
    state = table(5, {0: {"character": "jesse_jones"}, 2: {"hand": [BEER]}}, phase="start",
                  deck=["bang_2c", "bang_3c"])
    assert decision(state) == ("draw_source", (0,))
    assert texts(state, 0) == ["dd", "d2"]
    state, _ = act(state, 0, "d2")
    assert state.seats[0].hand == [BEER, "bang_2c"]
    assert not state.seats[2].hand


def test_BC_CHAR_JOURD_1_a_built_in_barrel() -> None:
    """[BC-CHAR-JOURD-1] a heart on his own "draw!" cancels the BANG!."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"character": "jourdonnais", "hand": [BEER]}},
                  deck=["beer_7h"])
    state, events = act(state, 0, play(BANG, 1))
    assert lives(state)[1] == 4
    assert "shot_cancelled" in kinds(events)


def test_BC_CHAR_KIT_1_and_BC_DEC_3_sees_three_keeps_two() -> None:
    """[BC-CHAR-KIT-1, BC-DEC-3, BC-INFO-3] the one put back is the next card drawn, and
    only Kit ever sees it."""
    state = table(5, {0: {"character": "kit_carlson"}}, phase="start",
                  deck=["bang_2c", "bang_3c", "beer_7h", "missed_5s"])
    assert decision(state) == ("kit_return", (0,))
    assert state.table == ["bang_2c", "bang_3c", "beer_7h"]
    assert state.table_owner == 0
    state, events = act(state, 0, "k" + n("bang_3c"))
    assert sorted(state.seats[0].hand) == ["bang_2c", "beer_7h"]
    assert state.deck[-1] == "bang_3c"
    assert all(e.audience == frozenset({0}) for e in events
               if getattr(e, "card", None) == "bang_3c")


def test_BC_CHAR_DUKE_1_and_BC_DEC_10_two_cards_he_picks() -> None:
    """[BC-CHAR-DUKE-1, BC-DEC-10] both revealed and discarded; his choice counts."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"character": "lucky_duke", "hand": [BEER],
                                               "in_play": ["barrel_qs"]}},
                  deck=["bang_2c", "beer_7h"])
    state, _ = act(state, 0, play(BANG, 1))
    assert decision(state) == ("lucky_pick", (1,))
    assert texts(state, 1) == ["k" + n("bang_2c"), "k" + n("beer_7h")]
    picked, _ = timeout(state, 1)  # the default picks the heart
    assert lives(picked)[1] == 4
    assert {"bang_2c", "beer_7h"} <= set(picked.discard)
    state, _ = act(state, 1, "k" + n("bang_2c"))
    assert decision(state) == ("dodge", (1,))


def test_BC_CHAR_PAUL_1_seen_one_farther() -> None:
    """[BC-CHAR-PAUL-1] a built-in Mustang."""
    state = table(5, {1: {"character": "paul_regret"}})
    assert distance(state, 0, 1) == 2
    assert distance(state, 1, 0) == 1


def test_BC_CHAR_PEDRO_1_and_BC_DEC_2_first_card_from_the_discard_pile() -> None:
    """[BC-CHAR-PEDRO-1, BC-DEC-2] the top discard, then one from the deck."""
    state = table(5, {0: {"character": "pedro_ramirez"}}, phase="start",
                  discard=["bang_2c", BEER], deck=["missed_5s", "bang_3c"])
    assert texts(state, 0) == ["dd", "dp"]
    state, _ = act(state, 0, "dp")
    assert state.seats[0].hand == [BEER, "missed_5s"]
    assert state.discard == ["bang_2c"]
    empty = table(5, {0: {"character": "pedro_ramirez"}}, phase="start",
                  deck=["missed_5s", "bang_3c"])
    assert empty.seats[0].hand == ["missed_5s", "bang_3c"]  # nothing to choose


def test_BC_CHAR_ROSE_1_sees_one_closer() -> None:
    """[BC-CHAR-ROSE-1] a built-in Scope."""
    state = table(5, {0: {"character": "rose_doolan"}})
    assert [distance(state, 0, i) for i in range(1, 5)] == [1, 1, 1, 1]


def test_BC_CHAR_SID_1_two_cards_for_one_life() -> None:
    """[BC-CHAR-SID-1, BC-DEC-12] on his turn while wounded; it works with 2 players left."""
    state = table(4, {0: {"character": "sid_ketchum", "life": 2, "hand": [BANG, BEER]},
                      1: {"alive": False}, 2: {"alive": False}})
    sid = "s" + n(BANG) + n(BEER)
    assert sid in texts(state, 0)
    state, _ = act(state, 0, sid)
    assert lives(state)[0] == 3
    assert not state.seats[0].hand


def test_BC_CHAR_SID_1_in_the_save_window() -> None:
    """[BC-CHAR-SID-1, BC-DEC-9] dying, he may discard two cards to stay at 1."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"character": "sid_ketchum", "life": 1,
                                               "hand": [BEER, MISSED, "panic_jh"]}})
    state, _ = act(state, 0, play(BANG, 1))
    state, _ = act(state, 1, "t")
    assert decision(state) == ("save", (1,))
    state, _ = act(state, 1, "s" + n(MISSED) + n("panic_jh"))
    assert lives(state)[1] == 1
    assert state.seats[1].alive


def test_BC_CHAR_SLAB_1_two_missed_to_cancel_his_bang() -> None:
    """[BC-CHAR-SLAB-1] one Missed! is not enough against his BANG! card."""
    state = table(5, {0: {"hand": [BANG], "character": "slab_the_killer"},
                      1: {"hand": [MISSED, MISSED2]}})
    state, _ = act(state, 0, play(BANG, 1))
    assert state.pending is not None
    assert state.pending.need == 2
    state, _ = act(state, 1, "r" + n(MISSED))
    assert decision(state) == ("dodge", (1,))
    assert state.pending.need == 1
    state, _ = act(state, 1, "r" + n(MISSED2))
    assert lives(state)[1] == 4


def test_BC_CHAR_SUZY_1_draws_when_her_hand_empties() -> None:
    """[BC-CHAR-SUZY-1] she plays her last card and draws one at once."""
    state = table(5, {0: {"hand": [BEER], "character": "suzy_lafayette", "life": 3}},
                  deck=["bang_2c"])
    state, _ = act(state, 0, play(BEER))
    assert state.seats[0].hand == ["bang_2c"]


def test_BC_CHAR_VULTURE_1_takes_the_cards_of_the_eliminated() -> None:
    """[BC-CHAR-VULTURE-1] hand and cards in play into his hand, not the pile."""
    state = table(5, {0: {"hand": [BANG], "in_play": ["schofield_ks"]},
                      2: {"life": 1, "in_play": ["barrel_qs"]},
                      4: {"character": "vulture_sam"}}, deck=["bang_2c"])
    state, _ = act(state, 0, play(BANG, 2))
    assert not state.seats[2].alive
    assert "barrel_qs" in state.seats[4].hand
    assert "barrel_qs" not in state.discard


def test_BC_CHAR_WILLY_1_any_number_of_bangs() -> None:
    """[BC-CHAR-WILLY-1] no BANG! limit."""
    state = table(5, {0: {"hand": [BANG, BANG2], "character": "willy_the_kid"}})
    state, _ = act(state, 0, play(BANG, 1))
    assert play(BANG2, 1) in texts(state, 0)
