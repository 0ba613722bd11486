"""Old Saloon module 2: the Indian Chief's Arrow.

Rules: bang_dice.md §18 (OS-CHIEF-1..7), BD-ARROW-2, BD-CHAR-BART-1/JOURD-1/KIT-1/PEDRO-1,
OS-FACE-BROKEN-1, BD-DEC-4 and its default, BD-TO defaults of BD-DEC-12/13/15, BD-EX-8.
Default table (5 seats): 0 Sheriff Paul Regret (11), 1 Deputy Jesse Jones (9),
2 Outlaw Lucky Duke (8), 3 Outlaw Black Jack (8), 4 Renegade Rose Doolan (9).
`pile` counts normal arrows; `chief_at` says where the Chief's Arrow is.
"""

from __future__ import annotations

from typing import Any

from tests.core.scenario_helpers import (
    GAME,
    QUIET_ROLL,
    arrows,
    chief_at,
    events,
    fields,
    kinds,
    lives,
    losses,
    play,
    prompt,
    run_saloon,
    timeout,
)

CHIEF = ["chief_arrow"]
# A first roll with exactly one arrow (on die 0) and nothing else to resolve or decide.
ONE_ARROW = ["arrow", "gatling", "gatling", "dynamite", "dynamite"]
TWO_ARROWS = ["arrow", "arrow", "gatling", "dynamite", "dynamite"]
GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]
ONE = ["bullseye_1", "dynamite", "dynamite", "gatling", "gatling"]


def chief(changes: dict[int, dict[str, Any]] | None = None, count: int = 5,
          **options: Any) -> dict[str, Any]:
    """Run a scenario with only the chief_arrow module on."""
    return run_saloon(count, changes, modules=CHIEF, **options)


# --- Setup and taking it [OS-CHIEF-1, OS-CHIEF-2, BD-DEC-4] ----------------------------------


def test_OS_CHIEF_1_joins_the_pile_at_setup() -> None:
    """[OS-CHIEF-1, BD-SETUP-4] Dealt game: 9 normal arrows and the Chief's Arrow in the pile."""
    on = GAME.describe(GAME.setup({"modules": CHIEF}, 5, 1).state)
    assert (on["pile"], on["chief_in_pile"]) == (9, True)
    assert not any(seat["chief"] for seat in on["seats"])
    off = GAME.describe(GAME.setup({}, 5, 1).state)
    assert off["chief_in_pile"] is False
    assert off["pile"] + sum(seat["arrows"] for seat in off["seats"]) == 9


def test_OS_CHIEF_2_and_BD_DEC_4_taker_chooses_normal_or_chief() -> None:
    """[OS-CHIEF-2, BD-DEC-4] Both kinds in the pile: the taker picks normal or the Chief's."""
    asked = chief(dice=ONE_ARROW)
    assert prompt(asked) == (0, "chief_choice", ["an", "ac"])
    normal = chief(dice=ONE_ARROW, actions=[play(0, "an")])
    assert (arrows(normal)[0], normal["pile"], chief_at(normal)) == (1, 8, "pile")
    taken = chief(dice=ONE_ARROW, actions=[play(0, "ac")])
    assert (arrows(taken)[0], taken["pile"], chief_at(taken)) == (0, 9, 0)
    assert fields(events(taken, "arrow_taken"), "seat", "chief") == [
        {"seat": 0, "chief": True}]
    assert prompt(taken)[:2] == (0, "reroll")


def test_OS_CHIEF_2_it_satisfies_exactly_one_arrow() -> None:
    """[OS-CHIEF-2] Two arrows: the Chief's Arrow is one, a normal arrow the other."""
    result = chief(dice=TWO_ARROWS, actions=[play(0, "ac")])
    assert (arrows(result)[0], result["pile"], chief_at(result)) == (1, 8, 0)
    assert prompt(result)[:2] == (0, "reroll")  # no second choice: the Chief's is gone


def test_BD_ARROW_2_last_normal_arrow_with_chief_left_is_no_attack() -> None:
    """[BD-ARROW-2] With the Chief's Arrow still in the pile the pile is not empty."""
    result = chief({1: {"arrows": 8}}, dice=ONE_ARROW, actions=[play(0, "an")])
    assert (result["pile"], chief_at(result)) == (0, "pile")
    assert events(result, "indians_attacked") == []
    assert arrows(result)[:2] == [1, 8]


def test_OS_CHIEF_2_only_token_left_must_be_taken_and_the_indians_attack() -> None:
    """[OS-CHIEF-2] The Chief's Arrow alone in the pile: taken without choice, Indians attack.

    Pile 1 + Chief's: the first arrow takes the last normal one, the second must take the
    Chief's Arrow. Seat 0 then counts 3 (not the most: seat 1 holds 8) and loses 3.
    """
    result = chief({1: {"arrows": 8}}, dice=TWO_ARROWS, actions=[play(0, "an")])
    picks = fields(events(result, "arrow_taken"), "seat", "chief")
    assert picks == [{"seat": 0, "chief": False}, {"seat": 0, "chief": True}]
    assert len(events(result, "indians_attacked")) == 1
    assert sorted(losses(result, "indians")) == [(0, 3), (1, 8)]
    assert (result["pile"], chief_at(result)) == (9, "pile")
    assert prompt(result)[:2] == (0, "reroll")


def test_BD_TO_DEC_4_default_takes_a_normal_arrow() -> None:
    """[BD-TO table, BD-DEC-4] Default: a normal arrow if one is in the pile."""
    result = chief(dice=ONE_ARROW, actions=[timeout(0)])
    assert (arrows(result)[0], chief_at(result)) == (1, "pile")


def test_OS_CHIEF_2_el_gringo_arrow_also_offers_the_choice() -> None:
    """[OS-CHIEF-2] El Gringo's arrow: the shooter chooses too."""
    result = chief({1: {"character": "el_gringo"}}, dice=ONE,
                   actions=[play(0, "s"), play(0, "t1")])
    assert prompt(result) == (0, "chief_choice", ["an", "ac"])
    took = chief({1: {"character": "el_gringo"}}, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "ac")])
    assert chief_at(took) == 0


# --- The Indian attack [OS-CHIEF-3, OS-CHIEF-4] ---------------------------------------------


def _attack(spec: dict[int, dict[str, Any]], count: int = 5) -> dict[str, Any]:
    """Seat 0 rolls one arrow and takes the last normal arrow (the Chief's Arrow is held)."""
    return chief(spec, count, dice=ONE_ARROW)


def test_OS_CHIEF_4_holder_with_strictly_most_arrows_loses_nothing() -> None:
    """[OS-CHIEF-3, OS-CHIEF-4] Chief's + 2 = 4 > 3: the holder loses 0, the others pay."""
    result = _attack({0: {"arrows": 2}, 1: {"arrows": 2, "chief": True}, 2: {"arrows": 3},
                      3: {"arrows": 1}})
    assert sorted(losses(result, "indians")) == [(0, 3), (2, 3), (3, 1)]
    assert lives(result)[1] == 9


def test_OS_CHIEF_4_tie_for_most_loses_two_plus_one_per_arrow() -> None:
    """[OS-CHIEF-4] Chief's + 1 = 3 ties 3: no exception, the holder loses 2 + 1."""
    result = _attack({0: {"arrows": 2}, 1: {"arrows": 1, "chief": True}, 2: {"arrows": 3},
                      3: {"arrows": 2}})
    assert sorted(losses(result, "indians")) == [(0, 3), (1, 3), (2, 3), (3, 2)]


def test_OS_CHIEF_3_chief_alone_counts_two() -> None:
    """[OS-CHIEF-3] Only the Chief's Arrow (2) against 3 normal: the holder loses 2."""
    result = _attack({0: {"arrows": 2}, 1: {"chief": True}, 2: {"arrows": 2},
                      3: {"arrows": 2}, 4: {"arrows": 2}})
    assert sorted(losses(result, "indians")) == [(0, 3), (1, 2), (2, 2), (3, 2), (4, 2)]


def test_OS_CHIEF_4_everyone_returns_every_token_after_the_attack() -> None:
    """[OS-CHIEF-4, BD-ARROW-2] All 10 tokens go back: pile 9 and the Chief's Arrow."""
    result = _attack({0: {"arrows": 2}, 1: {"arrows": 2, "chief": True}, 2: {"arrows": 3},
                      3: {"arrows": 1}})
    assert arrows(result) == [0, 0, 0, 0, 0]
    assert (result["pile"], chief_at(result)) == (9, "pile")
    returned = [e for e in events(result, "arrows_returned") if e["chief"]]
    assert fields(returned, "seat", "reason") == [{"seat": 1, "reason": "indians"}]


def test_BD_CHAR_JOURD_1_holding_the_chief_caps_at_one() -> None:
    """[BD-CHAR-JOURD-1] Jourdonnais with the Chief's Arrow, not the most: loses 1."""
    result = _attack({0: {"arrows": 4}, 1: {"chief": True, "character": "jourdonnais"},
                      2: {"arrows": 4}})
    assert sorted(losses(result, "indians")) == [(0, 5), (1, 1), (2, 4)]


def test_BD_CHAR_JOURD_1_chief_exception_gives_him_zero() -> None:
    """[BD-CHAR-JOURD-1] If the Chief's exception gives him 0, Jourdonnais loses 0."""
    result = _attack({0: {"arrows": 2}, 1: {"arrows": 3, "chief": True,
                                            "character": "jourdonnais"},
                      2: {"arrows": 3}})
    assert sorted(losses(result, "indians")) == [(0, 3), (2, 3)]
    assert lives(result)[1] == 7


# --- BD-EX-8 -----------------------------------------------------------------------------------

# Martin (seat 0, active), Barbara (1), William (2), Jourdonnais (3); 4 players.
EX8 = {0: {"character": "paul_regret"}, 1: {"character": "jesse_jones"},
       2: {"character": "lucky_duke"}, 3: {"character": "jourdonnais"}}


def test_BD_EX_8_chief_holder_with_strictly_most_loses_nothing() -> None:
    """[BD-EX-8] Martin 3, Barbara 2 + Chief's (4), William 1, Jourdonnais 3: Barbara 0."""
    spec = {0: {**EX8[0], "arrows": 2}, 1: {**EX8[1], "arrows": 2, "chief": True},
            2: {**EX8[2], "arrows": 1}, 3: {**EX8[3], "arrows": 3}}
    result = chief(spec, 4, dice=ONE_ARROW)
    assert [e["pile"] for e in events(result, "arrow_taken")] == [0]
    assert len(events(result, "indians_attacked")) == 1
    assert sorted(losses(result, "indians")) == [(0, 3), (2, 1), (3, 1)]
    assert lives(result) == [8, 9, 7, 6]
    assert (result["pile"], chief_at(result)) == (9, "pile")
    assert arrows(result) == [0, 0, 0, 0]


def test_BD_EX_8_variant_tie_for_most_no_exception() -> None:
    """[BD-EX-8 variant] Martin 3, Barbara 1 + Chief's (3), William 2, Jourdonnais 3."""
    spec = {0: {**EX8[0], "arrows": 2}, 1: {**EX8[1], "arrows": 1, "chief": True},
            2: {**EX8[2], "arrows": 2}, 3: {**EX8[3], "arrows": 3}}
    result = chief(spec, 4, dice=ONE_ARROW)
    assert sorted(losses(result, "indians")) == [(0, 3), (1, 3), (2, 2), (3, 1)]
    assert (result["pile"], chief_at(result)) == (9, "pile")


# --- Gatling, broken arrow, elimination [OS-CHIEF-6, OS-CHIEF-7] -----------------------------


def test_OS_CHIEF_6_gatling_returns_the_chief_arrow_too() -> None:
    """[OS-CHIEF-6, BD-GAT-1] The shooter returns every arrow, the Chief's included."""
    result = chief({0: {"arrows": 2, "chief": True}}, dice=GATLING, actions=[play(0, "s")])
    assert (arrows(result)[0], result["pile"], chief_at(result)) == (0, 9, "pile")
    returned = events(result, "arrows_returned")
    assert fields(returned, "seat", "count", "reason", "chief") == [
        {"seat": 0, "count": 3, "reason": "gatling", "chief": True}]
    assert kinds(result).index("arrows_returned") < kinds(result).index("life_lost")


def test_OS_FACE_BROKEN_1_and_OS_CHIEF_6_broken_arrow_never_removes_the_chief() -> None:
    """[OS-FACE-BROKEN-1, OS-CHIEF-6] A seat holding only the Chief's Arrow is no target."""
    both = ["saloon_dice", "chief_arrow"]
    dice = ["gatling", "gatling", "dynamite", "dynamite", "broken_arrow"]
    only = run_saloon(5, {1: {"chief": True}, 2: {"arrows": 1}}, modules=both, dice=dice,
                      actions=[play(0, "dc")])
    assert prompt(only) == (0, "broken_arrow", ["t2"])
    nobody = run_saloon(5, {1: {"chief": True}}, modules=both, dice=dice,
                        actions=[play(0, "dc")])
    assert prompt(nobody)[:2] == (0, "reroll")
    assert chief_at(nobody) == 1
    mixed = run_saloon(5, {1: {"chief": True, "arrows": 1}}, modules=both, dice=dice,
                       actions=[play(0, "dc"), play(0, "t1")])
    assert (arrows(mixed)[1], chief_at(mixed), mixed["pile"]) == (0, 1, 9)


def test_OS_CHIEF_7_eliminated_holder_returns_it_to_the_pile() -> None:
    """[OS-CHIEF-7, BD-ELIM-1/2] The holder dies: the Chief's Arrow and his arrows go back."""
    result = chief({1: {"life": 1, "arrows": 2, "chief": True}}, dice=ONE,
                   actions=[play(0, "s"), play(0, "t1")])
    assert result["seats"][1]["alive"] is False
    assert (result["pile"], chief_at(result)) == (9, "pile")
    assert events(result, "indians_attacked") == []
    assert fields(events(result, "arrows_returned"), "seat", "reason", "chief") == [
        {"seat": 1, "reason": "elimination", "chief": True}]


# --- Characters acting on arrows [OS-CHIEF-5] ------------------------------------------------


def test_OS_CHIEF_5_bart_may_take_the_chief_arrow_instead_of_life() -> None:
    """[OS-CHIEF-5, BD-CHAR-BART-1] Bart may take the Chief's Arrow (not the last token)."""
    bart = {1: {"character": "bart_cassidy"}}
    asked = chief(bart, dice=ONE, actions=[play(0, "s"), play(0, "t1")])
    assert prompt(asked) == (1, "bart_arrows", ["n0", "n1", "n1c"])
    took = chief(bart, dice=ONE, actions=[play(0, "s"), play(0, "t1"), play(1, "n1c")])
    assert (lives(took)[1], arrows(took)[1], chief_at(took), took["pile"]) == (8, 0, 1, 9)


def test_BD_CHAR_BART_1_last_token_of_either_kind_is_never_taken() -> None:
    """[BD-CHAR-BART-1] Pile 1 + Chief's (2 tokens), 2 points: Bart may take only 1."""
    spec = {0: {"character": "slab_the_killer"}, 1: {"character": "bart_cassidy"},
            3: {"arrows": 8}}
    result = chief(spec, dice=["bullseye_1", "beer", "dynamite", "dynamite", "gatling"],
                   actions=[play(0, "s"), play(0, "t1d")])
    assert prompt(result) == (1, "bart_arrows", ["n0", "n1", "n1c"])
    took = chief(spec, dice=["bullseye_1", "beer", "dynamite", "dynamite", "gatling"],
                 actions=[play(0, "s"), play(0, "t1d"), play(1, "n1")])
    assert (lives(took)[1], took["pile"], chief_at(took)) == (7, 0, "pile")
    assert events(took, "indians_attacked") == []


def test_BD_TO_DEC_13_bart_default_survives_with_the_chief_if_needed() -> None:
    """[BD-TO table, BD-DEC-13] Dying Bart takes an arrow by default; with pile 1 + Chief's."""
    spec = {1: {"character": "bart_cassidy", "life": 1}, 3: {"arrows": 8}}
    result = chief(spec, dice=ONE, actions=[play(0, "s"), play(0, "t1"), timeout(1)])
    assert result["seats"][1]["alive"] is True
    assert lives(result)[1] == 1
    assert result["seats"][1]["arrows"] + (1 if chief_at(result) == 1 else 0) == 1
    assert events(result, "indians_attacked") == []


def test_OS_CHIEF_5_kit_carlson_may_discard_the_chief_arrow() -> None:
    """[OS-CHIEF-5, BD-CHAR-KIT-1, BD-DEC-12] Kit may return another's Chief's Arrow."""
    kit = {0: {"character": "kit_carlson"}, 3: {"arrows": 1, "chief": True}}
    dice = ["gatling", "dynamite", "dynamite", "beer", "bullseye_2"]
    asked = chief(kit, dice=dice, actions=[play(0, "s"), play(0, "t2"), play(0, "t0")])
    assert prompt(asked) == (0, "kit_discard", ["k3", "k3c", "x"])
    done = chief(kit, dice=[*dice, *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t2"), play(0, "t0"), play(0, "k3c")])
    assert (arrows(done)[3], chief_at(done), done["pile"]) == (1, "pile", 8)


def test_BD_TO_DEC_12_kit_default_discards_his_chief_arrow_first() -> None:
    """[BD-TO table, BD-DEC-12] Default: his own arrows only, the Chief's Arrow first."""
    kit = {0: {"character": "kit_carlson", "arrows": 1, "chief": True}, 2: {"arrows": 2}}
    result = chief(kit, dice=["gatling", "dynamite", "dynamite", "beer", "bullseye_2",
                              *QUIET_ROLL],
                   actions=[play(0, "s"), play(0, "t2"), play(0, "t0"), timeout(0)])
    assert (arrows(result)[0], chief_at(result)) == (1, "pile")
    assert arrows(result)[2] == 2


def test_OS_CHIEF_5_pedro_may_return_the_chief_arrow() -> None:
    """[OS-CHIEF-5, BD-CHAR-PEDRO-1, BD-DEC-15] Pedro hit once: return none, a normal, or it."""
    pedro = {1: {"character": "pedro_ramirez", "arrows": 1, "chief": True}}
    asked = chief(pedro, dice=ONE, actions=[play(0, "s"), play(0, "t1")])
    assert prompt(asked) == (1, "pedro_return", ["n0", "n1", "n1c"])
    done = chief(pedro, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(1, "n1c")])
    assert (lives(done)[1], arrows(done)[1], chief_at(done)) == (7, 1, "pile")


def test_BD_TO_DEC_15_pedro_default_returns_the_chief_arrow_first() -> None:
    """[BD-TO table, BD-DEC-15] Default: the Chief's Arrow if held, else a normal arrow."""
    pedro = {1: {"character": "pedro_ramirez", "arrows": 2, "chief": True}}
    result = chief(pedro, dice=[*ONE, *QUIET_ROLL],
                   actions=[play(0, "s"), play(0, "t1"), timeout(1)])
    assert (arrows(result)[1], chief_at(result)) == (2, "pile")


def test_BD_CHAR_BART_1_chief_arrow_alone_in_the_pile_is_the_last_token() -> None:
    """[BD-CHAR-BART-1] Pile 0 normal + the Chief's Arrow: it is the last token, Bart may
    not take it and loses the life."""
    spec = {1: {"character": "bart_cassidy"}, 3: {"arrows": 8}}
    dice = ["arrow", "bullseye_1", "dynamite", "dynamite", "gatling", *QUIET_ROLL]
    result = chief(spec, dice=dice, actions=[play(0, "an"), play(0, "s"), play(0, "t1")])
    assert events(result, "arrows_instead_of_life") == []
    assert lives(result)[1] == 7
    assert (result["pile"], chief_at(result)) == (0, "pile")
    assert events(result, "indians_attacked") == []
