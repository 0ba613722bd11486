"""Helpers for the fake Bot API's own tests: a 1x1 PNG, an inline keyboard builder, a call that
must be refused, raw method URLs, and the updates queued after one."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import pytest
import telegram
from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import TelegramError

from tests.fakebot import FakeBotApi

PNG_1X1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


def keyboard(*rows: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    """Build an inline keyboard of callback buttons from (text, data) rows."""
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(text, callback_data=data) for text, data in row] for row in rows]
    )


async def rejected(api: FakeBotApi, call: Awaitable[Any]) -> tuple[int, str]:
    """Await a call that must fail; return the HTTP status and description the fake sent."""
    before = len(api.errors)
    with pytest.raises(TelegramError):
        await call
    assert len(api.errors) == before + 1
    error = api.errors[-1]
    return error.status, error.response["description"]


def raw_url(api: FakeBotApi, method: str, token: str | None = None) -> str:
    return f"{api.base_url}{token or api.token}/{method}"


async def updates_after(bot: telegram.Bot, update: dict[str, Any],
                        allowed: list[str] | None = None) -> tuple[telegram.Update, ...]:
    """The updates queued after `update` (confirming everything up to it), of the types
    `allowed` (None: Telegram's default types)."""
    return await bot.get_updates(offset=update["update_id"] + 1, allowed_updates=allowed)
