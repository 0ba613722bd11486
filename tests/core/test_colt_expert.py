"""The expert variant: personal discard piles, the end-of-Schemin' discard, no shuffle.

Rules: colt_express.md §12 (CE-EXPERT-1..6, R-CE-11, R-CE-12), §5 (CE-RND-1, CE-STEAL-4),
seed 004 "VARIANTE EXPERT". The worked example CE-EX-11 is in test_colt_examples.py.
"""

from __future__ import annotations

from typing import Any

from tests.core.colt_scenario_helpers import (
    GAME,
    apply_all,
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
)

# Three players, expert, forced decks (top first), Bridge (O 2 O) first. Bandit 0 inside
# car 2 is seat 1's only Fire target; every Robbery finds no loot.
DECKS = {0: ["0c1", "0c2", "0m1", "0m2", "0f1", "0r1", "0f2", "0r2", "0p1", "0s1"],
         1: ["1f1", "1c1", "1c2", "1r1", "1r2", "1p1", "1f2", "1m1", "1m2", "1s1"],
         2: ["2c1", "2c2", "2r1", "2r2", "2m1", "2m2", "2f1", "2f2", "2p1", "2s1"]}
SCHEME = [play(0, "p0r"), play(1, "p1f"), play(2, "p2r"),
          play(0, "p0c"), play(0, "p0c"), play(1, "p1c"), play(1, "p1c"),
          play(2, "p2c"), play(2, "p2c"),
          play(0, "d"), play(1, "p1r"), play(2, "p2r")]
DISCARD = [play(0, "z0m"), play(0, "z0m"), play(0, "k"), play(1, "k"),
           play(2, "z2m"), play(2, "z2m")]


def _round(actions: list[dict[str, Any]]) -> dict[str, Any]:
    return run(3, expert=True, decks=DECKS, inside=empty(3), bandits=[at(2), at(3), at(1)],
               actions=actions)


def test_ce_expert_1_deck_and_an_empty_discard_pile() -> None:
    """[CE-EXPERT-1] Set-up: 10 cards in the deck (6 dealt), discard pile empty."""
    state = GAME.setup({"expert": True, "characters": False}, 4, 11).state
    view = GAME.view(state, None)
    assert view.expert is True
    assert [(s.hand, s.deck, s.discard) for s in view.seats] == [(6, 4, 0)] * 4


def test_r_ce_11_end_of_schemin_each_seat_chooses_what_to_discard() -> None:
    """[CE-EXPERT-3 step 2, R-CE-11, CE-DEC-4] Every seat with cards left decides at once:
    keep the rest (k) or discard one card of a kind (z...), bullets included."""
    result = _round(SCHEME)
    assert result["phase"] == "discard"
    assert [(p["seat"], p["decision"], p["legal"]) for p in result["to_act"]] == [
        (0, "discard", ["k", "z0m", "z0f", "z0r", "z0p"]),
        (1, "discard", ["k", "z1r", "z1p"]),
        (2, "discard", ["k", "z2m"])]
    assert seat(result, 0)["hand"] == ["0m1", "0m2", "0f1", "0f2", "0r2", "0p1"]
    assert seat(result, 0)["discard"] == []  # nothing is resolved yet


def test_r_ce_11_kept_cards_on_top_then_bullets_above_them() -> None:
    """[CE-EXPERT-3 steps 1-4, R-CE-11, CE-EXPERT-2] Seat 0 discards both Moves and keeps
    four cards; seat 1's bullet lands on top during Stealin'; the next round's 6 cards come
    off the top: the bullet first, the four kept cards, then the old deck's last card."""
    result = _round(SCHEME + DISCARD)
    assert shots(result) == [(1, 0)]
    hand = seat(result, 0)["hand"]
    assert hand[0] == "1b1"
    assert sorted(hand[1:5]) == sorted(["0f1", "0f2", "0r2", "0p1"])
    assert hand[5] == "0s1"
    # Step 2 first (end of Schemin'), then each card as it resolved (step 1).
    assert seat(result, 0)["discard"] == ["0m1", "0m2", "0r1", "0c1", "0c2"]


def test_r_ce_11_resolved_cards_go_to_the_discard_pile_as_they_resolve() -> None:
    """[CE-EXPERT-3 step 1, CE-STEAL-4] Mid-Stealin', resolved cards are already discarded."""
    state = state_of(spec(3, expert=True, decks=DECKS, inside=empty(3),
                          bandits=[at(2), at(3), at(1)], pile=["2c1", "0m1", "1c1"]))
    assert GAME.view(state, None).decision == "move"
    assert state.seats[2].discard == ["2c1"]
    assert state.seats[0].discard == []
    state = apply_all(state, [(0, "mf1")])
    assert [p.discard for p in state.seats] == [["0m1"], ["1c1"], ["2c1"]]


def test_ce_expert_4_no_gathering_at_round_end() -> None:
    """[CE-EXPERT-4] The next round starts with the discard piles untouched (seat 1's four
    resolved cards) unless a draw needed them."""
    result = _round(SCHEME + DISCARD)
    assert seat(result, 1)["discard"] == ["1f1", "1c1", "1c2", "1r1"]
    assert sorted(seat(result, 1)["hand"]) == sorted(
        ["1r2", "1p1", "1f2", "1m1", "1m2", "1s1"])


def test_ce_expert_2_reshuffle_when_the_deck_runs_out_while_dealing() -> None:
    """[CE-EXPERT-2] Seat 2 has 4 cards in its deck and 6 in its discard pile: the deal takes
    the 4, shuffles the discard into a new deck and takes 2 more."""
    result = _round(SCHEME + DISCARD)
    hand, deck = seat(result, 2)["hand"], seat(result, 2)["deck"]
    assert hand[:4] == ["2f1", "2f2", "2p1", "2s1"]
    assert seat(result, 2)["discard"] == []
    assert sorted(hand[4:] + deck) == sorted(["2m1", "2m2", "2r1", "2c1", "2c2", "2r2"])


def test_ce_expert_2_reshuffle_when_the_deck_runs_out_on_a_draw() -> None:
    """[CE-EXPERT-2, CE-SCHEME-1] Empty deck, 4 discarded cards: "d" is offered and draws 3
    of them; the fourth is the new deck."""
    used = ["0c1", "0c2", "0r1", "0r2"]
    deck = [*used, "0m1", "0m2", "0f1", "0f2", "0p1", "0s1"]
    result = run(expert=True, decks={0: deck}, inside=empty(), pile=used,
                 bandits=[at(2), at(4), at(4), at(3)],
                 actions=[play(1, "d"), play(2, "d"), play(3, "d")])
    assert prompt(result)[0] == 0
    assert "d" in prompt(result)[2]
    assert seat(result, 0)["deck"] == []
    assert seat(result, 0)["discard"] == used
    drawn = run(expert=True, decks={0: deck}, inside=empty(), pile=used,
                bandits=[at(2), at(4), at(4), at(3)],
                actions=[play(1, "d"), play(2, "d"), play(3, "d"), play(0, "d")])
    hand = seat(drawn, 0)["hand"]
    assert len(hand) == 9
    assert sorted(hand[6:] + seat(drawn, 0)["deck"]) == sorted(used)
    assert seat(drawn, 0)["discard"] == []


def test_ce_expert_2_no_shuffle_at_round_start_unlike_base() -> None:
    """[CE-EXPERT-2, CE-RND-1] A bullet received on top of the deck: the expert deal always
    draws it; the base game shuffles first, so some seeds leave it in the deck."""
    def bullet_drawn(expert: bool, seed: int) -> bool:
        result = run(expert=expert, seed=seed, pile=["0f1"],
                     bandits=[at(2), at(3), at(0, roof=True), at(0, roof=True)])
        cards = seat(result, 1)["hand"] + seat(result, 1)["deck"]
        assert "0b1" in cards
        return "0b1" in seat(result, 1)["hand"]

    assert all(bullet_drawn(True, seed) for seed in range(8))
    assert not all(bullet_drawn(False, seed) for seed in range(8))


def test_r_ce_12_bullets_drawn_are_kept_in_hand() -> None:
    """[R-CE-12, CE-BULLET-3] The bullet drawn at round start stays: 6 cards, one dead
    (seat 0 then plays in turn 1 of round 2, the First Player being seat 1)."""
    result = _round(SCHEME + DISCARD + [play(1, "d"), play(2, "d")])
    assert len(seat(result, 0)["hand"]) == 6
    assert "1b1" in seat(result, 0)["hand"]
    who, decision, legal = prompt(result)
    assert (who, decision) == (0, "scheme")
    assert sorted(legal) == ["d", "p0f", "p0p", "p0r", "p0s"]  # no "p0b"


def test_ce_expert_6_sizes_public_contents_private() -> None:
    """[CE-EXPERT-6, CE-INFO-1] Deck, hand and discard sizes are in every view; how many
    cards each seat discarded is public; a discard pile's cards are in its owner's view only."""
    result = _round(SCHEME + DISCARD)
    assert [(e["seat"], e["count"]) for e in events(result, "hand_discarded")] == [
        (0, 2), (1, 0), (2, 2)]
    state = state_of(spec(3, expert=True, decks=DECKS, inside=empty(3),
                          bandits=[at(2), at(3), at(1)], actions=[]))
    state = apply_all(state, [(a["seat"], a["action"]) for a in SCHEME + DISCARD])
    group = GAME.view(state, None)
    assert [(s.hand, s.deck, s.discard) for s in group.seats] == [
        (6, 0, 5), (6, 0, 4), (6, 4, 0)]
    assert group.hand == ()
    assert group.discard == ()
    assert "0m1" not in str(group.to_json())
    assert GAME.view(state, 0).discard == ("0m1", "0m2", "0r1", "0c1", "0c2")
    assert "0m1" not in str(GAME.view(state, 1).to_json())
