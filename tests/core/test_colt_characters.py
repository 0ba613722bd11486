"""The six characters' abilities.

Rules: colt_express.md §9 (CE-CHAR-0, CE-CHAR-BELLE-1, CE-CHAR-CHEYENNE-1,
CE-CHAR-DJANGO-1, CE-CHAR-DOC-1, CE-CHAR-GHOST-1, CE-CHAR-TUCO-1), §6 (CE-FIRE-BELLE,
CE-FIRE-TUCO). Bandit i is the i-th name of `characters`; seat i runs bandit i.
"""

from __future__ import annotations

from tests.core.colt_scenario_helpers import (
    GAME,
    apply_all,
    at,
    bandit,
    empty,
    events,
    play,
    private,
    prompt,
    run,
    shots,
    spec,
    state_of,
    where,
)

# --- Belle [CE-CHAR-BELLE-1, CE-FIRE-BELLE] --------------------------------------------------

BELLE_FIRST = ["belle", "doc", "ghost", "cheyenne"]


def test_ce_char_belle_1_not_a_fire_target_when_another_is() -> None:
    """[CE-FIRE-BELLE] Belle inside car 1 and Doc inside car 3: the shot from car 2 hits Doc."""
    result = run(characters=BELLE_FIRST, pile=["2f1"],
                 bandits=[at(1), at(3), at(2), at(4, roof=True)])
    assert shots(result) == [(2, 1)]


def test_ce_char_belle_1_only_candidate_must_be_shot() -> None:
    """[CE-CHAR-BELLE-1, CE-STEAL-3] Belle alone in reach: the mandatory Fire hits her."""
    result = run(characters=BELLE_FIRST, pile=["2f1"],
                 bandits=[at(1), at(4), at(2), at(4, roof=True)])
    assert shots(result) == [(2, 0)]


def test_ce_char_belle_1_punch_protection() -> None:
    """[CE-CHAR-BELLE-1, CE-PUNCH-1] Belle and Doc beside Ghost: Ghost must punch Doc."""
    result = run(characters=BELLE_FIRST, pile=["2p1"], inside=empty(),
                 bandits=[at(2), at(2, loot=[]), at(2), at(4)], actions=[play(2, "gb")])
    assert [e["target"] for e in events(result, "punched")] == [1]
    assert where(result)[:2] == [(2, False), (3, False)]


def test_ce_char_belle_1_protection_is_per_target_list_on_roofs() -> None:
    """[CE-FIRE-BELLE, CE-FIRE-ROOF] Belle beside Doc on roof 1: only Doc is a candidate."""
    result = run(characters=BELLE_FIRST, pile=["2f1"],
                 bandits=[at(1, roof=True), at(1, roof=True), at(3, roof=True), at(4)])
    assert shots(result) == [(2, 1)]


def test_ce_char_0_characters_off_belle_has_no_protection() -> None:
    """[CE-CHAR-0] With the characters option off, Belle is a plain fire target."""
    result = run(characters=BELLE_FIRST, abilities=False, pile=["2f1"],
                 bandits=[at(1), at(3), at(2), at(4, roof=True)])
    assert prompt(result) == (2, "fire", ["t0", "t1"])


# --- Cheyenne [CE-CHAR-CHEYENNE-1] -----------------------------------------------------------

CHEYENNE_FIRST = ["cheyenne", "doc", "ghost", "tuco"]


def test_ce_char_cheyenne_1_may_take_the_purse_she_knocks_loose() -> None:
    """[CE-CHAR-CHEYENNE-1, CE-DEC-8] Purse chosen: she is asked; "y" makes it hers and only
    her seat learns its value."""
    position = {"characters": CHEYENNE_FIRST, "pile": ["0p1"], "inside": empty(),
                "bandits": [at(2, loot=[]), at(2, loot=["p450_1", "j1"]), at(4), at(4)]}
    asked = run(**position, actions=[play(0, "lp")])
    assert prompt(asked) == (0, "cheyenne_take", ["y", "n"])
    took = run(**position, actions=[play(0, "lp"), play(0, "y"), play(0, "gf")])
    assert bandit(took, 0)["loot"] == ["p450_1"]
    assert took["inside"][2] == []
    assert where(took)[1] == (1, False)
    assert [(e["value"], e["audience"]) for e in private(took, "loot_taken")] == [(450, [0])]
    assert [e["value"] for e in events(took, "loot_taken")] == [0]


def test_ce_char_cheyenne_1_may_let_it_fall() -> None:
    """[CE-CHAR-CHEYENNE-1] "n": the purse falls on the floor as for anyone."""
    result = run(characters=CHEYENNE_FIRST, pile=["0p1"], inside=empty(),
                 bandits=[at(2, loot=[]), at(2, loot=["p450_1"]), at(4), at(4)],
                 actions=[play(0, "n"), play(0, "gb")])
    assert bandit(result, 0)["loot"] == []
    assert result["inside"][2] == ["p450_1"]


def test_ce_char_cheyenne_1_jewels_always_fall() -> None:
    """[CE-CHAR-CHEYENNE-1] A jewel knocked loose falls; no question."""
    result = run(characters=CHEYENNE_FIRST, pile=["0p1"], inside=empty(),
                 bandits=[at(2, loot=[]), at(2, loot=["j1"]), at(4), at(4)])
    assert prompt(result) == (0, "punch_push", ["gf", "gb"])
    assert result["inside"][2] == ["j1"]
    assert bandit(result, 0)["loot"] == []


# --- Django [CE-CHAR-DJANGO-1] ---------------------------------------------------------------

DJANGO_FIRST = ["django", "doc", "ghost", "cheyenne"]


def test_ce_char_django_1_roof_shot_pushes_one_car_in_the_shot_direction() -> None:
    """[CE-CHAR-DJANGO-1] Django on roof 2 shoots Doc on roof 3: Doc goes to roof 4."""
    result = run(characters=DJANGO_FIRST, pile=["0f1"],
                 bandits=[at(2, roof=True), at(3, roof=True), at(1), at(1)])
    assert shots(result) == [(0, 1)]
    assert where(result)[1] == (4, True)
    assert [e["cause"] for e in events(result, "bandit_moved") if e["bandit"] == 1][-1] == (
        "django")


def test_ce_char_django_1_forward_shot_pushes_forward() -> None:
    """[CE-CHAR-DJANGO-1] Django inside car 3 shoots Doc inside car 2: Doc goes to car 1."""
    result = run(characters=DJANGO_FIRST, pile=["0f1"],
                 bandits=[at(3), at(2), at(4, roof=True), at(4, roof=True)])
    assert where(result)[1] == (1, False)


def test_ce_char_django_1_no_push_off_the_train() -> None:
    """[CE-CHAR-DJANGO-1] Doc already on the caboose roof: shot, not moved."""
    result = run(characters=DJANGO_FIRST, pile=["0f1"],
                 bandits=[at(2, roof=True), at(4, roof=True), at(1), at(1)])
    assert shots(result) == [(0, 1)]
    assert where(result)[1] == (4, True)


def test_ce_char_django_1_push_into_the_marshals_car() -> None:
    """[CE-CHAR-DJANGO-1, CE-MARSHAL-2] Pushed inside into the locomotive with the Marshal:
    a neutral bullet too, and up to the locomotive roof."""
    result = run(characters=DJANGO_FIRST, pile=["0f1"],
                 bandits=[at(2), at(1), at(4), at(4)])
    assert shots(result) == [(0, 1), (-1, 1)]
    assert where(result)[1] == (0, True)


def test_ce_char_django_1_off_no_push() -> None:
    """[CE-CHAR-0] Characters off: the same shot does not push."""
    result = run(characters=DJANGO_FIRST, abilities=False, pile=["0f1"],
                 bandits=[at(2, roof=True), at(3, roof=True), at(1), at(1)])
    assert shots(result) == [(0, 1)]
    assert where(result)[1] == (3, True)


# --- Doc [CE-CHAR-DOC-1] ---------------------------------------------------------------------


def test_ce_char_doc_1_draws_seven_at_round_start() -> None:
    """[CE-CHAR-DOC-1, CE-RND-1] Doc (bandit 1) starts the round with 7 cards, others 6."""
    result = run(characters=["ghost", "doc", "cheyenne", "belle"])
    assert [len(s["hand"]) for s in result["seats"]] == [6, 7, 6, 6]
    assert [len(s["deck"]) for s in result["seats"]] == [4, 3, 4, 4]


def test_ce_char_doc_1_expert_too() -> None:
    """[CE-CHAR-DOC-1, CE-EXPERT-2] Doc draws 7 in the expert variant as well."""
    result = run(characters=["ghost", "doc", "cheyenne", "belle"], expert=True)
    assert [len(s["hand"]) for s in result["seats"]] == [6, 7, 6, 6]


def test_ce_char_doc_1_off_draws_six() -> None:
    """[CE-CHAR-0] Characters off: Doc's seat draws 6 like everyone."""
    result = run(characters=["ghost", "doc", "cheyenne", "belle"], abilities=False)
    assert [len(s["hand"]) for s in result["seats"]] == [6, 6, 6, 6]


# --- Ghost [CE-CHAR-GHOST-1] -----------------------------------------------------------------

GHOST_FIRST = ["ghost", "doc", "cheyenne", "belle"]
GHOST_DECK = ["0m1", "0m2", "0c1", "0c2", "0f1", "0f2", "0r1", "0r2", "0p1", "0s1"]


def test_ce_char_ghost_1_first_turn_may_play_face_down() -> None:
    """[CE-CHAR-GHOST-1, CE-DEC-3] Turn 1: Ghost may play each card face up (p) or down (q);
    nobody else gets the q option."""
    result = run(characters=GHOST_FIRST, decks={0: GHOST_DECK})
    assert prompt(result) == (0, "scheme", ["p0m", "p0c", "p0f", "q0m", "q0c", "q0f", "d"])
    after = run(characters=GHOST_FIRST, decks={0: GHOST_DECK}, actions=[play(0, "q0m")])
    assert not any(text.startswith("q") for text in prompt(after)[2])


def test_ce_char_ghost_1_face_down_card_hidden_from_the_others() -> None:
    """[CE-CHAR-GHOST-1, CE-SCHEME-4] The group sees "a card"; Ghost's own view shows it."""
    state = apply_all(state_of(spec(characters=GHOST_FIRST, decks={0: GHOST_DECK})),
                      [(0, "q0m")])
    assert GAME.view(state, None).pile[0].card is None
    assert GAME.view(state, 1).pile[0].card is None
    assert GAME.view(state, 0).pile[0].card == "0m1"
    assert GAME.view(state, None).pile[0].face_down is True
    result = run(characters=GHOST_FIRST, decks={0: GHOST_DECK}, actions=[play(0, "q0m")])
    assert [(e["card"], e["face_down"]) for e in events(result, "card_played")] == [("", True)]
    assert [e["card"] for e in private(result, "card_played")] == ["0m1"]


def test_ce_char_ghost_1_only_the_first_turn() -> None:
    """[CE-CHAR-GHOST-1] Turn 2 of Bridge (O2O): Ghost has no face-down option."""
    steps = [play(0, "p0c"), play(1, "d"), play(2, "d"), play(3, "d")]
    result = run(characters=GHOST_FIRST, decks={0: GHOST_DECK}, actions=steps)
    who, _, legal = prompt(result)
    assert who == 0
    assert legal == ["p0m", "p0c", "p0f", "d"]


def test_ce_char_ghost_1_off_no_face_down_option() -> None:
    """[CE-CHAR-0] Characters off: no q option in turn 1."""
    result = run(characters=GHOST_FIRST, abilities=False, decks={0: GHOST_DECK})
    assert prompt(result)[2] == ["p0m", "p0c", "p0f", "d"]


def test_ce_char_ghost_1_face_down_card_resolves_normally() -> None:
    """[CE-STEAL-1] Ghost's face-down Floor Change resolves face up in Stealin'."""
    result = run(characters=GHOST_FIRST, pile=[("0c1", True)],
                 bandits=[at(2), at(4), at(4), at(3)])
    assert [e["card"] for e in events(result, "card_resolved")] == ["0c1"]
    assert where(result)[0] == (2, True)


# --- Tuco [CE-CHAR-TUCO-1, CE-FIRE-TUCO] -----------------------------------------------------

TUCO_FIRST = ["tuco", "doc", "ghost", "cheyenne"]


def test_ce_fire_tuco_inside_also_hits_the_roof_of_his_car() -> None:
    """[CE-FIRE-TUCO] Tuco inside car 2: inside cars 1 and 3, plus roof 2."""
    result = run(characters=TUCO_FIRST, pile=["0f1"],
                 bandits=[at(2), at(1), at(2, roof=True), at(4)])
    assert prompt(result) == (0, "fire", ["t1", "t2"])
    far_roof = run(characters=TUCO_FIRST, pile=["0f1"],
                   bandits=[at(2), at(3, roof=True), at(2, roof=True), at(4)])
    assert shots(far_roof) == [(0, 2)]


def test_ce_fire_tuco_on_roof_also_hits_inside_his_car() -> None:
    """[CE-FIRE-TUCO, CE-FIRE-ROOF] Tuco on roof 2: nearest roofs (1, 4) plus inside car 2."""
    result = run(characters=TUCO_FIRST, pile=["0f1"],
                 bandits=[at(2, roof=True), at(1, roof=True), at(4, roof=True), at(2)])
    assert prompt(result) == (0, "fire", ["t1", "t2", "t3"])


def test_ce_char_tuco_1_belle_protection_among_all_his_candidates() -> None:
    """[CE-CHAR-TUCO-1] Belle inside under Tuco's roof, Doc on roof 3: only Doc."""
    result = run(characters=["tuco", "doc", "belle", "cheyenne"], pile=["0f1"],
                 bandits=[at(2, roof=True), at(3, roof=True), at(2), at(4)])
    assert shots(result) == [(0, 1)]


def test_ce_fire_tuco_off_no_shot_through_the_floor() -> None:
    """[CE-CHAR-0] Characters off: roof 2 is out of reach from inside car 2; on: hit."""
    result = run(characters=TUCO_FIRST, abilities=False, pile=["0f1"],
                 bandits=[at(2), at(4), at(2, roof=True), at(4)])
    assert shots(result) == []
    assert [e["card"] for e in events(result, "no_effect")] == ["0f1"]
    on = run(characters=TUCO_FIRST, pile=["0f1"], bandits=[at(2), at(4), at(2, roof=True), at(4)])
    assert shots(on) == [(0, 2)]
