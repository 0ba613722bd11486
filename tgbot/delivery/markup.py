"""What a delivery row's payload becomes on Telegram: the inline keyboard's JSON (for the
delivery loop's raw calls) or python-telegram-bot's object (for the handlers' replies), and
the message text fitted to Telegram's limit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from telegram import InlineKeyboardMarkup

from tgbot.render.fit import fit_message


def keyboard(buttons: Sequence[Sequence[Sequence[str]]]) -> dict[str, Any] | None:
    """Return the Bot API's inline keyboard JSON from [label, data] rows (None without
    buttons); data "https://…" makes a URL button."""
    if not buttons:
        return None
    return {"inline_keyboard": [
        [{"text": label, "url": data} if data.startswith("https://")
         else {"text": label, "callback_data": data} for label, data in row]
        for row in buttons]}


def markup(buttons: Sequence[Sequence[Sequence[str]]]) -> InlineKeyboardMarkup | None:
    """Return `keyboard(buttons)` as python-telegram-bot's object, for the handlers' replies."""
    data = keyboard(buttons)
    return None if data is None else InlineKeyboardMarkup.de_json(data, None)


def message_text(payload: dict[str, Any]) -> str:
    """Return a payload's message text: its lead lines, then its text, fitted to Telegram's
    4,096 visible characters (tgbot/render/fit.py)."""
    return fit_message(payload.get("lead") or [], str(payload.get("text") or ""))
