"""The bot plays its role from public facts only (core/bang_cards/bot.py): whom it shoots,
when it answers, what it keeps, and that hidden roles never change its choice."""

from __future__ import annotations

from collections import Counter

import pytest

from core.bang_cards.actions import EndPlay, Pass, Play, Respond
from core.bang_cards.bot import hidden_roles
from core.bang_cards.ids import Role
from tests.core.bang_cards.helpers import GAME, act, n, table

BANG, MISSED, BEER = "bang_as", "missed_2s", "beer_6h"


def test_a_five_player_deputy_knows_every_hidden_seat_is_an_enemy() -> None:
    state = table(5)
    pool, hidden = hidden_roles(state, 1)
    assert hidden == 3
    assert +pool == Counter({Role.OUTLAW: 2, Role.RENEGADE: 1})
    sheriff_pool, sheriff_hidden = hidden_roles(state, 0)
    assert sheriff_hidden == 4
    assert +sheriff_pool == Counter({Role.OUTLAW: 2, Role.RENEGADE: 1, Role.DEPUTY: 1})


def test_the_deputy_shoots_a_hidden_seat_never_the_sheriff() -> None:
    """Seat 1 (Deputy) has both the Sheriff and seat 2 (behind a Barrel) in reach."""
    state = table(5, {1: {"hand": [BANG]}, 2: {"in_play": ["barrel_qs"]}}, turn=1)
    assert GAME.bot_action(state, 1) == Play(BANG, 2)


def test_an_outlaw_shoots_the_sheriff_when_he_is_in_reach() -> None:
    """The Outlaw at seat 3 with a Schofield reaches every seat: he picks the Sheriff."""
    state = table(5, {3: {"hand": [BANG], "in_play": ["schofield_ks"]}}, turn=3)
    assert GAME.bot_action(state, 3) == Play(BANG, 0)


def test_a_renegade_spares_the_sheriff_while_outlaws_live() -> None:
    """Seat 4's Colt reaches the Sheriff (seat 0) and seat 3: he shoots seat 3."""
    state = table(5, {4: {"hand": [BANG]}}, turn=4)
    assert GAME.bot_action(state, 4) == Play(BANG, 3)


def test_the_deputy_keeps_his_gatling_while_the_sheriff_is_at_one_life() -> None:
    state = table(5, {1: {"hand": ["gatling_10h"]}, 0: {"life": 1}}, turn=1)
    assert GAME.bot_action(state, 1) == EndPlay()
    healthy = table(5, {1: {"hand": ["gatling_10h"]}}, turn=1)
    assert GAME.bot_action(healthy, 1) == Play("gatling_10h")


def test_a_deputy_plays_the_saloon_for_a_wounded_sheriff_at_full_life_himself() -> None:
    state = table(5, {1: {"hand": ["saloon_5h"]}, 0: {"life": 2}}, turn=1)
    assert GAME.bot_action(state, 1) == Play("saloon_5h")


def test_a_missed_answers_a_shot_only_when_it_cancels_it() -> None:
    """One Missed! cancels a BANG!, but is kept against Slab the Killer's (two needed)."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"hand": [MISSED, BEER]}})
    state, _ = act(state, 0, "p" + n(BANG) + "t1")
    assert GAME.bot_action(state, 1) == Respond(MISSED)
    slab = table(5, {0: {"hand": [BANG], "character": "slab_the_killer"},
                     1: {"hand": [MISSED, BEER]}})
    slab, _ = act(slab, 0, "p" + n(BANG) + "t1")
    assert GAME.bot_action(slab, 1) == Pass()


def test_the_bot_drinks_only_when_low_and_keeps_beer_otherwise() -> None:
    low = table(5, {2: {"hand": [BEER], "life": 2}}, turn=2)
    assert GAME.bot_action(low, 2) == Play(BEER)
    scratched = table(5, {2: {"hand": [BEER], "life": 3}}, turn=2)
    assert GAME.bot_action(scratched, 2) == EndPlay()


@pytest.mark.parametrize("seat", [0, 1, 2, 3, 4])
def test_hidden_roles_never_change_the_bots_choice(seat: int) -> None:
    """Swapping the two hidden roles the seat does not hold leaves its choice unchanged:
    it reads roles only from what is public."""
    bangs = ["bang_as", "bang_qh", "bang_kh", "bang_ah", "bang_2d"]
    extras = ["panic_jh", "panic_qh", "cat_balou_kh", "cat_balou_9d", "duel_js"]
    weapons = ["remington_kc", "schofield_ks", "schofield_jc", "schofield_qc", "rev_carabine_ac"]
    hands = {s: {"hand": [bangs[s], extras[s]], "in_play": [weapons[s]]} for s in range(5)}
    hidden = [s for s in range(1, 5) if s != seat]
    base = table(5, hands, turn=seat)
    first, second = next((a, b) for a in hidden for b in hidden
                          if a < b and base.seats[a].role is not base.seats[b].role)
    swapped = table(5, {**hands, first: {**hands[first], "role": base.seats[second].role.value},
                        second: {**hands[second], "role": base.seats[first].role.value}},
                    turn=seat)
    assert GAME.bot_action(base, seat) == GAME.bot_action(swapped, seat)
