"""Callback data: compact, within Telegram's 64 bytes, and forged data is refused."""

from __future__ import annotations

import pytest

from tgbot.render.callbacks import (
    FORMS,
    Back,
    BadCallback,
    Die,
    Focus,
    HandMenu,
    Keep,
    LobbyOp,
    Mine,
    NewGame,
    Play,
    action_data,
    game_id,
    keep_data,
    lobby_data,
    mine_data,
    number,
    parse,
)

BIG_GAME = 2**31 - 1  # games.id is a 32-bit INTEGER (storage.columns.INTEGER_MAX)
BIG_VERSION = 10**8


def test_round_trips_within_64_bytes() -> None:
    for data, expected in [
        (action_data(BIG_GAME, BIG_VERSION, "dc+"), Play(BIG_GAME, BIG_VERSION, "dc+")),
        (keep_data(7, 3, frozenset({0, 4, 2})), Keep(7, 3, frozenset({0, 2, 4}))),
        (keep_data(7, 3, frozenset()), Keep(7, 3, frozenset())),
        (lobby_data(9, "mspecial_identities"), LobbyOp(9, "mspecial_identities")),
        (mine_data(12), Mine(12)),
        (Die(BIG_GAME, BIG_VERSION, 4).data(), Die(BIG_GAME, BIG_VERSION, 4)),
        (Die(5, 6, None).data(), Die(5, 6, None)),
        (Back(BIG_GAME).data(), Back(BIG_GAME)),
        (NewGame("colt_express").data(), NewGame("colt_express")),
        (Focus(BIG_GAME, BIG_VERSION, 60).data(), Focus(BIG_GAME, BIG_VERSION, card=60)),
        (Focus(7, 3, menu=HandMenu.SID).data(), Focus(7, 3, menu=HandMenu.SID)),
        (Focus(7, 3).data(), Focus(7, 3)),
    ]:
        assert len(data.encode()) <= 64
        assert data == expected.data()
        assert parse(data) == expected
        assert type(expected).decode(data) == expected  # its own codec
        assert type(expected).PATTERN.match(data)  # and its route


@pytest.mark.parametrize("data", [
    None, "", "x:1:2:s", "p:1:2", "p:a:2:s", "p:1:2:S", "p:1:2:" + "s" * 13, "k:1:2:9",
    "l:1:DROP TABLE", "m:", "m:1:2", "p:1:2:s\n", "p:-1:2:s", "p" + ":1" * 40,
    f"p:{2**31}:1:s", f"k:{2**31}:1:0", f"l:{2**31}:opt", f"m:{2**31}", "m:0", "m:99999999999",
    "p:٣:1:s", "m:²", "p:bang_dice:-1:x", "\ud800", "m:1\ud800", "x" * 65, "é" * 33,
    "h:1:2:c0", "h:1:2:c61", "h:1:2:c99", "h:1:2:", "h:1:2:SID", "h:1:2:c٣", "h:0:2:-",
])
def test_forged_data_is_refused(data: str | None) -> None:
    with pytest.raises(BadCallback):
        parse(data)
    for form in FORMS.values():  # no form's codec takes it either
        with pytest.raises(BadCallback):
            form.decode(data)


def test_oversized_data_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        lobby_data(1, "x" * 70)


@pytest.mark.parametrize(("text", "expected"), [
    ("1", 1), ("007", 7), (str(2**31 - 1), 2**31 - 1), (str(2**31), None), ("0", None),
    ("-1", None), ("+1", None), (" 1", None), ("1_0", None), ("²", None), ("٣", None),
    ("1" * 23, None), ("", None), ("j1", None),
])
def test_game_ids_are_ascii_digits_within_the_column(text: str, expected: int | None) -> None:
    assert game_id(text) == expected


def test_numbers_are_strict() -> None:
    assert number("12", most=12) == 12
    assert number("13", most=12) is None
    assert number("0", least=1, most=9) is None
    assert number("１２", most=99) is None  # fullwidth digits: int() would take them


def test_a_hand_focus_names_one_card_or_menu() -> None:
    with pytest.raises(ValueError, match="not a hand focus"):
        Focus(1, 2, 61)
    with pytest.raises(ValueError, match="not a hand focus"):
        Focus(1, 2, 3, HandMenu.SHOP)
    assert (Focus(1, 2).value, Focus(1, 2, 5).value, Focus(1, 2, menu=HandMenu.SID).value) == (
        0, 5, 63)
