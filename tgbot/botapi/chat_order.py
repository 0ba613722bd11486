"""Process one chat's updates in arrival order and different chats' updates concurrently
(an update that changes nothing may be marked to run beside its chat's: `unordered`).

Wire it with ``Application.builder().concurrent_updates(ChatOrderedProcessor(256))``.

A chat with work in flight owns a FIFO of its later updates; the task that started the chat's
first update runs them one after another, and the later updates' own tasks return at once. So
an update waiting for its chat holds none of PTB's ``max_concurrent_updates`` slots: a busy chat
(say, a group waiting out its 20-messages-a-minute budget) takes one slot, never all of them.
"""

from __future__ import annotations

import inspect
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from telegram import Update
from telegram.ext import BaseUpdateProcessor

log = logging.getLogger(__name__)

OnDone = Callable[[Update], Awaitable[None]]


class Tracer(Protocol):
    """Told when each update starts and ends (tgbot/ops/operator.py's Operator)."""

    def begin(self, update: object, chat: int | None) -> Any:
        """Return a token for `end`."""

    def end(self, token: Any) -> None:
        """The update whose `begin` returned `token` is done."""


def chat_key(update: object) -> int | None:
    """Return the id whose updates must stay in order, or None when the update needs no order.

    The effective chat (for a callback query, the chat of its message); else, e.g. for inline
    queries and presses on inline messages, the user's id; else None.
    """
    if not isinstance(update, Update):
        return None
    query = update.callback_query
    if query is not None:
        return query.message.chat.id if query.message is not None else query.from_user.id
    if update.effective_chat is not None:
        return update.effective_chat.id
    if update.effective_user is not None:
        return update.effective_user.id
    return None


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Run each chat's updates strictly in arrival order, other chats' concurrently.

    ``max_concurrent_updates`` bounds the updates running at once (so, the chats being served
    at once). An update for which ``unordered(update)`` is True (one that changes nothing,
    such as a press that only shows the presser his secrets) runs at once, beside its chat's.
    ``on_done(update)`` is awaited after each update's coroutine finished, whether it
    returned or raised; it is not called for an update whose coroutine never ran (cancelled).
    """

    def __init__(self, max_concurrent_updates: int, on_done: OnDone | None = None,
                 tracer: Tracer | None = None,
                 unordered: Callable[[object], bool] | None = None) -> None:
        super().__init__(max_concurrent_updates)
        self.on_done = on_done
        self.tracer = tracer
        self.unordered = unordered
        self._backlog: dict[int, deque[tuple[object, Awaitable[Any]]]] = {}

    @property
    def busy_chats(self) -> int:
        """Return how many chats have an update running or waiting (0 when all are idle)."""
        return len(self._backlog)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Run the update now, or queue it behind its chat's running update and return.

        Never raises the update's exception: PTB's ``Application.process_update`` hands handler
        errors to the error handlers, and anything escaping that is logged here.
        """
        key = None if self.unordered is not None and self.unordered(update) \
            else chat_key(update)
        if key is None:
            await self._run(update, coroutine)
            return
        backlog = self._backlog.get(key)
        if backlog is not None:
            backlog.append((update, coroutine))  # the chat's running task will run it
            return
        self._backlog[key] = backlog = deque()
        try:
            await self._run(update, coroutine)
            while backlog:
                await self._run(*backlog.popleft())
        finally:
            del self._backlog[key]  # no entry outlives the chat's work
            for dropped, orphan in backlog:  # only when cancelled mid-way
                log.warning("update %r dropped unprocessed (cancelled)", dropped)
                if inspect.iscoroutine(orphan):
                    orphan.close()

    async def _run(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Await the coroutine (traced), then ``on_done``; log (not raise) what either
        raises."""
        token = self.tracer.begin(update, chat_key(update)) if self.tracer else None
        try:
            await coroutine
        except Exception:
            log.exception("processing update %r failed", update)
        finally:
            if self.tracer is not None:
                self.tracer.end(token)
        if self.on_done is not None and isinstance(update, Update):
            try:
                await self.on_done(update)
            except Exception:
                log.exception("on_done failed for update %r", update)

    async def initialize(self) -> None:
        """Nothing to allocate: backlogs are made on demand."""

    async def shutdown(self) -> None:
        """Log chats still holding work; their running tasks finish them (Application.stop
        waits for those tasks)."""
        if self._backlog:
            log.warning("shutting down with %d chats still busy", len(self._backlog))
