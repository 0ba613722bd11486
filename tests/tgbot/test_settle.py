"""A mark's table edit waits for the press that follows (tgbot/delivery/settle.py)."""

from __future__ import annotations

from storage.models import Delivery
from tgbot.delivery.settle import SETTLE_STEP, settled


def _row(revision: int, settle: float | None) -> Delivery:
    payload = {"text": f"table {revision}"} | ({"settle": settle} if settle else {})
    return Delivery(id=7, game_id=1, key="table", chat_id=-100, revision=revision,
                    payload=payload)


class Queue:
    """Newer revisions arriving while a row settles: one per sleep, as presses would."""

    def __init__(self, *arriving: Delivery | None) -> None:
        self.arriving = list(arriving)
        self.slept = 0.0

    def newer(self, row: Delivery) -> Delivery | None:
        return self.arriving.pop(0) if self.arriving else None

    async def sleep(self, seconds: float) -> None:
        self.slept += seconds


async def test_the_press_that_follows_is_sent_at_once_instead_of_the_mark() -> None:
    queue = Queue(None, None, _row(3, None))  # the re-roll comes after two steps
    sent = await settled(_row(2, 2.0), queue.newer, queue.sleep)
    assert sent.revision == 3
    assert round(queue.slept / SETTLE_STEP) == 2


async def test_a_mark_alone_is_shown_once_its_time_has_passed() -> None:
    queue = Queue()
    sent = await settled(_row(2, 2.0), queue.newer, queue.sleep)
    assert sent.revision == 2
    assert abs(queue.slept - 2.0) < SETTLE_STEP


async def test_newer_marks_replace_the_revision_but_do_not_extend_the_wait() -> None:
    queue = Queue(*[_row(3 + i, 2.0) for i in range(40)])  # a mark every step, for 4 s
    sent = await settled(_row(2, 2.0), queue.newer, queue.sleep)
    assert abs(queue.slept - 2.0) < SETTLE_STEP
    assert sent.revision == 2 + round(2.0 / SETTLE_STEP)  # the newest one by then


async def test_a_row_that_does_not_settle_is_sent_without_waiting() -> None:
    queue = Queue(_row(3, None))
    sent = await settled(_row(2, None), queue.newer, queue.sleep)
    assert (sent.revision, queue.slept) == (2, 0.0)
