"""The worked examples CE-EX-1 .. CE-EX-12 of colt_express.md §17.

Each example's main line is the scenario file docs/examples/ce_ex_<n>.json (run it with
`python -m core.scenario`); the variants the example mentions are built here from that
file. Train: locomotive 0, cars 1-4 (car 4 = caboose with 4 players). Bandit and seat
numbers are listed per example.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.scenario import run_scenario
from tests.core.colt_scenario_helpers import (
    GAME,
    apply_all,
    at,
    bandit,
    events,
    play,
    private,
    prompt,
    received,
    resolved,
    seat,
    shots,
    state_of,
    where,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(number: int, **changes: Any) -> dict[str, Any]:
    """Return the spec of docs/examples/ce_ex_<number>.json with top-level fields changed."""
    spec = json.loads((EXAMPLES / f"ce_ex_{number}.json").read_text(encoding="utf-8"))
    spec = copy.deepcopy(spec)
    spec.update(changes)
    return spec


def run_example(number: int, **changes: Any) -> dict[str, Any]:
    """Run an example (optionally changed) and return the scenario result."""
    return run_scenario(example(number, **changes))


@pytest.mark.parametrize("number", range(1, 13))
def test_ce_ex_files_run_from_the_command_line(number: int) -> None:
    """Every example file is a valid scenario for `python -m core.scenario` (exit 0)."""
    if number != 1:  # one subprocess is enough to prove the CLI; the rest run in-process
        assert run_example(number)["game"] == "colt_express"
        return
    done = subprocess.run([sys.executable, "-m", "core.scenario",
                           str(EXAMPLES / "ce_ex_1.json")],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "colt_express"


# --- CE-EX-1: roof line of sight. S=0 roof 3; A=1, B=2 roof 2; C=3 roof 1; D=4 roof 4;
# E=5 roof 3 (beside S). Six players, characters off unless Belle is needed.

def test_ce_ex_1_candidates_nearest_roof_each_way() -> None:
    """[CE-EX-1, CE-FIRE-ROOF] Candidates A, B (roof 2) and D (roof 4); not C (shielded),
    not E (same roof); S shoots D."""
    assert prompt(run_example(1, actions=[])) == (0, "fire", ["t1", "t2", "t4"])
    result = run_example(1)
    assert shots(result) == [(0, 4)]
    assert received(result) == [0, 0, 0, 0, 1, 0]


BELLE_A = ["ghost", "belle", "doc", "cheyenne", "tuco", "django"]


def test_ce_ex_1_if_a_is_belle() -> None:
    """[CE-EX-1, CE-FIRE-BELLE] A is Belle: candidates B and D."""
    result = run_example(1, characters=BELLE_A, options={"characters": True}, actions=[])
    assert prompt(result) == (0, "fire", ["t2", "t4"])


def test_ce_ex_1_roof_2_holds_only_belle() -> None:
    """[CE-EX-1] Only Belle on roof 2 (B inside car 5): D is the one candidate; C stays
    shielded by Belle."""
    spec = example(1, characters=BELLE_A, options={"characters": True}, actions=[])
    spec["bandits"][2] = at(5)
    assert shots(run_scenario(spec)) == [(0, 4)]


def test_ce_ex_1_belle_the_only_roof_target_must_be_shot() -> None:
    """[CE-EX-1, CE-CHAR-BELLE-1] Everyone else inside: S must shoot Belle."""
    spec = example(1, characters=BELLE_A, options={"characters": True}, actions=[])
    spec["bandits"] = [at(3, roof=True), at(2, roof=True), at(5), at(1), at(4), at(3)]
    assert shots(run_scenario(spec)) == [(0, 1)]


# --- CE-EX-2: the Marshal enters a car. Marshal in car 1; X=0 inside car 2; Y=1 roof 2;
# Z=2 plays the Marshal card; W=3 starts in the locomotive, walks to car 1, then car 2.

def test_ce_ex_2_marshal_enters_then_floor_change_then_move() -> None:
    """[CE-EX-2, CE-MARSHAL-2] X is shot and climbs; Y untouched; X's Floor Change down
    costs another bullet; W's Move from car 1 into car 2 costs one and ends on roof 2."""
    result = run_example(2)
    assert result["marshal"] == 2
    assert shots(result) == [(-1, 0), (-1, 0), (-1, 3)]
    assert received(result) == [2, 0, 0, 1]
    assert where(result) == [(2, True), (2, True), (4, True), (2, True)]
    x_moves = [(e["car"], e["roof"], e["cause"]) for e in events(result, "bandit_moved")
               if e["bandit"] == 0 and e["cause"] != "start"]
    assert x_moves == [(2, True, "marshal"), (2, False, "floor"), (2, True, "marshal")]


# --- CE-EX-3: Cheyenne=0 punches Doc=1 inside car 3; Doc holds a jewel and 2 purses.

def test_ce_ex_3_cheyenne_takes_one_of_the_two_purses_and_pushes_doc() -> None:
    """[CE-EX-3, CE-CHAR-CHEYENNE-1, CE-LOOT-4] One purse (random) becomes hers, only she
    learns its value; Doc keeps the jewel and the other purse and goes to car 4."""
    result = run_example(3)
    (taken,) = bandit(result, 0)["loot"]
    assert taken in ("p300_1", "p450_1")
    assert sorted(bandit(result, 1)["loot"] + [taken]) == ["j1", "p300_1", "p450_1"]
    assert where(result)[1] == (4, False)
    assert [e["audience"] for e in private(result, "loot_taken")] == [[0]]
    assert private(result, "loot_taken")[0]["value"] == int(taken[1:4])
    assert result["inside"][3] == []


def test_ce_ex_3_purse_choice_is_random() -> None:
    """[CE-EX-3, CE-LOOT-4] Over seeds, both purses can be the one knocked loose."""
    taken = {bandit(run_example(3, seed=seed), 0)["loot"][0] for seed in range(10)}
    assert taken == {"p300_1", "p450_1"}


def test_ce_ex_3_jewel_falls_and_needs_a_later_robbery() -> None:
    """[CE-EX-3] The jewel drops on car 3's floor; her later Robbery there takes it."""
    spec = example(3, pile=[{"card": "0p1"}, {"card": "0r1"}],
                   actions=[play(0, "lj"), play(0, "gf")])
    spec["bandits"][0] = at(3, loot=[])
    state = state_of({**spec, "actions": []})
    state = apply_all(state, [(0, "lj")])
    assert state.inside[3] == ["j1"]
    assert state.bandits[0].loot == []
    result = run_scenario(spec)
    assert bandit(result, 0)["loot"] == ["j1"]
    assert where(result)[1] == (2, False)


def test_ce_ex_3_pushed_into_the_marshals_car() -> None:
    """[CE-EX-3, CE-MARSHAL-2] Marshal in car 2, Doc pushed there: shot, roof of car 2."""
    result = run_example(3, marshal=2, actions=[play(0, "lp"), play(0, "y"), play(0, "gf")])
    assert where(result)[1] == (2, True)
    assert shots(result) == [(-1, 1)]


# --- CE-EX-4: Django=0.

def test_ce_ex_4_roof_push_to_the_caboose_roof() -> None:
    """[CE-EX-4, CE-CHAR-DJANGO-1] Django on roof 2 shoots T=1 on roof 3: T to roof 4."""
    result = run_example(4)
    assert shots(result) == [(0, 1)]
    assert where(result)[1] == (4, True)


def test_ce_ex_4_no_push_from_the_caboose_roof() -> None:
    """[CE-EX-4] T already on the caboose roof: shot, not moved."""
    result = run_example(4, bandits=[at(2, roof=True), at(4, roof=True), at(4), at(4)])
    assert shots(result) == [(0, 1)]
    assert where(result)[1] == (4, True)


def test_ce_ex_4_inside_push_into_the_locomotive_with_the_marshal() -> None:
    """[CE-EX-4, CE-MARSHAL-2] Django inside car 2 shoots T inside car 1: T is pushed into
    the locomotive; the Marshal is there, so a neutral bullet and up to its roof."""
    result = run_example(4, bandits=[at(2), at(1), at(4, roof=True), at(4, roof=True)])
    assert shots(result) == [(0, 1), (-1, 1)]
    assert where(result)[1] == (0, True)
    empty_loco = run_example(4, marshal=3,
                             bandits=[at(2), at(1), at(4, roof=True), at(4, roof=True)])
    assert where(empty_loco)[1] == (0, False)


# --- CE-EX-5: Belle=0, Tuco=1, Cheyenne=2 inside car 2; Doc=3 on roof 4.

def test_ce_ex_5_cheyenne_must_punch_tuco() -> None:
    """[CE-EX-5, CE-CHAR-BELLE-1] Candidates Belle and Tuco; Belle removed: Tuco is hit."""
    result = run_example(5)
    assert [e["target"] for e in events(result, "punched")] == [1]
    assert where(result)[:2] == [(2, False), (3, False)]


def test_ce_ex_5_tuco_gone_belle_must_be_punched() -> None:
    """[CE-EX-5] Tuco elsewhere: Belle is the only candidate."""
    spec = example(5, actions=[play(2, "n"), play(2, "gb")])  # her purse falls
    spec["bandits"][1] = at(4)
    result = run_scenario(spec)
    assert [e["target"] for e in events(result, "punched")] == [0]


def test_ce_ex_5_tuco_on_the_roof_fires() -> None:
    """[CE-EX-5, CE-FIRE-TUCO] Tuco on roof 2: Doc (nearest roof) and Cheyenne (inside his
    car) are candidates; Belle, inside too, is removed."""
    spec = example(5, pile=[{"card": "1f1"}], actions=[])
    spec["bandits"][1] = at(2, roof=True)
    assert prompt(run_scenario(spec)) == (1, "fire", ["t2", "t3"])


# --- CE-EX-6: Swivel Arm (O X O O), 4 players, Ghost=0 in car 1, others in cars 2-3.

def test_ce_ex_6_tunnel_turn_face_down_then_swept_to_the_caboose_roof() -> None:
    """[CE-EX-6, CE-ROUND-0, CE-CHAR-GHOST-1, CE-EVENT-SWIVEL] Ghost plays face down in turn
    1; everyone plays face down in turn 2 (the X); cards show when resolved; the roofs are
    swept to the caboose roof."""
    spec = example(6)
    state = apply_all(state_of({**spec, "actions": []}),
                      [(a["seat"], a["action"]) for a in spec["actions"][:8]])
    group = GAME.view(state, None)
    assert [(p.seat, p.card, p.face_down) for p in group.pile] == [
        (0, None, True), (0, None, True), (1, None, True), (2, None, True), (3, None, True)]
    assert [p.card for p in GAME.view(state, 0).pile] == ["0c1", "0c2", None, None, None]
    result = run_scenario(spec)
    assert [e["card"] for e in events(result, "card_played")] == [""] * 5 + [
        "1r1", "2r1", "3r1"]
    assert resolved(result) == ["0c1", "0c2", "1c1", "2c1", "3c1", "1r1", "2r1", "3r1"]
    assert where(result) == [(1, False), (4, True), (4, True), (4, True)]
    assert [e["card"] for e in events(result, "round_event")] == ["swivel_arm"]


# --- CE-EX-7: turn order. P1, P2, P3 = seats 0, 1, 2.

def test_ce_ex_7_speeding_up_two_steps_in_a_row() -> None:
    """[CE-EX-7, CE-SCHEME-3, R-CE-17] Take It All! (O X 2 O), turn 3: P1 plays Move then
    draws, P2 draws then plays Fire, P3 plays Robbery then Punch."""
    result = run_example(7)
    assert [(e["symbol"], e["order"]) for e in events(result, "scheme_turn")][2] == (
        "2", [0, 1, 2])
    assert [p["card"] for p in result["pile"][6:]] == ["0m1", "1f1", "2r1", "2p1"]
    assert [p["face_down"] for p in result["pile"][6:]] == [False] * 4
    assert prompt(result)[0] == 0  # turn 4 starts with the First Player
    assert len(seat(result, 0)["hand"]) == 6  # 6 - 3 played + 3 drawn


def test_ce_ex_7_switching_turn_order() -> None:
    """[CE-EX-7, R-CE-18] Angry Marshal turn 4 (R), First Player P2 (seat 1), 4 players:
    P2, P1, P4, P3."""
    spec = {"game": "colt_express", "players": 4, "options": {"characters": False},
            "round_cards": ["angry_marshal", "bridge", "braking", "tunnels", "pickpocketing"],
            "first_player": 1}
    draws = [play(s, "d") for s in (1, 2, 3, 0)] * 2
    result = run_scenario({**spec, "actions": draws})
    state = state_of(spec)
    state = apply_all(state, [(a["seat"], a["action"]) for a in draws])
    for s in (1, 2, 3, 0):  # the tunnel turn: each plays his first legal card
        state = apply_all(state, [(s, GAME.encode_action(GAME.legal_actions(state, s)[0]))])
    assert GAME.view(state, None).pattern[GAME.view(state, None).turn] == "R"
    order = []
    while GAME.view(state, None).phase == "scheme" and GAME.view(state, None).turn == 3:
        (who,) = GAME.to_act(state)
        order.append(who)
        state = apply_all(state, [(who, GAME.encode_action(GAME.legal_actions(state, who)[0]))])
    assert order == [1, 0, 3, 2]
    assert [e["order"] for e in events(result, "scheme_turn")][:2] == [[1, 2, 3, 0]] * 2


# --- CE-EX-8: Angry Marshal. Marshal in car 2; U=0 roof 2; V=1 inside car 3.

def test_ce_ex_8_angry_marshal_event() -> None:
    """[CE-EX-8, CE-EVENT-ANGRY, R-CE-07] U is shot; the Marshal moves to car 3, where V is
    shot and goes to the roof."""
    result = run_example(8)
    assert shots(result) == [(-1, 0), (-1, 1)]
    assert result["marshal"] == 3
    assert where(result)[:2] == [(2, True), (3, True)]


# --- CE-EX-9: P=0 (no loot) with the jewel in car 1; Q=1 punches him; Belle=2 in car 3.

def test_ce_ex_9_mandatory_actions() -> None:
    """[CE-EX-9, CE-STEAL-3] Q pushes P to car 2 (no loot): P's Robbery has no effect; Q
    climbs away; P's Fire has Belle as the only candidate and must hit her."""
    result = run_example(9)
    assert resolved(result) == ["1p1", "0r1", "1c1", "0f1"]
    assert [e["card"] for e in events(result, "no_effect")] == ["0r1"]
    assert result["inside"][1] == ["j1"]
    assert bandit(result, 0)["loot"] == []
    assert shots(result) == [(0, 2)]


# --- CE-EX-10: A, B, C = seats 0, 1, 2 (3 players, final round, nothing else happens).

def test_ce_ex_10_gunslinger_and_tie_break() -> None:
    """[CE-EX-10, CE-SCORE-2, CE-SCORE-3] A and B fired 4 (C 2): $1000 each; $2,750 each,
    C $2,000; B received fewer bullets (2 < 3): B wins."""
    result = run_example(10)
    (ended,) = events(result, "game_ended")
    assert ended["gunslingers"] == [0, 1]
    assert result["scores"] == [2750, 2750, 2000]
    assert result["outcome"] == {"side": "seat_1", "winners": [1], "reason": "richest"}


# --- CE-EX-11: expert, 5 players; P=seat 0. Round 1 (index 0) is Passengers' Rebellion
# played straight to its event (everyone gets a neutral bullet on top of his deck); round 2
# is Bridge (O 2 = 3 steps); P is dealt that bullet and ends Schemin' holding Fire, Move and
# the bullet; Q=1 and R=2 each shoot him.

def test_ce_ex_11_expert_round() -> None:
    """[CE-EX-11, CE-EXPERT-3, R-CE-11] P discards the bullet, keeps Fire and Move on top;
    the 2 bullets he receives go on top of them; his resolved cards are discarded; next
    round he draws bullet, bullet, Fire, Move and 2 more."""
    spec = example(11)
    state = apply_all(state_of({**spec, "actions": []}),
                      [(a["seat"], a["action"]) for a in spec["actions"][:15]])
    assert GAME.view(state, 0).decision == "discard"
    assert sorted(state.seats[0].hand) == ["0f1", "0m1", "nb1"]
    result = run_scenario(spec)
    assert shots(result)[-2:] == [(1, 0), (2, 0)]
    assert seat(result, 0)["discard"] == ["nb1", "0r1", "0r2", "0p1"]
    hand = seat(result, 0)["hand"]
    assert sorted(hand[:2]) == ["1b1", "2b1"]
    assert sorted(hand[2:4]) == ["0f1", "0m1"]
    assert hand[4:] == ["0c1", "0c2"]
    assert events(result, "hand_discarded")[0]["count"] == 1  # seat 0: the bullet


# --- CE-EX-12: 2 players. Team 1 (seat 0) = Belle 0 + Django 1; team 2 (seat 1) = Tuco 2 +
# Doc 3. Final round; the Marshal is in car 4 so the locomotive is free.

def test_ce_ex_12_friendly_fire_and_no_gunslinger() -> None:
    """[CE-EX-12, CE-2P-9, CE-2P-10, CE-2P-11] Django's only candidate is his teammate
    Belle: he shoots her and pushes her into the locomotive. No Gunslinger bonus (Django
    alone fired): team 2 wins $1000 to $500."""
    result = run_example(12)
    assert shots(result) == [(1, 0)]
    assert where(result)[0] == (0, False)
    (ended,) = events(result, "game_ended")
    assert ended["gunslingers"] == []
    assert result["scores"] == [500, 1000]
    assert result["outcome"]["winners"] == [1]
