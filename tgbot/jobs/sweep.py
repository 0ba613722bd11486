"""The sweeper: plays the turn deadlines and reminders that fell due.

The database holds every deadline (games.deadline_at / remind_at; the rules that write them
are in tgbot/service/deadlines.py). PTB's JobQueue wakes `sweep` every few seconds and at the next
stored deadline (tgbot/jobs/waker.py); a sweep claims what is due and plays the timeout defaults
in batches (tgbot/service/timeouts.py: one unit of work per share of games, bots following
and what everyone should see written with them), then hands the written delivery rows to
the delivery loop. On start the first sweep runs at once, so deadlines that passed while
the bot was down fire then.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Protocol

from core.engine.errors import GameError
from storage.errors import StorageError
from tgbot.service import timeouts as store
from tgbot.service.commands import Applied
from tgbot.service.games import GameService

log = logging.getLogger(__name__)
ROUNDS = 20  # batches one sweep applies at most before the next wake-up


class HasGames(Protocol):
    """What a sweep needs of the application's services: the game service."""

    @property
    def games(self) -> GameService: ...


async def sweep(app_services: HasGames, batch: int = 50, parallel: int = 8,
                fired: Callable[[Sequence[store.Due]], None] | None = None) -> int:
    """Apply the due timeouts, `batch` at a time (at most ROUNDS batches), and send due
    reminders; return the timeouts applied. `fired` is told the deadlines played.

    The claimed games are split into `parallel` shares, each timed out in one unit of work
    (one commit for its share, with what everyone should now see), the shares at once.
    """
    games, played = app_services.games, list[Applied]()
    for _ in range(ROUNDS):  # a full batch: more may be due, and each waits for this sweep
        claimed = await store.claim_due_deadlines(games.uow_factory, now=games.now,
                                                  limit=batch)
        shares = [claimed[index::parallel] for index in range(min(parallel, len(claimed)))]
        round_played = [applied for share in await asyncio.gather(*(_play(games, s)
                                                                    for s in shares))
                        for applied in share]
        if fired is not None:
            ids = {applied.game_id for applied in round_played}
            fired([due for due in claimed if due.game_id in ids])
        played += round_played
        if len(claimed) < batch:
            break
    for due in await store.claim_due_reminders(games.uow_factory, now=games.now, limit=batch):
        await games.remind(due.game_id, due.version)
    return timeouts_in(played)


async def time_out(app_services: HasGames, game_id: int, version: int, *,
                   skipped: bool = False) -> int:
    """Play the timeout default for every seat owing the decision at `version` (`skipped`:
    an admin's /skip, which strikes nobody).

    Return how many seats were timed out (0 when a press got there first).
    """
    played = await _play(app_services.games, [store.Due(game_id, version, skipped=skipped)])
    return timeouts_in(played)


def timeouts_in(played: Sequence[Applied]) -> int:
    """Return how many seats the played timeouts timed out (a window's lapse counts none)."""
    return sum(len(applied.scene.notes.timeouts) + len(applied.scene.notes.skipped)
               for applied in played if applied.scene is not None)


async def _play(games: GameService, dues: Sequence[store.Due]) -> list[Applied]:
    """Return the timeouts played for claimed games, in one unit of work, delivered.

    If that fails, the games are played one by one, so one bad game (logged, and left to
    its lease) does not hold back the others.
    """
    try:
        played = await store.play_timeouts(games.uow_factory, dues=dues, now=games.now,
                                           hooks=games.hooks)
    except (GameError, StorageError) as error:
        if len(dues) == 1:
            log.info("timeout of game %s skipped: %s", dues[0].game_id, error)
            return []
        log.info("%d timeouts failed together (%s); playing them one by one", len(dues), error)
        return [applied for due in dues for applied in await _play(games, [due])]
    for applied in played:
        games.done(applied)
    return played
