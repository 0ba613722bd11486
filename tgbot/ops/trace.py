"""One update's trace: what it was, where, which game it moved, how it ended and how long it
took, kept in a context variable while its handler runs (`ChatOrderedProcessor` opens and
closes it), then counted and logged as one line (`UpdateLog`).

The service notes the game and version a command reached (`note_game`); the Bot API
wrapper notes the press's answer (its latency, and "refused" when it is an alert); the
error handler notes "error".
"""

from __future__ import annotations

import json
import logging
import time
from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import Any

from telegram import Update

log = logging.getLogger("tgbot.updates")


@dataclass
class Trace:
    """One update being handled: `started` is on `time.perf_counter`'s clock."""

    update_id: int
    kind: str
    chat: int | None
    started: float
    game: int | None = None
    version: int | None = None
    outcome: str = "ok"
    answered: bool = False


CURRENT: ContextVar[Trace | None] = ContextVar("bgb_update", default=None)


def kind_of(update: Update) -> str:
    """Return an update's kind for the metrics: press, command, message, member, or
    Telegram's name of the update's type."""
    if update.callback_query is not None:
        return "press"
    message = update.message or update.edited_message
    if message is not None:
        return "command" if (message.text or "").startswith("/") else "message"
    if update.my_chat_member is not None or update.chat_member is not None:
        return "member"
    return next((name for name in update.to_dict() if name != "update_id"), "other")


def begin(update: Update, chat: int | None) -> Token[Trace | None]:
    """Open the update's trace (for this task); return the token that closes it."""
    return CURRENT.set(Trace(update.update_id, kind_of(update), chat, time.perf_counter()))


def note_game(game_id: int | None, version: int | None) -> None:
    """Note the game (and the version it reached) the running update is about."""
    trace = CURRENT.get()
    if trace is not None:
        trace.game, trace.version = game_id, version


def note_outcome(outcome: str) -> None:
    """Note how the running update ended (refused, error) unless an error was noted."""
    trace = CURRENT.get()
    if trace is not None and trace.outcome != "error":
        trace.outcome = outcome


def since_start() -> float | None:
    """Return the seconds since the running update arrived (None outside an update)."""
    trace = CURRENT.get()
    return None if trace is None else time.perf_counter() - trace.started


def log_line(trace: Trace, seconds: float) -> None:
    """Log the update's one line: kind, chat, game, version, outcome and latency."""
    if not log.isEnabledFor(logging.INFO):
        return
    fields = {"update_id": trace.update_id, "kind": trace.kind, "chat": trace.chat,
              "game": trace.game, "version": trace.version, "outcome": trace.outcome,
              "ms": round(seconds * 1000, 1)}
    log.info("update %s %s chat=%s game=%s version=%s %s %.1f ms", trace.update_id,
             trace.kind, trace.chat, trace.game, trace.version, trace.outcome,
             seconds * 1000, extra={"fields": fields})


class JsonFormatter(logging.Formatter):
    """Formats every record as one JSON object: time, level, logger, message, and the
    record's structured `fields` when it has some (an update's line)."""

    def format(self, record: logging.LogRecord) -> str:
        """Return the record as one line of JSON."""
        line: dict[str, Any] = {"time": self.formatTime(record), "level": record.levelname,
                                "logger": record.name, "message": record.getMessage()}
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)
