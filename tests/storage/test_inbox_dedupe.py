"""Webhook mode's duplicate deliveries (tgbot/botapi/inbox.py, `Inbox.first_time`): an update
id is taken once whichever replica sees it, kept for `remember`, and never replayed at a
start (only its id is stored). Run on the fake, SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

from tests.storage.conftest import Backend, ticking_clock
from tgbot.botapi.inbox import Inbox


class _App:
    """What `Inbox.replay` needs of an application; nothing may be queued here."""

    bot = None

    class update_queue:  # the attribute's name in python-telegram-bot
        @staticmethod
        async def put(update: object) -> None:
            raise AssertionError(f"replayed {update!r}")


async def test_an_update_id_is_taken_once_until_forgotten(backend: Backend) -> None:
    clock = ticking_clock()
    first = Inbox(backend.uow, clock, remember=timedelta(hours=1))
    second = Inbox(backend.uow, clock, remember=timedelta(hours=1))  # another replica
    assert await first.first_time(41)
    assert not await second.first_time(41)
    assert not await first.first_time(41)
    assert await second.first_time(42)
    assert await first.replay(_App()) == 0  # ids only: nothing to handle again
    clock.moment += timedelta(hours=2)
    third = Inbox(backend.uow, clock, remember=timedelta(hours=1))  # its first cleanup
    assert await third.first_time(43)
    assert await third.first_time(41)  # forgotten after an hour: taken again
