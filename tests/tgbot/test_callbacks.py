"""Callback data: compact, within Telegram's 64 bytes, and forged data is refused."""

from __future__ import annotations

import pytest

from tgbot.callbacks import (
    BadCallback,
    Callback,
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
        (action_data(BIG_GAME, BIG_VERSION, "dc+"), Callback("p", BIG_GAME, BIG_VERSION, "dc+")),
        (keep_data(7, 3, frozenset({0, 4, 2})), Callback("k", 7, 3, "024")),
        (keep_data(7, 3, frozenset()), Callback("k", 7, 3, "")),
        (lobby_data(9, "mspecial_identities"), Callback("l", 9, -1, "mspecial_identities")),
        (mine_data(12), Callback("m", 12, -1, "")),
    ]:
        assert len(data.encode()) <= 64
        assert parse(data) == expected


@pytest.mark.parametrize("data", [
    None, "", "x:1:2:s", "p:1:2", "p:a:2:s", "p:1:2:S", "p:1:2:" + "s" * 13, "k:1:2:9",
    "l:1:DROP TABLE", "m:", "m:1:2", "p:1:2:s\n", "p:-1:2:s", "p" + ":1" * 40,
    f"p:{2**31}:1:s", f"k:{2**31}:1:0", f"l:{2**31}:opt", f"m:{2**31}", "m:0", "m:99999999999",
    "p:٣:1:s", "m:²", "p:bang_dice:-1:x", "\ud800", "m:1\ud800", "x" * 65, "é" * 33,
])
def test_forged_data_is_refused(data: str | None) -> None:
    with pytest.raises(BadCallback):
        parse(data)


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
