"""The Marshal: his action, his car's inside, neutral bullets.

Rules: colt_express.md §6 (CE-MARSHAL-1, CE-FLOOR-1), §7 (CE-MARSHAL-0/2/3/4), §1
(CE-COMP-4, R-CE-01). Django's push into his car: test_colt_characters.py; the Angry
Marshal event: test_colt_events.py.
"""

from __future__ import annotations

import pytest

from core.scenario import ScenarioError
from tests.core.colt_scenario_helpers import (
    GAME,
    at,
    events,
    play,
    prompt,
    received,
    run,
    seat,
    shots,
    spec,
    where,
)


def test_ce_marshal_0_starts_inside_the_locomotive() -> None:
    """[CE-MARSHAL-0, CE-SETUP-5] Set-up puts the Marshal in car 0."""
    state = GAME.setup({}, 4, 7).state
    assert GAME.view(state, None).marshal == 0


def test_ce_marshal_1_one_car_forward_or_backward() -> None:
    """[CE-MARSHAL-1] Marshal in car 2: the owner picks sf (car 1) or sb (car 3)."""
    position = {"bandits": [at(4), at(4), at(3, roof=True), at(1, roof=True)],
                "marshal": 2, "pile": ["0s1"]}
    assert prompt(run(**position)) == (0, "marshal", ["sf", "sb"])
    back = run(**position, actions=[play(0, "sb")])
    assert back["marshal"] == 3
    assert [e["car"] for e in events(back, "marshal_moved")] == [3]


def test_ce_marshal_1_always_possible_one_way_at_the_ends() -> None:
    """[CE-MARSHAL-1] From the locomotive he can only go back (no question); from the caboose
    only forward."""
    front = run(bandits=[at(4), at(4), at(3), at(3)], pile=["0s1"])
    assert front["marshal"] == 1
    end = run(bandits=[at(1), at(1), at(2), at(2)], marshal=4, pile=["0s1"])
    assert end["marshal"] == 3
    assert events(front, "no_effect") == events(end, "no_effect") == []


def test_ce_marshal_2_marshal_enters_a_car_bandits_inside_shot_and_climb() -> None:
    """[CE-MARSHAL-2, CE-MARSHAL-4] Both bandits inside car 1 get a neutral bullet and go up;
    the bandit already on roof 1 is untouched."""
    result = run(bandits=[at(1), at(1), at(1, roof=True), at(4)], pile=["3s1"])
    assert result["marshal"] == 1
    assert shots(result) == [(-1, 0), (-1, 1)]
    assert where(result)[:3] == [(1, True), (1, True), (1, True)]
    assert received(result) == [1, 1, 0, 0]


def test_ce_marshal_2_moving_inside_his_car_shot_and_up() -> None:
    """[CE-MARSHAL-2] A Move from car 2 into the Marshal's car 1 ends on roof 1, shot."""
    result = run(bandits=[at(2), at(4), at(4), at(3)], marshal=1, pile=["0m1"],
                 actions=[play(0, "mf1")])
    assert where(result)[0] == (1, True)
    assert shots(result) == [(-1, 0)]
    causes = [e["cause"] for e in events(result, "bandit_moved") if e["bandit"] == 0
              and e["cause"] != "start"]
    assert causes == ["move", "marshal"]


def test_ce_floor_1_down_into_marshals_car_ends_on_the_roof_with_a_bullet() -> None:
    """[CE-FLOOR-1, CE-MARSHAL-2] Roof of the Marshal's car, Floor Change: shot, back up."""
    result = run(bandits=[at(2, roof=True), at(4), at(4), at(3)], marshal=2, pile=["0c1"])
    assert where(result)[0] == (2, True)
    assert received(result) == [1, 0, 0, 0]


def test_ce_marshal_2_punched_into_his_car() -> None:
    """[CE-PUNCH-1 step 4, CE-MARSHAL-2] Pushed inside into the Marshal's car: shot, climbs."""
    result = run(bandits=[at(2, loot=[]), at(2, loot=[]), at(4), at(4)], marshal=3,
                 pile=["0p1"], actions=[play(0, "gb")])
    assert where(result)[1] == (3, True)
    assert shots(result) == [(-1, 1)]


def test_ce_marshal_3_neutral_bullets_enter_the_deck_and_count_as_received() -> None:
    """[CE-MARSHAL-3, CE-BULLET-2] The neutral bullet is a card in the victim's deck."""
    result = run(bandits=[at(2), at(4), at(4), at(3)], marshal=1, pile=["0m1"],
                 actions=[play(0, "mf1")])
    cards = seat(result, 0)["hand"] + seat(result, 0)["deck"]
    assert "nb1" in cards
    assert len(cards) == 11
    assert received(result)[0] == 1


def test_ce_marshal_4_roof_bandits_never_affected_by_his_presence() -> None:
    """[CE-MARSHAL-4] Moving along the roofs over the Marshal's car costs nothing."""
    result = run(bandits=[at(3, roof=True), at(4), at(4), at(4)], marshal=2, pile=["0m1"],
                 actions=[play(0, "mf1")])
    assert where(result)[0] == (2, True)
    assert shots(result) == []


def test_r_ce_01_neutral_bullet_supply_is_not_a_limit() -> None:
    """[CE-COMP-4, R-CE-01] 12 Floor Changes into his car + Angry Marshal: 18 > 13 bullets."""
    pile = [f"{b}c{n}" for n in (1, 2) for b in range(6)]
    result = run(6, bandits=[at(1, roof=True)] * 6, marshal=1, pile=pile,
                 round_cards=["angry_marshal", "bridge", "braking", "tunnels",
                              "hostage_taking"])
    assert sum(received(result)) == 18
    cards = [c for s in result["seats"] for c in s["hand"] + s["deck"] if c.startswith("nb")]
    assert sorted(cards) == sorted(f"nb{n}" for n in range(1, 19))


def test_ce_marshal_2_position_view_shows_him_to_everyone() -> None:
    """[CE-INFO-1] The Marshal's car is public."""
    state = GAME.position(spec(bandits=[at(4), at(4), at(3), at(3)], marshal=2)).state
    assert GAME.view(state, None).marshal == 2
    assert GAME.view(state, 1).marshal == 2


def test_ce_marshal_2_no_position_with_a_bandit_inside_his_car() -> None:
    """[CE-MARSHAL-2] A scenario may not start with a bandit inside the Marshal's car."""
    with pytest.raises(ScenarioError, match="inside the Marshal's car"):
        run(bandits=[at(2), at(4), at(4), at(3)], marshal=2)
    assert where(run(bandits=[at(2, roof=True), at(4), at(4), at(3)], marshal=2))[0] == (
        2, True)
