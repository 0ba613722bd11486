"""`bench_press --mine`: with each move, everybody else at the table presses "🔒 Mine".

A Mine press sends the presser an ephemeral message, which counts against the group's
20 messages a minute, so a table where everybody looks at his secrets at once is the
heaviest a group gets at Telegram's real limits. What it must keep: the move pressed
beside them answered well within Telegram's 15 s (the bench's `answer_ms_p99`), every Mine
press answered, and none of them an error ("Sorry…"). The figures say how the Mine
presses were answered: by the ephemeral message itself (no text), with the private-chat
toast or pop-up, or otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tests.fakebot import CallbackAnswer, FakeMessage, FakeUser

Press = tuple[str, float]  # (callback query id, when it was pressed, by time.time())


def press_mine(table: FakeMessage, owner: FakeUser, users: Sequence[FakeUser],
               at: float) -> list[Press]:
    """Press the table's "🔒 Mine" as everybody but `owner`; return the presses."""
    data = next((b["callback_data"] for b in table.buttons
                 if str(b.get("callback_data", "")).startswith("m:")), None)
    if data is None:
        return []
    return [(user.press(table, str(data))["callback_query"]["id"], at)
            for user in users if user is not owner]


def mine_figures(answers: Mapping[str, CallbackAnswer], answered: Mapping[str, float],
                 presses: Sequence[Press],
                 percentile: Callable[[list[float], float], float]) -> dict[str, Any]:
    """Return the figures of the Mine presses: `answers` are the fake's answers by query id,
    `answered` when each was answered (the bench's window), `percentile` the bench's own."""
    latencies = [(answered[query] - at) * 1000 for query, at in presses if query in answered]
    how = Counter(_how(answers.get(query)) for query, _ in presses)
    return {"mine_presses": len(presses), "mine_unanswered": len(presses) - len(latencies),
            "mine_answer_ms_p50": round(percentile(latencies, 0.5), 1),
            "mine_answer_ms_p99": round(percentile(latencies, 0.99), 1),
            "mine_answered_by": dict(how)}


def _how(answer: CallbackAnswer | None) -> str:
    """Return how a Mine press was answered, in a word."""
    if answer is None:
        return "unanswered"
    if not answer.text:
        return "ephemeral message"
    if answer.text.startswith("Sorry"):
        return "error"
    return "pop-up" if answer.show_alert else "toast"
