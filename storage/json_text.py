"""JSON text for the database columns and the Bot API's bodies, through pydantic-core.

pydantic-core's Rust codec writes JSON about three times and reads it about twice as fast as
the standard library's (docs/benchmarks.md, "A press with pictures, eighth pass"); a press
writes and reads some fifteen JSON values (delivery payloads, Bot API calls). It differs
from `json` only at the edges, where these functions fall back to `json`: a string holding
a lone surrogate (which UTF-8 cannot carry; `json` writes it as an escape) and such an
escape when read back. Non-ASCII text is written as UTF-8, not as escapes.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import PydanticSerializationError, from_json, to_json


def dumps_bytes(value: Any) -> bytes:
    """Return `value` (JSON-ready: dicts, lists, str, numbers, bools, None) as compact
    UTF-8 JSON."""
    try:
        return to_json(value)
    except PydanticSerializationError:
        return json.dumps(value, separators=(",", ":")).encode()


def dumps(value: Any) -> str:
    """Return `value` as compact JSON text (see `dumps_bytes`)."""
    return dumps_bytes(value).decode()


def loads(text: str | bytes) -> Any:
    """Return the value of JSON text. Raise ValueError when it is not JSON."""
    try:
        return from_json(text)
    except ValueError:
        return json.loads(text)
