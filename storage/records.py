"""The group statistics: each finished game's seats tallied into `player_records`.

A game's end is tallied in the unit of work that ends it (`tgbot/service/scene.py` calls
`tally` with `results_of` the final state), and migration 0005 tallied the games that had
ended before; so the records are always the sum of the finished games, never a second
truth. Each seat of a player adds one to the rows (his group and 0, all groups) by (the
game's kind and "*", every game) by the parts ("" the whole; for the kind itself also
"place:<n>" and "role:<id>"): played, wins, the place, and the run of wins.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, bindparam, case
from sqlalchemy import select as core_select
from sqlalchemy.dialects import postgresql, sqlite

from core.engine.protocol import SupportsStandings
from core.engine.registry import get_game
from storage.direct import Direct
from storage.models import Game, GameStatus, PlayerRecord, Seat, built

ALL_CHATS = 0
"""The chat id of a player's records across all his groups (no chat has id 0)."""
ALL_KINDS = "*"
"""The kind of a player's records across every game."""
WHOLE = ""
"""The part of a record counting every game of its kind."""

RECORDS: Table = PlayerRecord.__table__  # type: ignore[attr-defined]
COUNTED = ("played", "wins", "place_sum", "streak", "best_streak")


@dataclass(frozen=True)
class SeatResult:
    """How one player's seat finished one game of a chat."""

    chat_id: int
    user_id: int
    kind: str
    group: str | None
    place: int
    won: bool


def results_of(game: Game, seats: Sequence[Seat], state: Any) -> list[SeatResult]:
    """Return the results of a finished game's players' seats (bots' seats left out);
    none for an engine that cannot say how seats finished."""
    engine = get_game(game.kind)
    if not isinstance(engine, SupportsStandings) or game.outcome is None:
        return []
    winners = set(game.outcome.get("winners", ()))
    held = {row.seat: row.user_id for row in seats if row.user_id is not None}
    return [SeatResult(game.chat_id, held[standing.seat], game.kind, standing.group,
                       standing.place, standing.seat in winners)
            for standing in engine.standings(state) if standing.seat in held]


def keys_of(result: SeatResult) -> Iterator[tuple[int, int, str, str]]:
    """Yield the (chat_id, user_id, kind, part) of every record a result counts in."""
    parts = [WHOLE, f"place:{result.place}"]
    if result.group is not None:
        parts.append(f"role:{result.group}")
    for chat_id in (result.chat_id, ALL_CHATS):
        yield chat_id, result.user_id, ALL_KINDS, WHOLE
        for part in parts:
            yield chat_id, result.user_id, result.kind, part


def increments(results: Sequence[SeatResult]) -> list[dict[str, Any]]:
    """Return the rows that `results` add, in order, as a record's columns (a row's
    `streak` is 1 for a win: the upsert turns it into the run's next value)."""
    won = {True: 1, False: 0}
    return [{"chat_id": chat_id, "user_id": user_id, "kind": kind, "part": part,
             "played": 1, "wins": won[result.won], "place_sum": result.place,
             "streak": won[result.won], "best_streak": won[result.won]}
            for result in results for chat_id, user_id, kind, part in keys_of(result)]


def add_to(record: PlayerRecord | None, row: dict[str, Any]) -> PlayerRecord:
    """Return `record` (None: none yet) with one increment row added, as the upsert does."""
    if record is None:
        return built(PlayerRecord, row)
    streak = record.streak + 1 if row["wins"] else 0
    return built(PlayerRecord, {**row, "played": record.played + 1,
                                "wins": record.wins + row["wins"],
                                "place_sum": record.place_sum + row["place_sum"],
                                "streak": streak,
                                "best_streak": max(record.best_streak, streak)})


def _upsert(dialect: Any) -> Any:
    """Return the INSERT … ON CONFLICT DO UPDATE adding one increment row to a record."""
    statement = dialect.insert(RECORDS)
    new = statement.excluded
    streak = case((new.wins > 0, RECORDS.c.streak + 1), else_=0)
    return statement.on_conflict_do_update(
        index_elements=[column.name for column in RECORDS.primary_key.columns],
        set_={"played": RECORDS.c.played + new.played, "wins": RECORDS.c.wins + new.wins,
              "place_sum": RECORDS.c.place_sum + new.place_sum, "streak": streak,
              "best_streak": case((streak > RECORDS.c.best_streak, streak),
                                  else_=RECORDS.c.best_streak)})


UPSERT = {"postgresql": _upsert(postgresql), "sqlite": _upsert(sqlite)}
OF_USER = (core_select(RECORDS)
           .where(RECORDS.c.chat_id == bindparam("key_chat"),
                  RECORDS.c.user_id == bindparam("key_user"))
           .order_by(RECORDS.c.kind, RECORDS.c.part))
TOP = (core_select(RECORDS)
       .where(RECORDS.c.chat_id == bindparam("key_chat"),
              RECORDS.c.kind == bindparam("key_kind"), RECORDS.c.part == WHOLE)
       .order_by(RECORDS.c.wins.desc(), RECORDS.c.played, RECORDS.c.user_id)
       .limit(bindparam("key_limit", type_=RECORDS.c.played.type)))

GAMES: Table = Game.__table__  # type: ignore[attr-defined]
ENDED = (core_select(GAMES)
         .where(GAMES.c.chat_id == bindparam("key_chat"),
                GAMES.c.status == GameStatus.FINISHED)
         .order_by(GAMES.c.id.desc())
         .limit(bindparam("key_limit", type_=GAMES.c.id.type))
         .offset(bindparam("key_offset", type_=GAMES.c.id.type)))


class SqlRecords:
    """The group statistics over one SQL connection."""

    def __init__(self, direct: Direct) -> None:
        self._direct = direct

    async def tally(self, *, results: Sequence[SeatResult]) -> None:
        """Add finished seats to their records (one statement; atomic on each row, so
        games ending at once in two groups both count in the all-groups rows)."""
        rows = increments(results)
        if rows:
            await self._direct.execute(UPSERT[self._direct.backend], rows)

    async def of_user(self, *, chat_id: int, user_id: int) -> Sequence[PlayerRecord]:
        """Return a player's records in a chat (ALL_CHATS: all groups), by kind and part."""
        found = await self._direct.fetch(OF_USER, {"key_chat": chat_id, "key_user": user_id})
        return [built(PlayerRecord, row, defaults=False) for row in found]

    async def top(self, *, chat_id: int, kind: str = ALL_KINDS,
                  limit: int = 10) -> Sequence[PlayerRecord]:
        """Return the chat's `limit` best players' whole records of a kind: most wins
        first, then fewest games played."""
        found = await self._direct.fetch(TOP, {"key_chat": chat_id, "key_kind": kind,
                                               "key_limit": limit})
        return [built(PlayerRecord, row, defaults=False) for row in found]

    async def ended(self, *, chat_id: int, limit: int, offset: int = 0) -> Sequence[Game]:
        """Return a chat's finished games, the newest first, `limit` of them after the
        `offset` newest."""
        found = await self._direct.fetch(ENDED, {"key_chat": chat_id, "key_limit": limit,
                                                 "key_offset": offset})
        return [built(Game, row, defaults=False) for row in found]
