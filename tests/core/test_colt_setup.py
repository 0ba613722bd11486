"""Set-up, the round deck, the round structure and the order of play in Schemin'.

Rules: colt_express.md §1-§5 (CE-COMP-1, CE-LOOT-1/2, CE-SETUP-1..7, CE-ROUND-0..2,
CE-RND-1..3, CE-SCHEME-1..5, R-CE-03, R-CE-06, R-CE-17, R-CE-18), §14 (CE-INFO). The
tables are copied from the digest, not from core/colt_express/ids.py.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tests.core.colt_scenario_helpers import (
    GAME,
    apply_all,
    at,
    events,
    play,
    private,
    prompt,
    run,
    seat,
    spec,
    state_of,
    where,
)

# [CE-LOOT-2] loot inside each car at set-up: (purses, jewels).
CAR_LOOT = {"car_a": (1, 0), "car_b": (2, 0), "car_c": (3, 0), "car_d": (1, 1),
            "car_e": (4, 1), "car_f": (0, 3)}
# [CE-ROUND-1, CE-ROUND-2] patterns (2-4 players, 5-6 players).
PATTERNS = {"angry_marshal": ("OOXR", "OOR"), "swivel_arm": ("OXOO", "OXO"),
            "braking": ("OOOO", "OXOO"), "take_it_all": ("OX2O", "O2R"),
            "passengers_rebellion": ("OOXOO", "OXOR"), "tunnels": ("OXOXO", "OXOX"),
            "bridge": ("O2O", "O2")}
STATIONS = {"marshals_revenge", "pickpocketing", "hostage_taking"}
# [CE-LOOT-1] the 18 purse values.
PURSES = [250] * 8 + [300, 300, 350, 350, 400, 400, 450, 450, 500, 500]
FULL_DECK = ["m", "m", "c", "c", "f", "f", "r", "r", "p", "s"]


def _setup(players: int, seed: int, **options: Any) -> dict[str, Any]:
    state = GAME.setup({"characters": False, **options}, players, seed).state
    return GAME.describe(state)


# --- Set-up [CE-SETUP-1..7] ------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_ce_setup_1_ten_action_cards_six_dealt(players: int) -> None:
    """[CE-SETUP-1, CE-COMP-2, CE-RND-1] Each seat: its bandit's 10 action cards (2 Move,
    2 Floor Change, 2 Fire, 2 Robbery, 1 Punch, 1 Marshal), 6 of them in hand."""
    game = _setup(players, 1)
    for index, player in enumerate(game["seats"]):
        cards = player["hand"] + player["deck"]
        assert sorted(c[1] for c in cards) == sorted(FULL_DECK)
        assert {c[0] for c in cards} == {str(index)}
        assert len(player["hand"]) == 6


def test_ce_setup_1_decks_are_shuffled() -> None:
    """[CE-SETUP-1] Different seeds deal different hands."""
    hands = {tuple(_setup(4, seed)["seats"][0]["hand"]) for seed in range(6)}
    assert len(hands) > 1


@pytest.mark.parametrize("players", [2, 3, 6])
def test_ce_setup_2_one_250_purse_per_bandit(players: int) -> None:
    """[CE-SETUP-2, CE-2P-4] Every bandit starts with exactly one $250 purse."""
    state = GAME.setup({}, players, 4).state
    if players == 2:
        state = apply_all(state, [(0, "a00"), (1, "a00")])
    for bandit in GAME.describe(state)["bandits"]:
        (token,) = bandit["loot"]
        assert token.startswith("p250_")
    group = GAME.view(state, None)
    assert all(b.purses == 1 and b.jewels == 0 for b in group.bandits)


def test_ce_setup_3_locomotive_plus_one_random_car_per_bandit() -> None:
    """[CE-SETUP-3, R-CE-03] Car 0 is the locomotive; N distinct cars, random and ordered
    at random."""
    trains = set()
    for seed in range(8):
        cars = _setup(4, seed)["cars"]
        assert cars[0] == "locomotive"
        assert len(cars) == 5
        assert len(set(cars[1:])) == 4
        assert set(cars[1:]) <= set(CAR_LOOT)
        trains.add(tuple(cars))
    assert len(trains) > 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_ce_setup_4_loot_inside_each_car(seed: int) -> None:
    """[CE-SETUP-4, CE-LOOT-2] Each car holds its table's purses and jewels; nothing on roofs."""
    game = _setup(6, seed)
    for name, tokens in zip(game["cars"][1:], game["inside"][1:], strict=True):
        kinds = Counter(t[0] for t in tokens)
        assert (kinds["p"], kinds["j"]) == CAR_LOOT[name]
        assert kinds["s"] == 0
    assert all(roof == [] for roof in game["roof_loot"])


def test_ce_setup_5_marshal_and_one_strongbox_in_the_locomotive() -> None:
    """[CE-SETUP-5, CE-MARSHAL-0] Strongbox s1 inside the locomotive with the Marshal; the
    second strongbox is nowhere on the train until Take It All!."""
    game = _setup(3, 2)
    assert game["inside"][0] == ["s1"]
    assert game["marshal"] == 0
    on_train = [t for place in game["inside"] + game["roof_loot"] for t in place]
    assert "s2" not in on_train
    assert not any("s2" in b["loot"] for b in game["bandits"])


def test_ce_loot_1_eighteen_purses_six_jewels_two_strongboxes() -> None:
    """[CE-COMP-1, CE-LOOT-1] All loot over train, bandits, box and the set-aside strongbox."""
    state = GAME.setup({}, 6, 9).state
    tokens = ([t for b in state.bandits for t in b.loot] + [t for p in state.inside for t in p]
              + state.box + state.aside)
    assert sorted(int(t[1:].split("_")[0]) for t in tokens if t[0] == "p") == PURSES
    assert Counter(t[0] for t in tokens) == {"p": 18, "j": 6, "s": 2}


def test_ce_setup_6_four_round_cards_then_a_station_card() -> None:
    """[CE-SETUP-6] 5 rounds: 4 different round cards, then a station card; random."""
    decks = set()
    for seed in range(8):
        cards = _setup(4, seed)["round_cards"]
        assert len(cards) == 5
        assert len(set(cards[:4])) == 4
        assert set(cards[:4]) <= set(PATTERNS)
        assert cards[4] in STATIONS
        decks.add(tuple(cards))
    assert len(decks) > 1


def test_ce_setup_6_only_the_current_round_card_is_shown() -> None:
    """[CE-SETUP-6, CE-INFO-2] The view names the current round card, not the next ones."""
    state = state_of(spec(round_cards=["braking", "tunnels", "bridge", "swivel_arm",
                                       "pickpocketing"]))
    text = json.dumps(GAME.view(state, 0).to_json())
    assert "braking" in text
    assert not any(card in text for card in ("tunnels", "swivel_arm", "pickpocketing"))


@pytest.mark.parametrize(("players", "first"), [(3, 0), (4, 1), (5, 3), (6, 5)])
def test_ce_setup_7_odd_players_in_the_caboose_even_next_to_it(players: int,
                                                               first: int) -> None:
    """[CE-SETUP-7] Counting from the First Player (Player 1): odd-numbered players start
    inside the caboose, even-numbered inside the car in front of it; nobody on a roof."""
    result = run(players, first_player=first)
    caboose = players
    for index, (car, roof) in enumerate(where(result)):
        number = (index - first) % players + 1
        assert roof is False
        assert car == (caboose if number % 2 == 1 else caboose - 1)


def test_ce_setup_7_first_player_is_random() -> None:
    """[CE-SETUP-7] Different seeds give different First Players."""
    assert len({_setup(5, seed)["first_player"] for seed in range(10)}) > 1


# --- Round cards [CE-ROUND-0..2] -------------------------------------------------------------


@pytest.mark.parametrize("card", sorted(PATTERNS))
def test_ce_round_1_patterns_by_player_count(card: str) -> None:
    """[CE-ROUND-1, R-CE-04] The 2-4 player pattern with 4 players, the 5-6 one with 5."""
    for players, pattern in ((4, PATTERNS[card][0]), (5, PATTERNS[card][1])):
        result = run(players, round_cards=[card, *[c for c in PATTERNS if c != card][:3],
                                           "pickpocketing"])
        assert [e["pattern"] for e in events(result, "round_started")] == [pattern]


@pytest.mark.parametrize("card", sorted(STATIONS))
def test_ce_round_2_station_cards_o_o_x_o(card: str) -> None:
    """[CE-ROUND-2, R-CE-05] Every station card reads O O X O, for any player count."""
    for players in (3, 6):
        result = run(players, round=4, round_cards=["bridge", "tunnels", "braking",
                                                    "swivel_arm", card])
        assert [e["pattern"] for e in events(result, "round_started")] == ["OOXO"]


# --- Schemin' turns [CE-ROUND-0, CE-SCHEME-1..5] ---------------------------------------------

DECKS = {s: [f"{s}{k}" for k in ("m1", "m2", "c1", "c2", "f1", "f2", "r1", "r2", "p1", "s1")]
         for s in range(4)}
# Angry Marshal (O O X R), First Player seat 1: two rounds of draws, then a face-down
# Floor Change each in the tunnel turn, then a face-up one in the switching turn.
ANGRY = {"round_cards": ["angry_marshal", "bridge", "braking", "tunnels", "hostage_taking"],
         "first_player": 1, "decks": DECKS, "bandits": [at(1), at(2), at(3), at(4)],
         "marshal": 0}
CLOCKWISE = [1, 2, 3, 0]
SWITCHED = [1, 0, 3, 2]


def _angry_steps() -> list[dict[str, Any]]:
    return ([play(s, "d") for s in CLOCKWISE] * 2 + [play(s, f"p{s}c") for s in CLOCKWISE]
            + [play(s, f"p{s}c") for s in SWITCHED])


def test_ce_round_0_turn_orders_clockwise_and_switching() -> None:
    """[CE-ROUND-0, CE-GEN-4, R-CE-18] O and X turns go clockwise from the First Player; the
    R turn goes counter-clockwise, the First Player still first."""
    result = run(**ANGRY, actions=_angry_steps())
    orders = [(e["symbol"], e["order"]) for e in events(result, "scheme_turn")]
    assert orders[:4] == [("O", CLOCKWISE), ("O", CLOCKWISE), ("X", CLOCKWISE),
                          ("R", SWITCHED)]


def test_ce_round_0_tunnel_turn_cards_face_down() -> None:
    """[CE-ROUND-0, CE-SCHEME-4] In the X turn every card goes face down: the group sees
    "a card" and who played it; each owner sees his own."""
    state = apply_all(state_of(spec(**ANGRY)), [(a["seat"], a["action"])
                                                for a in _angry_steps()[:12]])
    group = GAME.view(state, None)
    assert [(p.seat, p.card, p.face_down) for p in group.pile] == [
        (1, None, True), (2, None, True), (3, None, True), (0, None, True)]
    assert [p.card for p in GAME.view(state, 2).pile] == [None, "2c1", None, None]
    result = run(**ANGRY, actions=_angry_steps()[:12])
    assert [e["card"] for e in events(result, "card_played")] == ["", "", "", ""]
    assert [e["card"] for e in private(result, "card_played")] == ["1c1", "2c1", "3c1", "0c1"]


def test_ce_steal_1_pile_resolves_in_play_order_across_turn_types() -> None:
    """[CE-STEAL-1] The 8 Floor Changes resolve in the order played: X turn then R turn."""
    result = run(**ANGRY, actions=_angry_steps())
    assert [e["card"] for e in events(result, "card_resolved")] == [
        "1c1", "2c1", "3c1", "0c1", "1c2", "0c2", "3c2", "2c2"]


def test_ce_scheme_1_draw_three_cards_fewer_when_the_deck_is_short() -> None:
    """[CE-SCHEME-1] "d" draws 3 (deck 4 -> 1), then the last 1; the group sees counts."""
    result = run(**ANGRY, actions=[play(s, "d") for s in CLOCKWISE] * 2)
    assert [len(seat(result, s)["hand"]) for s in range(4)] == [10] * 4
    assert [e["count"] for e in events(result, "cards_drawn") if not e["start"]] == [3] * 4 + [
        1] * 4
    assert all(e["cards"] == [] for e in events(result, "cards_drawn"))
    assert private(result, "cards_drawn")[4 + 0]["cards"] == ["1r1", "1r2", "1p1"]


def test_ce_scheme_1_base_game_no_draw_from_an_empty_deck() -> None:
    """[CE-SCHEME-1, R-CE-06] Base game, deck empty: "d" is not offered."""
    result = run(**ANGRY, actions=[play(s, "d") for s in CLOCKWISE] * 2)
    who, _, legal = prompt(result)
    assert who == 1
    assert "d" not in legal
    assert legal == ["p1m", "p1c", "p1f", "p1r", "p1p", "p1s"]


def test_r_ce_06_no_action_card_and_nothing_to_draw_passes() -> None:
    """[CE-SCHEME-2, R-CE-06] A seat holding only bullet cards with an empty deck passes.

    Unreachable in real play (a round has at most 5 steps), so the state is edited through
    dump_state/load_state.
    """
    state = state_of(spec(decks=DECKS))
    data = json.loads(GAME.dump_state(state))
    data["seats"][1]["hand"] = ["2b1", "nb1"]
    data["seats"][1]["deck"] = []
    data["bullet_holder"] = {"2b1": 1, "nb1": 1}
    state = GAME.load_state(json.dumps(data))
    step = GAME.apply(state, 0, GAME.decode_action("p0m"))
    assert [e.to_json()["seat"] for e in step.events if e.to_json()["kind"] == "passed"] == [1]
    assert GAME.to_act(step.state) == frozenset({2})


def test_ce_scheme_5_base_game_unplayed_hands_back_on_top_of_the_decks() -> None:
    """[CE-SCHEME-5] Once Schemin' ends (Stealin' waits on seat 1's roof Move), every hand
    is empty: every card is in its deck, or on the pile still to resolve."""
    steps = _angry_steps()
    steps[12] = play(1, "p1m")  # seat 1's switching-turn card: a Move instead
    state = apply_all(state_of(spec(**ANGRY)), [(a["seat"], a["action"]) for a in steps])
    assert GAME.view(state, None).decision == "move"
    for s, player in enumerate(state.seats):
        waiting = [p.card for p in state.pile[state.resolving:] if p.seat == s]
        assert player.hand == []
        assert sorted(player.deck + waiting) == sorted(DECKS[s])


def test_ce_rnd_3_first_player_passes_clockwise() -> None:
    """[CE-RND-3, CE-RND-2] The next round is started by the next seat clockwise."""
    result = run(**ANGRY, actions=_angry_steps())
    assert [(e["round"], e["first"]) for e in events(result, "round_started")] == [
        (0, 1), (1, 2)]


def test_ce_rnd_3_game_ends_after_the_fifth_round() -> None:
    """[CE-RND-3] Round index 3 leads to round index 4; after round index 4 the game ends."""
    fourth = run(round=3, pile=[])
    assert fourth["outcome"] is None
    assert fourth["round"] == 4
    fifth = run(round=4, pile=[])
    assert fifth["outcome"] is not None
    assert fifth["to_act"] == []
    assert [e["kind"] for e in fifth["events"]][-1] == "game_ended"


# --- Hidden information [CE-INFO-1/2] --------------------------------------------------------


def test_ce_info_2_hands_are_private() -> None:
    """[CE-INFO-2, CE-INFO-1] The group sees hand sizes only; a seat sees its own hand."""
    state = state_of(spec(decks=DECKS))
    group, mine = GAME.view(state, None), GAME.view(state, 2)
    assert group.hand == ()
    assert mine.hand == ("2m1", "2m2", "2c1", "2c2", "2f1", "2f2")
    assert [s.hand for s in group.seats] == [6, 6, 6, 6]
    assert "2f1" not in json.dumps(group.to_json())
