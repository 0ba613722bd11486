"""Hand pictures take one seat's own view only: a HandView cannot be built by hand, its
builder asks the engine for that seat's view and nothing else, and states that differ only
in another seat's hand draw the same picture."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from core.engine.registry import get_game
from tests.tgbot.images.positions import CARDS_FOUR, HAND_POSITIONS, POSITIONS, HandPosition
from tgbot.i18n import LANGUAGES
from tgbot.render.images import (
    HandView,
    draw_hand,
    group_view,
    hand_view,
    has_hand,
    stored_group_view,
    stored_hand_view,
)


class _Spy:
    """An engine that records which seats' views were asked for."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.viewers: list[int | None] = []

    def view(self, state: Any, viewer: int | None) -> Any:
        self.viewers.append(viewer)
        return self.engine.view(state, viewer)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)


def test_only_colt_and_the_card_game_have_a_hand() -> None:
    assert has_hand("colt_express")
    assert has_hand("bang_cards")
    assert not has_hand("bang_dice")
    with pytest.raises(KeyError):
        hand_view("bang_dice", get_game("bang_dice"), POSITIONS[0].state(), 0)


def test_a_hand_view_cannot_be_built_by_hand() -> None:
    with pytest.raises(TypeError):
        HandView(object(), "bang_cards", 0, {})


@pytest.mark.parametrize("hand", HAND_POSITIONS, ids=lambda h: h.name)
def test_the_builder_asks_for_the_seats_own_view_only(hand: HandPosition) -> None:
    spy = _Spy(get_game(hand.position.kind))
    view = hand_view(hand.position.kind, spy, hand.position.state(), hand.seat)  # type: ignore[arg-type]
    assert spy.viewers == [hand.seat]
    assert view.seat == hand.seat


def test_stored_views_do_not_cross() -> None:
    """A hand's stored JSON is no group view, and a group's stored view is no hand."""
    hand = HAND_POSITIONS[2]
    game, state = get_game(hand.position.kind), hand.position.state()
    mine = hand_view(hand.position.kind, game, state, hand.seat)
    assert stored_hand_view(json.loads(json.dumps(mine.to_json()))) == mine
    with pytest.raises(KeyError):
        stored_group_view(mine.to_json())
    with pytest.raises(KeyError):
        stored_hand_view(group_view(hand.position.kind, game, state).to_json())


def _cards_state(spec: dict[str, Any]) -> Any:
    return get_game("bang_cards").position(spec).state  # type: ignore[attr-defined]


def test_another_seats_cards_hand_changes_nothing() -> None:
    other = copy.deepcopy(CARDS_FOUR)
    other["seats"][2]["hand"] = ["bang_kh", "missed_4s", "gatling_10h"]  # seat 2's secret
    other["seats"][0]["hand"] = ["beer_8h"]
    game = get_game("bang_cards")
    before, after = _cards_state(CARDS_FOUR), _cards_state(other)
    assert game.view(before, 2) != game.view(after, 2)
    for language in LANGUAGES:
        a = hand_view("bang_cards", game, before, 1)
        b = hand_view("bang_cards", game, after, 1)
        assert a == b
        assert draw_hand(a, language) == draw_hand(b, language)


def test_another_seats_colt_hand_changes_nothing() -> None:
    game = get_game("colt_express")
    state = HAND_POSITIONS[1].position.state()
    data = json.loads(game.dump_state(state))
    hands = data["seats"]
    hands[0]["hand"], hands[1]["hand"] = hands[1]["hand"], hands[0]["hand"]  # two others
    hands[3]["hand"], hands[3]["deck"] = hands[3]["deck"][:5], hands[3]["hand"] + \
        hands[3]["deck"][5:]
    other = game.load_state(json.dumps(data))
    assert game.view(other, 0) != game.view(state, 0)
    mine, theirs = hand_view("colt_express", game, state, 2), hand_view(
        "colt_express", game, other, 2)
    assert mine == theirs
    assert draw_hand(mine, "it") == draw_hand(theirs, "it")


def test_the_seats_own_hand_does_change_the_picture() -> None:
    other = copy.deepcopy(CARDS_FOUR)
    other["seats"][1]["hand"] = ["missed_2s", "duel_js"]
    game = get_game("bang_cards")
    a = hand_view("bang_cards", game, _cards_state(CARDS_FOUR), 1)
    b = hand_view("bang_cards", game, _cards_state(other), 1)
    assert draw_hand(a, "en") != draw_hand(b, "en")
