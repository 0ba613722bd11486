"""Callback data: compact, within Telegram's 64 bytes, and forged data is refused."""

from __future__ import annotations

import pytest

from tgbot.callbacks import (
    BadCallback,
    Callback,
    action_data,
    keep_data,
    lobby_data,
    mine_data,
    parse,
)

BIG_GAME = 10**15
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
])
def test_forged_data_is_refused(data: str | None) -> None:
    with pytest.raises(BadCallback):
        parse(data)


def test_oversized_data_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        lobby_data(1, "x" * 70)
