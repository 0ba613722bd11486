"""storage/json_text.py: pydantic-core's JSON with the standard library's at the edges."""

from __future__ import annotations

import json

import pytest

from storage.json_text import dumps, dumps_bytes, loads


@pytest.mark.parametrize("value", [
    {"text": "ação ✅ 🤖", "n": [1, -2, 10**30, 2.5, None, True, False]},
    "a lone half of a pair: \ud83e",
    ["nul \x00", "line\u2028sep", ""],
])
def test_what_is_written_reads_back_the_same_and_the_standard_library_agrees(value: object,
                                                                             ) -> None:
    text = dumps(value)
    assert loads(text) == value
    assert loads(text.encode()) == value
    assert json.loads(text) == value
    assert loads(json.dumps(value)) == value  # rows written before still read


def test_text_is_compact_utf8_not_escaped() -> None:
    assert dumps_bytes({"a": "ç", "b": [1, 2]}) == '{"a":"ç","b":[1,2]}'.encode()


def test_what_is_not_json_raises_value_error() -> None:
    with pytest.raises(json.JSONDecodeError):
        loads("not json")
    with pytest.raises(UnicodeDecodeError):  # a ValueError too
        loads(b"\xff")
