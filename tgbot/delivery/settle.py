"""Settling: a table revision that only shows marks (a die marked for a re-roll, the
payload's "settle" seconds) waits for the press that follows, whose revision is sent instead:
a player who marks three dice and re-rolls costs the group one edit, and one who pauses
still sees his marks. Newer marks do not extend the wait."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from storage.models import Delivery

SETTLE_STEP = 0.1
"""How often a settling row looks for a newer revision (seconds)."""


async def settled(row: Delivery, newer: Callable[[Delivery], Delivery | None],
                  sleep: Callable[[float], Awaitable[None]]) -> Delivery:
    """Return `row`, or the newer revision `newer(row)` hands over (taken from the queue):
    at once when that one does not settle, else once `row`'s settle time has passed."""
    waited, settle = 0.0, float(row.payload.get("settle", 0))
    while waited < settle:
        found = newer(row)
        if found is not None:
            row = found
            if not found.payload.get("settle"):
                break
        await sleep(SETTLE_STEP)
        waited += SETTLE_STEP
    return row
