"""The update queue behind getUpdates: offsets, redelivery, long polling, allowed_updates."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.fakebot.errors import POLL_CONFLICT, ApiError

DEFAULT_EXCLUDED = {"chat_member", "message_reaction", "message_reaction_count"}


class UpdateQueue:
    """Unconfirmed updates in order; an update leaves only when a higher offset confirms it."""

    def __init__(self, first_update_id: int = 1) -> None:
        self._items: list[dict[str, Any]] = []
        self._next_id = first_update_id
        self._allowed: set[str] | None = None
        self._waiters: set[asyncio.Future[None]] = set()
        self._poll_generation = 0
        self.dropped: list[dict[str, Any]] = []

    @property
    def pending(self) -> list[dict[str, Any]]:
        """Updates queued and not yet confirmed."""
        return list(self._items)

    def wants(self, kind: str) -> bool:
        """Whether the bot's current allowed_updates accept this update type."""
        if self._allowed is None:
            return kind not in DEFAULT_EXCLUDED
        return kind in self._allowed

    def push(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        """Queue an update; if allowed_updates exclude its type it is dropped, as on Telegram."""
        update = {"update_id": self._next_id, kind: payload}
        self._next_id += 1
        if not self.wants(kind):
            self.dropped.append(update)
            return update
        self._items.append(update)
        self._wake()
        return update

    def drop_all(self) -> None:
        """Forget every pending update (deleteWebhook/setWebhook drop_pending_updates)."""
        self._items.clear()

    def set_allowed(self, allowed: list[str] | None) -> None:
        """Apply getUpdates' allowed_updates (None keeps the previous setting; [] = default)."""
        if allowed is not None:
            self._allowed = set(allowed) or None

    def confirm(self, offset: int) -> None:
        """Apply an offset: positive drops ids below it, negative keeps the last -offset."""
        if offset > 0:
            self._items = [u for u in self._items if u["update_id"] >= offset]
        elif offset < 0:
            self._items = self._items[offset:]

    async def get(self, offset: int, limit: int, timeout: float) -> list[dict[str, Any]]:
        """Long-poll: answer as soon as updates exist, else after `timeout` seconds with []."""
        self.confirm(offset)
        self._poll_generation += 1
        generation = self._poll_generation
        self._wake()  # an older poll still waiting gets 409, as on Telegram
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if generation != self._poll_generation:
                raise ApiError(409, POLL_CONFLICT)
            if self._items:
                return self._items[: max(1, min(limit, 100))]
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            waiter = loop.create_future()
            self._waiters.add(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except TimeoutError:
                pass
            finally:
                self._waiters.discard(waiter)

    def _wake(self) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
