"""Views and the action codec: what each audience sees [BC-INFO], compact action texts."""

from __future__ import annotations

import pytest

from core.bang_cards.actions import (
    Discard,
    DrawFrom,
    EndPlay,
    Pass,
    Pick,
    Play,
    Respond,
    SetOrder,
    Sid,
    decode,
    encode,
)
from core.engine.errors import MalformedAction
from tests.core.bang_cards.helpers import GAME, act, n, table

ACTIONS = [EndPlay(), Pass(), Play("bang_as"), Play("bang_as", 3), Play("panic_jh", 2, "hand"),
           Play("panic_jh", 7, "winchester_8s"), Respond("missed_2s"), Discard("beer_jh"),
           Sid("bang_as", "winchester_8s"), Pick("stagecoach_9s_2"), DrawFrom("deck"),
           DrawFrom("discard"), DrawFrom(5), SetOrder("missed", True), SetOrder("bang", False)]


@pytest.mark.parametrize("action", ACTIONS, ids=encode)
def test_action_texts_round_trip_and_fit_a_button(action: object) -> None:
    text = encode(action)  # type: ignore[arg-type]
    assert decode(text) == action
    assert len(text) <= 12
    assert text.isalnum()
    assert text.islower()


@pytest.mark.parametrize("text", ["", "~", "p80", "p7", "s0500", "s1205", "q", "dx", "o2"])
def test_malformed_texts_are_refused(text: str) -> None:
    with pytest.raises(MalformedAction):
        decode(text)


def test_BC_INFO_2_a_hand_is_its_owners_and_the_deck_nobodys() -> None:
    """[BC-INFO-1, BC-INFO-2] counts are public; contents and the deck order are not."""
    state = table(5, {0: {"hand": ["bang_as"]}, 1: {"hand": ["beer_6h", "missed_2s"]}})
    group, own, other = (GAME.view(state, v) for v in (None, 1, 2))
    assert group.seats[1].hand is None
    assert group.seats[1].hand_count == 2
    assert own.seats[1].hand == ("beer_6h", "missed_2s")
    assert other.seats[1].hand is None
    assert own.role == "deputy"
    assert other.seats[1].role is None
    assert group.seats[0].role == "sheriff"
    assert not hasattr(group, "deck")
    assert group.deck_count == len(state.deck)


def test_BC_INFO_3_kit_carlsons_cards_are_his_alone() -> None:
    """[BC-INFO-3] the group sees that he looks at three cards, not which."""
    state = table(5, {0: {"character": "kit_carlson"}}, phase="start",
                  deck=["bang_2c", "bang_3c", "beer_7h"])
    assert GAME.view(state, 0).table == ("bang_2c", "bang_3c", "beer_7h")
    assert GAME.view(state, None).table == ()
    assert GAME.view(state, 1).table == ()
    assert GAME.view(state, None).table_count == 3


def test_BC_INFO_1_a_check_and_a_played_card_are_public() -> None:
    """[BC-INFO-1] every card played and every "draw!" reach the group."""
    state = table(5, {0: {"hand": ["bang_as"]}, 1: {"in_play": ["barrel_qs"],
                                                    "hand": ["beer_6h"]}}, deck=["beer_7h"])
    state, events = act(state, 0, "p" + n("bang_as") + "t1")
    public = {e.kind for e in events if e.audience is None}
    assert {"card_played", "check_revealed", "check_resolved"} <= public
