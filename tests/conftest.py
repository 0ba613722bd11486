"""Settings for the whole test run."""

import os

# As the bot does (tgbot/app.py): PTB's durations as timedelta, without a warning each.
os.environ.setdefault("PTB_TIMEDELTA", "true")
