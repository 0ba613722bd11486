"""What the bot's process is tuned with: the loop `python -m tgbot` runs on (uvloop's where
it is installed, else asyncio's) and the garbage collector's thresholds once it runs."""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvloop

from tests.fakebot import FakeBotApi
from tests.support.bot import running_bot, sqlite_url
from tgbot.__main__ import use_fast_loop
from tgbot.app import GC_THRESHOLDS


@pytest.fixture
def policy() -> Iterator[None]:
    """Give the test's process back its event loop policy afterwards."""
    before = asyncio.get_event_loop_policy()
    try:
        yield
    finally:
        asyncio.set_event_loop_policy(before)


def test_the_bot_runs_on_uvloop_when_it_is_installed(policy: None) -> None:
    assert use_fast_loop() == "uvloop"
    loop = asyncio.new_event_loop()
    try:
        assert isinstance(loop, uvloop.Loop)
        # the loop runs what the bot runs on it: tasks, timers, threads
        async def work() -> int:
            await asyncio.sleep(0.01)
            return await asyncio.to_thread(lambda: 42)
        assert loop.run_until_complete(work()) == 42
    finally:
        loop.close()


def test_without_uvloop_the_bot_keeps_asyncios_loop(policy: None,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # `import uvloop` raises ImportError
    before = asyncio.get_event_loop_policy()
    assert use_fast_loop() == "asyncio"
    assert asyncio.get_event_loop_policy() is before


async def test_a_started_bot_collects_its_young_objects_less_often(tmp_path: Path) -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's own (another test's bot may have set them)
    try:
        async with FakeBotApi() as api, running_bot(api, sqlite_url(tmp_path)):
            assert gc.get_threshold() == GC_THRESHOLDS
            assert GC_THRESHOLDS[0] > 700
    finally:
        gc.set_threshold(*before)
