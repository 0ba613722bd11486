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
from collections.abc import Sequence
from typing import Any

from tests.fakebot import CallbackAnswer, FakeBotApi, FakeMessage, FakeUser, RecordedRequest

Press = tuple[str, float]  # (callback query id, pressed at, time.time())


def press_mine(table: FakeMessage, owner: FakeUser, users: Sequence[FakeUser],
               at: float) -> list[Press]:
    """Press the table's "🔒 Mine" as everybody but `owner`; return the presses."""
    data = next((b["callback_data"] for b in table.buttons
                 if str(b.get("callback_data", "")).startswith("m:")), None)
    if data is None:
        return []
    return [(user.press(table, str(data))["callback_query"]["id"], at)
            for user in users if user is not owner]


def mine_figures(api: FakeBotApi, window: Sequence[RecordedRequest],
                 presses: Sequence[Press]) -> dict[str, Any]:
    """Return the figures of the Mine presses made during `window`."""
    answered = {str(r.params.get("callback_query_id")): r.at for r in window
                if r.method.lower() == "answercallbackquery" and r.ok}
    latencies = sorted((answered[query] - at) * 1000 for query, at in presses
                       if query in answered)
    how = Counter(_how(api.callback_answers.get(query)) for query, _ in presses)

    def percentile(share: float) -> float:
        return round(latencies[min(len(latencies) - 1, int(share * len(latencies)))], 1) \
            if latencies else 0.0

    return {"mine_presses": len(presses), "mine_unanswered": len(presses) - len(latencies),
            "mine_answer_ms_p50": percentile(0.5), "mine_answer_ms_p99": percentile(0.99),
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
