"""Old Saloon module 1 test helpers: the Saloon dice faces, quiet base faces and `saloon`,
which runs a 5-seat scenario with only saloon_dice on.

Default table (5 seats): 0 Sheriff Paul Regret (11), 1 Deputy Jesse Jones (9),
2 Outlaw Lucky Duke (8), 3 Outlaw Black Jack (8), 4 Renegade Rose Doolan (9).
With saloon_dice on, every turn starts with the dice choice, before the first roll. A Saloon
die that replaces a base die is the last die (index 4), so the 5th scripted face is its face.
"""

from __future__ import annotations

from typing import Any

from tests.core.scenario_helpers import run_saloon

SALOON = ["saloon_dice"]
BASE4 = ["base_die"] * 4
LOUDMOUTH_FACES = {"arrow", "dynamite", "double_bullseye_1", "double_bullseye_2",
                   "double_gatling", "bullet"}
COWARD_FACES = {"arrow", "dynamite", "bullseye_1", "broken_arrow", "beer", "double_beer"}
# Four base faces that resolve nothing and need no decision (2 dynamite do not explode).
STILL = ["gatling", "gatling", "dynamite", "dynamite"]


def saloon(changes: dict[int, dict[str, Any]] | None = None, **options: Any) -> dict[str, Any]:
    """Run a 5-seat scenario with only the saloon_dice module on."""
    return run_saloon(5, changes, modules=SALOON, **options)
