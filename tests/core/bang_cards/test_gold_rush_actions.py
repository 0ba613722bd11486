"""Nuggets, buying, forcing and selling, the equipment deck (docs/rules/gold_rush.md §3-§5:
GR-NUG, GR-ACT, GR-BUY, GR-FORCE, GR-SELL, GR-EQDECK, R-GR-02..04, GR-EX-1, GR-EX-8)."""

from __future__ import annotations

import pytest

from core.bang_cards.gold_rush.equipment import EQUIPMENT
from core.engine.errors import InvalidSetup
from tests.core.bang_cards.gold_rush_helpers import (
    buy,
    force,
    gr_table,
    nuggets,
    sell,
)
from tests.core.bang_cards.helpers import GAME, act, decision, kinds, lives, n, texts

BANG, BANG2, MISSED, BEER = "bang_as", "bang_qh", "missed_2s", "beer_6h"


def play(card: str, target: int | None = None) -> str:
    return "p" + n(card) + ("" if target is None else f"t{target}")


def test_GR_NUG_1_one_nugget_per_life_point_to_the_source() -> None:
    """[GR-NUG-1] a BANG! that hits: one nugget to its player, from the bank."""
    state = gr_table(5, {0: {"hand": [BANG]}})
    state, events = act(state, 0, play(BANG, 1))
    assert lives(state)[1] == 3
    assert nuggets(state) == [1, 0, 0, 0, 0]
    assert state.bank == 29
    assert "nuggets_changed" in kinds(events)


def test_GR_NUG_1_the_killing_point_pays_too() -> None:
    """[GR-NUG-1] the point that eliminates is paid like any other."""
    state = gr_table(5, {0: {"hand": [BANG]}, 4: {"life": 1}})
    state, _ = act(state, 0, play(BANG, 4))
    assert not state.seats[4].alive
    assert nuggets(state)[0] == 1


def test_GR_NUG_2_no_nugget_for_dynamite_or_a_lost_duel() -> None:
    """[GR-NUG-2] Dynamite has no source; who loses his own Duel is his own source."""
    boom = gr_table(5, {0: {"in_play": ["dynamite_2h"]}}, phase="start", deck=["missed_5s"])
    assert lives(boom)[0] == 2
    assert sum(nuggets(boom)) == 0
    duel = gr_table(5, {0: {"hand": ["duel_js"]}, 1: {"hand": [BANG]}})
    duel, _ = act(duel, 0, play("duel_js", 1))
    duel, _ = act(duel, 1, "r" + n(BANG))
    assert lives(duel)[0] == 4  # the Sheriff had no BANG! to answer: he lost a life
    assert sum(nuggets(duel)) == 0


def test_GR_NUG_4_and_GR_EX_1_a_gatling_that_hits_three_pays_three() -> None:
    """[GR-NUG-4, GR-EX-1] one answers with Missed!, three are hit: three nuggets; still
    three when one of them dies of it."""
    for low in (2, 1):
        state = gr_table(5, {0: {"hand": ["gatling_10h"]}, 1: {"hand": [MISSED]},
                             2: {"life": low, "hand": ["stagecoach_9s_1"]}})
        state, _ = act(state, 0, play("gatling_10h"))
        assert decision(state) == ("volley", (1, 2))
        state, _ = act(state, 1, "r" + n(MISSED))
        state, _ = act(state, 2, "t")
        if low == 1:
            assert decision(state) == ("save", (2,))
            state, _ = act(state, 2, "t")
            assert not state.seats[2].alive
        assert nuggets(state)[0] == 3


def test_GR_NUG_5_an_eliminated_players_nuggets_go_back_to_the_bank() -> None:
    """[GR-NUG-5] without the shadows the killed Outlaw's 3 nuggets return to the bank; the
    killer keeps the nugget of the killing point; the group's view shows it."""
    state = gr_table(5, {0: {"hand": [BANG]}, 4: {"life": 1, "nuggets": 3}})
    assert state.bank == 27
    state, events = act(state, 0, play(BANG, 4))
    assert not state.seats[4].alive
    assert nuggets(state) == [1, 0, 0, 0, 0]
    assert state.bank == 29
    back = [e for e in events if e.kind == "nuggets_changed" and e.seat == 4]
    assert [(e.delta, e.nuggets, e.cause) for e in back] == [(-3, 0, "eliminated")]
    group = GAME.view(state, None)
    assert (group.seats[4].nuggets, group.bank) == (0, 29)


def test_GR_NUG_5_a_dead_player_never_holds_nuggets_without_the_shadows() -> None:
    """[GR-NUG-5] a position cannot put nuggets on a dead seat, and the state check (run
    after every step by the simulator) refuses a dead seat holding some."""
    with pytest.raises(InvalidSetup, match="GR-NUG-5"):
        gr_table(5, {2: {"alive": False, "nuggets": 3}})
    state = gr_table(5, {2: {"alive": False}})
    state.seats[2].nuggets, state.bank = 1, state.bank - 1
    with pytest.raises(AssertionError, match="eliminated player holds nuggets"):
        GAME.check_state(state)


def test_GR_BUY_1_a_brown_card_acts_then_goes_to_the_bottom_face_up() -> None:
    """[GR-BUY-1, GR-EQDECK-1, GR-BUY-4, R-GR-03] Union Pacific: 4 paid, 4 cards drawn,
    the card face up under the deck, the shop full again at once."""
    state = gr_table(5, {0: {"nuggets": 5}}, shop=["union_pacific", "shot_1", "rum_1"])
    state, _events = act(state, 0, buy("union_pacific"))
    assert nuggets(state)[0] == 1
    assert state.bank == 29
    assert len(state.seats[0].hand) == 4
    assert state.gear_deck[0] == "union_pacific"
    assert state.gear_face_up == 1
    assert len(state.shop) == 3
    assert "union_pacific" not in state.shop
    assert decision(state) == ("play", (0,))


def test_GR_BUY_1_a_black_card_stays_in_front_of_its_buyer() -> None:
    """[GR-BUY-1] a Horseshoe goes in front of its buyer, out of the base cards' reach."""
    state = gr_table(5, {0: {"nuggets": 2}}, shop=["horseshoe", "shot_1", "rum_1"])
    state, _ = act(state, 0, buy("horseshoe"))
    assert state.seats[0].equipment == ["horseshoe"]
    assert not state.seats[0].in_play
    assert nuggets(state)[0] == 0


def test_GR_BUY_2_never_two_cards_of_one_name_in_front_of_a_player() -> None:
    """[GR-BUY-2] no second Wanted in front of a player who has one."""
    state = gr_table(5, {0: {"nuggets": 5}, 2: {"equipment": ["wanted_1"]}},
                     shop=["wanted_2", "shot_1", "rum_1"])
    targets = {t for t in texts(state, 0) if t.startswith("b" + buy("wanted_2")[1:3])}
    assert buy("wanted_2", target=2) not in targets
    assert buy("wanted_2", target=3) in targets


def test_GR_BUY_3_and_R_GR_02_a_brown_card_needs_a_usable_mode() -> None:
    """[GR-BUY-3, R-GR-02] a Wanted nobody can take is not for sale; a Bottle always is
    (its Beer mode), even with nobody in reach or near."""
    every = {i: {"equipment": [f"wanted_{i + 1}"]} for i in range(3)}
    state = gr_table(3, {**every, 0: {"nuggets": 9, "equipment": ["wanted_1"]}},
                     shop=["bottle_1", "shot_1", "rum_1"])
    assert not any(t.startswith("b13") for t in texts(state, 0))
    assert buy("bottle_1", "beer") in texts(state, 0)


def test_R_GR_04_and_GR_EQDECK_2_an_empty_deck_leaves_gaps_until_a_return() -> None:
    """[R-GR-04, GR-EQDECK-2, GR-EQDECK-3] all 24 out: the bought Shot leaves a gap; once
    used it comes back face up, the deck is turned over and shuffled, and the shop fills."""
    owned = [c for c in EQUIPMENT if c not in ("shot_1", "shot_2", "shot_3")]
    seats = {i: {"equipment": owned[i * 5:(i + 1) * 5]} for i in range(5)}
    seats[0] = {**seats[0], "nuggets": 1, "life": 4}
    state = gr_table(5, seats, shop=["shot_1", "shot_2", "shot_3"])
    assert not state.gear_deck
    state, events = act(state, 0, buy("shot_1", target=0))
    assert "gear_reshuffled" in kinds(events)
    assert sorted(state.shop) == ["shot_1", "shot_2", "shot_3"]
    assert not state.gear_deck
    assert state.gear_face_up == 0


def test_GR_FORCE_1_and_GR_EX_8_paying_to_discard_others_equipment() -> None:
    """[GR-FORCE-1, GR-EX-8] 2 + 1 for a Horseshoe, 3 + 1 for a Lucky Charm; both face up
    under the deck; never one's own Gun Belt."""
    state = gr_table(5, {0: {"nuggets": 7, "equipment": ["gun_belt"]},
                         1: {"equipment": ["horseshoe"]}, 2: {"equipment": ["lucky_charm"]}})
    assert not any(t.startswith("f0") for t in texts(state, 0))
    state, _ = act(state, 0, force(1, "horseshoe"))
    assert nuggets(state)[0] == 4
    state, _ = act(state, 0, force(2, "lucky_charm"))
    assert nuggets(state)[0] == 0
    assert state.gear_deck[:2] == ["lucky_charm", "horseshoe"]
    assert state.gear_face_up == 2
    assert not state.seats[1].equipment
    assert not state.seats[2].equipment


def test_GR_SELL_1_a_beer_for_a_nugget_even_with_two_left() -> None:
    """[GR-SELL-1] a Beer sold heals nothing and pays one nugget; allowed with 2 players
    left; a Saloon cannot be sold."""
    state = gr_table(5, {0: {"hand": [BEER, "saloon_5h"], "life": 3}})
    assert sell("saloon_5h") not in texts(state, 0)
    state, events = act(state, 0, sell(BEER))
    assert nuggets(state)[0] == 1
    assert lives(state)[0] == 3
    assert state.discard[-1] == BEER
    assert "beer_sold" in kinds(events)
    duo = gr_table(4, {0: {"hand": [BEER]}, 1: {"alive": False}, 2: {"alive": False}})
    assert sell(BEER) in texts(duo, 0)


def test_GR_ACT_1_any_number_of_actions_in_any_order() -> None:
    """[GR-ACT-1] buy, sell, buy again, then play a card, in one phase 2."""
    state = gr_table(5, {0: {"nuggets": 3, "hand": [BEER, BANG]}},
                     shop=["horseshoe", "boots", "shot_1"])
    state, _ = act(state, 0, buy("horseshoe"))
    state, _ = act(state, 0, sell(BEER))
    state, _ = act(state, 0, buy("shot_1", target=1))
    state, _ = act(state, 0, play(BANG, 1))
    assert state.seats[0].equipment == ["horseshoe"]
    assert nuggets(state)[0] == 2  # 3 - 2 + 1 - 1, and 1 for the hit
