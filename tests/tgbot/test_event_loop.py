"""The loop `python -m tgbot` runs on: uvloop's where it is installed, else asyncio's."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator

import pytest
import uvloop

from tgbot.__main__ import use_fast_loop


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
