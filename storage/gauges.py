"""What an operator watches, read from the database in a few aggregate statements: open
games by kind, the delivery rows not yet delivered, and the turn deadlines that passed
without being played (tgbot/ops reads them for /metrics, /healthz and /botstats)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import bindparam, func
from sqlalchemy import select as core_select

from storage import statements as st
from storage.direct import Direct
from storage.models import GameStatus

_GAMES, _DELIVERIES = st.GAMES, st.DELIVERIES
_OVERDUE = (_GAMES.c.status == GameStatus.RUNNING, _GAMES.c.paused_at.is_(None),
            _GAMES.c.deadline_at <= bindparam("key_now", type_=_GAMES.c.deadline_at.type))
OPEN_GAMES = (core_select(_GAMES.c.kind, _GAMES.c.status, func.count().label("games"))
              .where(_GAMES.c.status.in_(st.ACTIVE))
              .group_by(_GAMES.c.kind, _GAMES.c.status))
UNDELIVERED = core_select(func.count().label("rows"),
                          func.min(_DELIVERIES.c.updated_at).label("oldest")).where(
    _DELIVERIES.c.due_at.is_not(None))
DEADLINES_DUE = core_select(func.count().label("games"),
                            func.min(_GAMES.c.deadline_at).label("oldest")).where(*_OVERDUE)
OVERDUE_GAMES = (core_select(_GAMES.c.id, _GAMES.c.deadline_at).where(*_OVERDUE)
                 .order_by(_GAMES.c.deadline_at)
                 .limit(bindparam("key_limit", type_=_GAMES.c.id.type)))


@dataclass(frozen=True)
class Gauges:
    """The database's side of the operator's view at one moment: open games by (kind,
    status), rows waiting for delivery and since when the oldest was written, running games
    whose deadline passed unplayed and the oldest such deadline."""

    open_games: dict[tuple[str, str], int] = field(default_factory=dict)
    undelivered: int = 0
    oldest_undelivered: datetime | None = None
    deadlines_due: int = 0
    oldest_deadline: datetime | None = None


class SqlGauges:
    def __init__(self, direct: Direct) -> None:
        self._direct = direct

    async def read(self, *, now: datetime) -> Gauges:
        """Return the gauges at `now` (three aggregate statements)."""
        games = await self._direct.fetch(OPEN_GAMES)
        [rows] = await self._direct.fetch(UNDELIVERED)
        [due] = await self._direct.fetch(DEADLINES_DUE, {"key_now": now})
        return Gauges({(str(row["kind"]), str(GameStatus(row["status"]))): int(row["games"])
                       for row in games}, int(rows["rows"]), rows["oldest"],
                      int(due["games"]), due["oldest"])

    async def overdue(self, *, now: datetime, limit: int) -> Sequence[tuple[int, datetime]]:
        """Return up to `limit` running games whose deadline passed by `now`, with it, the
        oldest first."""
        rows = await self._direct.fetch(OVERDUE_GAMES, {"key_now": now, "key_limit": limit})
        return [(int(row["id"]), row["deadline_at"]) for row in rows]
