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


# The whole-game files, longest first (docs/testing.md, "Where time goes").
WHOLE_GAMES = ("test_secrets_in_group.py", "test_cards_in_group.py", "test_dice_in_group.py",
               "test_colt_in_group.py")


def _place(item: pytest.Item) -> int:
    """Return where a test goes in the run: the whole games first, longest first, then the
    other end-to-end files, then the rest (see `pytest_collection_modifyitems`)."""
    name = item.path.name
    if name in WHOLE_GAMES:
        return WHOLE_GAMES.index(name)
    return len(WHOLE_GAMES) + (0 if "e2e" in item.path.parts else 1)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the tests marked `long` unless asked for them; at Telegram's own window,
    give every test ten times its time limit; put the longest files first: the processes
    sharing the files (`--dist loadfile --no-loadscope-reorder`, the Makefile) take files
    in this order as they run short of work, so the whole games start at once, one per
    process, and the short files fill in around them."""
    items.sort(key=_place)
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
