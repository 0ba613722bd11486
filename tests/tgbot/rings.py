"""What rings a player's phone, and whom each command should ring (the rule of issue #26,
restated for the tests and the bench of tgbot/service/attention.py).

A ring is a new private message sent without `disable_notification`, or a new group
message that mentions the user (`tg://user?id=` links); edits never ring.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

MENTION = re.compile(r'href="tg://user\?id=(\d+)"')


def rings_of(calls: Sequence[tuple[str, dict[str, Any]]]) -> Counter[int]:
    """Return how many times each user was rung by recorded fake-bot calls."""
    rings: Counter[int] = Counter()
    for name, call in calls:
        if name != "send":
            continue
        if call["chat_id"] > 0:
            if not call.get("disable_notification"):
                rings[call["chat_id"]] += 1
        else:
            rings.update({int(user) for user in MENTION.findall(call.get("text", ""))})
    return rings


@dataclass
class Told:
    """The rule, restated: a player asked on a turn or reaction clock is rung unless he was
    among the players last asked and nobody else has been asked since (he keeps acting);
    an identity window rings the holders it newly asks, and never counts as anyone else
    being asked."""

    users: dict[int, int]
    last: frozenset[int] = frozenset()

    def expected(self, engine: Any, before: Any, after: Any) -> Counter[int]:
        """Return the rings one command should make (and remember who was asked)."""
        if engine.outcome(after) is not None:
            return Counter()
        asked = [p for p in engine.prompts(after) if p.public or p.private]
        turns = {p.seat for p in asked if p.clock != "window"}
        windows = {p.seat for p in asked if p.clock == "window"}
        if before is not None:
            windows -= {p.seat for p in engine.prompts(before) if p.public or p.private}
        rung = Counter(self.users[seat] for seat in (turns - self.last) | windows)
        self.last = frozenset(turns) or self.last
        return rung
