"""Benchmark: the operator's work on one press, alone (tgbot/ops).

    python -m tests.bench.bench_ops [--presses 20000]

Per press, as the running bot does it: the update's trace opened and closed (counted, timed,
its log line formatted and written, here to /dev/null at INFO as `python -m tgbot` logs),
two Bot API calls counted (the callback answer, timed from the press, and a table edit) and
the press -> table latency observed. Prints the process CPU time per press in microseconds.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from datetime import UTC, datetime

from telegram import Update

from tgbot.ops.operator import Operator

PRESS = {"update_id": 5, "callback_query": {
    "id": "7", "chat_instance": "1", "data": "p:1:2:r",
    "from": {"id": 9, "is_bot": False, "first_name": "A"},
    "message": {"message_id": 3, "date": 0, "chat": {"id": -100, "type": "group"}}}}


def per_press(presses: int) -> float:
    """Return the CPU seconds the operator's work on one press takes."""
    update = Update.de_json(PRESS, None)
    assert update is not None
    operator = Operator(lambda: datetime.now(UTC))
    spent = 0.0
    for count in (presses // 10, presses):  # a warm-up, then the measured run
        start = time.process_time()
        for _ in range(count):
            token = operator.begin(update, -100)
            operator.api_call("answerCallbackQuery", {}, None)
            operator.api_call("editMessageText", {}, None)
            operator.table_shown(0.1)
            operator.end(token)
        spent = time.process_time() - start
    return spent / presses


def main() -> None:
    """Print the operator's CPU time per press."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=20_000)
    args = parser.parse_args()
    with open(os.devnull, "w") as sink:
        logging.basicConfig(level=logging.INFO, stream=sink,
                            format="%(asctime)s %(levelname)s %(name)s %(message)s")
        print(f"operator's work per press: {per_press(args.presses) * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
