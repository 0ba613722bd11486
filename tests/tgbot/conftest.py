"""Every test here ends with the delivery loop's work done, so no send outlives its loop."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest


@pytest.fixture(autouse=True)
async def _deliveries_finish() -> AsyncIterator[None]:
    yield
    pending = [task for task in asyncio.all_tasks()
               if task is not asyncio.current_task() and "Deliverer" in repr(task)]
    if pending:
        _, late = await asyncio.wait(pending, timeout=5)
        for task in late:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*late, return_exceptions=True)
