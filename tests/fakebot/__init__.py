"""A fake Telegram Bot API server for tests: real HTTP, Telegram's validation and limits.

Start it with `async with FakeBotApi() as api:`, point python-telegram-bot at `api.base_url`
and `api.base_file_url`, build a world (`add_user`, `add_group`, `add_bot_to_group`), act as
users (`user.start()`, `user.send(...)`, `user.press(...)`), and assert on `api.chat_log(...)`,
`api.requests`, `api.errors` and `api.callback_answers`.
"""

from tests.fakebot.clock import Clock, FakeClock, ScaledClock
from tests.fakebot.errors import ApiError
from tests.fakebot.methods import CallbackAnswer
from tests.fakebot.model import (
    BotIdentity,
    FakeChat,
    FakeFile,
    FakeGroup,
    FakeMessage,
    FakeUser,
    MessageVersion,
    PrivateChat,
)
from tests.fakebot.ratelimit import RateLimits
from tests.fakebot.server import DEFAULT_TOKEN, FakeBotApi, RecordedRequest

__all__ = [
    "DEFAULT_TOKEN",
    "ApiError",
    "BotIdentity",
    "CallbackAnswer",
    "Clock",
    "FakeBotApi",
    "FakeChat",
    "FakeClock",
    "FakeFile",
    "FakeGroup",
    "FakeMessage",
    "FakeUser",
    "MessageVersion",
    "PrivateChat",
    "RateLimits",
    "RecordedRequest",
    "ScaledClock",
]
