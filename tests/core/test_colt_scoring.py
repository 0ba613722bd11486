"""End of game: loot totals, the Gunslinger bonus, the tie-break, revealed purses.

Rules: colt_express.md §11 (CE-SCORE-1..4, R-CE-09, R-CE-10), §2 (CE-LOOT-1/3), §14
(CE-INFO-2). Each position is the fifth round (index 4) going straight to its station
card, Hostage-Taking, with nobody at the locomotive (so the event changes nothing).
2-player team scoring: test_colt_two_player.py.
"""

from __future__ import annotations

from typing import Any

from tests.core.colt_scenario_helpers import GAME, at, empty, events, run, spec, state_of

NO_LOOT: list[str] = []


def _final(bandits: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return run(round=4, pile=[], marshal=0, inside=empty(), bandits=bandits, **fields)


def test_ce_score_1_loot_at_face_value() -> None:
    """[CE-SCORE-1, CE-LOOT-1] Purses at face value, jewel $500, strongbox $1000."""
    result = _final([at(1, loot=["p300_1", "p450_1", "j1", "s1"]), at(2, loot=["p250_1"]),
                     at(3, loot=["j2", "j3"]), at(4, loot=NO_LOOT)])
    assert result["scores"] == [2250, 250, 1000, 0]
    assert result["outcome"] == {"side": "seat_0", "winners": [0], "reason": "richest"}


def test_ce_score_1_ransoms_count_250() -> None:
    """[CE-SCORE-1, CE-EVENT-HOSTAGE, R-CE-08] A ransom adds $250 to the loot total."""
    result = run(round=4, pile=[], marshal=2, inside=empty(), bandits=[
        at(0, roof=True, loot=["p300_1"]), at(2, roof=True, loot=["p300_2"]),
        at(3, loot=NO_LOOT), at(4, loot=NO_LOOT)])
    assert result["scores"] == [550, 300, 0, 0]


def test_ce_score_2_gunslinger_most_bullets_fired_ties_all_get_it() -> None:
    """[CE-SCORE-2] Fired 4, 2, 0, 4: bandits 0 and 3 each get $1000."""
    result = _final([at(1, revolver=2, loot=NO_LOOT), at(2, revolver=4, loot=NO_LOOT),
                     at(3, revolver=6, loot=["j1"]), at(4, revolver=2, loot=NO_LOOT)])
    (ended,) = events(result, "game_ended")
    assert ended["gunslingers"] == [0, 3]
    assert result["scores"] == [1000, 0, 500, 1000]


def test_ce_score_2_single_gunslinger() -> None:
    """[CE-SCORE-2] One bandit fired the most (1 shot): he alone gets the bonus."""
    result = _final([at(1, revolver=6, loot=["j1"]), at(2, revolver=5, loot=NO_LOOT),
                     at(3, loot=NO_LOOT), at(4, loot=NO_LOOT)])
    assert result["scores"] == [500, 1000, 0, 0]
    assert result["outcome"]["winners"] == [1]


def test_r_ce_09_nobody_fired_no_gunslinger() -> None:
    """[R-CE-09] Every revolver full: no bonus for anyone."""
    result = _final([at(1, loot=["j1"]), at(2, loot=NO_LOOT), at(3, loot=NO_LOOT),
                     at(4, loot=NO_LOOT)])
    (ended,) = events(result, "game_ended")
    assert ended["gunslingers"] == []
    assert result["scores"] == [500, 0, 0, 0]


def test_ce_score_3_tie_fewest_bullets_received_wins() -> None:
    """[CE-SCORE-3] Both at $1000: the one who received 1 bullet beats the one with 3."""
    result = _final([at(1, loot=["s1"], received=3), at(2, loot=["s2"], received=1),
                     at(3, loot=["j1"]), at(4, loot=NO_LOOT)])
    assert result["scores"] == [1000, 1000, 500, 0]
    assert result["outcome"] == {"side": "seat_1", "winners": [1], "reason": "richest"}


def test_r_ce_10_still_tied_shared_victory() -> None:
    """[R-CE-10] Same money, same bullets received: both win."""
    result = _final([at(1, loot=["s1"], received=2), at(2, loot=["s2"], received=2),
                     at(3, loot=["j1"], received=0), at(4, loot=NO_LOOT)])
    assert result["outcome"] == {"side": "shared", "winners": [0, 1], "reason": "richest"}


def test_ce_score_3_gunslinger_counts_before_the_tie_break() -> None:
    """[CE-SCORE-2, CE-SCORE-3] The bonus makes the totals; then the tie-break applies."""
    result = _final([at(1, revolver=5, loot=NO_LOOT, received=2),
                     at(2, loot=["s1"], received=0), at(3, revolver=5, loot=NO_LOOT),
                     at(4, loot=NO_LOOT, received=5)])
    assert result["scores"] == [1000, 1000, 1000, 0]
    assert result["outcome"]["winners"] == [1, 2]


def test_ce_score_4_purse_values_revealed_at_scoring() -> None:
    """[CE-SCORE-4, CE-LOOT-3, CE-INFO-2] Before the end only the owner sees his purses'
    values; at the end the event and every view show them all."""
    bandits = [at(1, loot=["p450_1"]), at(2, loot=["p300_1", "p500_1"]), at(3, loot=NO_LOOT),
               at(4, loot=NO_LOOT)]
    before = state_of(spec(round=3, inside=empty(), bandits=bandits))
    assert GAME.view(before, None).bandits[0].purse_values is None
    assert GAME.view(before, 1).bandits[0].purse_values is None
    assert GAME.view(before, 0).bandits[0].purse_values == (450,)
    assert GAME.view(before, 1).bandits[1].purse_values == (300, 500)
    assert GAME.view(before, None).bandits[1].purses == 2  # the type is public
    after = state_of(spec(round=4, pile=[], inside=empty(), bandits=bandits))
    assert GAME.outcome(after) is not None
    assert GAME.view(after, None).bandits[0].purse_values == (450,)
    assert GAME.view(after, 0).bandits[1].purse_values == (300, 500)
    result = _final(bandits)
    (ended,) = events(result, "game_ended")
    assert ended["values"] == {"p450_1": 450, "p300_1": 300, "p500_1": 500}
    assert ended["scores"] == [450, 800, 0, 0]
