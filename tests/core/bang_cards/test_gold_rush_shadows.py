"""The Shadow Gunslingers variant (docs/rules/gold_rush.md §8: GR-SHADOW-*, GR-SREN-*,
R-GR-13..18, R-GR-20, GR-EX-6)."""

from __future__ import annotations

from typing import Any

from core.bang_cards.board import distance, living
from core.bang_cards.damage import beer_heals, check_end
from core.bang_cards.ids import Side
from core.bang_cards.state import CardsState
from tests.core.bang_cards.gold_rush_helpers import BOTH, SHADOWS, buy, gr_table, nuggets
from tests.core.bang_cards.helpers import GAME, act, decision, kinds, lives, n, texts

BANG, MISSED, BEER = "bang_as", "missed_2s", "beer_6h"


def play(card: str, target: int | None = None) -> str:
    return "p" + n(card) + ("" if target is None else f"t{target}")


def shadow_turn(dead: dict[int, dict[str, Any]], seat: int, count: int = 5,
                changes: dict[int, dict[str, Any]] | None = None,
                options: dict[str, bool] = SHADOWS, **extra: Any) -> CardsState:
    """Return the table once the eliminated `seat` has started his shadow turn; `dead`
    lists the eliminated seats (with their facts), `seat` among them."""
    seats = {**(changes or {}), **{i: {"alive": False, **facts} for i, facts in dead.items()}}
    return gr_table(count, seats, options=options, turn=seat, phase="start", **extra)


def test_GR_SHADOW_1_and_2_an_elimination_keeps_the_nuggets() -> None:
    """[GR-SHADOW-1, GR-SHADOW-2] a full elimination (role shown, equipment to its deck),
    but his nuggets stay with him."""
    state = gr_table(5, {0: {"hand": [BANG]}, 4: {"life": 1, "nuggets": 3,
                                                  "equipment": ["boots"]}}, options=BOTH)
    state, events = act(state, 0, play(BANG, 4))
    assert not state.seats[4].alive
    assert state.seats[4].role_revealed
    assert nuggets(state)[4] == 3
    assert state.bank == 30 - 3 - 1  # not GR-NUG-5: his nuggets stay out of the bank
    assert GAME.view(state, None).seats[4].nuggets == 3
    assert "player_eliminated" in kinds(events)
    assert state.gear_deck[0] == "boots"


def test_GR_SHADOW_3_the_sheriff_never_returns() -> None:
    """[GR-SHADOW-3] the Sheriff's elimination ends the game."""
    state = gr_table(5, {1: {"hand": [BANG]}, 0: {"life": 1}}, options=SHADOWS, turn=1)
    state, _ = act(state, 1, play(BANG, 0))
    assert state.outcome is not None
    assert state.outcome.side == "outlaws"


def test_GR_SHADOW_4_5_and_R_GR_13_the_dead_seat_plays_a_shadow_turn() -> None:
    """[GR-SHADOW-4, GR-SHADOW-5, R-GR-13] his seat's turn comes: 0 life, phase 1 with his
    character (Black Jack's red second card: a third)."""
    before = gr_table(5, {2: {"alive": False}}, options=SHADOWS, turn=1,
                      deck=["bang_2c", "bang_2d", "missed_5s"])
    state, events = act(before, 1, "e")
    assert [e.seat for e in events if e.kind == "shadow_returned"] == [2]
    shadow = state.seats[2]
    assert shadow.alive
    assert shadow.shadow
    assert shadow.life == 0
    assert shadow.hand == ["bang_2c", "bang_2d", "missed_5s"]
    assert decision(state) == ("play", (2,))


def test_GR_SHADOW_6_no_life_gained_or_lost() -> None:
    """[GR-SHADOW-6, GR-NUG-2] his Beer heals nothing but may be sold; losing his own Duel
    costs nothing; he is never eliminated again."""
    state = shadow_turn({2: {}}, 2, changes={3: {"hand": [BANG]}}, options=BOTH,
                        deck=["duel_js", BEER])
    assert "v" + n(BEER) in texts(state, 2)
    state, _ = act(state, 2, play(BEER))
    assert lives(state)[2] == 0
    state, _ = act(state, 2, play("duel_js", 3))
    state, _ = act(state, 3, "r" + n(BANG))
    assert lives(state)[2] == 0
    assert state.seats[2].alive
    assert state.outcome is None
    assert sum(nuggets(state)) == 0


def test_GR_SHADOW_7_and_R_GR_17_the_shadow_leaves_without_an_elimination() -> None:
    """[GR-SHADOW-7, R-GR-17] no phase 3; all his cards, equipment too, are discarded; no
    elimination, nothing for Vulture Sam; the next seat plays."""
    state = shadow_turn({2: {"nuggets": 3}}, 2, changes={3: {"character": "vulture_sam"}},
                        options=BOTH, shop=["horseshoe", "shot_1", "shot_2"],
                        deck=["barrel_qs", "missed_5s", "missed_6s", "missed_7s"])
    state, _ = act(state, 2, play("barrel_qs"))
    state, _ = act(state, 2, buy("horseshoe"))
    state, events = act(state, 2, "e")
    assert "player_eliminated" not in kinds(events)
    assert "shadow_left" in kinds(events)
    assert not state.seats[2].alive
    assert (state.seats[2].hand, state.seats[2].in_play, state.seats[2].equipment) == (
        [], [], [])
    assert {"barrel_qs", "missed_5s"} <= set(state.discard)
    assert "horseshoe" in state.gear_deck
    assert state.seats[3].hand == ["missed_6s", "missed_7s"]  # his own phase 1 only
    assert state.turn.active == 3
    assert nuggets(state)[2] == 1


def test_GR_SHADOW_8_and_R_GR_14_outside_his_turn_he_is_out_of_everything() -> None:
    """[GR-SHADOW-8, R-GR-14] distances skip him, the Dynamite passes over him; even in
    his own turn he does not count for the Beer rule."""
    state = gr_table(5, {2: {"alive": False}, 1: {"in_play": ["dynamite_2h"]}},
                     options=SHADOWS, phase="start", turn=1, deck=["beer_8h"])
    assert distance(state, 1, 3) == 1
    assert "dynamite_2h" in state.seats[3].in_play
    duo = shadow_turn({1: {}, 2: {}, 3: {}}, 2)
    assert living(duo) == [0, 2, 4]
    assert not beer_heals(duo)


def test_GR_SHADOW_9_in_his_turn_he_is_in_the_game() -> None:
    """[GR-SHADOW-9] distances count him and the General Store gives him a card."""
    state = shadow_turn({2: {}}, 2, deck=["general_store_qs", "missed_5s"])
    assert distance(state, 1, 3) == 2
    state, events = act(state, 2, play("general_store_qs"))
    assert [len(e.cards) for e in events if e.kind == "store_revealed"] == [5]


def test_GR_SHADOW_10_a_shadow_wins_with_his_side() -> None:
    """[GR-SHADOW-10, GR-SREN-3, R-GR-15] the shadow Outlaw kills the Sheriff: the Outlaws
    win, he with them, and the Shadow Renegade playing for them; one without a side yet
    loses."""
    for side, winners in (("outlaws", [2, 3, 4]), (None, [2, 3])):
        state = shadow_turn({2: {}, 4: {"side": side}}, 2, changes={0: {"life": 1}},
                            deck=["schofield_ks", BANG])
        state, _ = act(state, 2, play("schofield_ks"))
        state, _ = act(state, 2, play(BANG, 0))
        assert state.outcome is not None
        assert (state.outcome.side, sorted(state.outcome.winners)) == ("outlaws", winners)


def test_GR_SREN_1_2_3_and_GR_EX_6_the_shadow_renegade_joins_the_weaker_side() -> None:
    """[GR-SREN-1, GR-SREN-2, GR-SREN-3, GR-EX-6] only the Sheriff shown: law; an Outlaw
    out too: a tie, the Outlaws; the Deputy out too: law again. The side then holds until
    his next turn."""
    first = shadow_turn({4: {}}, 4)
    assert first.seats[4].side is Side.LAW
    tie = shadow_turn({4: {}, 2: {}}, 4)
    assert tie.seats[4].side is Side.OUTLAWS
    again = shadow_turn({4: {}, 2: {}, 1: {}}, 4)
    assert again.seats[4].side is Side.LAW
    tie.seats[1].alive = False  # the Deputy dies during his turn: no change yet
    assert tie.seats[4].side is Side.OUTLAWS


def test_GR_SREN_4_the_other_renegade_counts_for_his_side() -> None:
    """[GR-SREN-4] eight players: the first Shadow Renegade counts for the side he plays
    for, and not at all before he has one."""
    none = shadow_turn({6: {}, 7: {}, 3: {}}, 6, count=8)
    assert none.seats[6].side is Side.OUTLAWS  # Sheriff 1, Outlaw 1: a tie
    law = shadow_turn({6: {}, 7: {"side": "law"}, 3: {}}, 6, count=8)
    assert law.seats[6].side is Side.LAW


def test_GR_SREN_5_and_R_GR_16_shadow_turns_with_only_the_sheriff_and_renegade() -> None:
    """[GR-SREN-5, R-GR-16] the dead Deputy still gets his shadow turn."""
    state = gr_table(5, {1: {"alive": False}, 2: {"alive": False}, 3: {"alive": False}},
                     options=SHADOWS)
    state, events = act(state, 0, "e")
    assert [e.seat for e in events if e.kind == "shadow_returned"] == [1]


def test_R_GR_18_three_players_shadows_have_no_side() -> None:
    """[R-GR-18] with three players the Renegade's shadow takes no side and cannot win."""
    state = shadow_turn({2: {}}, 2, count=3)
    assert state.seats[2].shadow
    assert state.seats[2].side is None
    state.seats[1].alive = False
    outcome = check_end(state)
    assert outcome is not None
    assert sorted(outcome.winners) == [0]


def test_R_GR_20_a_shadow_buying_gold_rush_plays_another_shadow_turn() -> None:
    """[R-GR-20] no life gained, then another shadow turn straight away."""
    state = shadow_turn({2: {"nuggets": 5}}, 2, options=BOTH,
                        shop=["gold_rush", "shot_1", "shot_2"])
    state, events = act(state, 2, buy("gold_rush"))
    assert [e.kind for e in events if e.kind in ("shadow_left", "shadow_returned")] == [
        "shadow_left", "shadow_returned"]
    assert state.turn.active == 2
    assert state.seats[2].shadow
    assert lives(state)[2] == 0
