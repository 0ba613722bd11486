"""Fixtures: a running fake Bot API on a manual clock, a PTB Bot talking to it over HTTP, and
users Alice and Bob with a supergroup (tests may override `alice` and `bob` with their own)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import telegram

from tests.fakebot import FakeBotApi, FakeGroup, FakeUser
from tests.support.clock import HandClock


@pytest.fixture
def clock() -> HandClock:
    """A clock that moves only when the test advances it."""
    return HandClock()


@pytest.fixture
async def api(clock: HandClock) -> AsyncIterator[FakeBotApi]:
    """A running fake Bot API (Telegram's default limits, manual clock)."""
    async with FakeBotApi(clock=clock.timestamp) as server:
        yield server


@pytest.fixture
async def bot(api: FakeBotApi) -> AsyncIterator[telegram.Bot]:
    """python-telegram-bot's Bot, initialized (getMe) through its real httpx stack."""
    async with telegram.Bot(
        api.token, base_url=api.base_url, base_file_url=api.base_file_url
    ) as ptb_bot:
        yield ptb_bot


@pytest.fixture
def alice(api: FakeBotApi) -> FakeUser:
    return api.add_user(101, "Alice", username="alice")


@pytest.fixture
def bob(api: FakeBotApi) -> FakeUser:
    return api.add_user(102, "Bob", language_code="en")


@pytest.fixture
def group(api: FakeBotApi, alice: FakeUser, bob: FakeUser) -> FakeGroup:
    """A supergroup Alice owns, Bob is in, with the bot added (updates left unconfirmed)."""
    chat = api.add_group(-1001234567890, "Mesa de jogo", admins=[alice], members=[bob])
    api.add_bot_to_group(chat, by=alice)
    return chat
