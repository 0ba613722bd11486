"""What the e2e tests share about a table the running bot hosts (the bot itself is
launched by tests/support/bot.py).

`BotAtTable` is the common part of the tests' tables: the fake Telegram, the running
application, the group and its people.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tests.fakebot import FakeBotApi, FakeGroup, FakeMessage, FakeUser
from tests.support.bot import services_of
from tgbot.handlers.context import Services


def shown(message: Any) -> str:
    """Return what a message (or one of its versions) reads: its text, or a photo's caption."""
    return str(message.text or message.caption or "")


async def pictures_off(user: FakeUser, group: FakeGroup, api: FakeBotApi) -> None:
    """Have `user` (an admin) turn the group's table pictures off and wait for the reply."""
    before = len(api.chat_log(group))
    user.send(group, "/settings pictures off")
    await api.wait_for(lambda: any(m.from_bot for m in api.chat_log(group)[before:]),
                       timeout=20)


@dataclass
class BotAtTable:
    """The running bot, the group and its people."""

    WAIT_SECONDS: ClassVar[float] = 20.0  # how long `wait` waits unless told

    api: FakeBotApi
    app: Any
    group: FakeGroup
    users: list[FakeUser]

    @property
    def services(self) -> Services:
        return services_of(self.app)

    def group_messages(self) -> list[FakeMessage]:
        return self.api.chat_log(self.group)

    async def wait(self, predicate: Callable[[], Any], timeout: float | None = None) -> Any:
        """Wait for `predicate` to return something true; return it."""
        seconds = self.WAIT_SECONDS if timeout is None else timeout
        return await self.api.wait_for(predicate, timeout=seconds)


GROUP_METHODS = ("send", "edit", "delete", "copy", "forward", "pin", "unpin")
"""Bot API methods that write to a chat (an answer to a button press writes nowhere)."""


def group_economy(api: FakeBotApi, group: FakeGroup, *, since: float = 0.0) -> tuple[int, int]:
    """Return (Bot API calls that wrote to the group, accepted presses) made at or after
    `since` (the fake's clock): an accepted press is a button press answered without an
    alert (a refused one shows an alert), in the group or in a private chat."""
    chat = str(group.id)
    methods = Counter(r.method for r in api.requests if r.at >= since
                      and r.method.lower().startswith(GROUP_METHODS)
                      and str(r.params.get("chat_id")) == chat)
    print(f"\ngroup calls by method: {dict(methods)}")
    calls = sum(methods.values())
    answers = [api.callback_answers.get(str(r.params.get("callback_query_id")))
               for r in api.calls("answerCallbackQuery") if r.at >= since and r.ok]
    accepted = sum(1 for answer in answers if answer is not None and not answer.show_alert)
    return calls, accepted
