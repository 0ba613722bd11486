"""The 15 equipment kinds and their clarifications (docs/rules/gold_rush.md §5:
GR-EQ-*, R-GR-05..10, GR-EX-2/3/4/9/10)."""

from __future__ import annotations

from core.bang_cards.gold_rush.equipment import EQUIPMENT, EQUIPMENT_SIZE, GEAR
from tests.core.bang_cards.gold_rush_helpers import buy, gr_table, nuggets, use
from tests.core.bang_cards.helpers import act, decision, kinds, lives, n, texts

BANG, MISSED, BEER = "bang_as", "missed_2s", "beer_6h"
DIAMOND_BANG, CLUB_BANG = "bang_7d", "bang_5c"
SHOP = ["rum_1", "union_pacific", "gold_rush"]


def play(card: str, target: int | None = None) -> str:
    return "p" + n(card) + ("" if target is None else f"t{target}")


def test_GR_EQ_0_twenty_four_cards_of_fifteen_kinds() -> None:
    """[GR-EQ-0, GR-EQ-GEN-2] 24 cards, 15 kinds, 13 brown and 11 black."""
    assert EQUIPMENT_SIZE == 24
    assert len(GEAR) == 15
    assert sum(r.copies for r in GEAR.values() if not r.black) == 13
    assert sum(r.copies for r in GEAR.values() if r.black) == 11
    assert len(set(EQUIPMENT)) == 24


def test_GR_EQ_SHOT_1_any_player_regains_one_even_with_two_left() -> None:
    """[GR-EQ-SHOT-1] another player heals 1; not a Beer: it works with two players left."""
    state = gr_table(5, {0: {"nuggets": 1}, 3: {"life": 2}}, shop=["shot_1", *SHOP[:2]])
    state, _ = act(state, 0, buy("shot_1", target=3))
    assert lives(state)[3] == 3
    duo = gr_table(4, {0: {"nuggets": 1, "life": 2}, 1: {"alive": False},
                       2: {"alive": False}}, shop=["shot_1", *SHOP[:2]])
    duo, _ = act(duo, 0, buy("shot_1", target=0))
    assert lives(duo)[0] == 3


def test_GR_EQ_BOTTLE_1_three_modes() -> None:
    """[GR-EQ-BOTTLE-1] a Panic! at distance 1, a Beer for himself, a BANG! in reach."""
    state = gr_table(5, {0: {"nuggets": 6, "life": 3}, 1: {"in_play": ["barrel_qs"]},
                         4: {"hand": [MISSED]}}, shop=["bottle_1", "bottle_2", "bottle_3"])
    legal = texts(state, 0)
    assert buy("bottle_1", "panic", 1, "barrel_qs") in legal
    assert buy("bottle_1", "bang", 4) in legal
    assert buy("bottle_1", "bang", 2) not in legal  # distance 2, reach 1
    state, _ = act(state, 0, buy("bottle_1", "panic", 1, "barrel_qs"))
    assert state.seats[0].hand == ["barrel_qs"]
    state, _ = act(state, 0, buy("bottle_2", "beer"))
    assert lives(state)[0] == 4
    state, _ = act(state, 0, buy("bottle_3", "bang", 4))
    assert decision(state) == ("dodge", (4,))


def test_GR_EQ_BOTTLE_2_and_GR_EX_9_not_a_bang_card() -> None:
    """[GR-EQ-BOTTLE-2, GR-EX-9, GR-EQ-GEN-4] after his BANG! of the turn, no Volcanic, a
    Bottle still shoots, and the BANG! count does not move; the target may dodge."""
    state = gr_table(5, {0: {"nuggets": 2, "hand": [BANG]}, 1: {"hand": [MISSED]}},
                     shop=["bottle_1", *SHOP[:2]], bangs=1)
    assert play(BANG, 1) not in texts(state, 0)
    state, _ = act(state, 0, buy("bottle_1", "bang", 1))
    state, _ = act(state, 1, "r" + n(MISSED))
    assert lives(state)[1] == 4
    assert state.turn.bangs == 1


def test_R_GR_05_slab_the_killer_needs_one_missed_against_a_bottle() -> None:
    """[R-GR-05] Slab's rule is for his BANG! cards only."""
    state = gr_table(5, {0: {"nuggets": 2, "character": "slab_the_killer"},
                         1: {"hand": [MISSED]}}, shop=["bottle_1", *SHOP[:2]])
    state, _ = act(state, 0, buy("bottle_1", "bang", 1))
    state, events = act(state, 1, "r" + n(MISSED))
    assert "shot_cancelled" in kinds(events)


def test_R_GR_06_a_bottles_beer_heals_with_two_left_and_is_no_beer() -> None:
    """[R-GR-06, GR-CHAR-YTO-1] it heals with two players left; Madam Yto does not draw."""
    state = gr_table(4, {0: {"nuggets": 2, "life": 2}, 1: {"alive": False},
                         3: {"character": "madam_yto"}, 2: {"alive": False}},
                     shop=["bottle_1", *SHOP[:2]])
    state, _ = act(state, 0, buy("bottle_1", "beer"))
    assert lives(state)[0] == 3
    assert not state.seats[3].hand


def test_GR_EQ_PARDNER_1_a_duel_whose_source_is_the_buyer() -> None:
    """[GR-EQ-PARDNER-1, GR-NUG-1] its Duel is the buyer's: the loser's life pays him."""
    state = gr_table(5, {0: {"nuggets": 2, "hand": [BANG]}, 2: {"hand": [CLUB_BANG]}},
                     shop=["pardner_1", *SHOP[:2]])
    assert buy("pardner_1", "general_store") in texts(state, 0)
    state, _ = act(state, 0, buy("pardner_1", "duel", 2))
    assert decision(state) == ("duel", (2,))
    state, _ = act(state, 2, "r" + n(CLUB_BANG))
    state, _ = act(state, 0, "r" + n(BANG))  # seat 2 has no BANG! left: hit at once
    assert lives(state)[2] == 3
    assert nuggets(state)[0] == 1


def test_GR_EQ_PARDNER_1_cat_balou_never_reaches_equipment() -> None:
    """[GR-EQ-PARDNER-1, GR-EQ-GEN-1] its Cat Balou picks a hand or a base card in play,
    never equipment."""
    state = gr_table(5, {0: {"nuggets": 2}, 3: {"equipment": ["boots"],
                                                 "in_play": ["mustang_8h"]}},
                     shop=["pardner_1", *SHOP[:2]])
    aims = [t for t in texts(state, 0) if t.startswith(buy("pardner_1", "cat_balou"))]
    assert aims == [buy("pardner_1", "cat_balou", 3, "mustang_8h")]


def test_GR_EQ_RUM_1_and_GR_EX_4_one_life_per_suit() -> None:
    """[GR-EQ-RUM-1, GR-EX-4] 5h Kh 3c 9s: three suits, 1 -> 4; all four discarded."""
    deck = ["beer_8h", "bang_kh", "bang_3c", "stagecoach_9s_1"]
    state = gr_table(5, {0: {"nuggets": 3, "life": 1}}, shop=["rum_1", *SHOP[1:]], deck=deck)
    state, events = act(state, 0, buy("rum_1"))
    assert lives(state)[0] == 4
    assert state.discard[-4:] == deck
    assert [e.cards for e in events if e.kind == "check_revealed"] == [tuple(deck)]


def test_GR_EX_4_and_R_GR_07_lucky_duke_and_a_horseshoe_see_more() -> None:
    """[GR-EX-4, R-GR-07] Lucky Duke reveals 5, with a Horseshoe 6 cards."""
    deck = ["beer_8h", "bang_kh", "bang_3c", "stagecoach_9s_1", "bang_2d", "bang_3d"]
    duke = gr_table(5, {0: {"nuggets": 3, "life": 1, "character": "lucky_duke"}},
                    shop=["rum_1", *SHOP[1:]], deck=deck)
    duke, _ = act(duke, 0, buy("rum_1"))
    assert lives(duke)[0] == 5  # four suits: the Sheriff's 1 + 4
    assert duke.discard[-5:] == deck[:5]
    shoe = gr_table(5, {0: {"nuggets": 3, "life": 1, "character": "lucky_duke",
                            "equipment": ["horseshoe"]}}, shop=["rum_1", *SHOP[1:]], deck=deck)
    shoe, _ = act(shoe, 0, buy("rum_1"))
    assert shoe.discard[-6:] == deck


def test_GR_EQ_UNION_1_draws_four() -> None:
    """[GR-EQ-UNION-1]"""
    state = gr_table(5, {0: {"nuggets": 4}}, shop=SHOP)
    state, _ = act(state, 0, buy("union_pacific"))
    assert len(state.seats[0].hand) == 4


def test_GR_EQ_GOLDRUSH_1_2_and_R_GR_08_phase_3_then_full_life_then_another_turn() -> None:
    """[GR-EQ-GOLDRUSH-1, GR-EQ-GOLDRUSH-2, R-GR-08] at 2 life with 4 cards: phase 2 ends,
    he discards down to 2, regains his life, and plays an extra turn from its start."""
    hand = ["bang_2c", "bang_3c", "bang_4c", "bang_6c"]
    state = gr_table(5, {0: {"nuggets": 5, "life": 2, "hand": hand,
                             "in_play": ["dynamite_2h"]}}, shop=SHOP,
                     deck=["beer_8h", "missed_8s", "missed_7s"])
    state, events = act(state, 0, buy("gold_rush"))
    assert decision(state) == ("discard", (0,))
    assert lives(state)[0] == 2
    state, _ = act(state, 0, "x" + n("bang_2c"))
    state, events = act(state, 0, "x" + n("bang_3c"))
    assert lives(state)[0] == 5
    assert [e.seat for e in events if e.kind == "turn_started"] == [0]
    assert [e.cause for e in events if e.kind == "extra_turn"] == ["gold_rush"]
    assert [e.purpose for e in events if e.kind == "check_revealed"] == ["dynamite"]
    assert state.turn.rush.extra


def test_GR_EQ_WANTED_1_and_R_GR_09_anyone_without_one_the_sheriff_too() -> None:
    """[GR-EQ-WANTED-1, R-GR-09] in front of any living player, buyer and Sheriff too."""
    state = gr_table(5, {1: {"nuggets": 2}}, turn=1, shop=["wanted_1", *SHOP[:2]])
    offered = [t for t in texts(state, 1) if t.startswith(buy("wanted_1"))]
    assert offered == [buy("wanted_1", target=t) for t in range(5)]
    state, _ = act(state, 1, buy("wanted_1", target=0))
    assert state.seats[0].equipment == ["wanted_1"]


def test_GR_EQ_WANTED_2_and_GR_EX_2_the_bounty_adds_to_the_outlaw_reward() -> None:
    """[GR-EQ-WANTED-2, GR-EX-2, GR-EQ-WANTED-3] an Outlaw with a Wanted killed by a BANG!:
    2 nuggets, 5 cards; his equipment to the bottom of the equipment deck."""
    state = gr_table(5, {0: {"hand": [BANG]}, 4: {"role": "outlaw", "life": 1,
                                                  "equipment": ["wanted_1", "boots"]},
                         2: {"role": "renegade"}})
    state, _ = act(state, 0, play(BANG, 4))
    assert not state.seats[4].alive
    assert nuggets(state)[0] == 2
    assert len(state.seats[0].hand) == 5
    assert set(state.gear_deck[:2]) == {"wanted_1", "boots"}
    assert not state.seats[4].equipment


def test_GR_EX_3_the_sheriff_kills_a_wanted_deputy() -> None:
    """[GR-EX-3, GR-EQ-GEN-3] 5 + 1 + 1 nuggets, 2 cards drawn, then everything discarded,
    his Pickaxe too; the nuggets stay."""
    state = gr_table(5, {0: {"nuggets": 5, "hand": [BANG, "missed_3s", "beer_7h"],
                             "equipment": ["pickaxe"], "in_play": ["barrel_qs"]},
                         1: {"life": 1, "equipment": ["wanted_2"]}})
    state, _ = act(state, 0, play(BANG, 1))
    sheriff = state.seats[0]
    assert sheriff.nuggets == 7
    assert (sheriff.hand, sheriff.in_play, sheriff.equipment) == ([], [], [])
    assert "pickaxe" in state.gear_deck
    assert "wanted_2" in state.gear_deck


def test_GR_EQ_WANTED_3_others_may_force_it_away_its_owner_may_not() -> None:
    """[GR-EQ-WANTED-3] 3 nuggets for another's Wanted; never his own."""
    state = gr_table(5, {0: {"nuggets": 3, "equipment": ["wanted_1"]},
                         1: {"equipment": ["wanted_2"]}})
    legal = texts(state, 0)
    assert "f1" + f"{14:02d}" in legal
    assert not any(t.startswith("f0") for t in legal)


def test_GR_EQ_GUNBELT_1_keeps_eight_cards() -> None:
    """[GR-EQ-GUNBELT-1] at 2 life with 5 cards and a Gun Belt: no discard."""
    hand = ["bang_2c", "bang_3c", "bang_4c", "bang_6c", "bang_7c"]
    state = gr_table(5, {0: {"life": 2, "hand": hand, "equipment": ["gun_belt"]}})
    state, _ = act(state, 0, "e")
    assert state.turn.active == 1
    assert len(state.seats[0].hand) == 5


def test_GR_EQ_HORSESHOE_1_one_more_card_and_he_chooses() -> None:
    """[GR-EQ-HORSESHOE-1, GR-DEC-6] a Barrel's "draw!" shows two cards; he picks; both
    are discarded."""
    state = gr_table(5, {0: {"hand": [BANG]}, 1: {"in_play": ["barrel_qs"],
                                                  "equipment": ["horseshoe"]}},
                     deck=["bang_2c", "beer_8h"])
    state, _ = act(state, 0, play(BANG, 1))
    assert decision(state) == ("lucky_pick", (1,))
    state, _ = act(state, 1, "k" + n("beer_8h"))
    assert lives(state)[1] == 4
    assert state.discard[-2:] == ["bang_2c", "beer_8h"]


def test_GR_EQ_PICKAXE_1_one_more_card_in_phase_1() -> None:
    """[GR-EQ-PICKAXE-1] 2 + 1; after Black Jack's shown second card too."""
    state = gr_table(5, {0: {"equipment": ["pickaxe"]}}, phase="start",
                     deck=["bang_2c", "bang_2d", "missed_5s", "missed_6s"])
    assert state.seats[0].hand == ["bang_2c", "bang_2d", "missed_5s", "missed_6s"]


def test_GR_EQ_GOLDPAN_1_a_nugget_a_card_twice_a_turn() -> None:
    """[GR-EQ-GOLDPAN-1]"""
    state = gr_table(5, {0: {"nuggets": 3, "equipment": ["gold_pan"]}})
    state, _ = act(state, 0, use("gold_pan"))
    state, _ = act(state, 0, use("gold_pan"))
    assert len(state.seats[0].hand) == 2
    assert nuggets(state)[0] == 1
    assert use("gold_pan") not in texts(state, 0)


def test_GR_EQ_BOOTS_1_LUCKY_1_and_GR_EX_5_not_for_the_last_point() -> None:
    """[GR-EQ-BOOTS-1, GR-EQ-LUCKY-1, GR-EX-5, R-GR-19] 2 -> 1 pays, 1 -> 0 does not
    (even if a Beer saves him); a Dynamite at 3: two."""
    gear = ["boots", "lucky_charm"]
    state = gr_table(5, {0: {"hand": [BANG, "bang_kh"]}, 1: {"life": 2, "equipment": gear}},
                     deck=["missed_5s", "missed_6s", "missed_7s"])
    state, _ = act(state, 0, play(BANG, 1))
    assert nuggets(state)[1] == 1
    assert len(state.seats[1].hand) == 1
    boom = gr_table(5, {0: {"in_play": ["dynamite_2h"], "life": 3, "equipment": gear,
                            "hand": [BEER]}}, phase="start", deck=["missed_5s"])
    assert decision(boom) == ("save", (0,))
    assert nuggets(boom)[0] == 2
    assert len(boom.seats[0].hand) == 3
    boom, _ = act(boom, 0, "r" + n(BEER))
    assert lives(boom)[0] == 1
    assert nuggets(boom)[0] == 2


def test_GR_EQ_RUCKSACK_1_in_turn_and_when_dying_even_with_two_left() -> None:
    """[GR-EQ-RUCKSACK-1, GR-DEC-8] 2 nuggets for 1 life in phase 2; when dying out of
    turn, with no cards and two players left, it still saves."""
    state = gr_table(5, {0: {"nuggets": 2, "life": 3, "equipment": ["rucksack"]}})
    state, _ = act(state, 0, use("rucksack"))
    assert lives(state)[0] == 4
    dying = gr_table(4, {0: {"hand": [BANG]}, 1: {"life": 1, "nuggets": 4,
                                                  "equipment": ["rucksack"]},
                         2: {"alive": False}, 3: {"alive": False}})
    dying, _ = act(dying, 0, play(BANG, 1))
    assert decision(dying) == ("save", (1,))
    dying, _ = act(dying, 1, use("rucksack"))
    assert lives(dying)[1] == 1
    assert nuggets(dying)[1] == 2
    assert dying.seats[1].alive


def test_GR_EQ_CALUMET_1_2_R_GR_10_and_GR_EX_10_diamonds_pass_him_by() -> None:
    """[GR-EQ-CALUMET-1, GR-EQ-CALUMET-2, R-GR-10, GR-EX-10] a BANG! of diamonds cannot
    aim at him, one of clubs can; Indians! of diamonds skip him; a Duel of diamonds works."""
    calumet = {"equipment": ["calumet"], "hand": [MISSED]}
    state = gr_table(5, {0: {"hand": [DIAMOND_BANG, CLUB_BANG, "indians_ad", "duel_qd"]},
                         1: calumet, 4: {"hand": ["missed_3s"]}})
    legal = texts(state, 0)
    assert play(DIAMOND_BANG, 1) not in legal
    assert play(DIAMOND_BANG, 4) in legal
    assert play(CLUB_BANG, 1) in legal
    assert play("duel_qd", 1) in legal
    indians, _ = act(state, 0, play("indians_ad"))
    assert 1 not in decision(indians)[1]  # type: ignore[index]


def test_GR_EQ_GEN_1_and_GR_EQ_GEN_3_no_card_takes_equipment_nor_vulture_sam() -> None:
    """[GR-EQ-GEN-1, GR-EQ-GEN-3] a Panic! lists no equipment; Vulture Sam gets the hand
    and the cards in play, the equipment goes to its deck."""
    state = gr_table(5, {0: {"hand": ["panic_8d"]}, 1: {"equipment": ["boots"]}})
    assert not any(t.startswith("p" + n("panic_8d")) for t in texts(state, 0))
    vulture = gr_table(5, {0: {"hand": [BANG]}, 1: {"life": 1, "hand": ["beer_8h"],
                                                    "equipment": ["boots"]},
                           3: {"character": "vulture_sam"}})
    vulture, _ = act(vulture, 0, play(BANG, 1))
    vulture, _ = act(vulture, 1, "t")  # takes the shot
    vulture, _ = act(vulture, 1, "t")  # drinks no Beer: out
    assert vulture.seats[3].hand == ["beer_8h"]
    assert vulture.gear_deck[0] == "boots"
