"""The group statistics as the front shows them: a player's records, the group's table,
and finding a player the group has records of. Each read is one unit of work that reads a
handful of `player_records` rows (storage/records.py), whatever the number of games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from storage.models import PlayerRecord
from storage.records import ALL_CHATS, ALL_KINDS, WHOLE
from storage.uow import UnitOfWorkFactory

PLAYERS_SEARCHED = 200
"""How many of a group's best players a name is looked for among."""


@dataclass(frozen=True)
class Tally:
    """Games played, won, the sum of the places, the current and the best run of wins."""

    played: int
    wins: int
    place_sum: int
    streak: int
    best_streak: int

    @property
    def rate(self) -> float:
        """Return the share of games won (0 to 1)."""
        return self.wins / self.played if self.played else 0.0

    @property
    def average_place(self) -> float:
        """Return the average finishing place (1 is first)."""
        return self.place_sum / self.played if self.played else 0.0

    @classmethod
    def of(cls, record: PlayerRecord) -> Tally:
        """Return a record's numbers."""
        return cls(record.played, record.wins, record.place_sum, record.streak,
                   record.best_streak)


@dataclass(frozen=True)
class KindStats:
    """One game's records of a player: the whole, by role, by place."""

    whole: Tally
    roles: dict[str, Tally] = field(default_factory=dict)
    places: dict[int, Tally] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerStats:
    """A player's records in a group (or all his groups): every game, then each game."""

    user_id: int
    name: str
    overall: Tally | None
    kinds: dict[str, KindStats]


def _stats(user_id: int, name: str, records: Sequence[PlayerRecord]) -> PlayerStats:
    overall = None
    wholes: dict[str, Tally] = {}
    roles: dict[str, dict[str, Tally]] = {}
    places: dict[str, dict[int, Tally]] = {}
    for record in records:
        tally = Tally.of(record)
        if record.kind == ALL_KINDS:
            overall = tally if record.part == WHOLE else overall
        elif record.part == WHOLE:
            wholes[record.kind] = tally
        elif record.part.startswith("role:"):
            roles.setdefault(record.kind, {})[record.part.removeprefix("role:")] = tally
        elif record.part.startswith("place:"):
            places.setdefault(record.kind, {})[int(record.part.removeprefix("place:"))] = tally
    kinds = {kind: KindStats(whole, roles.get(kind, {}), dict(sorted(places.get(kind, {}).items())))
             for kind, whole in sorted(wholes.items())}
    return PlayerStats(user_id, name, overall, kinds)


async def player_stats(uow_factory: UnitOfWorkFactory, *, chat_id: int | None,
                       user_id: int) -> PlayerStats:
    """Return a player's records in a group (None: across all his groups)."""
    async with uow_factory() as uow:
        records = await uow.records.of_user(
            chat_id=ALL_CHATS if chat_id is None else chat_id, user_id=user_id)
        user = await uow.users.get(user_id=user_id)
    return _stats(user_id, user.display_name if user is not None else str(user_id), records)


async def group_table(uow_factory: UnitOfWorkFactory, *, chat_id: int,
                      limit: int = 10) -> list[tuple[str, Tally]]:
    """Return the group's best players (most wins, then fewest games) with their names."""
    async with uow_factory() as uow:
        records = await uow.records.top(chat_id=chat_id, limit=limit)
        users = {user.id: user.display_name for user in await uow.users.get_many(
            user_ids=[record.user_id for record in records])}
    return [(users.get(record.user_id, str(record.user_id)), Tally.of(record))
            for record in records]


async def recorded_players(uow_factory: UnitOfWorkFactory, *,
                           chat_id: int) -> list[tuple[int, str]]:
    """Return (user id, name) of the group's players with records, best first."""
    async with uow_factory() as uow:
        records = await uow.records.top(chat_id=chat_id, limit=PLAYERS_SEARCHED)
        users = {user.id: user.display_name for user in await uow.users.get_many(
            user_ids=[record.user_id for record in records])}
    return [(record.user_id, users.get(record.user_id, "")) for record in records]
