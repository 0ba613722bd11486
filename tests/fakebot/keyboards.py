"""Validation of reply_markup as Telegram does it; inline keyboards are kept as rows of dicts."""

from __future__ import annotations

from typing import Any

from tests.fakebot import errors
from tests.fakebot.errors import bad_request

MAX_BUTTONS = 100
MAX_PER_ROW = 8
MAX_CALLBACK_DATA_BYTES = 64
ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)
Rows = list[list[dict[str, Any]]]


def parse_markup(markup: Any, *, inline_only: bool = False) -> tuple[Rows | None, Any]:
    """Return (inline keyboard rows or None, other markup or None) after validation."""
    if markup is None:
        return None, None
    if not isinstance(markup, dict):
        raise bad_request(errors.BAD_MARKUP_JSON)
    if "inline_keyboard" in markup:
        return validate_inline_keyboard(markup["inline_keyboard"]), None
    if inline_only:
        raise bad_request(errors.BAD_MARKUP_JSON)
    if not any(key in markup for key in ("keyboard", "remove_keyboard", "force_reply")):
        raise bad_request(errors.BAD_MARKUP_JSON)
    return None, markup


def validate_inline_keyboard(rows: Any) -> Rows | None:
    """Check an inline keyboard: ≤ 100 buttons, ≤ 8 a row, one action each, data 1-64 bytes."""
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise bad_request(errors.BAD_MARKUP_JSON)
    kept = [[_button(button) for button in row] for row in rows if row]
    if any(len(row) > MAX_PER_ROW for row in kept):
        raise bad_request(errors.MARKUP_TOO_LONG)
    if sum(len(row) for row in kept) > MAX_BUTTONS:
        raise bad_request(errors.MARKUP_TOO_LONG)
    return kept or None


def _button(button: Any) -> dict[str, Any]:
    if not isinstance(button, dict) or not isinstance(button.get("text"), str):
        raise bad_request(errors.BAD_MARKUP_JSON)
    if not button["text"].strip():
        raise bad_request(errors.BUTTON_TEXT_EMPTY)
    actions = [key for key in ACTIONS if key in button]
    if not actions:
        raise bad_request(errors.BUTTON_WITHOUT_ACTION)
    if "callback_data" in button:
        data = button["callback_data"]
        size = len(data.encode()) if isinstance(data, str) else 0
        if not 1 <= size <= MAX_CALLBACK_DATA_BYTES:
            raise bad_request(errors.BUTTON_DATA_INVALID)
    if "url" in button:
        url = button["url"]
        if not isinstance(url, str) or not url.startswith(("http://", "https://", "tg://")):
            raise bad_request(errors.BUTTON_URL_INVALID)
    return {key: value for key, value in button.items() if key == "text" or key in ACTIONS}
