"""The operator's view of one running bot: its metrics (tgbot/ops/metrics.py), the trace of
each update (tgbot/ops/trace.py), and its health.

Health (`/healthz`): the process answers (alive); it is ready when the database answers
within `DB_TIMEOUT`, the delivery loop is progressing (rows waiting, none sent for
`stall_seconds`, means it is stuck) and the oldest row waiting for delivery is younger than
`backlog_seconds`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from contextvars import Token
from dataclasses import dataclass
from typing import Any, Protocol

from telegram import Update
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    NetworkError,
    RetryAfter,
    TimedOut,
)

from storage.clock import Clock
from storage.gauges import Gauges
from storage.uow import UnitOfWorkFactory
from tgbot.ops import trace
from tgbot.ops.metrics import Metrics, age
from tgbot.service import reads
from tgbot.service.timeouts import Due

log = logging.getLogger(__name__)
DB_TIMEOUT = 2.0


class Loop(Protocol):
    """What health needs of the delivery loop (tgbot/delivery/loop.py's Deliverer)."""

    def stalled_for(self) -> float:
        """Return how long rows have waited with no send done."""

    def queued(self) -> int:
        """Return how many rows wait in this process."""


@dataclass(frozen=True)
class Health:
    """Whether the bot is ready, and each check's reading."""

    ready: bool
    database: bool
    stalled_seconds: float
    backlog: int
    oldest_seconds: float
    gauges: Gauges | None

    def to_json(self) -> dict[str, Any]:
        """Return the report /healthz answers with."""
        return {"status": "ok" if self.ready else "unavailable", "live": True,
                "ready": self.ready, "checks": {
                    "database": "ok" if self.database else "unreachable",
                    "delivery_stalled_seconds": round(self.stalled_seconds, 1),
                    "delivery_backlog": self.backlog,
                    "delivery_oldest_seconds": round(self.oldest_seconds, 1)}}


def error_kind(error: Exception) -> str:
    """Return a Bot API error's kind for the metrics."""
    for kind, classes in (("flood", RetryAfter), ("migrated", ChatMigrated),
                          ("forbidden", Forbidden), ("bad_request", BadRequest),
                          ("conflict", Conflict), ("timeout", TimedOut),
                          ("network", NetworkError)):
        if isinstance(error, classes):
            return kind
    return "other"


class Operator:
    """Counts what the bot does and answers whether it is healthy."""

    def __init__(self, now: Clock, *, stall_seconds: float = 120.0,
                 backlog_seconds: float = 300.0) -> None:
        self.now = now
        self.stall_seconds, self.backlog_seconds = stall_seconds, backlog_seconds
        self.metrics = Metrics()
        self.uow_factory: UnitOfWorkFactory | None = None  # set once storage is open
        self.loop: Loop | None = None
        self.port: int | None = None  # where /metrics and /healthz are served, once they are

    # -- updates (ChatOrderedProcessor) ----------------------------------------------------
    def begin(self, update: object, chat: int | None) -> Token[trace.Trace | None] | None:
        """Open an update's trace; return its token (None for what is not an Update)."""
        return trace.begin(update, chat) if isinstance(update, Update) else None

    def end(self, token: Token[trace.Trace | None] | None) -> None:
        """Close the update's trace: count it, time it, log its line."""
        if token is None:
            return
        found = trace.CURRENT.get()
        trace.CURRENT.reset(token)
        if found is None:
            return
        seconds = time.perf_counter() - found.started
        self.metrics.updates.labels(found.kind, found.outcome).inc()
        self.metrics.update_seconds.labels(found.kind).observe(seconds)
        trace.log_line(found, seconds)

    # -- the Bot API (InboxBot, ChatRateLimiter, Deliverer) ----------------------------------
    def api_call(self, endpoint: str, data: dict[str, Any], error: Exception | None) -> None:
        """Count a Bot API call (and its error); time a press's answer."""
        self.metrics.api_calls.labels(endpoint).inc()
        if error is not None:
            self.metrics.api_errors.labels(endpoint, error_kind(error)).inc()
        if endpoint != "answerCallbackQuery":
            return
        found = trace.CURRENT.get()
        if found is not None and not found.answered:
            found.answered = True
            self.metrics.press_answer.observe(time.perf_counter() - found.started)
            if data.get("show_alert"):
                found.outcome = "refused" if found.outcome == "ok" else found.outcome

    def flood(self, seconds: float) -> None:
        """Count a 429 and the wait it asked for."""
        self.metrics.flood_waits.inc()
        self.metrics.flood_wait_seconds.inc(seconds)

    def table_shown(self, seconds: float) -> None:
        """Time a press until the group's table showed it."""
        self.metrics.press_table.observe(seconds)

    def fired(self, dues: Sequence[Due]) -> None:
        """Count the deadlines a sweep played, and how late."""
        at = self.now()
        for due in dues:
            self.metrics.fired(age(due.deadline_at, at) if due.deadline_at else 0.0)

    # -- reading the database --------------------------------------------------------------
    async def gauges(self) -> Gauges:
        """Read the database's gauges into the metrics; return them. Raise what the
        database raises (TimeoutError after DB_TIMEOUT)."""
        assert self.uow_factory is not None, "storage is not open yet"
        found = await asyncio.wait_for(reads.gauges(self.uow_factory, now=self.now),
                                       DB_TIMEOUT)
        self.metrics.observe_gauges(found, self.now(),
                                    self.loop.queued() if self.loop is not None else 0)
        return found

    async def health(self) -> Health:
        """Return the readiness checks' readings."""
        try:
            found: Gauges | None = await self.gauges()
        except Exception as error:
            log.warning("health: the database did not answer: %r", error)
            found = None
        stalled = self.loop.stalled_for() if self.loop is not None else 0.0
        oldest = age(found.oldest_undelivered, self.now()) if found else 0.0
        ready = found is not None and self.loop is not None \
            and stalled < self.stall_seconds and oldest < self.backlog_seconds
        self.metrics.ready.set(1 if ready else 0)
        self.metrics.database_up.set(1 if found is not None else 0)
        self.metrics.stalled.set(stalled)
        return Health(ready, found is not None, stalled, found.undelivered if found else 0,
                      oldest, found)
