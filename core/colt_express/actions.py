"""Action texts of Colt Express: an action IS its compact text (at most 4 characters).

| Text | Meaning | Decision |
|---|---|---|
| `p0f` | play a Fire card of bandit 0 (face down if the turn is a tunnel) | scheme |
| `q0f` | Ghost: play it face down in the round's first turn [CE-CHAR-GHOST-1] | scheme |
| `d` | draw 3 cards | scheme |
| `z0b` | discard one bullet card held for bandit 0 (`z0m`: a Move of bandit 0) | discard |
| `k` | keep the rest of the hand on the deck | discard |
| `mf1`, `mb3` | move forward (toward the locomotive) / backward, 1-3 cars | move |
| `t2` | target bandit 2 | fire, punch |
| `lp`, `lj`, `ls` | a purse / jewel / strongbox | punch_loot, rob |
| `gf`, `gb` | push the victim forward / backward | punch_push |
| `sf`, `sb` | move the Marshal forward / backward | marshal |
| `y`, `n` | take the purse or not | cheyenne_take, pickpocket |
| `a01` | 2 players: team bandit 0's Marshal card; team bandit 1 in the caboose | team_setup |
"""

from __future__ import annotations

import re

from core.engine.errors import MalformedAction

_PATTERN = re.compile(
    r"d|k|y|n|[pqz][0-5][mcfrpsb]|m[fb][1-3]|t[0-5]|l[pjs]|g[fb]|s[fb]|a[01][01]")

ColtAction = str


def encode(action: ColtAction) -> str:
    """Return the text of an action (the action itself)."""
    return action


def decode(text: str) -> ColtAction:
    """Return the action of a text; raise MalformedAction if it is not one."""
    if not isinstance(text, str) or _PATTERN.fullmatch(text) is None:
        raise MalformedAction(f"not a Colt Express action: {text!r}")
    return text
