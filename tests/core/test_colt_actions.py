"""The six actions at both levels, and how Stealin' resolves them.

Rules: colt_express.md §0 (CE-GEN-1/2), §2 (CE-LOOT-4), §5 (CE-STEAL-1..4), §6 (CE-MOVE,
CE-FLOOR, CE-FIRE, CE-PUNCH, CE-ROB), §8 (CE-BULLET-1..3). Characters are off here
(abilities: test_colt_characters.py); the Marshal stays in the locomotive unless a test
moves him (test_colt_marshal.py).
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
    prompt,
    received,
    resolved,
    run,
    seat,
    shots,
    spec,
    state_of,
    where,
)

# --- Move [CE-MOVE-1..3] ---------------------------------------------------------------------


def test_ce_move_1_inside_one_car_forward_or_backward() -> None:
    """[CE-MOVE-1] Inside car 2: forward to car 1 or backward to car 3, staying inside."""
    bandits = [at(2), at(4), at(4), at(3, roof=True)]
    assert prompt(run(bandits=bandits, pile=["0m1"])) == (0, "move", ["mf1", "mb1"])
    back = run(bandits=bandits, pile=["0m1"], actions=[play(0, "mb1")])
    assert where(back)[0] == (3, False)
    forward = run(bandits=bandits, pile=["0m1"], actions=[play(0, "mf1")])
    assert where(forward)[0] == (1, False)


def test_ce_move_1_caboose_has_one_way_and_moves_at_once() -> None:
    """[CE-MOVE-1, CE-MOVE-3] Inside the caboose the only Move is forward: no question asked."""
    result = run(bandits=[at(4), at(1), at(1), at(1)], pile=["0m1"])
    assert where(result)[0] == (3, False)
    assert [(e["bandit"], e["car"], e["cause"]) for e in events(result, "bandit_moved")
            if e["cause"] == "move"] == [(0, 3, "move")]
    assert events(result, "no_effect") == []
    assert prompt(result)[1] == "scheme"  # the round ended; round 2 is being schemed


def test_ce_move_2_roof_one_to_three_cars_never_past_the_ends() -> None:
    """[CE-MOVE-2] Roof of car 3 (train 0..4): 1-3 forward, only 1 backward to the caboose."""
    bandits = [at(3, roof=True), at(1), at(1), at(1)]
    assert prompt(run(bandits=bandits, pile=["0m1"]))[2] == ["mf1", "mf2", "mf3", "mb1"]
    far = run(bandits=bandits, pile=["0m1"], actions=[play(0, "mf3")])
    assert where(far)[0] == (0, True)
    near_front = [at(1, roof=True), at(4), at(4), at(4)]
    assert prompt(run(bandits=near_front, pile=["0m1"]))[2] == ["mf1", "mb1", "mb2", "mb3"]


def test_ce_move_2_other_bandits_do_not_block() -> None:
    """[CE-MOVE-2] Bandits on the roofs in between do not stop a 3-car roof move."""
    result = run(bandits=[at(4, roof=True), at(3, roof=True), at(2, roof=True), at(1)],
                 pile=["0m1"], actions=[play(0, "mf3")])
    assert where(result) == [(1, True), (3, True), (2, True), (1, False)]


# --- Floor Change [CE-FLOOR-1] ---------------------------------------------------------------


def test_ce_floor_1_inside_to_roof_and_back_same_car() -> None:
    """[CE-FLOOR-1] Two Floor Changes: up to the roof of car 2, then down inside car 2."""
    result = run(bandits=[at(2), at(4), at(4), at(3)], pile=["0c1", "0c2"])
    moves = [(e["car"], e["roof"], e["cause"]) for e in events(result, "bandit_moved")
             if e["bandit"] == 0 and e["cause"] != "start"]
    assert moves == [(2, True, "floor"), (2, False, "floor")]
    assert where(result)[0] == (2, False)


# --- Fire [CE-FIRE-0, CE-FIRE-INSIDE, CE-FIRE-ROOF, CE-FIRE-1] ------------------------------


def test_ce_fire_0_no_bullet_left_no_effect() -> None:
    """[CE-FIRE-0] An empty revolver: the Fire card has no effect though a target stands by."""
    result = run(bandits=[at(2, revolver=0), at(1), at(4), at(4)], pile=["0f1"])
    assert [e["card"] for e in events(result, "no_effect")] == ["0f1"]
    assert received(result) == [0, 0, 0, 0]
    assert bandit(result, 0)["revolver"] == 0


def test_ce_fire_inside_adjacent_cars_either_direction() -> None:
    """[CE-FIRE-INSIDE] Inside car 2: bandits inside cars 1 and 3, not the one in car 2."""
    result = run(bandits=[at(2), at(1), at(3), at(2)], pile=["0f1"])
    assert prompt(result) == (0, "fire", ["t1", "t2"])


def test_ce_fire_inside_never_own_car_roofs_or_farther_cars() -> None:
    """[CE-FIRE-INSIDE] Same car, a roof and a car two away are out: the one target is hit."""
    result = run(bandits=[at(2), at(1, roof=True), at(3), at(4)], pile=["0f1"])
    assert shots(result) == [(0, 2)]
    nobody = run(bandits=[at(2), at(2), at(1, roof=True), at(4)], pile=["0f1"])
    assert shots(nobody) == []
    assert [e["card"] for e in events(nobody, "no_effect")] == ["0f1"]


def test_ce_fire_roof_nearest_occupied_roof_each_way() -> None:
    """[CE-FIRE-ROOF] Roof of car 2: roof 1 forward (roof 0 is shielded), roof 4 backward."""
    bandits = [at(2, roof=True), at(1, roof=True), at(4, roof=True), at(0, roof=True)]
    assert prompt(run(bandits=bandits, pile=["0f1"])) == (0, "fire", ["t1", "t2"])


def test_ce_fire_roof_never_inside_nor_own_roof() -> None:
    """[CE-FIRE-ROOF] Bandits inside (even below) and beside the shooter are never targets."""
    result = run(bandits=[at(2, roof=True), at(2, roof=True), at(2), at(3)], pile=["0f1"])
    assert shots(result) == []
    assert [e["card"] for e in events(result, "no_effect")] == ["0f1"]


def test_ce_fire_1_next_numbered_bullet_goes_into_targets_deck() -> None:
    """[CE-FIRE-1, CE-BULLET-1/2] Two shots give bullets 0b1 then 0b2 to the one target."""
    result = run(bandits=[at(2), at(3), at(0, roof=True), at(0, roof=True)],
                 pile=["0f1", "0f2"])
    assert shots(result) == [(0, 1), (0, 1)]
    assert bandit(result, 0)["revolver"] == 4
    assert received(result) == [0, 2, 0, 0]
    target_cards = seat(result, 1)["hand"] + seat(result, 1)["deck"]
    assert {"0b1", "0b2"} <= set(target_cards)
    assert len(target_cards) == 12


def test_ce_bullet_1_2_fired_and_received_are_public() -> None:
    """[CE-BULLET-1, CE-BULLET-2, CE-INFO-1] The group view shows bullets left and received."""
    state = state_of(spec(bandits=[at(2), at(3), at(0, roof=True), at(0, roof=True)],
                          pile=["0f1"]))
    group = GAME.view(state, None)
    assert [(b.bullets_left, b.received) for b in group.bandits] == [
        (5, 0), (6, 1), (6, 0), (6, 0)]


def test_ce_bullet_3_bullet_cards_in_hand_cannot_be_played() -> None:
    """[CE-BULLET-3] A bullet drawn next round takes a hand slot but is never a play option."""
    deck = ["1m1", "1m2", "1c1", "1c2", "1f1", "1f2", "1r1", "1r2", "1p1", "1s1"]
    result = run(bandits=[at(2), at(3), at(0, roof=True), at(0, roof=True)], pile=["0f1"],
                 decks={1: deck})
    hand = seat(result, 1)["hand"]
    assert "0b1" in hand
    assert len(hand) == 6
    who, decision, legal = prompt(result)
    assert (who, decision) == (1, "scheme")
    assert not any(text.endswith("b") for text in legal)
    assert legal == ["p1m", "p1c", "p1f", "d"]


# --- Punch [CE-PUNCH-1] ----------------------------------------------------------------------


def test_ce_punch_1_only_bandits_at_the_same_location() -> None:
    """[CE-PUNCH-1, CE-GEN-2] Same car but on the roof, or a car away: not punchable."""
    result = run(bandits=[at(2), at(2, roof=True), at(1), at(3)], pile=["0p1"])
    assert [e["card"] for e in events(result, "no_effect")] == ["0p1"]
    two = run(bandits=[at(2), at(2), at(2), at(2, roof=True)], pile=["0p1"])
    assert prompt(two) == (0, "punch", ["t1", "t2"])


def test_ce_punch_1_victim_drops_chosen_loot_type_on_the_floor_and_is_pushed() -> None:
    """[CE-PUNCH-1] Pick the type (jewel), it falls inside car 2; push the victim backward."""
    bandits = [at(2, loot=[]), at(2, loot=["p300_1", "j1"]), at(4), at(4)]
    first = run(bandits=bandits, pile=["0p1"], inside=empty())
    assert prompt(first) == (0, "punch_loot", ["lj", "lp"])
    second = run(bandits=bandits, pile=["0p1"], inside=empty(), actions=[play(0, "lj")])
    assert prompt(second) == (0, "punch_push", ["gf", "gb"])
    done = run(bandits=bandits, pile=["0p1"], inside=empty(),
               actions=[play(0, "lj"), play(0, "gb")])
    assert where(done)[1] == (3, False)
    assert bandit(done, 1)["loot"] == ["p300_1"]
    assert done["inside"][2] == ["j1"]
    assert bandit(done, 0)["loot"] == []  # the puncher does not take it


def test_ce_punch_1_on_a_roof_loot_falls_on_that_roof_push_stays_on_roofs() -> None:
    """[CE-PUNCH-1] Roof of car 2: the jewel lands on roof 2, the victim goes to roof 1."""
    result = run(bandits=[at(2, roof=True), at(2, roof=True, loot=["j1"]), at(4), at(4)],
                 pile=["0p1"], actions=[play(0, "gf")])
    assert result["roof_loot"][2] == ["j1"]
    assert where(result)[1] == (1, True)


def test_ce_punch_1_victim_without_loot_is_only_pushed() -> None:
    """[CE-PUNCH-1] No loot: straight to the push; in the caboose the push goes forward."""
    result = run(bandits=[at(4), at(4, loot=[]), at(1), at(1)], pile=["0p1"])
    assert events(result, "loot_dropped") == []
    assert where(result)[1] == (3, False)
    assert [e["target"] for e in events(result, "punched")] == [1]


def test_ce_loot_4_dropped_purse_is_picked_at_random() -> None:
    """[CE-LOOT-4] "A purse" from three: any of them may fall, depending on the seed."""
    purses = ["p300_1", "p400_1", "p500_1"]
    dropped = set()
    for seed in range(12):
        result = run(bandits=[at(2), at(2, loot=purses), at(4), at(4)], pile=["0p1"],
                     inside=empty(), seed=seed, actions=[play(0, "gb")])
        assert len(result["inside"][2]) == 1
        dropped.add(result["inside"][2][0])
        assert sorted(bandit(result, 1)["loot"] + result["inside"][2]) == purses
    assert len(dropped) > 1


# --- Robbery [CE-ROB-1] ----------------------------------------------------------------------


def test_ce_rob_1_choose_a_type_take_one_token() -> None:
    """[CE-ROB-1] A jewel and a purse inside car 1: the robber picks the type, takes one."""
    bandits = [at(1, loot=[]), at(4), at(4), at(3)]
    inside = {1: ["p300_1", "j1"]}
    assert prompt(run(bandits=bandits, pile=["0r1"], inside=inside)) == (0, "rob", ["lj", "lp"])
    result = run(bandits=bandits, pile=["0r1"], inside=inside, actions=[play(0, "lp")])
    assert bandit(result, 0)["loot"] == ["p300_1"]
    assert result["inside"][1] == ["j1"]


def test_ce_rob_1_loot_on_a_roof_can_be_robbed_from_that_roof() -> None:
    """[CE-ROB-1] A jewel dropped on roof 2 is taken by a bandit on roof 2 (one type: no ask)."""
    result = run(bandits=[at(2, roof=True, loot=[]), at(4), at(4), at(3)], pile=["0r1"],
                 roof_loot={2: ["j2"]})
    assert bandit(result, 0)["loot"] == ["j2"]
    assert result["roof_loot"][2] == []


def test_ce_rob_1_level_matters_inside_loot_is_not_on_the_roof() -> None:
    """[CE-ROB-1, CE-GEN-2, CE-STEAL-3] On the roof of car 1 the loot inside is out of reach."""
    result = run(bandits=[at(1, roof=True, loot=[]), at(4), at(4), at(3)], pile=["0r1"],
                 inside={1: ["j1"]})
    assert [e["card"] for e in events(result, "no_effect")] == ["0r1"]
    assert result["inside"][1] == ["j1"]
    assert bandit(result, 0)["loot"] == []


def test_ce_rob_1_purse_taken_at_random_among_purses_there() -> None:
    """[CE-ROB-1, CE-LOOT-4] Three purses in car 1: which one is taken depends on the seed."""
    taken = set()
    for seed in range(12):
        result = run(bandits=[at(1, loot=[]), at(4), at(4), at(3)], pile=["0r1"],
                     inside={1: ["p300_1", "p400_1", "p500_1"]}, seed=seed)
        (token,) = bandit(result, 0)["loot"]
        taken.add(token)
    assert len(taken) > 1


# --- Stealin' [CE-STEAL-1..4] ----------------------------------------------------------------


def test_ce_steal_1_cards_resolve_in_play_order_face_down_revealed_in_turn() -> None:
    """[CE-STEAL-1, CE-SCHEME-4] First played first; a face-down card shows when it resolves."""
    position = spec(bandits=[at(2), at(3), at(4), at(4)],
                    pile=["0m1", ("1c1", True), "2c1"])
    state = state_of(position)
    assert GAME.view(state, None).pile[1].card is None  # not resolved yet: hidden
    assert GAME.view(state, 1).pile[1].card == "1c1"    # its owner knows it
    assert GAME.view(state, 0).pile[1].card is None
    state = apply_all(state, [(0, "mf1")])
    assert GAME.view(state, None).pile == ()  # round over; the pile is gone
    result = run(bandits=[at(2), at(3), at(4), at(4)], pile=["0m1", ("1c1", True), "2c1"],
                 actions=[play(0, "mf1")])
    assert resolved(result) == ["0m1", "1c1", "2c1"]
    assert where(result)[:3] == [(1, False), (3, True), (4, True)]


def test_ce_steal_1_face_down_card_visible_to_group_once_resolved() -> None:
    """[CE-STEAL-1] While a later card waits for a choice, the resolved face-down one shows."""
    state = state_of(spec(bandits=[at(2), at(3), at(4), at(4)],
                          pile=[("1c1", True), "0m1"]))
    assert GAME.view(state, None).pile[0].card == "1c1"
    assert GAME.view(state, None).pile[0].face_down is True


def test_ce_steal_2_choices_are_made_when_the_card_resolves() -> None:
    """[CE-STEAL-2] The Move is chosen after the earlier Punch moved its owner."""
    result = run(bandits=[at(2, loot=[]), at(2), at(4), at(4)], pile=["1p1", "0m1"],
                 actions=[play(1, "gb")])
    assert where(result)[0] == (3, False)
    assert prompt(result) == (0, "move", ["mf1", "mb1"])


def test_ce_steal_4_base_game_resolved_cards_return_to_the_owners_deck() -> None:
    """[CE-STEAL-4] Base game: no discard pile; the played card is back among the 10."""
    result = run(bandits=[at(2), at(4), at(4), at(3)], pile=["0c1"])
    cards = seat(result, 0)["hand"] + seat(result, 0)["deck"]
    assert seat(result, 0)["discard"] == []
    assert "0c1" in cards
    assert len(cards) == 10
