"""Old Saloon module 4: the 8 new characters, their dealing and their decision points.

Rules: bang_dice.md §20 (OS-CHAR-0, OS-CHAR-*), R-OS-09/10/11, BD-DEC-3/8/9/14 and their
BD-TO defaults, BD-EX-6 (Vera Custer part), OS-FACE-BULLET-1 (Molly, Vera).
Default table (5 seats): 0 Sheriff Paul Regret (11), 1 Deputy Jesse Jones (9),
2 Outlaw Lucky Duke (8), 3 Outlaw Black Jack (8), 4 Renegade Rose Doolan (9).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.core.scenario_helpers import (
    GAME,
    PRINTED_LIFE,
    QUIET_ROLL,
    arrows,
    chief_at,
    die_kinds,
    events,
    fields,
    kinds,
    lives,
    losses,
    play,
    prompt,
    reroll_texts,
    run_saloon,
    timeout,
)

NEW_LIFE = {"jose_delgado": 7, "tequila_joe": 7, "apache_kid": 9, "bill_noface": 9,
            "elena_fuente": 7, "vera_custer": 7, "doc_holyday": 8, "molly_stark": 8}
NEEDS_NOTHING = {"bill_noface", "elena_fuente", "vera_custer", "doc_holyday", "molly_stark"}
ALL = ["saloon_dice", "chief_arrow", "new_characters"]
NEW = ["new_characters"]
STILL = ["gatling", "gatling", "dynamite", "dynamite"]
ONE = ["bullseye_1", "dynamite", "dynamite", "gatling", "gatling"]
GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]
ONE_ARROW = ["arrow", "gatling", "gatling", "dynamite", "dynamite"]
TWO_ARROWS = ["arrow", "arrow", "gatling", "dynamite", "dynamite"]


def new(changes: dict[int, dict[str, Any]] | None = None, *, modules: list[str] | None = None,
        **options: Any) -> dict[str, Any]:
    """Run a 5-seat scenario with new_characters on (plus `modules`)."""
    return run_saloon(5, changes, modules=[*NEW, *(modules or [])], **options)


def _dealt(modules: list[str], seeds: range = range(80)) -> set[str]:
    seen: set[str] = set()
    for seed in seeds:
        described = GAME.describe(GAME.setup({"modules": modules}, 8, seed).state)
        seen.update(seat["character"] for seat in described["seats"])
    return seen


# --- Dealing [OS-CHAR-0, BD-SETUP-3] ----------------------------------------------------------


def test_OS_CHAR_0_without_module_4_only_the_16_base_characters() -> None:
    """[BD-SETUP-3, OS-CHAR-0] Module 4 off: only base characters, whatever else is on."""
    assert _dealt(["saloon_dice", "chief_arrow"], range(40)) <= set(PRINTED_LIFE)


def test_OS_CHAR_0_new_characters_alone_never_deal_jose_tequila_or_apache() -> None:
    """[OS-CHAR-0] Modules 1 and 2 off: José, Tequila and Apache Kid are left out."""
    seen = _dealt(NEW)
    assert seen & {"jose_delgado", "tequila_joe", "apache_kid"} == set()
    assert seen == set(PRINTED_LIFE) | NEEDS_NOTHING


def test_OS_CHAR_0_saloon_dice_brings_jose_and_tequila_not_apache() -> None:
    """[OS-CHAR-0] Module 1 on, module 2 off: José and Tequila may be dealt, Apache Kid not."""
    seen = _dealt([*NEW, "saloon_dice"])
    assert seen == set(PRINTED_LIFE) | NEEDS_NOTHING | {"jose_delgado", "tequila_joe"}


def test_OS_CHAR_0_chief_arrow_brings_apache_not_jose_or_tequila() -> None:
    """[OS-CHAR-0] Module 2 on, module 1 off: Apache Kid may be dealt, José and Tequila not."""
    seen = _dealt([*NEW, "chief_arrow"])
    assert seen == set(PRINTED_LIFE) | NEEDS_NOTHING | {"apache_kid"}


def test_OS_CHAR_0_all_modules_deal_all_24() -> None:
    """[OS-CHAR-0] Modules 1, 2 and 4 on: the pool is the 16 plus the 8."""
    assert _dealt(ALL) == set(PRINTED_LIFE) | set(NEW_LIFE)


@pytest.mark.parametrize("character", sorted(NEW_LIFE))
def test_OS_CHAR_0_printed_life_and_sheriff_bonus(character: str) -> None:
    """[OS-CHAR-0, BD-SETUP-5] Printed life of each new character; as Sheriff +2."""
    deputy = run_saloon(5, {1: {"character": character}}, modules=ALL, dice=QUIET_ROLL)
    assert (deputy["seats"][1]["life"], deputy["seats"][1]["max_life"]) == (
        NEW_LIFE[character], NEW_LIFE[character])
    sheriff = run_saloon(5, {0: {"character": character}}, modules=ALL, dice=QUIET_ROLL)
    assert (sheriff["seats"][0]["life"], sheriff["seats"][0]["max_life"]) == (
        NEW_LIFE[character] + 2, NEW_LIFE[character] + 2)


# --- José Delgado and Tequila Joe [OS-CHAR-JOSE-1, OS-CHAR-TEQUILA-1, BD-DEC-3] -------------


def test_OS_CHAR_JOSE_1_and_BD_DEC_3_loudmouth_as_a_sixth_die() -> None:
    """[OS-CHAR-JOSE-1, BD-DEC-3] José may add the Loudmouth: 6 dice, all rolled and re-rollable."""
    jose = {0: {"character": "jose_delgado"}}
    asked = new(jose, modules=["saloon_dice"], dice=QUIET_ROLL)
    seat, decision, legal = prompt(asked)
    assert (seat, decision, sorted(legal)) == (0, "dice_choice", ["d", "dc", "dl", "dl+"])
    six = new(jose, modules=["saloon_dice"], dice=["beer"] * 5 + ["double_gatling"],
              actions=[play(0, "dl+")])
    assert die_kinds(six) == ["base_die"] * 5 + ["loudmouth_die"]
    assert events(six, "dice_rolled")[0]["dice"] == [0, 1, 2, 3, 4, 5]
    assert prompt(six) == (0, "reroll", reroll_texts(range(6)))


def test_OS_CHAR_JOSE_1_coward_replaces_a_base_die() -> None:
    """[OS-CHAR-JOSE-1] José taking the Coward: it replaces a base die (5 dice), never both."""
    result = new({0: {"character": "jose_delgado"}}, modules=["saloon_dice"],
                 dice=[*STILL, "double_beer"], actions=[play(0, "dc")])
    assert die_kinds(result) == ["base_die"] * 4 + ["coward_die"]
    assert "dc+" not in prompt(new({0: {"character": "jose_delgado"}},
                                   modules=["saloon_dice"], dice=QUIET_ROLL))[2]


def test_OS_CHAR_TEQUILA_1_coward_as_a_sixth_die_loudmouth_replaces() -> None:
    """[OS-CHAR-TEQUILA-1, BD-DEC-3] Tequila: Coward as 6th die; the Loudmouth replaces one."""
    tequila = {0: {"character": "tequila_joe"}}
    asked = new(tequila, modules=["saloon_dice"], dice=QUIET_ROLL)
    assert sorted(prompt(asked)[2]) == ["d", "dc", "dc+", "dl"]
    six = new(tequila, modules=["saloon_dice"], dice=[*STILL, "beer", "double_beer"],
              actions=[play(0, "dc+")])
    assert die_kinds(six) == ["base_die"] * 5 + ["coward_die"]
    assert events(six, "dice_rolled")[0]["dice"] == [0, 1, 2, 3, 4, 5]
    five = new(tequila, modules=["saloon_dice"], dice=[*STILL, "bullet"],
               actions=[play(0, "dl")])
    assert die_kinds(five) == ["base_die"] * 4 + ["loudmouth_die"]


# --- Apache Kid [OS-CHAR-APACHE-1, BD-DEC-9] ---------------------------------------------------

APACHE = ["chief_arrow"]


def test_OS_CHAR_APACHE_1_and_BD_DEC_9_may_take_the_chief_arrow_from_its_holder() -> None:
    """[OS-CHAR-APACHE-1, BD-DEC-9] His rolled arrow: steal the Chief's Arrow or take from pile."""
    spec = {0: {"character": "apache_kid"}, 2: {"chief": True}}
    asked = new(spec, modules=APACHE, dice=ONE_ARROW)
    seat, decision, legal = prompt(asked)
    assert (seat, decision, sorted(legal)) == (0, "apache_steal", ["an", "as"])
    stole = new(spec, modules=APACHE, dice=ONE_ARROW, actions=[play(0, "as")])
    assert (chief_at(stole), arrows(stole)[0], stole["pile"]) == (0, 0, 9)
    assert fields(events(stole, "arrow_taken"), "seat", "chief", "from_seat") == [
        {"seat": 0, "chief": True, "from_seat": 2}]
    pile = new(spec, modules=APACHE, dice=ONE_ARROW, actions=[play(0, "an")])
    assert (chief_at(pile), arrows(pile)[0], pile["pile"]) == (2, 1, 8)


def test_OS_CHAR_APACHE_1_stealing_never_triggers_the_indians() -> None:
    """[OS-CHAR-APACHE-1] Pile 1: stealing takes nothing from the pile, no attack."""
    spec = {0: {"character": "apache_kid"}, 2: {"chief": True, "arrows": 4}, 3: {"arrows": 4}}
    result = new(spec, modules=APACHE, dice=ONE_ARROW, actions=[play(0, "as")])
    assert events(result, "indians_attacked") == []
    assert (result["pile"], chief_at(result)) == (1, 0)


def test_OS_CHAR_APACHE_1_one_steal_then_normal_arrows() -> None:
    """[OS-CHAR-APACHE-1] After stealing it he holds it: the next arrow comes from the pile."""
    spec = {0: {"character": "apache_kid"}, 2: {"chief": True}}
    result = new(spec, modules=APACHE, dice=TWO_ARROWS, actions=[play(0, "as")])
    assert (chief_at(result), arrows(result)[0], result["pile"]) == (0, 1, 8)
    assert prompt(result)[:2] == (0, "reroll")


def test_OS_CHAR_APACHE_1_chief_in_the_pile_is_the_ordinary_choice() -> None:
    """[OS-CHAR-APACHE-1, BD-DEC-4] Nobody holds it: the usual normal/Chief's choice."""
    result = new({0: {"character": "apache_kid"}}, modules=APACHE, dice=ONE_ARROW)
    assert prompt(result) == (0, "chief_choice", ["an", "ac"])


def test_OS_CHAR_APACHE_1_only_for_arrow_symbols_not_el_gringo() -> None:
    """[OS-CHAR-APACHE-1] El Gringo's arrow is no arrow symbol: no steal offered."""
    spec = {0: {"character": "apache_kid"}, 1: {"character": "el_gringo"}, 3: {"chief": True}}
    result = new(spec, modules=APACHE, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1")])
    assert (arrows(result)[0], chief_at(result)) == (1, 3)
    assert prompt(result)[:2] == (1, "reroll")


def test_BD_TO_DEC_9_apache_default_takes_from_the_pile() -> None:
    """[BD-TO table, BD-DEC-9] Default: take from the pile."""
    spec = {0: {"character": "apache_kid"}, 2: {"chief": True}}
    result = new(spec, modules=APACHE, dice=ONE_ARROW, actions=[timeout(0)])
    assert (chief_at(result), arrows(result)[0]) == (2, 1)


# --- Bill Noface [OS-CHAR-BILL-1, R-OS-09] ----------------------------------------------------

BILL = {0: {"character": "bill_noface"}}


def test_OS_CHAR_BILL_1_arrows_wait_for_the_final_result() -> None:
    """[OS-CHAR-BILL-1] No arrow after his rolls; at F1 one per arrow in the final result."""
    rolled = new(BILL, dice=TWO_ARROWS)
    assert events(rolled, "arrow_taken") == []
    assert prompt(rolled)[:2] == (0, "reroll")
    stopped = new(BILL, dice=TWO_ARROWS, actions=[play(0, "s")])
    assert (arrows(stopped)[0], stopped["pile"]) == (2, 7)


def test_OS_CHAR_BILL_1_arrows_rerolled_away_never_count() -> None:
    """[OS-CHAR-BILL-1] An arrow re-rolled away is never taken; a new one counts at F1."""
    result = new(BILL, dice=[*TWO_ARROWS, "gatling", "dynamite"],
                 actions=[play(0, "r0"), play(0, "r1")])
    assert arrows(result)[0] == 0
    again = new(BILL, dice=[*TWO_ARROWS, "gatling", "arrow", *QUIET_ROLL],
                actions=[play(0, "r0"), play(0, "s")])
    assert arrows(again)[0] == 1  # die 1 kept its arrow; die 0 now shows gatling


def test_OS_CHAR_BILL_1_F1_before_dynamite_indians_as_he_takes_them() -> None:
    """[OS-CHAR-BILL-1, BD-RES-1] F1 arrows (Indians at the last one) before F2 dynamite."""
    result = new({**BILL, 1: {"arrows": 4}, 3: {"arrows": 4}},
                 dice=["arrow", "arrow", "dynamite", "dynamite", "dynamite"])
    causes = [(e["seat"], e["cause"]) for e in events(result, "life_lost")]
    assert causes.index((0, "indians")) < causes.index((0, "dynamite"))
    assert sorted(losses(result, "indians")) == [(0, 1), (1, 4), (3, 4)]
    assert (arrows(result)[0], result["pile"]) == (1, 8)
    assert lives(result)[0] == 9  # 11 - 1 Indians - 1 dynamite


def test_R_OS_09_bill_broken_arrow_and_bullet_stay_immediate() -> None:
    """[R-OS-09] Bill's broken arrow and bullet resolve right after the roll."""
    broken = new({**BILL, 2: {"arrows": 1}}, modules=["saloon_dice"],
                 dice=[*STILL, "broken_arrow"], actions=[play(0, "dc")])
    assert prompt(broken) == (0, "broken_arrow", ["t2"])
    bullet = new(BILL, modules=["saloon_dice"], dice=[*STILL, "bullet"],
                 actions=[play(0, "dl")])
    assert losses(bullet, "bullet") == [(0, 1)]
    assert prompt(bullet)[:2] == (0, "reroll")


# --- Elena Fuente [OS-CHAR-ELENA-1, BD-DEC-8] -------------------------------------------------

ELENA = {0: {"character": "elena_fuente"}}


def test_OS_CHAR_ELENA_1_and_BD_DEC_8_may_give_one_arrow_per_roll() -> None:
    """[OS-CHAR-ELENA-1, BD-DEC-8] Two arrows rolled: give one to a living player, take one."""
    asked = new({**ELENA, 2: {"alive": False}}, dice=TWO_ARROWS)
    assert prompt(asked) == (0, "elena_give", ["t1", "t3", "t4", "x"])
    gave = new(ELENA, dice=TWO_ARROWS, actions=[play(0, "t3")])
    assert arrows(gave) == [1, 0, 0, 1, 0]
    assert gave["pile"] == 7
    assert fields(events(gave, "arrow_given"), "seat", "target") == [{"seat": 0, "target": 3}]
    assert prompt(gave)[:2] == (0, "reroll")  # at most one arrow per roll
    kept = new(ELENA, dice=TWO_ARROWS, actions=[play(0, "x")])
    assert arrows(kept) == [2, 0, 0, 0, 0]


def test_OS_CHAR_ELENA_1_asked_again_on_the_next_roll_not_without_arrows() -> None:
    """[OS-CHAR-ELENA-1] Each roll with arrows asks again; a roll without arrows does not."""
    result = new(ELENA, dice=[*ONE_ARROW, "arrow"], actions=[play(0, "t1"), play(0, "r1")])
    assert prompt(result) == (0, "elena_give", ["t1", "t2", "t3", "t4", "x"])
    quiet = new(ELENA, dice=["beer", "gatling", "gatling", "dynamite", "dynamite"])
    assert prompt(quiet)[:2] == (0, "reroll")


def test_OS_CHAR_ELENA_1_given_last_token_triggers_the_indians() -> None:
    """[OS-CHAR-ELENA-1, BD-ARROW-3] The given token is the last one: the Indians attack."""
    result = new({**ELENA, 1: {"arrows": 4}, 3: {"arrows": 4}}, dice=ONE_ARROW,
                 actions=[play(0, "t3")])
    assert len(events(result, "indians_attacked")) == 1
    assert sorted(losses(result, "indians")) == [(1, 4), (3, 5)]
    assert (arrows(result), result["pile"]) == ([0, 0, 0, 0, 0], 9)


def test_BD_TO_DEC_8_elena_default_keeps() -> None:
    """[BD-TO table, BD-DEC-8] Default: keep the arrow."""
    result = new(ELENA, dice=ONE_ARROW, actions=[timeout(0)])
    assert arrows(result) == [1, 0, 0, 0, 0]
    assert events(result, "arrow_given") == []


# --- Vera Custer [OS-CHAR-VERA-1, BD-EX-6] ----------------------------------------------------

VERA = {1: {"character": "vera_custer"}}


def test_OS_CHAR_VERA_1_single_one_costs_nothing() -> None:
    """[OS-CHAR-VERA-1] A single "1" on her: 0 life lost."""
    result = new(VERA, dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t1")])
    assert lives(result)[1] == 7
    assert losses(result) == []


def test_OS_CHAR_VERA_1_double_one_costs_one() -> None:
    """[OS-CHAR-VERA-1] A double "1" on her (both symbols): she loses 1."""
    result = new(VERA, modules=["saloon_dice"], dice=[*STILL, "double_bullseye_1"],
                 actions=[play(0, "dl"), play(0, "s"), play(0, "t1"), play(0, "t1")])
    assert losses(result) == [(1, 1)]


def test_OS_CHAR_VERA_1_two_single_ones_in_one_step_cost_one() -> None:
    """[OS-CHAR-VERA-1, BD-HIT-3] Two "1"s in the same damage step: 2 - 1 = 1."""
    result = new(VERA, dice=["bullseye_1", "bullseye_1", "dynamite", "dynamite", "gatling",
                             *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1")])
    assert losses(result) == [(1, 1)]


def test_BD_EX_6_slab_doubled_one_on_vera_costs_one() -> None:
    """[BD-EX-6, OS-CHAR-VERA-1] Slab's doubled symbol counts 2: Vera loses 1; R loses 1."""
    spec = {0: {"character": "slab_the_killer"}, 1: {"character": "vera_custer"}}
    result = new(spec, dice=["bullseye_1", "bullseye_1", "beer", "dynamite", "gatling",
                             *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1d"), play(0, "t4")])
    assert sorted(losses(result)) == [(1, 1), (4, 1)]
    assert events(result, "beer_assigned") == []


def test_OS_CHAR_VERA_1_not_against_gatling_indians_or_bullet() -> None:
    """[OS-CHAR-VERA-1, OS-FACE-BULLET-1] Only hits are reduced."""
    gatling = new(VERA, dice=[*GATLING, *QUIET_ROLL], actions=[play(0, "s")])
    assert (1, 1) in losses(gatling, "gatling")
    indians = new({**VERA, 0: {"arrows": 1}, 1: {"character": "vera_custer", "arrows": 2},
                   3: {"arrows": 5}},
                  dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    assert (1, 2) in losses(indians, "indians")
    bullet = new({1: {"character": "vera_custer"}}, modules=["saloon_dice"], turn=1,
                 dice=[*STILL, "bullet"], actions=[play(1, "dl")])
    assert losses(bullet) == [(1, 1)]


# --- Doc Holyday [OS-CHAR-DOC-1, R-OS-10] -----------------------------------------------------

DOC = {0: {"character": "doc_holyday", "life": 5}}  # Sheriff: max 10


def test_OS_CHAR_DOC_1_three_hit_symbols_gain_two_after_F3_before_beers() -> None:
    """[OS-CHAR-DOC-1, R-OS-10] 3 "1"/"2" symbols: hits resolve, he gains 2, then beers."""
    result = new(DOC, dice=["bullseye_1", "bullseye_1", "bullseye_2", "beer", "dynamite"],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t4"), play(0, "t2"),
                          play(0, "t0")])
    assert sorted(losses(result)) == [(1, 1), (2, 1), (4, 1)]
    gains = [(e["cause"], e["amount"]) for e in events(result, "life_gained")]
    assert gains == [("doc_holyday", 2), ("beer", 1)]
    order = [k for k in kinds(result) if k in ("life_lost", "life_gained")]
    assert order == ["life_lost"] * 3 + ["life_gained"] * 2
    assert lives(result)[0] == 8


def test_OS_CHAR_DOC_1_two_symbols_are_not_enough() -> None:
    """[OS-CHAR-DOC-1] 2 symbols: no gain."""
    result = new(DOC, dice=["bullseye_1", "bullseye_1", "gatling", "gatling", "dynamite",
                            *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t4")])
    assert lives(result)[0] == 5
    assert [e for e in events(result, "life_gained") if e["cause"] == "doc_holyday"] == []


def test_OS_CHAR_DOC_1_double_faces_count_two_and_gain_is_capped() -> None:
    """[OS-CHAR-DOC-1] double "1" + "2" = 3 symbols; at max - 1 he gains only 1."""
    result = new({0: {"character": "doc_holyday", "life": 9}}, modules=["saloon_dice"],
                 dice=["bullseye_2", "gatling", "dynamite", "dynamite", "double_bullseye_1"],
                 actions=[play(0, "dl"), play(0, "s"), play(0, "t1"), play(0, "t4"),
                          play(0, "t2")])
    assert [(e["cause"], e["amount"]) for e in events(result, "life_gained")] == [
        ("doc_holyday", 1)]
    assert lives(result)[0] == 10


# --- Molly Stark [OS-CHAR-MOLLY-1, R-OS-11, BD-DEC-14] ----------------------------------------

MOLLY = {3: {"character": "molly_stark"}}  # Outlaw, 8 life


def test_OS_CHAR_MOLLY_1_and_BD_DEC_14_may_take_another_players_loss() -> None:
    """[OS-CHAR-MOLLY-1, BD-DEC-14] A hit on seat 1: Molly may take it; source is kept."""
    asked = new(MOLLY, dice=ONE, actions=[play(0, "s"), play(0, "t1")])
    assert prompt(asked) == (3, "molly_take", ["t1", "x"])
    took = new(MOLLY, dice=[*ONE, *QUIET_ROLL], actions=[play(0, "s"), play(0, "t1"),
                                                         play(3, "t1")])
    assert lives(took)[1] == 9
    assert lives(took)[3] == 7
    assert fields(events(took, "loss_taken"), "seat", "target", "amount") == [
        {"seat": 3, "target": 1, "amount": 1}]
    assert fields(events(took, "life_lost"), "seat", "amount", "cause", "source") == [
        {"seat": 3, "amount": 1, "cause": "hit", "source": 0}]
    declined = new(MOLLY, dice=[*ONE, *QUIET_ROLL],
                   actions=[play(0, "s"), play(0, "t1"), play(3, "x")])
    assert losses(declined) == [(1, 1)]


def test_BD_TO_DEC_14_molly_default_declines() -> None:
    """[BD-TO table, BD-DEC-14] Default: decline."""
    result = new(MOLLY, dice=[*ONE, *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), timeout(3)])
    assert losses(result) == [(1, 1)]


def test_OS_CHAR_MOLLY_1_asked_per_player_in_seat_order_from_the_active_player() -> None:
    """[OS-CHAR-MOLLY-1, BD-DMG-1] Gatling: asked for seats 1, 2, 4 in turn (not herself)."""
    first = new(MOLLY, dice=GATLING, actions=[play(0, "s")])
    assert prompt(first) == (3, "molly_take", ["t1", "x"])
    second = new(MOLLY, dice=GATLING, actions=[play(0, "s"), play(3, "x")])
    assert prompt(second) == (3, "molly_take", ["t2", "x"])
    third = new(MOLLY, dice=GATLING, actions=[play(0, "s"), play(3, "x"), play(3, "t2")])
    assert prompt(third) == (3, "molly_take", ["t4", "x"])
    done = new(MOLLY, dice=[*GATLING, *QUIET_ROLL],
               actions=[play(0, "s"), play(3, "x"), play(3, "t2"), play(3, "x")])
    assert sorted(losses(done, "gatling")) == [(1, 1), (3, 2), (4, 1)]


def test_OS_CHAR_MOLLY_1_takes_the_amount_after_modifiers() -> None:
    """[OS-CHAR-MOLLY-1] Paul Regret loses 0 to the Gatling: Molly is not asked for him."""
    spec = {**MOLLY, 0: {"character": "jesse_jones"}, 1: {"character": "paul_regret"}}
    result = new(spec, dice=GATLING, actions=[play(0, "s")])
    assert prompt(result) == (3, "molly_take", ["t2", "x"])
    vera = {**MOLLY, 1: {"character": "vera_custer"}}
    double = new(vera, dice=["bullseye_1", "bullseye_1", "dynamite", "dynamite", "gatling",
                             *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1"), play(3, "t1")])
    assert fields(events(double, "loss_taken"), "target", "amount") == [
        {"target": 1, "amount": 1}]
    assert losses(double) == [(3, 1)]


def test_R_OS_11_never_more_than_her_life_equal_eliminates_her() -> None:
    """[R-OS-11] A 2-point loss: Molly at 1 life is not asked; at 2 she may, and dies."""
    slab = {0: {"character": "slab_the_killer"}}
    dice = ["bullseye_1", "beer", "dynamite", "dynamite", "gatling", *QUIET_ROLL]
    low = new({**slab, 3: {"character": "molly_stark", "life": 1}}, dice=dice,
              actions=[play(0, "s"), play(0, "t1d")])
    assert losses(low) == [(1, 2)]
    assert events(low, "loss_taken") == []
    equal = new({**slab, 3: {"character": "molly_stark", "life": 2}}, dice=dice,
                actions=[play(0, "s"), play(0, "t1d"), play(3, "t1")])
    assert losses(equal) == [(3, 2)]
    assert equal["seats"][3]["alive"] is False
    assert lives(equal)[1] == 9


def test_OS_FACE_BULLET_1_molly_may_take_the_bullet() -> None:
    """[OS-FACE-BULLET-1, OS-CHAR-MOLLY-1] The active player's bullet: Molly may take it."""
    result = new(MOLLY, modules=["saloon_dice"], dice=[*STILL, "bullet"],
                 actions=[play(0, "dl")])
    assert prompt(result) == (3, "molly_take", ["t0", "x"])
    took = new(MOLLY, modules=["saloon_dice"], dice=[*STILL, "bullet"],
               actions=[play(0, "dl"), play(3, "t0")])
    assert fields(events(took, "life_lost"), "seat", "cause", "source") == [
        {"seat": 3, "cause": "bullet", "source": None}]
    assert lives(took)[0] == 11


def test_OS_CHAR_MOLLY_1_any_source_even_the_indians() -> None:
    """[OS-CHAR-MOLLY-1] Indian losses may be taken too (first the active player's)."""
    result = new({**MOLLY, 0: {"arrows": 1}, 1: {"arrows": 7}},
                 dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    assert prompt(result) == (3, "molly_take", ["t0", "x"])
    took = new({**MOLLY, 0: {"arrows": 1}, 1: {"arrows": 7}},
               dice=["arrow", "beer", "beer", "gatling", "dynamite"],
               actions=[play(3, "t0"), play(3, "x")])
    assert sorted(losses(took, "indians")) == [(1, 7), (3, 2)]
