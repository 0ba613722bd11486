"""How much faster than Telegram the whole-game runs play (tests/conftest.py's flags).

By default the fake's per-group window is ten times shorter than Telegram's one minute and
the bot's own pacing ten times faster, so a whole game takes minutes, not hours, under the
same rules; `--real-limits` (or `REAL_LIMITS=1`) plays at Telegram's own window.
"""

from __future__ import annotations

import os


def telegram_speed() -> int:
    """Return how many times faster than Telegram's per-group window the runs play."""
    return 1 if os.environ.get("REAL_LIMITS") == "1" else 10


def patience() -> float:
    """Return by how much the runs' waits are stretched: 1, or 10 at Telegram's own window."""
    return 10.0 / telegram_speed()
