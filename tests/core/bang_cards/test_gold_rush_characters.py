"""The 8 Gold Rush characters (docs/rules/gold_rush.md §6: GR-CHAR-*, R-GR-11/12,
GR-EX-5/7/11/12)."""

from __future__ import annotations

from tests.core.bang_cards.gold_rush_helpers import buy, gr_table, nuggets, sell, use
from tests.core.bang_cards.helpers import act, decision, lives, n, texts

BANG, MISSED, BEER = "bang_as", "missed_2s", "beer_6h"


def play(card: str, target: int | None = None) -> str:
    return "p" + n(card) + ("" if target is None else f"t{target}")


def test_GR_CHAR_DONBELL_1_and_GR_EX_11_a_red_check_brings_another_turn() -> None:
    """[GR-CHAR-DONBELL-1, GR-EX-11] a diamond at the end of his turn: another turn, and
    no check at the end of that one."""
    state = gr_table(5, {0: {"character": "don_bell"}},
                     deck=["bang_7d", "missed_3s", "missed_4s", "bang_kh"])
    state, events = act(state, 0, "e")
    assert [e.cause for e in events if e.kind == "extra_turn"] == ["don_bell"]
    assert [e.seat for e in events if e.kind == "turn_started"] == [0]
    assert state.seats[0].hand == ["missed_3s", "missed_4s"]
    state, events = act(state, 0, "e")
    assert not [e for e in events if e.kind == "check_revealed"]
    assert state.turn.active == 1


def test_GR_CHAR_DONBELL_1_no_check_on_black_nor_after_a_jail() -> None:
    """[GR-CHAR-DONBELL-1] a black card: no extra turn; a turn the Jail took: no check."""
    black = gr_table(5, {0: {"character": "don_bell"}}, deck=["bang_5c"])
    black, _ = act(black, 0, "e")
    assert black.turn.active == 1
    jailed = gr_table(5, {1: {"character": "don_bell", "in_play": ["jail_10s"]}},
                      deck=["bang_5c", "bang_7d"])
    jailed, events = act(jailed, 0, "e")
    assert [e.purpose for e in events if e.kind == "check_revealed"] == ["jail"]
    assert jailed.turn.active == 2


def test_GR_CHAR_DUTCH_1_and_R_GR_11_drops_a_drawn_card_for_a_nugget() -> None:
    """[GR-CHAR-DUTCH-1, R-GR-11, GR-DEC-7] with a Pickaxe he draws 3 and drops one of
    those 3 (not the card he held), then takes a nugget."""
    state = gr_table(5, {0: {"character": "dutch_will", "equipment": ["pickaxe"],
                             "hand": [BEER]}}, phase="start",
                     deck=["bang_2c", "bang_3c", "missed_5s"])
    assert decision(state) == ("dutch_discard", (0,))
    assert sorted(texts(state, 0)) == sorted("x" + n(c) for c in
                                             ("bang_2c", "bang_3c", "missed_5s"))
    state, _ = act(state, 0, "x" + n("bang_3c"))
    assert state.seats[0].hand == [BEER, "bang_2c", "missed_5s"]
    assert nuggets(state)[0] == 1
    assert decision(state) == ("play", (0,))


def test_GR_CHAR_JACKY_1_and_GR_EX_12_paid_shots_outside_the_limit() -> None:
    """[GR-CHAR-JACKY-1, GR-EX-12] after his BANG!, Schofield, 5 nuggets: two paid shots at
    distance 2; one dodged, one hits; 5 - 4 + 1 = 2 nuggets."""
    state = gr_table(5, {0: {"character": "jacky_murieta", "nuggets": 5,
                             "in_play": ["schofield_ks"]}, 2: {"hand": [MISSED]}}, bangs=1)
    state, _ = act(state, 0, use("jacky_murieta", 2))
    state, _ = act(state, 2, "r" + n(MISSED))
    state, _ = act(state, 0, use("jacky_murieta", 2))
    assert lives(state)[2] == 3
    assert nuggets(state)[0] == 2
    assert use("jacky_murieta", 2) in texts(state, 0)  # repeatable while he can pay
    assert use("jacky_murieta", 1) in texts(state, 0)


def test_GR_CHAR_JOSH_1_the_top_equipment_card() -> None:
    """[GR-CHAR-JOSH-1] brown: used at once and back under the deck; black: kept; a Wanted
    is placed by his choice (GR-DEC-4); the shop is untouched."""
    josh = {"character": "josh_mccloud", "nuggets": 6}
    state = gr_table(5, {0: josh}, shop=["shot_1", "shot_2", "shot_3"],
                     gear_deck=["union_pacific", "boots", "wanted_1"])
    state, _ = act(state, 0, use("josh_mccloud"))
    assert len(state.seats[0].hand) == 4
    assert state.gear_deck[0] == "union_pacific"
    state, _ = act(state, 0, use("josh_mccloud"))
    assert state.seats[0].equipment == ["boots"]
    state, _ = act(state, 0, use("josh_mccloud"))
    assert decision(state) == ("gear_use", (0,))
    state, _ = act(state, 0, buy("wanted_1", target=3))
    assert state.seats[3].equipment == ["wanted_1"]
    assert state.shop == ["shot_1", "shot_2", "shot_3"]
    assert nuggets(state)[0] == 0


def test_GR_CHAR_JOSH_1_a_wanted_nobody_can_take_is_discarded() -> None:
    """[GR-CHAR-JOSH-1] both players left hold a Wanted: the drawn one goes to the bottom."""
    state = gr_table(4, {0: {"character": "josh_mccloud", "nuggets": 2,
                             "equipment": ["wanted_1"]},
                         1: {"alive": False}, 2: {"alive": False},
                         3: {"equipment": ["wanted_2"]}}, gear_deck=["wanted_3"],
                     shop=["shot_1", "shot_2", "shot_3"])
    state, events = act(state, 0, use("josh_mccloud"))
    assert decision(state) == ("play", (0,))
    assert state.gear_deck[0] == "wanted_3"
    assert [e.reason for e in events if e.kind == "gear_discarded"] == ["duplicate"]


def test_GR_CHAR_YTO_1_every_beer_card_played_or_sold() -> None:
    """[GR-CHAR-YTO-1] a Beer for life and a Beer sold each make her draw; a Saloon no."""
    state = gr_table(5, {0: {"hand": [BEER, "beer_7h", "saloon_5h"], "life": 3},
                         3: {"character": "madam_yto"}})
    state, _ = act(state, 0, play(BEER))
    assert len(state.seats[3].hand) == 1
    state, _ = act(state, 0, sell("beer_7h"))
    assert len(state.seats[3].hand) == 2
    state, _ = act(state, 0, play("saloon_5h"))
    assert len(state.seats[3].hand) == 2


def test_GR_CHAR_LUZENA_1_and_GR_EX_7_one_discount_a_turn() -> None:
    """[GR-CHAR-LUZENA-1, GR-EX-7, GR-DEC-5] a free Shot, a Horseshoe at 2: 1 left, and
    the next purchase is at full price; she may choose to keep the discount."""
    luzena = {"character": "pretty_luzena", "nuggets": 3, "life": 3}
    state = gr_table(5, {0: luzena}, shop=["shot_1", "horseshoe", "shot_2"],
                     gear_deck=["shot_3"])
    assert buy("shot_1", target=0, full=True) in texts(state, 0)
    state, _ = act(state, 0, buy("shot_1", target=0))
    assert nuggets(state)[0] == 3
    assert lives(state)[0] == 4
    assert buy("horseshoe", full=True) not in texts(state, 0)
    state, _ = act(state, 0, buy("horseshoe"))
    assert nuggets(state)[0] == 1
    state, _ = act(state, 0, buy("shot_2", target=0))
    assert nuggets(state)[0] == 0


def test_GR_CHAR_RADDIE_1_a_nugget_a_card_twice() -> None:
    """[GR-CHAR-RADDIE-1]"""
    state = gr_table(5, {0: {"character": "raddie_snake", "nuggets": 3}})
    state, _ = act(state, 0, use("raddie_snake"))
    state, _ = act(state, 0, use("raddie_snake"))
    assert len(state.seats[0].hand) == 2
    assert nuggets(state)[0] == 1
    assert use("raddie_snake") not in texts(state, 0)


def test_GR_CHAR_SIMEON_1_and_R_GR_12_from_the_bank_for_every_point() -> None:
    """[GR-CHAR-SIMEON-1, R-GR-12, GR-EX-5] a nugget per point lost, the last one too, from
    the bank: his shooter gets his own nugget as well."""
    state = gr_table(5, {0: {"hand": [BANG]}, 1: {"character": "simeon_picos", "life": 1,
                                                  "hand": [BEER]}})
    state, _ = act(state, 0, play(BANG, 1))
    state, _ = act(state, 1, "t")
    state, _ = act(state, 1, "r" + n(BEER))
    assert lives(state)[1] == 1
    assert nuggets(state)[:2] == [1, 1]
    assert state.bank == 28
    boom = gr_table(5, {0: {"character": "simeon_picos", "in_play": ["dynamite_2h"],
                            "life": 4}}, phase="start", deck=["missed_5s"])
    assert nuggets(boom)[0] == 3


def test_GR_EX_11_and_GR_EQ_GOLDRUSH_2_extra_turns_in_a_row() -> None:
    """[GR-EX-11, GR-EQ-GOLDRUSH-2] Don Bell buys Gold Rush on a normal turn: his check (a
    heart) and the card each give a turn, played one after the other, with no check; a
    Gold Rush bought in an extra turn gives one more, still with no check."""
    state = gr_table(5, {0: {"character": "don_bell", "nuggets": 5, "life": 3}},
                     shop=["gold_rush", "shot_1", "shot_2"],
                     deck=["beer_8h", "bang_2c", "bang_3c", "bang_4c", "bang_5c"])
    state, events = act(state, 0, buy("gold_rush"))
    assert [e.cause for e in events if e.kind == "extra_turn"] == ["don_bell", "gold_rush"]
    assert lives(state)[0] == 5
    assert state.turn.active == 0
    assert state.turn.rush.extra
    for _ in range(2):
        assert state.turn.active == 0
        state, events = act(state, 0, "e")
        assert not [e for e in events if e.kind == "check_revealed"]
    assert state.turn.active == 1
    extra = gr_table(5, {0: {"character": "don_bell", "nuggets": 5, "life": 3}},
                     shop=["gold_rush", "shot_1", "shot_2"], deck=["beer_8h", "bang_2c"])
    extra.turn.rush.extra = True
    extra, events = act(extra, 0, buy("gold_rush"))
    assert [e.cause for e in events if e.kind == "extra_turn"] == ["gold_rush"]
    assert not [e for e in events if e.kind == "check_revealed"]
    assert extra.turn.active == 0


def test_GR_CHAR_JOSH_1_and_GR_EQ_RUCKSACK_1_nothing_paid_out_of_turn_but_the_save() -> None:
    """[GR-CHAR-JOSH-1, GR-EQ-RUCKSACK-1] attacked out of his turn, Josh McCloud cannot
    draw equipment and a wounded Rucksack owner cannot pay for life; dying, he can."""
    state = gr_table(5, {0: {"hand": [BANG]},
                         1: {"character": "josh_mccloud", "nuggets": 6, "life": 2,
                             "hand": [MISSED], "equipment": ["rucksack"]}})
    state, _ = act(state, 0, play(BANG, 1))
    assert decision(state) == ("dodge", (1,))
    assert texts(state, 1) == ["t", "r" + n(MISSED)]
    low = gr_table(5, {0: {"hand": [BANG]},
                       1: {"character": "josh_mccloud", "nuggets": 6, "life": 1,
                           "equipment": ["rucksack"]}})
    low, _ = act(low, 0, play(BANG, 1))
    assert decision(low) == ("save", (1,))
    assert use("rucksack") in texts(low, 1)
    assert use("josh_mccloud") not in texts(low, 1)
