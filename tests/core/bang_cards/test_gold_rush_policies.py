"""Gold Rush timeouts and the bot (docs/rules/gold_rush.md §7: GR-TO-1, GR-DEC-*)."""

from __future__ import annotations

from core.bang_cards.actions import Buy, Force, Sell, Use
from core.bang_cards.ids import Kind
from tests.core.bang_cards.gold_rush_helpers import BOTH, gr_table, use
from tests.core.bang_cards.helpers import GAME, act, decision, n, timeout

BANG, MISSED, BEER = "bang_as", "missed_2s", "beer_6h"
SHOTS = ["shot_1", "shot_2", "shot_3"]


def josh_draws(card: str, seat_changes: dict[int, dict[str, object]] | None = None):  # type: ignore[no-untyped-def]
    """Return the table where Josh McCloud (seat 0) has just drawn `card`."""
    changes = {0: {"character": "josh_mccloud", "nuggets": 2}, **(seat_changes or {})}
    state = gr_table(5, changes, shop=SHOTS if card not in SHOTS else
                     ["rum_1", "rum_2", "gold_rush"], gear_deck=[card])
    state, _ = act(state, 0, use("josh_mccloud"))
    return state


def test_GR_TO_1_a_timed_out_phase_2_takes_no_gold_rush_action() -> None:
    """[GR-TO-1, GR-DEC-1] the timeout follows BC-TO-PLAY: no purchase, sale or ability."""
    state = gr_table(5, {0: {"nuggets": 9, "hand": [BEER], "equipment": ["gold_pan"],
                             "character": "raddie_snake"}}, shop=SHOTS)
    action = GAME.default_action(state, 0)
    assert not isinstance(action, Buy | Force | Sell | Use)


def test_GR_DEC_7_dutch_will_drops_the_last_card_drawn_by_default() -> None:
    """[GR-DEC-7, GR-TO-1]"""
    state = gr_table(5, {0: {"character": "dutch_will"}}, phase="start",
                     deck=["bang_2c", "missed_5s"])
    state, _ = timeout(state, 0)
    assert state.seats[0].hand == ["bang_2c"]
    assert state.discard[-1] == "missed_5s"


def test_GR_DEC_2_3_4_committed_defaults_for_a_card_josh_drew() -> None:
    """[GR-DEC-2, GR-DEC-3, GR-DEC-4, GR-TO-1] Bottle: a Beer; Pardner: a General Store;
    Shot: himself; Wanted: himself, or the next clockwise without one."""
    bottle = josh_draws("bottle_1", {0: {"character": "josh_mccloud", "nuggets": 2,
                                         "life": 3}})
    assert decision(bottle) == ("gear_use", (0,))
    bottle, _ = timeout(bottle, 0)
    assert bottle.seats[0].life == 4
    pardner = josh_draws("pardner_1")
    assert GAME.default_action(pardner, 0) == Buy("pardner_1", Kind.GENERAL_STORE)
    shot = josh_draws("shot_1")
    assert GAME.default_action(shot, 0) == Buy("shot_1", target=0)
    wanted = josh_draws("wanted_1")
    assert GAME.default_action(wanted, 0) == Buy("wanted_1", target=0)
    taken = josh_draws("wanted_1", {0: {"character": "josh_mccloud", "nuggets": 2,
                                        "equipment": ["wanted_2"]},
                                    1: {"equipment": ["wanted_3"]}})
    assert GAME.default_action(taken, 0) == Buy("wanted_1", target=2)


def test_GR_DEC_8_the_save_window_uses_beers_then_the_rucksack() -> None:
    """[GR-DEC-8, GR-TO-1] a dying player with a Missed! only, a Rucksack and 2 nuggets
    pays; with a Beer, the Beer first."""
    for hand, expected in (([MISSED], Use("rucksack")), ([BEER], None)):
        state = gr_table(5, {0: {"hand": [BANG]}, 1: {"life": 1, "hand": hand, "nuggets": 2,
                                                      "equipment": ["rucksack"]}})
        state, _ = act(state, 0, "p" + n(BANG) + "t1")
        state, _ = act(state, 1, "t")
        assert decision(state) == ("save", (1,))
        action = GAME.default_action(state, 1)
        if expected is not None:
            assert action == expected
        else:
            assert GAME.encode_action(action) == "r" + n(BEER)


def test_the_bot_buys_the_pickaxe_and_saves_for_it() -> None:
    """The bot's plan: the best black card it can afford; two nuggets short, it keeps its
    nuggets rather than spend them on draws."""
    state = gr_table(5, {0: {"nuggets": 4}}, shop=["pickaxe", "shot_1", "gun_belt"])
    assert GAME.bot_action(state, 0) == Buy("pickaxe")
    saving = gr_table(5, {0: {"nuggets": 3, "equipment": ["gold_pan"]}},
                      shop=["pickaxe", "shot_1", "shot_2"])
    assert GAME.bot_action(saving, 0) != Use("gold_pan")
    spending = gr_table(5, {0: {"nuggets": 3, "equipment": ["gold_pan"]}}, shop=SHOTS)
    assert GAME.bot_action(spending, 0) == Use("gold_pan")


def test_the_bot_sells_a_spare_beer_and_keeps_its_last() -> None:
    full = gr_table(5, {0: {"hand": [BEER, "beer_7h"]}}, shop=SHOTS)
    assert isinstance(GAME.bot_action(full, 0), Sell)
    single = gr_table(5, {0: {"hand": [BEER]}}, shop=SHOTS)
    assert not isinstance(GAME.bot_action(single, 0), Sell)


def test_an_outlaw_bot_pays_to_strip_the_sheriffs_rucksack() -> None:
    state = gr_table(5, {2: {"nuggets": 4}, 0: {"equipment": ["rucksack"]}}, turn=2,
                     shop=SHOTS)
    assert GAME.bot_action(state, 2) == Force(0, "rucksack")


def test_a_shadow_bot_sells_its_beers_and_spends_its_nuggets_attacking() -> None:
    """A shadow keeps nothing: Beers are sold, the nuggets buy a Bottle's BANG! at a player
    in reach (seat 3, an Outlaw's shadow, reaches only the Outlaw at 2 and the Renegade)."""
    state = gr_table(5, {3: {"alive": False, "nuggets": 2}, 4: {"life": 4}},
                     options=BOTH, turn=3, phase="start", shop=["bottle_1", *SHOTS[:2]],
                     deck=[BEER, "missed_5s"])
    assert GAME.bot_action(state, 3) == Sell(BEER)
    state, _ = act(state, 3, GAME.encode_action(Sell(BEER)))
    choice = GAME.bot_action(state, 3)
    assert isinstance(choice, Buy)
    assert choice.card == "bottle_1"
    assert choice.mode is Kind.BANG
    assert choice.target in (2, 4)


def test_a_shadow_renegade_bot_plays_for_its_side() -> None:
    """[GR-SREN-2] playing for the Outlaws it shoots the Sheriff; for the law it does not."""
    outlaws = gr_table(5, {4: {"alive": False}, 2: {"alive": False}}, options=BOTH, turn=4,
                       phase="start", deck=[BANG, "missed_5s"], shop=SHOTS)
    assert outlaws.seats[4].side is not None
    assert GAME.encode_action(GAME.bot_action(outlaws, 4)) == "p" + n(BANG) + "t0"
    law = gr_table(5, {4: {"alive": False}}, options=BOTH, turn=4, phase="start",
                   deck=[BANG, "missed_5s"], shop=SHOTS)
    assert GAME.encode_action(GAME.bot_action(law, 4)) != "p" + n(BANG) + "t0"
