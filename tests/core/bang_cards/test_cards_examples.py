"""The worked examples of docs/rules/bang_cards.md §19 (BC-EX-1..12) and their variants, and
R-BC-06."""

from __future__ import annotations

from tests.core.bang_cards.helpers import act, decision, lives, n, table

BANG, MISSED, BEER = "bang_as", "missed_2s", "beer_6h"


def bang_at(target: int) -> str:
    return "p" + n(BANG) + f"t{target}"


def test_BC_EX_1_barrel_then_jourdonnais() -> None:
    """[BC-EX-1] the Barrel fails on 7 of spades, his own check succeeds on 3 of hearts."""
    state = table(5, {0: {"hand": [BANG], "in_play": ["schofield_ks"]},
                      2: {"character": "jourdonnais", "in_play": ["barrel_qs"],
                          "hand": [MISSED]}}, deck=["missed_7s", "jail_4h"])
    state, _ = act(state, 0, bang_at(2))
    assert lives(state)[2] == 4
    assert state.seats[2].hand == [MISSED]
    assert state.discard[-2:] == ["missed_7s", "jail_4h"]
    failed = table(5, {0: {"hand": [BANG], "in_play": ["schofield_ks"]},
                       2: {"character": "jourdonnais", "in_play": ["barrel_qs"],
                           "hand": [MISSED]}}, deck=["missed_7s", "bang_2c"])
    failed, _ = act(failed, 0, bang_at(2))
    assert decision(failed) == ("dodge", (2,))  # both failed: he may still play Missed!
    duke = table(5, {0: {"hand": [BANG]}, 1: {"character": "lucky_duke",
                                              "in_play": ["barrel_qs"], "hand": [BEER]}},
                 deck=["missed_7s", "jail_4h"])
    duke, _ = act(duke, 0, bang_at(1))
    assert decision(duke) == ("lucky_pick", (1,))
    assert len(duke.table) == 2


def test_BC_EX_2_slab_needs_two_missed_effects() -> None:
    """[BC-EX-2] a Barrel success plus one Missed! cancel Slab's BANG!; a failed check leaves
    the single Missed! useless; two checks of Jourdonnais with a Barrel suffice; Slab's
    Gatling needs one."""
    slab = {"hand": [BANG], "character": "slab_the_killer"}
    state = table(5, {0: slab, 1: {"hand": [MISSED], "in_play": ["barrel_qs"]}},
                  deck=["bang_kh"])
    state, _ = act(state, 0, bang_at(1))
    assert state.pending is not None
    assert state.pending.need == 1
    state, _ = act(state, 1, "r" + n(MISSED))
    assert lives(state)[1] == 4
    jourd = table(5, {0: slab, 1: {"character": "jourdonnais", "in_play": ["barrel_qs"],
                                   "hand": [BEER]}}, deck=["beer_7h", "beer_8h"])
    jourd, _ = act(jourd, 0, bang_at(1))
    assert lives(jourd)[1] == 4
    assert decision(jourd) == ("play", (0,))
    gatling = table(5, {0: {"hand": ["gatling_10h"], "character": "slab_the_killer"},
                        1: {"hand": [MISSED]}})
    gatling, _ = act(gatling, 0, "p" + n("gatling_10h"))
    gatling, _ = act(gatling, 1, "r" + n(MISSED))
    assert lives(gatling)[1] == 4


def test_BC_EX_3_dynamite_before_jail() -> None:
    """[BC-EX-3] 5 of spades explodes (4 -> 1), then 10 of hearts frees him; variants."""
    both = ["dynamite_2h", "jail_js"]
    state = table(5, {1: {"in_play": both, "life": 4}}, turn=1, phase="start",
                  deck=["missed_5s", "beer_10h"])
    assert lives(state)[1] == 1
    assert state.turn.active == 1
    assert not state.seats[1].in_play
    passed = table(5, {1: {"in_play": both}}, turn=1, phase="start",
                   deck=["general_store_qs", "bang_3c", "bang_4c"])
    # Q of spades: passed on; 3 of clubs: turn skipped; seat 2's own check passes it again
    assert passed.turn.active == 2
    assert "jail_js" in passed.discard
    assert "dynamite_2h" in passed.seats[3].in_play
    dying = table(5, {1: {"in_play": both, "life": 3, "hand": [BEER]}}, turn=1,
                  phase="start", deck=["missed_5s"])
    assert decision(dying) == ("save", (1,))
    dying, _ = act(dying, 1, "r" + n(BEER))
    assert lives(dying)[1] == 1
    assert "jail_js" in dying.discard


def test_BC_EX_6_whoever_kills_an_outlaw_with_a_gatling_draws_three() -> None:
    """[BC-EX-6] even an Outlaw's Gatling."""
    state = table(5, {2: {"hand": ["gatling_10h"]}, 3: {"life": 1}}, turn=2,
                  deck=["bang_2c", "bang_3c", "bang_4c"])
    state, _ = act(state, 2, "p" + n("gatling_10h"))
    assert not state.seats[3].alive
    assert sorted(state.seats[2].hand) == ["bang_2c", "bang_3c", "bang_4c"]


def test_BC_EX_9_and_R_BC_06_bart_cassidy_draws_even_at_zero() -> None:
    """[BC-EX-9, R-BC-06] the Dynamite takes Bart from 3 to 0: he draws 3 and a drawn Beer
    saves him."""
    state = table(5, {1: {"character": "bart_cassidy", "in_play": ["dynamite_2h"],
                          "life": 3}}, turn=1, phase="start",
                  deck=["missed_5s", BEER, "bang_2c", "bang_3c"])
    assert lives(state)[1] == 0
    assert len(state.seats[1].hand) == 3
    assert decision(state) == ("save", (1,))
    state, _ = act(state, 1, "r" + n(BEER))
    assert lives(state)[1] == 1


def test_BC_EX_10_calamity_discards_a_missed_to_indians() -> None:
    """[BC-EX-10] two Missed! and no BANG!: a Missed! answers Indians!."""
    state = table(5, {0: {"hand": ["indians_kd"]}, 1: {"character": "calamity_janet",
                                                       "hand": [MISSED, "missed_3s"]}})
    state, _ = act(state, 0, "p" + n("indians_kd"))
    state, _ = act(state, 1, "r" + n(MISSED))
    assert lives(state)[1] == 4


def test_BC_EX_11_el_gringo_and_a_gatling() -> None:
    """[BC-EX-11] a card from the Gatling's player; nothing if his hand is empty."""
    state = table(5, {0: {"hand": ["gatling_10h", BEER]}, 1: {"character": "el_gringo"}})
    state, _ = act(state, 0, "p" + n("gatling_10h"))
    assert state.seats[1].hand == [BEER]
    assert lives(state)[1] == 2
    empty = table(5, {0: {"hand": ["gatling_10h"]}, 1: {"character": "el_gringo"}})
    empty, _ = act(empty, 0, "p" + n("gatling_10h"))
    assert empty.seats[1].hand == []
    assert lives(empty)[1] == 2


def test_BC_EX_5_variants_beer_heals_nobody_with_two_left_saloon_and_sid_do() -> None:
    """[BC-EX-5, BC-BEER-2, BC-CHAR-SID-1] Sheriff and Renegade alone: the Sheriff's Beer at
    2 of 5 leaves him at 2; a Saloon heals both; Sid Ketchum's two cards heal him."""
    alone = {1: {"alive": False}, 2: {"alive": False}, 3: {"alive": False}}
    beer = table(5, {0: {"hand": [BEER], "life": 2}, 4: {"life": 1}, **alone})
    beer, _ = act(beer, 0, "p" + n(BEER))
    assert lives(beer)[0] == 2
    assert BEER in beer.discard
    saloon = table(5, {0: {"hand": ["saloon_5h"], "life": 2}, 4: {"life": 1}, **alone})
    saloon, _ = act(saloon, 0, "p" + n("saloon_5h"))
    assert (lives(saloon)[0], lives(saloon)[4]) == (3, 2)
    sid = table(5, {0: {"hand": [BEER, "bang_2c"], "life": 2, "character": "sid_ketchum"},
                    4: {"life": 1}, **alone})
    sid, _ = act(sid, 0, "s" + "".join(sorted([n("bang_2c"), n(BEER)])))
    assert lives(sid)[0] == 3


def test_BC_EX_9_bart_cassidy_at_four_life_draws_three_and_plays_on() -> None:
    """[BC-EX-9, BC-CHAR-BART-1] the Dynamite takes Bart from 4 to 1: three cards, no save
    window, and his turn goes on to phase 1."""
    state = table(5, {1: {"character": "bart_cassidy", "in_play": ["dynamite_2h"]}},
                  turn=1, phase="start",
                  deck=["missed_5s", "bang_2c", "bang_3c", "bang_4c", "beer_7h", "beer_8h"])
    assert lives(state)[1] == 1
    assert sorted(state.seats[1].hand) == sorted(
        ["bang_2c", "bang_3c", "bang_4c", "beer_7h", "beer_8h"])  # 3 for the loss, 2 drawn
    assert decision(state) == ("play", (1,))


def test_BC_EX_12_after_the_renegade_the_deputy_wins_even_by_dynamite() -> None:
    """[BC-EX-12, BC-3P-2, R-BC-08] the Renegade is gone (not the Deputy's kill): the
    Outlaw's death by Dynamite, credited to nobody, leaves the Deputy last and the winner."""
    state = table(3, {2: {"alive": False}, 1: {"in_play": ["dynamite_2h"], "life": 3}},
                  turn=1, phase="start", deck=["missed_5s"])
    assert not state.seats[1].alive
    assert state.outcome is not None
    assert (state.outcome.side, state.outcome.winners) == ("deputy", frozenset({0}))
