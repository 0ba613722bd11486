"""Waiting, in real time, for something the running bot does on its own."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from tests.support.speed import patience


async def until(condition: Callable[[], Awaitable[bool]], timeout: float = 30.0,
                every: float = 0.1) -> None:
    """Return once `condition()` is true, asking it every `every` seconds; raise
    TimeoutError when it is still false after `timeout` seconds (stretched with the runs'
    pace, tests.support.speed)."""
    timeout *= patience()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await condition():
        if loop.time() >= deadline:
            raise TimeoutError(f"condition not met in {timeout} s")
        await asyncio.sleep(every)
