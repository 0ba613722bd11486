"""The undo buttons' callback form `u:<game>:<version>:<op>`: made by the bot, read back, and
every forged or odd variant refused before any query."""

from __future__ import annotations

import pytest

from tgbot.render.callbacks import BadCallback, Undo, parse, undo_data


def test_an_undo_button_reads_back() -> None:
    for op in "ayn":
        data = undo_data(12, 345, op)
        assert data == f"u:12:345:{op}"
        assert parse(data) == Undo(12, 345, op)


@pytest.mark.parametrize("data", [
    "u:12:345:x",            # no such op
    "u:12:345:",             # no op
    "u:12:345:ay",           # two ops
    "u:0:3:a",               # no game 0
    "u:99999999999:3:a",     # a game id no row can hold
    "u:12:1234567890:a",     # a version too long
    "u:１２:3:a",             # other scripts' digits
    "u:12:-3:a",
    "u:12:3:a\n",
    "u:12:3",
    "u:" + "1" * 70,
])
def test_forged_undo_data_is_refused(data: str) -> None:
    with pytest.raises(BadCallback):
        Undo.decode(data)
