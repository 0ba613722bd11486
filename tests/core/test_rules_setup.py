"""Setup, components, general conventions and hidden information of BANG! The Dice Game.

Rules: bang_dice.md §0 (BD-GEN), §1 (BD-COMP), §2 (BD-SETUP), §3 (turn order), §15 (BD-INFO).
"""

from __future__ import annotations

from collections import Counter

import pytest

from core.scenario import run_scenario
from tests.core.scenario_helpers import (
    GAME,
    PRINTED_LIFE,
    QUIET_ROLL,
    events,
    lives,
    play,
    prompt,
    run,
    table,
    timeout,
)

SEEDS = range(12)
SETUP_ROLES = {
    4: {"sheriff": 1, "outlaw": 2, "renegade": 1},
    5: {"sheriff": 1, "deputy": 1, "outlaw": 2, "renegade": 1},
    6: {"sheriff": 1, "deputy": 1, "outlaw": 3, "renegade": 1},
    7: {"sheriff": 1, "deputy": 2, "outlaw": 3, "renegade": 1},
    8: {"sheriff": 1, "deputy": 2, "outlaw": 3, "renegade": 2},
}
BASE_FACES = {"arrow", "dynamite", "bullseye_1", "bullseye_2", "beer", "gatling"}


def _dealt(players: int, seed: int) -> tuple[object, list[dict], dict]:
    step = GAME.setup({}, players, seed)
    return step.state, [e.to_json() for e in step.events], GAME.describe(step.state)


@pytest.mark.parametrize("players", sorted(SETUP_ROLES))
def test_BD_SETUP_1_identities_by_player_count(players: int) -> None:
    """[BD-SETUP-1] 4-8 players get exactly the table's identity counts."""
    for seed in SEEDS:
        _, _, described = _dealt(players, seed)
        counts = Counter(seat["role"] for seat in described["seats"])
        assert dict(counts) == SETUP_ROLES[players]


def test_BD_COMP_1_and_BD_COMP_3_eight_identity_cards_and_sixteen_characters() -> None:
    """[BD-COMP-1, BD-COMP-3] 8 players use all 8 identity cards; characters come from the 16."""
    seen: set[str] = set()
    for seed in range(40):
        _, _, described = _dealt(8, seed)
        roles = Counter(seat["role"] for seat in described["seats"])
        assert roles == Counter(sheriff=1, deputy=2, outlaw=3, renegade=2)
        seen.update(seat["character"] for seat in described["seats"])
    assert seen == set(PRINTED_LIFE)
    assert len(PRINTED_LIFE) == 16


def test_BD_COMP_2_base_die_has_exactly_six_faces() -> None:
    """[BD-COMP-2] Random rolls show only the six base faces, and all six occur."""
    faces: set[str] = set()
    for seed in range(30):
        _, dealt_events, described = _dealt(5, seed)
        assert len(described["dice"]) == 5  # [BD-COMP-1] five dice
        for event in dealt_events:
            if event["kind"] == "dice_rolled":
                faces.update(str(face) for face in event["faces"])
    assert faces == BASE_FACES


def test_BD_SETUP_2_sheriff_public_other_identities_secret() -> None:
    """[BD-SETUP-2, BD-INFO-2] Only the Sheriff is revealed; each other role only to its owner."""
    for seed in SEEDS:
        state, dealt_events, described = _dealt(6, seed)
        group = GAME.view(state, None)
        for seat, view_seat in zip(described["seats"], group.seats, strict=True):
            if seat["role"] == "sheriff":
                assert seat["role_revealed"] is True
                assert view_seat.role == "sheriff"
            else:
                assert seat["role_revealed"] is False
                assert view_seat.role is None
        for event in dealt_events:
            if event["kind"] != "role_dealt":
                continue
            expected = None if event["role"] == "sheriff" else [event["seat"]]
            assert event["audience"] == expected


def test_BD_SETUP_3_characters_dealt_once_each_and_public() -> None:
    """[BD-SETUP-3] One distinct character per player, visible to everybody."""
    for seed in SEEDS:
        state, _, described = _dealt(8, seed)
        characters = [seat["character"] for seat in described["seats"]]
        assert len(set(characters)) == 8
        assert [s.character for s in GAME.view(state, None).seats] == characters


def test_BD_SETUP_4_nine_arrows_in_the_pile() -> None:
    """[BD-SETUP-4, BD-GEN-5] The game starts with 9 arrows; the first roll takes from them."""
    for seed in SEEDS:
        _, dealt_events, described = _dealt(5, seed)
        taken = len([e for e in dealt_events if e["kind"] == "arrow_taken"])
        held = sum(seat["arrows"] for seat in described["seats"])
        assert held == taken
        assert described["pile"] == 9 - taken


def test_BD_SETUP_5_max_life_printed_plus_two_for_sheriff() -> None:
    """[BD-SETUP-5, BD-CHAR-0] Max life is the printed life, +2 for the Sheriff."""
    for players in (4, 5, 8):
        for seed in SEEDS:
            _, _, described = _dealt(players, seed)
            for seat in described["seats"]:
                printed = PRINTED_LIFE[seat["character"]]
                bonus = 2 if seat["role"] == "sheriff" else 0
                assert seat["max_life"] == printed + bonus
                if seat["seat"] != described["turn"]:
                    assert seat["life"] == seat["max_life"]


def test_BD_SETUP_6_sheriff_takes_first_turn() -> None:
    """[BD-SETUP-6, BD-ROLL-1] The Sheriff's turn starts the game with a roll of all 5 dice."""
    for seed in SEEDS:
        _, dealt_events, described = _dealt(7, seed)
        sheriff = next(s["seat"] for s in described["seats"] if s["role"] == "sheriff")
        assert described["turn"] == sheriff
        started = [e for e in dealt_events if e["kind"] == "turn_started"]
        assert started[0]["seat"] == sheriff
        rolled = [e for e in dealt_events if e["kind"] == "dice_rolled"]
        if described["seats"][sheriff]["character"] == "sid_ketchum":
            assert rolled == []  # [BD-TURN-2] Sid Ketchum decides before the first roll
            continue
        assert rolled[0]["seat"] == sheriff
        assert rolled[0]["dice"] == [0, 1, 2, 3, 4]


def test_BD_SETUP_6_scenario_without_turn_starts_with_sheriff() -> None:
    """[BD-SETUP-6] A position without `turn` starts with the Sheriff's seat."""
    spec = table(5, {0: {"role": "outlaw"}, 2: {"role": "sheriff"}}, turn=None,
                 dice=QUIET_ROLL)
    result = run_scenario(spec)
    assert result["turn"] == 2


def test_BD_GEN_1_turns_pass_clockwise() -> None:
    """[BD-GEN-1, BD-GEN-6, BD-TURN-8] After seat 4's turn comes seat 0, then seat 1."""
    result = run(5, turn=4, dice=QUIET_ROLL * 3,
                 actions=[play(4, "s"), *[play(4, "t4")] * 5, play(0, "s"),
                          *[play(0, "t0")] * 5])
    assert [e["seat"] for e in events(result, "turn_started")] == [4, 0, 1]
    assert result["turn"] == 1


def test_BD_SETUP_7_and_BD_TURN_9_eliminated_seats_are_skipped() -> None:
    """[BD-SETUP-7, BD-TURN-9] The turn skips dead seats and keeps the seat numbers."""
    result = run(5, {1: {"alive": False}, 2: {"alive": False}}, turn=0,
                 dice=QUIET_ROLL * 2, actions=[play(0, "s"), *[play(0, "t0")] * 5])
    assert [e["seat"] for e in events(result, "turn_started")] == [0, 3]
    assert [seat["seat"] for seat in result["seats"]] == [0, 1, 2, 3, 4]


def test_BD_GEN_2_dead_players_cannot_be_chosen() -> None:
    """[BD-GEN-2] Beers go only to living players (seat 2 is dead)."""
    result = run(5, {2: {"alive": False}}, dice=["beer", "dynamite", "dynamite", "beer",
                                                 "beer"], actions=[play(0, "s")])
    seat, decision, legal = prompt(result)
    assert (seat, decision) == (0, "beer_target")
    assert legal == ["t0", "t1", "t3", "t4"]


def test_BD_GEN_3_life_never_above_max_nor_below_zero() -> None:
    """[BD-GEN-3, BD-DMG-2] A beer on a full player is wasted; overkill stops at 0."""
    result = run(4, {1: {"life": 2}, 3: {"life": 2}},
                 dice=["bullseye_1", "bullseye_1", "bullseye_1", "beer", "dynamite",
                       *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t1"), play(0, "t1"),
                          play(0, "t0")])
    assert lives(result)[:2] == [11, 0]
    assert events(result, "life_lost")[0]["amount"] == 2
    assert events(result, "life_gained")[0]["amount"] == 0


def test_BD_GEN_4_symbols_are_counted_per_die() -> None:
    """[BD-GEN-4] Two "1" faces are two hit symbols, assigned one by one."""
    result = run(5, dice=["bullseye_1", "bullseye_1", "dynamite", "dynamite", "arrow",
                          *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(0, "t4")])
    assert [(e["target"], e["symbol"]) for e in events(result, "hit_assigned")] == [
        (1, 1), (4, 1)]


def test_BD_GEN_5_arrow_tokens_are_conserved() -> None:
    """[BD-GEN-5] Pile plus held arrows stays 9 through arrows, Indians and the Gatling."""
    result = run(5, {1: {"arrows": 3}, 2: {"arrows": 2}, 0: {"arrows": 2}},
                 dice=["arrow", "arrow", "arrow", "gatling", "gatling",
                       "gatling", "beer", "beer", *QUIET_ROLL],
                 actions=[play(0, "r012"), play(0, "s"), play(0, "t0"), play(0, "t0")])
    assert [e["pile"] for e in events(result, "arrow_taken")] == [1, 0, 8]
    assert events(result, "gatling_fired")
    assert result["pile"] + sum(seat["arrows"] for seat in result["seats"]) == 9


def test_BD_INFO_1_public_facts_in_group_view() -> None:
    """[BD-INFO-1] Life, arrows, pile, dice and characters are public; dead roles revealed."""
    spec = table(5, {2: {"alive": False}, 1: {"arrows": 2}},
                 dice=["arrow", "beer", "beer", "gatling", "dynamite"])
    result = run_scenario(spec)
    view = result["public_view"]
    assert [s["life"] for s in view["seats"]] == lives(result)
    assert [s["arrows"] for s in view["seats"]] == [1, 2, 0, 0, 0]
    assert view["pile"] == 6
    assert [d["face"] for d in view["dice"]] == ["arrow", "beer", "beer", "gatling", "dynamite"]
    assert [s["role"] for s in view["seats"]] == ["sheriff", None, "outlaw", None, None]
    assert view["seats"][3]["character"] == "black_jack"


def test_BD_INFO_2_each_player_sees_only_his_own_identity() -> None:
    """[BD-INFO-2] Seat 3's view shows his own role and no other secret one."""
    step = GAME.position(table(5, dice=QUIET_ROLL))
    view = GAME.view(step.state, 3)
    assert view.role == "outlaw"
    assert [s.role for s in view.seats] == ["sheriff", None, None, "outlaw", None]
    assert "renegade" not in str(GAME.view_json(GAME.view(step.state, None)))


def test_BD_INFO_3_timeout_default_does_not_depend_on_secret_identity() -> None:
    """[BD-INFO-3, BD-TO-2] The same public position gives the same default for any secret role.

    Seat 1 shoots a "1": neighbours are seat 0 (9 life) and the Sheriff in seat 2 (10 life).
    A secret identity drops the Sheriff, whatever that identity is.
    """
    chosen = []
    for role in ("deputy", "outlaw", "renegade"):
        result = run(5, {0: {"role": "outlaw"}, 1: {"role": role}, 2: {"role": "sheriff"}},
                     turn=1, dice=["bullseye_1", "dynamite", "dynamite", "arrow", "arrow",
                                   *QUIET_ROLL],
                     actions=[play(1, "s"), timeout(1)])
        chosen.append(events(result, "hit_assigned")[0]["target"])
    assert chosen == [0, 0, 0]


def test_BD_TURN_9_next_living_seat_wraps_around() -> None:
    """[BD-TURN-9] From seat 4 with seat 0 dead, the next turn is seat 1's."""
    result = run(5, {0: {"role": "outlaw", "alive": False}, 3: {"role": "sheriff"}}, turn=4,
                 dice=QUIET_ROLL * 2, actions=[play(4, "s"), *[play(4, "t4")] * 5])
    assert [e["seat"] for e in events(result, "turn_started")] == [4, 1]


def test_BD_INFO_1_dice_and_choices_are_public_events() -> None:
    """[BD-INFO-1] Every event but a secret role deal goes to everybody (audience None)."""
    result = run(5, {1: {"character": "bart_cassidy"}, 2: {"arrows": 1}},
                 dice=["bullseye_1", "beer", "arrow", "gatling", "gatling", *QUIET_ROLL],
                 actions=[play(0, "s"), play(0, "t1"), play(1, "n1"), play(0, "t2")])
    public = [e for e in result["events"] if e["kind"] != "role_dealt"]
    assert {e["kind"] for e in public} >= {"dice_rolled", "arrow_taken", "hit_assigned",
                                          "arrows_instead_of_life", "beer_assigned"}
    assert all(e["audience"] is None for e in public)
