"""End-of-round events of every round card and train station card.

Rules: colt_express.md §4 (CE-ROUND-1/2), §5 (CE-RND-3), §10 (CE-EVENT-*, R-CE-07,
R-CE-08, R-CE-19). Each position starts Stealin' on the given pile (`pile: []` goes
straight to the event) in the round whose card is tested.
"""

from __future__ import annotations

from typing import Any

from tests.core.colt_scenario_helpers import (
    at,
    bandit,
    empty,
    events,
    play,
    prompt,
    received,
    run,
    shots,
    where,
)


def _round(card: str, **fields: Any) -> dict[str, Any]:
    """Return a 4-player run at round 0 with `card` as the round card."""
    cards = [card, "bridge", "tunnels", "braking", "hostage_taking"]
    if card == "bridge":
        cards = ["bridge", "tunnels", "braking", "swivel_arm", "hostage_taking"]
    return run(round_cards=cards, **fields)


def _station(card: str, **fields: Any) -> dict[str, Any]:
    """Return a 4-player run at round 5 (index 4) with station `card`."""
    return run(round_cards=["bridge", "tunnels", "braking", "swivel_arm", card], round=4,
               **fields)


def test_ce_event_angry_roof_above_marshal_shot_then_he_moves_back() -> None:
    """[CE-EVENT-ANGRY, R-CE-07] Roof 2 is shot; he enters car 3, whose inside is shot and
    climbs; the bandit on roof 3 before the move is not shot; the others are untouched."""
    result = _round("angry_marshal", marshal=2, pile=[],
                    bandits=[at(2, roof=True), at(3), at(3, roof=True), at(1)])
    assert [e["card"] for e in events(result, "round_event")] == ["angry_marshal"]
    assert shots(result) == [(-1, 0), (-1, 1)]
    assert result["marshal"] == 3
    assert where(result) == [(2, True), (3, True), (3, True), (1, False)]
    assert received(result) == [1, 1, 0, 0]


def test_ce_event_angry_marshal_in_the_caboose_stays() -> None:
    """[CE-EVENT-ANGRY] In the caboose he shoots his roof and does not move."""
    result = _round("angry_marshal", marshal=4, pile=[],
                    bandits=[at(4, roof=True), at(4, roof=True), at(3), at(1)])
    assert shots(result) == [(-1, 0), (-1, 1)]
    assert result["marshal"] == 4
    assert events(result, "marshal_moved") == []


def test_ce_event_swivel_every_roof_bandit_to_the_caboose_roof() -> None:
    """[CE-EVENT-SWIVEL] Roofs 0 and 2 swept to roof 4; the bandit inside stays."""
    result = _round("swivel_arm", pile=[],
                    bandits=[at(0, roof=True), at(2, roof=True), at(4, roof=True), at(2)])
    assert where(result) == [(4, True), (4, True), (4, True), (2, False)]


def test_ce_rnd_3_event_comes_after_the_last_card_resolves() -> None:
    """[CE-RND-3, CE-EVENT-SWIVEL] A bandit who climbed in Stealin' is swept too."""
    result = _round("swivel_arm", pile=["0c1"], bandits=[at(1), at(2), at(3), at(3)])
    assert where(result)[0] == (4, True)
    kinds = [e["kind"] for e in result["events"]]
    assert kinds.index("card_resolved") < kinds.index("round_event")


def test_ce_event_braking_roof_bandits_one_car_forward() -> None:
    """[CE-EVENT-BRAKING] Roof 2 -> 1, roof 4 -> 3; the locomotive roof stays; inside stays."""
    result = _round("braking", pile=[],
                    bandits=[at(0, roof=True), at(2, roof=True), at(4, roof=True), at(3)])
    assert where(result) == [(0, True), (1, True), (3, True), (3, False)]


def test_ce_event_takeall_second_strongbox_inside_the_marshals_car() -> None:
    """[CE-EVENT-TAKEALL, CE-SETUP-5] The set-aside strongbox s2 appears inside car 2."""
    result = _round("take_it_all", marshal=2, pile=[], inside=empty(),
                    bandits=[at(4), at(4), at(3), at(3)])
    assert result["inside"] == [[], [], ["s2"], [], []]


def test_ce_event_rebellion_every_bandit_inside_shot() -> None:
    """[CE-EVENT-REBELLION] The two inside get a neutral bullet; the two on roofs do not."""
    result = _round("passengers_rebellion", pile=[],
                    bandits=[at(1), at(2, roof=True), at(4), at(0, roof=True)])
    assert shots(result) == [(-1, 0), (-1, 2)]
    assert where(result) == [(1, False), (2, True), (4, False), (0, True)]


def test_ce_round_1_tunnels_and_bridge_have_no_event() -> None:
    """[CE-ROUND-1] Tunnels and Bridge end without an event."""
    for card in ("tunnels", "bridge"):
        result = _round(card, pile=[],
                        bandits=[at(1), at(2, roof=True), at(4), at(0, roof=True)])
        assert events(result, "round_event") == []
        assert shots(result) == []
        assert where(result) == [(1, False), (2, True), (4, False), (0, True)]


def test_ce_event_revenge_roof_above_marshal_loses_least_valuable_purse() -> None:
    """[CE-EVENT-REVENGE, R-CE-19] Roof 2 over the Marshal: the $250 purse leaves the game;
    a jewel-only bandit there loses nothing; roof 3 and inside car 1 are untouched."""
    result = _station("marshals_revenge", marshal=2, pile=[], bandits=[
        at(2, roof=True, loot=["p500_1", "p250_1", "j1"]), at(2, roof=True, loot=["j2"]),
        at(3, roof=True, loot=["p250_2"]), at(1, loot=["p250_3"])])
    assert [e["bandit"] for e in events(result, "loot_lost")] == [0]
    assert bandit(result, 0)["loot"] == ["j1", "p500_1"]
    assert bandit(result, 1)["loot"] == ["j2"]
    assert bandit(result, 2)["loot"] == ["p250_2"]
    assert "p250_1" not in [t for place in result["inside"] + result["roof_loot"] for t in place]
    assert result["scores"][0] == 1000


def test_ce_event_pickpocket_alone_with_a_purse_may_take_it() -> None:
    """[CE-EVENT-PICKPOCKET, CE-DEC-11] Alone inside car 1 with a purse: asked, takes it.
    Two together on roof 3, or alone with only a jewel: not asked."""
    bandits = [at(1, loot=[]), at(3, roof=True, loot=[]), at(3, roof=True, loot=[]),
               at(4, loot=[])]
    position = {"pile": [], "bandits": bandits, "inside": {**empty(), 1: ["p300_1"], 4: ["j1"]},
                "roof_loot": {3: ["p400_1"]}}
    assert prompt(_station("pickpocketing", **position)) == (0, "pickpocket", ["y", "n"])
    took = _station("pickpocketing", **position, actions=[play(0, "y")])
    assert bandit(took, 0)["loot"] == ["p300_1"]
    assert took["scores"] == [300, 0, 0, 0]
    left = _station("pickpocketing", **position, actions=[play(0, "n")])
    assert bandit(left, 0)["loot"] == []
    assert left["inside"][1] == ["p300_1"]
    assert left["outcome"] is not None


def test_ce_event_pickpocket_alone_on_a_roof_counts_too() -> None:
    """[CE-EVENT-PICKPOCKET] "Inside or on a roof": alone on roof 2 with a dropped purse."""
    result = _station("pickpocketing", pile=[], inside=empty(), roof_loot={2: ["p450_1"]},
                      bandits=[at(4), at(4), at(2, roof=True, loot=[]), at(4)],
                      actions=[play(2, "y")])
    assert bandit(result, 2)["loot"] == ["p450_1"]


def test_ce_event_hostage_locomotive_bandits_get_250_ransom() -> None:
    """[CE-EVENT-HOSTAGE, R-CE-08] Inside and on the roof of the locomotive: $250 each, as a
    ransom credit, not a purse token; car 1 gets nothing."""
    result = _station("hostage_taking", marshal=3, pile=[], bandits=[
        at(0, loot=[]), at(0, roof=True, loot=["p250_2"]), at(1, loot=[]), at(1, loot=[])])
    assert [e["bandit"] for e in events(result, "loot_taken")] == [0, 1]
    assert [e["loot"] for e in events(result, "loot_taken")] == ["r", "r"]
    assert result["scores"] == [250, 500, 0, 0]
