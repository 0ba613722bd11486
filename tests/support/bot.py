"""Launching the real bot against the fake Bot API (tests/fakebot).

In the test's own event loop: `running_bot` builds the application
(tgbot.app.build_application) for a `FakeBotApi`, starts it with polling and stops it on the
way out; `running` does the starting and stopping for an application the test built itself
(to patch the build or add handlers). In a process of its own: `bot_process` runs
`python -m tgbot`, which a test may kill -9 and start again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tests.fakebot import FakeBotApi
from tgbot.app import ALLOWED_UPDATES, build_application
from tgbot.handlers.context import SERVICES_KEY, Services
from tgbot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


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


def bot_process(api: FakeBotApi, database_url: str, **environment: str,
                ) -> subprocess.Popen[bytes]:
    """Start `python -m tgbot` for `api` and the database, with any other settings given as
    environment variables (`DEADLINE_SWEEP_SECONDS="0.3"`); its output is discarded."""
    env = {**os.environ, "BOT_TOKEN": api.token, "DATABASE_URL": database_url,
           "BOT_API_BASE_URL": api.base_url, **environment}
    return subprocess.Popen([sys.executable, "-m", "tgbot"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
