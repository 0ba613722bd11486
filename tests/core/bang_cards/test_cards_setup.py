"""The deck, roles, characters and the deal: docs/rules/bang_cards.md §1-§3, §13."""

from __future__ import annotations

from collections import Counter

import pytest

from core.bang_cards.cards import CARD, CARDS, KINDS
from core.bang_cards.ids import CHARACTER_LIFE, Character, Color, Kind, Role, Suit
from core.engine.errors import InvalidSetup
from tests.core.bang_cards.helpers import GAME

COUNTS = {"bang": 25, "missed": 12, "beer": 6, "panic": 4, "cat_balou": 4, "duel": 3,
          "stagecoach": 2, "general_store": 2, "indians": 2, "gatling": 1, "saloon": 1,
          "wells_fargo": 1, "barrel": 2, "mustang": 2, "scope": 1, "jail": 3, "dynamite": 1,
          "volcanic": 2, "schofield": 3, "remington": 1, "rev_carabine": 1, "winchester": 1}


def test_BC_COMP_2_and_BC_DECK_1_eighty_cards_by_kind_colour_and_suit() -> None:
    """[BC-COMP-1, BC-COMP-2, BC-DECK-1] 80 cards, 63 brown and 17 blue, 20 of each suit."""
    assert len(CARDS) == 80
    assert len(CARD) == 80
    assert Counter(card.kind.value for card in CARDS) == COUNTS
    colours = Counter(KINDS[card.kind].color for card in CARDS)
    assert colours == {Color.BROWN: 63, Color.BLUE: 17}
    assert Counter(card.suit for card in CARDS) == dict.fromkeys(Suit, 20)


@pytest.mark.parametrize(("card", "kind", "suit", "rank"), [
    ("bang_as", Kind.BANG, Suit.SPADES, 14), ("missed_10c", Kind.MISSED, Suit.CLUBS, 10),
    ("beer_jh", Kind.BEER, Suit.HEARTS, 11), ("stagecoach_9s_1", Kind.STAGECOACH, Suit.SPADES, 9),
    ("stagecoach_9s_2", Kind.STAGECOACH, Suit.SPADES, 9), ("scope_as", Kind.SCOPE, Suit.SPADES, 14),
    ("winchester_8s", Kind.WINCHESTER, Suit.SPADES, 8), ("jail_4h", Kind.JAIL, Suit.HEARTS, 4),
])
def test_BC_DECK_1_instance_ids_name_suit_and_rank(card: str, kind: Kind, suit: Suit,
                                                    rank: int) -> None:
    """[BC-DECK-1] `<kind>_<rank><suit>`; the two identical Stagecoaches are _1 and _2."""
    assert (CARD[card].kind, CARD[card].suit, CARD[card].rank) == (kind, suit, rank)


def test_R_BC_01_dynamite_duel_and_indians_suits() -> None:
    """[R-BC-01] Dynamite 2 of hearts, a Duel 8 of clubs, Indians! ace of diamonds."""
    assert "dynamite_2h" in CARD
    assert "duel_8c" in CARD
    assert "indians_ad" in CARD
    assert "dynamite_9s" not in CARD
    assert "duel_10s" not in CARD


def test_BC_WEAPON_1_ranges() -> None:
    """[BC-WEAPON-1] Volcanic 1, Schofield 2, Remington 3, Rev. Carabine 4, Winchester 5."""
    ranges = {kind: KINDS[kind].weapon_range for kind in (
        Kind.VOLCANIC, Kind.SCHOFIELD, Kind.REMINGTON, Kind.REV_CARABINE, Kind.WINCHESTER)}
    assert list(ranges.values()) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("players", range(3, 9))
def test_BC_ROLE_2_roles_by_table_size(players: int) -> None:
    """[BC-ROLE-2] the role table; 8 players adds a second Renegade."""
    expected = {3: (0, 1, 1, 1), 4: (1, 0, 2, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1),
                7: (1, 2, 3, 1), 8: (1, 2, 3, 2)}[players]
    for seed in range(5):
        state = GAME.setup({}, players, seed).state
        roles = Counter(seat.role for seat in state.seats)
        assert tuple(roles[r] for r in (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW,
                                        Role.RENEGADE)) == expected


@pytest.mark.parametrize("players", range(4, 9))
def test_BC_SETUP_1_to_5_the_deal(players: int) -> None:
    """[BC-SETUP-1, BC-SETUP-2, BC-SETUP-3, BC-SETUP-4, BC-SETUP-5, R-BC-02] Sheriff public
    and first; one random character each; life is the character's (+1 Sheriff); a hand of
    that many cards; 80 cards in all."""
    step = GAME.setup({}, players, 7)
    state = step.state
    GAME.check_state(state)
    sheriff = next(i for i, s in enumerate(state.seats) if s.role is Role.SHERIFF)
    assert state.turn.active == sheriff
    assert len({s.character for s in state.seats}) == players
    for index, seat in enumerate(state.seats):
        bonus = 1 if seat.role is Role.SHERIFF else 0
        assert seat.max_life == CHARACTER_LIFE[seat.character] + bonus
        assert seat.role_revealed == (seat.role is Role.SHERIFF)
        if index != sheriff:
            assert len(seat.hand) == seat.life
    dealt = [e for e in step.events if e.kind == "role_dealt"]
    assert all((e.audience is None) == (e.role == "sheriff") for e in dealt)


def test_BC_SETUP_3_and_BC_CHAR_0_printed_life() -> None:
    """[BC-SETUP-3, BC-CHAR-0] 16 characters, 4 life, El Gringo and Paul Regret 3."""
    assert {c for c, life in CHARACTER_LIFE.items() if life == 3} == {
        Character.EL_GRINGO, Character.PAUL_REGRET}
    assert len(CHARACTER_LIFE) == 16
    assert set(CHARACTER_LIFE) == set(Character)


def test_BC_SETUP_2_and_R_BC_02_characters_are_dealt_at_random() -> None:
    """[BC-SETUP-2, BC-CHAR-0, R-BC-02] one character each, never twice at a table; over a
    few seeds every one of the 16 is dealt and the casts differ."""
    casts = [tuple(s.character for s in GAME.setup({}, 8, seed).state.seats)
             for seed in range(12)]
    assert all(len(set(cast)) == 8 for cast in casts)
    assert len(set(casts)) == len(casts)
    assert {c for cast in casts for c in cast} == set(Character)


def test_BC_3P_1_three_players_roles_face_up_and_the_deputy_starts() -> None:
    """[BC-3P-1] Deputy, Outlaw, Renegade, all public, no +1 life; the Deputy starts."""
    step = GAME.setup({}, 3, 11)
    state = step.state
    assert {s.role for s in state.seats} == {Role.DEPUTY, Role.OUTLAW, Role.RENEGADE}
    assert all(s.role_revealed and s.max_life == CHARACTER_LIFE[s.character]
               for s in state.seats)
    assert state.seats[state.turn.active].role is Role.DEPUTY
    assert all(e.audience is None for e in step.events if e.kind == "role_dealt")


def test_setup_refuses_bad_player_counts_and_options() -> None:
    with pytest.raises(InvalidSetup):
        GAME.setup({}, 2, 1)
    with pytest.raises(InvalidSetup):
        GAME.setup({}, 9, 1)
    with pytest.raises(InvalidSetup):
        GAME.setup({"expansions": ["dodge_city"]}, 5, 1)


def test_the_same_seed_deals_the_same_game_and_states_round_trip() -> None:
    first = GAME.setup({}, 6, 5).state
    assert GAME.dump_state(first) == GAME.dump_state(GAME.setup({}, 6, 5).state)
    assert GAME.load_state(GAME.dump_state(first)) == first
    assert GAME.dump_state(first) != GAME.dump_state(GAME.setup({}, 6, 6).state)
