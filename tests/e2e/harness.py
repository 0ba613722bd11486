"""The real application running against the fake Bot API (tests/fakebot), for the e2e tests.

`running_bot` builds the application (tgbot.app.build_application) for a `FakeBotApi`,
starts it with polling and stops it on the way out; `running` does the starting and
stopping for an application the test built itself (to patch the build or add handlers).
`BotAtTable` is the common part of the tests' tables: the fake Telegram, the running
application, the group and its people.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from tests.fakebot import FakeBotApi, FakeGroup, FakeMessage, FakeUser
from tgbot.app import ALLOWED_UPDATES, build_application
from tgbot.context import SERVICES_KEY, Services
from tgbot.settings import Settings


def sqlite_url(directory: Path) -> str:
    """Return the URL of a SQLite database file in `directory`."""
    return f"sqlite+aiosqlite:///{directory}/bot.sqlite3"


def fake_settings(api: FakeBotApi, database_url: str, **fields: Any) -> Settings:
    """Return the bot's Settings for the fake Bot API `api` (plus any other `fields`)."""
    return Settings(bot_token=api.token, database_url=database_url,
                    bot_api_base_url=api.base_url, **fields)


def services_of(app: Any) -> Services:
    """Return the Services that post_init stored in the application's bot_data."""
    found = app.bot_data[SERVICES_KEY]
    assert isinstance(found, Services)
    return found


def shown(message: Any) -> str:
    """Return what a message (or one of its versions) reads: its text, or a photo's caption."""
    return str(message.text or message.caption or "")


async def pictures_off(user: FakeUser, group: FakeGroup, api: FakeBotApi) -> None:
    """Have `user` (an admin) turn the group's table pictures off and wait for the reply."""
    before = len(api.chat_log(group))
    user.send(group, "/settings pictures off")
    await api.wait_for(lambda: any(m.from_bot for m in api.chat_log(group)[before:]),
                       timeout=20)


@asynccontextmanager
async def running(app: Any, *, before_polling: Callable[[], object] | None = None,
                  ) -> AsyncIterator[Any]:
    """Initialize and start `app`, poll the fake Bot API; stop and shut down on the way out.

    `before_polling` runs once the application has started, before it polls for updates.
    """
    await app.initialize()
    assert app.post_init is not None
    await app.post_init(app)
    await app.start()
    assert app.updater is not None
    if before_polling is not None:
        before_polling()
    await app.updater.start_polling(poll_interval=0.0, timeout=1,
                                    allowed_updates=ALLOWED_UPDATES)
    try:
        yield app
    finally:
        await app.updater.stop()
        await app.stop()
        if app.post_stop is not None:  # run_polling would call it: stops the delivery loop
            await app.post_stop(app)
        await app.shutdown()


@asynccontextmanager
async def running_bot(api: FakeBotApi, database_url: str, *,
                      before_polling: Callable[[], object] | None = None,
                      settings: dict[str, Any] | None = None,
                      **build_hooks: Any) -> AsyncIterator[Any]:
    """Build the application for `api` (with build_application's test hooks and any other
    `settings`) and run it."""
    app = build_application(fake_settings(api, database_url, **(settings or {})),
                            **build_hooks)
    async with running(app, before_polling=before_polling) as started:
        yield started


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
