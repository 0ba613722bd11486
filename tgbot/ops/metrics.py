"""The bot's Prometheus metrics, in one registry per application (prometheus-client).

Counted as things happen: updates by kind and outcome, press → answer and press → table
latencies, Bot API calls and errors by method and kind, flood waits (429), deadlines
fired and how late. Read from the database when scraped (`Metrics.observe_gauges`): open
games by kind, rows waiting for delivery and the oldest one's age, deadlines passed but not
played. The process's own figures (RSS, CPU, open files) come from prometheus-client's
process collector.
"""

from __future__ import annotations

from datetime import datetime

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    generate_latest,
)

from core.engine.registry import game_ids
from storage.gauges import Gauges

LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
LATE_BUCKETS = (0.5, 1.0, 2.0, 5.0, 15.0, 60.0, 300.0)
LATE_SECONDS = 2.0
"""A deadline played later than this after its time counts as late (issue #30's target)."""


class Metrics:
    """Every metric of one application, registered in its own registry."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        ProcessCollector(registry=registry)
        self.updates = Counter("bgb_updates", "Updates handled, by kind and outcome",
                               ("kind", "outcome"), registry=registry)
        self.duplicates = Counter("bgb_duplicate_updates",
                                  "Webhook deliveries of an update already taken, dropped",
                                  registry=registry)
        self.update_seconds = Histogram("bgb_update_seconds", "Time to handle an update",
                                        ("kind",), buckets=LATENCY_BUCKETS, registry=registry)
        self.press_answer = Histogram(
            "bgb_press_answer_seconds", "From a press's arrival to its callback answer",
            buckets=LATENCY_BUCKETS, registry=registry)
        self.press_table = Histogram(
            "bgb_press_table_seconds", "From a press's arrival to the group table showing it",
            buckets=LATENCY_BUCKETS, registry=registry)
        self.api_calls = Counter("bgb_api_calls", "Bot API calls, by method", ("method",),
                                 registry=registry)
        self.api_errors = Counter("bgb_api_errors", "Bot API errors, by method and kind",
                                  ("method", "kind"), registry=registry)
        self.flood_waits = Counter("bgb_flood_waits", "429 answers waited out",
                                   registry=registry)
        self.flood_wait_seconds = Counter("bgb_flood_wait_seconds",
                                          "Seconds waited on 429 answers", registry=registry)
        self.deadlines_fired = Counter("bgb_deadlines_fired", "Turn deadlines played",
                                       registry=registry)
        self.deadlines_late = Counter(
            "bgb_deadlines_late", f"Turn deadlines played over {LATE_SECONDS:g} s late",
            registry=registry)
        self.deadline_lateness = Histogram(
            "bgb_deadline_lateness_seconds", "How long after its time a deadline was played",
            buckets=LATE_BUCKETS, registry=registry)
        self._gauges(registry)

    def _gauges(self, registry: CollectorRegistry) -> None:
        self.open_games = Gauge("bgb_open_games", "Games in the lobby or running, by kind",
                                ("kind", "status"), registry=registry)
        self.undelivered = Gauge("bgb_delivery_backlog",
                                 "Delivery rows waiting to be brought to Telegram",
                                 registry=registry)
        self.oldest_undelivered = Gauge(
            "bgb_delivery_oldest_seconds", "Age of the oldest row waiting for delivery",
            registry=registry)
        self.queued = Gauge("bgb_delivery_queued", "Rows queued in this process's workers",
                            registry=registry)
        self.ready = Gauge("bgb_ready", "1 when /healthz says ready, else 0", registry=registry)
        self.database_up = Gauge("bgb_database_up", "1 when the database answered the last "
                                 "health check, else 0", registry=registry)
        self.stalled = Gauge("bgb_delivery_stalled_seconds",
                             "How long rows have waited with no send done", registry=registry)
        self.deadlines_due = Gauge("bgb_deadlines_due",
                                   "Running games whose deadline passed unplayed",
                                   registry=registry)
        self.oldest_due = Gauge("bgb_deadline_oldest_due_seconds",
                                "How long ago the oldest unplayed deadline passed",
                                registry=registry)
        self._zero_open_games()

    def _zero_open_games(self) -> None:
        """Export every game kind, at 0 while none is open."""
        self.open_games.clear()
        for kind in game_ids():
            for status in ("lobby", "running"):
                self.open_games.labels(kind, status).set(0)

    def observe_gauges(self, gauges: Gauges, at: datetime, queued: int) -> None:
        """Set the gauges read from the database at `at`, and this process's queue."""
        self._zero_open_games()
        for (kind, status), count in gauges.open_games.items():
            self.open_games.labels(kind, status).set(count)
        self.undelivered.set(gauges.undelivered)
        self.oldest_undelivered.set(age(gauges.oldest_undelivered, at))
        self.queued.set(queued)
        self.deadlines_due.set(gauges.deadlines_due)
        self.oldest_due.set(age(gauges.oldest_deadline, at))

    def fired(self, lateness: float) -> None:
        """Count a deadline played `lateness` seconds after its time."""
        self.deadlines_fired.inc()
        self.deadline_lateness.observe(max(0.0, lateness))
        if lateness > LATE_SECONDS:
            self.deadlines_late.inc()

    def total(self, name: str, **labels: str) -> float:
        """Return the sum of a metric's samples named `name` matching `labels` (0 if none):
        `total("bgb_updates_total", outcome="refused")` counts every kind's refusals."""
        found = 0.0
        for family in self.registry.collect():
            for sample in family.samples:
                if sample.name == name and all(sample.labels.get(key) == value
                                               for key, value in labels.items()):
                    found += sample.value
        return found

    def mean(self, histogram: str) -> float | None:
        """Return a histogram's mean (None before its first observation)."""
        count = self.total(f"{histogram}_count")
        return self.total(f"{histogram}_sum") / count if count else None

    def exposition(self) -> bytes:
        """Return the registry in Prometheus' text format."""
        return generate_latest(self.registry)


def age(moment: datetime | None, at: datetime) -> float:
    """Return the seconds from `moment` to `at` (0 without a moment)."""
    return 0.0 if moment is None else max(0.0, (at - moment).total_seconds())
