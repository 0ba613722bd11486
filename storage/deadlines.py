"""Deadlines in the database: claiming due timeouts and reminders, bot takeover of seats.

The database is the only timer: a process wakes up (APScheduler through PTB's JobQueue),
claims what is due and acts through the same commands as a press. A claim moves the due
time forward by a short lease, in one statement that skips rows other transactions hold,
so two replicas never work on the same game at once, and a replica that dies after a
claim only delays that game by the lease. Applying the timeout itself is guarded by the
game's version, so a timeout that races a player's press is applied at most once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from storage.clock import Clock
from storage.uow import UnitOfWorkFactory

LEASE = timedelta(seconds=60)


@dataclass(frozen=True)
class Due:
    """A game whose deadline (or reminder) has come, at the version it was claimed."""

    game_id: int
    version: int


async def claim_due_deadlines(
    uow_factory: UnitOfWorkFactory, *, now: Clock, limit: int = 200, lease: timedelta = LEASE
) -> list[Due]:
    """Claim up to `limit` running games whose deadline has passed; return them."""
    at = now()
    async with uow_factory() as uow:
        rows = await uow.games.claim_due(field="deadline_at", now=at, until=at + lease,
                                         limit=limit)
        await uow.commit()
    return [Due(game_id, version) for game_id, version in rows]


async def claim_due_reminders(
    uow_factory: UnitOfWorkFactory, *, now: Clock, limit: int = 200
) -> list[Due]:
    """Claim (and clear) up to `limit` due reminders; return their games."""
    async with uow_factory() as uow:
        rows = await uow.games.claim_due(field="remind_at", now=now(), until=None, limit=limit)
        await uow.commit()
    return [Due(game_id, version) for game_id, version in rows]


async def set_times(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    version: int,
    deadline_at: datetime | None,
    remind_at: datetime | None,
) -> bool:
    """Set a game's deadline and reminder if it is still at `version`; return True if set."""
    async with uow_factory() as uow:
        game = await uow.games.get(game_id=game_id, lock=True)
        if game.version != version:
            return False
        game.deadline_at, game.remind_at = deadline_at, remind_at
        await uow.games.save(game=game, expected_version=version)
        await uow.commit()
    return True


async def set_seat_bot(
    uow_factory: UnitOfWorkFactory, *, game_id: int, seat: int, bot: bool
) -> bool:
    """Hand a human seat to the bot (or back); strikes restart. Return False if no change."""
    async with uow_factory() as uow:
        for row in await uow.seats.list(game_id=game_id):
            if row.seat == seat and row.user_id is not None and row.is_bot != bot:
                row.is_bot = bot
                row.strikes = 0
                await uow.seats.save(seat=row)
                await uow.commit()
                return True
    return False
