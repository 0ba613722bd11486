"""Settings for the whole test run, and the two flags for long runs (docs/testing.md):

- `--long` (or `LONG_TESTS=1`) also runs the tests marked `long`: more player counts and
  seeds of the whole-game runs that the default suite plays once;
- `--real-limits` (or `REAL_LIMITS=1`) plays the whole-game runs at Telegram's own
  per-group window instead of one ten times shorter (`tests.support.speed`).
"""

import os

import pytest

# As the bot does (tgbot/app.py): PTB's durations as timedelta, without a warning each.
os.environ.setdefault("PTB_TIMEDELTA", "true")


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add `--long` and `--real-limits`."""
    parser.addoption("--long", action="store_true",
                     help="also run the tests marked long (docs/testing.md)")
    parser.addoption("--real-limits", action="store_true",
                     help="whole-game runs at Telegram's own per-group window")


def pytest_configure(config: pytest.Config) -> None:
    """Pass `--real-limits` on to the whole-game runs (they read the environment)."""
    if config.getoption("--real-limits"):
        os.environ["REAL_LIMITS"] = "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the tests marked `long` unless asked for them; at Telegram's own window,
    give every test ten times its time limit; put the end-to-end files first, so that the
    processes sharing the files (`--dist loadfile`) start the longest ones and finish
    together instead of one of them ending alone on a whole game."""
    items.sort(key=lambda item: 0 if "e2e" in item.path.parts else 1)
    if os.environ.get("REAL_LIMITS") == "1":
        for item in items:
            limit = item.get_closest_marker("timeout")
            seconds = limit.args[0] if limit is not None and limit.args else 300
            item.add_marker(pytest.mark.timeout(seconds * 10), append=False)
    if config.getoption("--long") or os.environ.get("LONG_TESTS") == "1":
        return
    long_runs = [item for item in items if item.get_closest_marker("long")]
    if long_runs:
        config.hook.pytest_deselected(items=long_runs)
        items[:] = [item for item in items if not item.get_closest_marker("long")]
