"""Typed access to Bot API parameters, which arrive as JSON values or as form strings."""

from __future__ import annotations

import json
from typing import Any

from tests.fakebot.errors import bad_request, missing
from tests.fakebot.http11 import Upload

JSON_ERRORS = {
    "reply_markup": "Bad Request: can't parse reply keyboard markup JSON object",
    "entities": "Bad Request: can't parse entities JSON object",
    "caption_entities": "Bad Request: can't parse entities JSON object",
    "commands": "Bad Request: can't parse commands JSON object",
    "allowed_updates": "Bad Request: can't parse allowed updates JSON object",
}


class Params:
    """The parameters of one call; form values are strings holding JSON for complex types."""

    def __init__(self, values: dict[str, Any], files: dict[str, Upload]) -> None:
        self.values = values
        self.files = files

    def has(self, name: str) -> bool:
        """Whether the parameter is present and non-empty."""
        return self.values.get(name) not in (None, "") or name in self.files

    def string(self, name: str, *, required: bool = False) -> str | None:
        """Return a string parameter."""
        value = self.values.get(name)
        if value is None or value == "":
            if required:
                raise bad_request(missing(name))
            return None if value is None else ""
        return value if isinstance(value, str) else json.dumps(value)

    def integer(self, name: str, *, required: bool = False) -> int | None:
        """Return an integer parameter (a JSON number or a decimal string)."""
        value = self.values.get(name)
        if value is None or value == "":
            if required:
                raise bad_request(missing(name))
            return None
        if isinstance(value, bool):
            raise bad_request(f"Bad Request: invalid {name} specified")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise bad_request(f"Bad Request: invalid {name} specified") from None

    def flag(self, name: str) -> bool:
        """Return a boolean parameter (absent means False)."""
        value = self.values.get(name)
        if isinstance(value, str):
            return value.lower() in ("true", "1")
        return bool(value)

    def decoded(self, name: str) -> Any:
        """Return a JSON-typed parameter (decoding form strings); None when absent."""
        value = self.values.get(name)
        if value is None or value == "":
            return None
        if not isinstance(value, str):
            return value
        try:
            return json.loads(value)
        except ValueError:
            raise bad_request(JSON_ERRORS.get(name, f"Bad Request: can't parse {name}")) from None

    def chat_id(self) -> int | str:
        """Return chat_id: an integer id or an @username."""
        value = self.values.get("chat_id")
        if isinstance(value, str) and value.startswith("@"):
            return value
        chat_id = self.integer("chat_id", required=True)
        assert chat_id is not None
        return chat_id

    def file(self, name: str) -> Upload | str | None:
        """Return an uploaded file, a file_id/URL string, or None."""
        if name in self.files:
            return self.files[name]
        return self.string(name)

    def summary(self) -> dict[str, Any]:
        """Return the parameters for the request log (files as short descriptions)."""
        out = dict(self.values)
        for name, upload in self.files.items():
            out[name] = f"<upload {upload.filename!r} {len(upload.data)} bytes>"
        return out
