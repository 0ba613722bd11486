"""The 2-player game: teams of two bandits, 11-card team decks, forced expert variant.

Rules: colt_express.md §13 (CE-2P-1..11, R-CE-13..16), seed 004 "REGRAS ESPECIAIS PARA
DOIS JOGADORES". Seat 0 runs bandits 0 and 1, seat 1 runs bandits 2 and 3. Friendly fire
(CE-EX-12) is also in test_colt_examples.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.core.colt_scenario_helpers import (
    GAME,
    at,
    empty,
    events,
    play,
    prompt,
    run,
    seat,
    shots,
    spec,
    state_of,
    where,
)

# Seat 0's team deck, top first: bandit 0 has 3 cards before bandit 1's first, so
# bandit 0's 4th and 5th cards (0r1, 0p1) are set aside by the start-of-round draw.
TEAM_DECK = ["0m1", "0c1", "0f1", "0r1", "1m1", "0p1", "1c1", "1f1", "0s1", "1r1", "1p1"]
NO_LOOT: list[str] = []


def test_ce_2p_1_two_teams_of_two_four_cars_small_patterns() -> None:
    """[CE-2P-1, R-CE-13, CE-GEN-3] Four bandits, locomotive + 4 cars, the 2-4 player
    round patterns (Take It All! = O X 2 O)."""
    result = run(2, round_cards=["take_it_all", "bridge", "braking", "tunnels",
                                 "pickpocketing"])
    assert [(s["seat"], s["bandits"]) for s in result["seats"]] == [(0, [0, 1]), (1, [2, 3])]
    assert [b["seat"] for b in result["bandits"]] == [0, 0, 1, 1]
    assert len(result["cars"]) == 5
    assert [e["pattern"] for e in events(result, "round_started")] == ["OX2O"]


@pytest.mark.parametrize("team", ["a00", "a01", "a10", "a11"])
def test_ce_2p_2_team_deck_eleven_cards_one_marshal(team: str) -> None:
    """[CE-2P-2, R-CE-14, CE-DEC-12] One Move, Floor Change, Fire, Robbery and Punch per
    bandit, and one Marshal card: the chosen bandit's (a0x: first, a1x: second)."""
    state = GAME.setup({}, 2, 5).state
    assert [GAME.encode_action(a) for a in GAME.legal_actions(state, 0)] == [
        "a00", "a01", "a10", "a11"]
    state = GAME.apply(GAME.apply(state, 0, GAME.decode_action(team)).state, 1,
                       GAME.decode_action("a00")).state
    cards = state.seats[0].deck + state.seats[0].hand
    marshal = "1s1" if team[1] == "1" else "0s1"
    assert sorted(cards) == sorted([f"{b}{k}1" for b in (0, 1) for k in "mcfrp"] + [marshal])
    assert Counter(c[1] for c in cards) == {"m": 2, "c": 2, "f": 2, "r": 2, "p": 2, "s": 1}


def test_ce_2p_5_expert_variant_is_mandatory() -> None:
    """[CE-2P-5] Even with the expert option off, 2 players play the expert variant."""
    state = GAME.setup({"expert": False}, 2, 5).state
    team = GAME.decode_action("a00")
    state = GAME.apply(GAME.apply(state, 0, team).state, 1, team).state
    assert GAME.view(state, None).expert is True
    result = run(2, expert=False, pile=["0c1"], bandits=[at(2), at(4), at(4), at(3)])
    assert seat(result, 0)["discard"] == ["0c1"]  # resolved cards go to the discard pile


def test_r_ce_15_three_cards_per_bandit_set_aside_cards_back_on_top_in_order() -> None:
    """[CE-2P-6, R-CE-15] Draw one at a time, keep while the bandit has fewer than 3,
    set the rest aside and put them back on top in their order."""
    result = run(2, decks={0: TEAM_DECK})
    assert seat(result, 0)["hand"] == ["0m1", "0c1", "0f1", "1m1", "1c1", "1f1"]
    assert seat(result, 0)["deck"] == ["0r1", "0p1", "0s1", "1r1", "1p1"]


def test_r_ce_15_doc_takes_four() -> None:
    """[CE-2P-6, R-CE-15, CE-CHAR-DOC-1] Bandit 1 is Doc: 3 + 4 cards; 0s1 is set aside too."""
    result = run(2, decks={0: TEAM_DECK}, characters=["belle", "doc", "tuco", "django"])
    assert seat(result, 0)["hand"] == ["0m1", "0c1", "0f1", "1m1", "1c1", "1f1", "1r1"]
    assert seat(result, 0)["deck"] == ["0r1", "0p1", "0s1", "1p1"]


def test_r_ce_15_bullets_count_for_the_bandit_they_hit() -> None:
    """[CE-2P-3, CE-2P-6, R-CE-15] Bandit 0's bullet 2b1 is on top: it is one of bandit 0's
    three cards next round."""
    result = run(2, decks={0: TEAM_DECK}, pile=["2f1"],
                 bandits=[at(2), at(4, roof=True), at(3), at(4, roof=True)])
    assert shots(result) == [(2, 0)]
    assert seat(result, 0)["hand"] == ["2b1", "0m1", "0c1", "1m1", "1c1", "1f1"]
    assert seat(result, 0)["deck"] == ["0f1", "0r1", "0p1", "0s1", "1r1", "1p1"]


def test_r_ce_15_reshuffles_the_discard_when_the_deck_runs_out() -> None:
    """[R-CE-15 step 1, CE-EXPERT-2] Five cards left, two of bandit 1's: the discard pile is
    shuffled in and the draw goes on until bandit 1 also has 3."""
    used = ["0c1", "0r1", "0p1", "1c1", "1r1", "1p1"]
    result = run(2, decks={0: TEAM_DECK}, pile=used, inside=empty(2),
                 bandits=[at(2), at(1), at(4), at(4)])
    hand = seat(result, 0)["hand"]
    assert hand[:5] == ["0m1", "0f1", "1m1", "1f1", "0s1"]
    assert hand[5] in ("1c1", "1r1", "1p1")
    assert seat(result, 0)["discard"] == []
    assert sorted(hand + seat(result, 0)["deck"]) == sorted(TEAM_DECK)


def test_ce_2p_7_play_a_card_of_either_bandit() -> None:
    """[CE-2P-7] Seat 0 may play cards of bandit 0 or bandit 1, or draw."""
    result = run(2, decks={0: TEAM_DECK})
    assert prompt(result) == (0, "scheme", ["p0m", "p0c", "p0f", "p1m", "p1c", "p1f", "d"])


def test_ce_2p_3_each_card_acts_only_for_its_own_bandit() -> None:
    """[CE-2P-3] Bandit 1's Floor Change lifts bandit 1, never his teammate."""
    result = run(2, pile=["1c1"], bandits=[at(2), at(3), at(4), at(4)])
    assert where(result)[:2] == [(2, False), (3, True)]


@pytest.mark.parametrize(("team", "caboose"), [("a00", 0), ("a01", 1), ("a10", 0), ("a11", 1)])
def test_ce_2p_8_one_bandit_in_the_caboose_one_next_to_it(team: str, caboose: int) -> None:
    """[CE-2P-8, CE-DEC-12] The chosen team bandit starts inside the caboose (car 4), the
    other inside car 3; seat 1 took the default (its first bandit in the caboose)."""
    result = run(2, team=[team, "a00"])
    other = 1 - caboose
    assert where(result)[caboose] == (4, False)
    assert where(result)[other] == (3, False)
    assert where(result)[2:] == [(4, False), (3, False)]


def test_ce_2p_9_friendly_punch_when_the_teammate_is_the_only_target() -> None:
    """[CE-2P-9, CE-STEAL-3] Only bandit 1 beside bandit 0: the Punch must hit him."""
    result = run(2, pile=["0p1"], inside=empty(2),
                 bandits=[at(2, loot=NO_LOOT), at(2, loot=["j1"]), at(4), at(4, roof=True)],
                 actions=[play(0, "gb")])
    assert [e["target"] for e in events(result, "punched")] == [1]
    assert result["inside"][2] == ["j1"]
    assert where(result)[1] == (3, False)


def test_ce_2p_9_belle_still_protected_from_her_teammate() -> None:
    """[CE-2P-9, CE-CHAR-BELLE-1] Django shoots from car 2: teammate Belle in car 1, Tuco in
    car 3: Belle is removed, Tuco is hit."""
    result = run(2, characters=["belle", "django", "tuco", "doc"], pile=["1f1"],
                 bandits=[at(1), at(2), at(3), at(4, roof=True)])
    assert shots(result)[0] == (1, 2)


def _final(bandits: list[dict[str, Any]]) -> dict[str, Any]:
    return run(2, round=4, pile=[], inside=empty(2), bandits=bandits)


def test_ce_2p_10_no_gunslinger_bonus() -> None:
    """[CE-2P-10] Bandit 0 fired 3, nobody else: no $1000; team totals only."""
    result = _final([at(1, revolver=3, loot=["j1"]), at(2, loot=["p300_1"]),
                     at(3, loot=["j2"]), at(4, loot=["p250_1"])])
    (ended,) = events(result, "game_ended")
    assert ended["gunslingers"] == []
    assert result["scores"] == [800, 750]
    assert result["outcome"]["winners"] == [0]


def test_ce_2p_11_team_money_decides() -> None:
    """[CE-2P-11] Bandit 2 alone is the richest bandit, but team 0 has more money."""
    result = _final([at(1, loot=["j1", "p300_1"]), at(2, loot=["j2", "p450_1"]),
                     at(3, loot=["s1"]), at(4, loot=NO_LOOT)])
    assert result["scores"] == [1750, 1000]
    assert result["outcome"] == {"side": "seat_0", "winners": [0], "reason": "richest"}


def test_r_ce_16_tie_fewest_bullets_received_by_the_team() -> None:
    """[R-CE-16] $1000 each; team 0 received 1 + 2, team 1 received 3 + 1: team 0 wins."""
    result = _final([at(1, loot=["j1"], received=1), at(2, loot=["j2"], received=2),
                     at(3, loot=["s1"], received=3), at(4, loot=NO_LOOT, received=1)])
    assert result["scores"] == [1000, 1000]
    assert result["outcome"]["winners"] == [0]


def test_r_ce_16_still_tied_shared_victory() -> None:
    """[R-CE-16] Same money, same team total of bullets received: a shared victory."""
    result = _final([at(1, loot=["j1"], received=2), at(2, loot=["j2"], received=2),
                     at(3, loot=["s1"], received=4), at(4, loot=NO_LOOT, received=0)])
    assert result["outcome"] == {"side": "shared", "winners": [0, 1], "reason": "richest"}


def test_ce_2p_4_own_loot_and_purse_values_seen_by_the_team() -> None:
    """[CE-2P-4, CE-LOOT-3] Each bandit keeps his own loot; the team's seat sees both its
    bandits' purse values, the other seat sees neither."""
    state = state_of(spec(2, bandits=[at(4, loot=["p450_1"]), at(3, loot=["p300_1"]),
                                      at(4, loot=NO_LOOT), at(3, loot=NO_LOOT)]))
    mine = GAME.view(state, 0)
    theirs = GAME.view(state, 1)
    assert [b.purse_values for b in mine.bandits[:2]] == [(450,), (300,)]
    assert [b.purse_values for b in theirs.bandits[:2]] == [None, None]
