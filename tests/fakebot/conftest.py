"""Fixtures: a running fake Bot API on a manual clock, and a PTB Bot talking to it over HTTP."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import telegram

from tests.fakebot import FakeBotApi, FakeClock


@pytest.fixture
def clock() -> FakeClock:
    """A clock that moves only when the test advances it."""
    return FakeClock()


@pytest.fixture
async def api(clock: FakeClock) -> AsyncIterator[FakeBotApi]:
    """A running fake Bot API (Telegram's default limits, manual clock)."""
    async with FakeBotApi(clock=clock) as server:
        yield server


@pytest.fixture
async def bot(api: FakeBotApi) -> AsyncIterator[telegram.Bot]:
    """python-telegram-bot's Bot, initialized (getMe) through its real httpx stack."""
    async with telegram.Bot(
        api.token, base_url=api.base_url, base_file_url=api.base_file_url
    ) as ptb_bot:
        yield ptb_bot
