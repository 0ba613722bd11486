"""A fake Telegram Bot API server for tests: real HTTP, Telegram's validation and limits.

Start it with `async with FakeBotApi() as api:`, point python-telegram-bot at `api.base_url`
and `api.base_file_url`, build a world (`add_user`, `add_group`, `add_bot_to_group`), act as
users (`user.start()`, `user.send(...)`, `user.press(...)`), and assert on `api.chat_log(...)`,
`api.requests`, `api.errors` and `api.callback_answers`.

Faults Telegram produces, and what python-telegram-bot raises for them:
- `api.fail(method, times=1, chat_id=None, kind=...)` (faults.py), consumed before the call
  has any effect: "bad_gateway" 502 and "internal_error" 500 (`NetworkError`), "disconnect"
  (socket closed, no answer: `NetworkError`), "timeout" (no answer until the client gives up:
  `TimedOut`), "flood" 429 with `retry_after` (`RetryAfter`); `api.failures()` lists them;
- `api.migrate_group(group)` returns the new supergroup; the old id answers 400 with
  migrate_to_chat_id (`ChatMigrated`) (lifecycle.py);
- `api.remove_bot_from_group(group, by, kicked=True)`: 403 bot was kicked / is not a member
  (`Forbidden`) until `api.add_bot_to_group` again;
- `api.block(user)` / `api.unblock(user)`: 403 bot was blocked by the user (`Forbidden`); a user
  who never started the bot gives 403 bot can't initiate conversation (`Forbidden`);
- `api.forget_chat(user)`: 400 chat not found (`BadRequest`) until the user writes again;
- flood control (ratelimit.py; edits count too): 429 (`RetryAfter`);
- `api.restrict_bot(group, can_send_photos=False, ...)`, `api.set_group_permissions(group,
  ...)`: 400 "not enough rights to send photos / text messages to the chat" (`BadRequest`);
  `api.promote_bot(group)` lifts them (rights.py; restricting and promoting queue
  my_chat_member);
- forum topics, `api.create_topic` / `close_topic` / `reopen_topic` / `delete_topic`: 400
  TOPIC_CLOSED, 400 message thread not found (`BadRequest`) (topics.py).
Members leave and join with `api.leave_group` / `api.join_group` (members.py), and
`api.notifications(user)` lists the bot's messages that made his phone ring (notify.py).
"""

from tests.fakebot.clock import Clock, ScaledClock
from tests.fakebot.errors import ApiError
from tests.fakebot.faults import Fault, FaultKind
from tests.fakebot.methods import CallbackAnswer
from tests.fakebot.model import (
    BotIdentity,
    FakeChat,
    FakeFile,
    FakeGroup,
    FakeMessage,
    FakeTopic,
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
    "FakeFile",
    "FakeGroup",
    "FakeMessage",
    "FakeTopic",
    "FakeUser",
    "Fault",
    "FaultKind",
    "MessageVersion",
    "PrivateChat",
    "RateLimits",
    "RecordedRequest",
    "ScaledClock",
]
