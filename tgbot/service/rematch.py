"""A rematch: a finished table's players sit down again, same seats and options, each
confirming with one tap.

The first player to press "Rematch" on a finished table opens a lobby in its chat and
topic holding the same seats in the same order (a bot's seat stays a bot's), the same
engine options and the same clocks (the table's `timers`), with `lobby["rematch"] =
{"of": <finished game id>, "ready": [<user ids that confirmed>]}`; the presser is ready.
Every other player confirms by pressing the button again (on the old table or the new
lobby). When every player's seat is ready the front deals it (`ready` in the answer).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from storage.clock import Clock
from storage.errors import NotInLobby, NotSeated, TableBusy
from storage.models import Chat, Game, GameStatus, Seat
from storage.repositories import UnitOfWork
from storage.uow import UnitOfWorkFactory

REMATCH = "rematch"
"""The lobby settings key of a rematch: the game it repeats and who confirmed."""
TIMERS = "timers"
"""The lobby settings key of the table's clocks (tgbot/service/deadlines.py)."""


@dataclass(frozen=True)
class Rematch:
    """A press's result: the rematch lobby, whether this press opened it, whether every
    player is now ready (deal it), and whether the presser had confirmed already."""

    game_id: int
    opened: bool
    ready: bool
    again: bool = False


def waiting(game: Game, seats: list[Seat]) -> list[int] | None:
    """Return the seats of a rematch lobby whose players have not confirmed, by index
    (None for a lobby that is no rematch)."""
    found = game.lobby.get(REMATCH)
    if not isinstance(found, dict):
        return None
    ready = set(found.get("ready", ()))
    return [row.seat for row in seats if row.user_id is not None and row.user_id not in ready]


async def ask_rematch(uow_factory: UnitOfWorkFactory, *, game_id: int, user_id: int,
                      now: Clock) -> Rematch:
    """Confirm a player for the rematch of `game_id` (a finished game, or its rematch
    lobby), opening the lobby if this is the first press.

    Raise GameNotFound; NotSeated for a user who did not play it; NotInLobby when the
    rematch already started or was cancelled, or `game_id` is neither; TableBusy when
    another table is open in the chat's topic.
    """
    async with uow_factory() as uow:
        game = await uow.games.get(game_id=game_id, lock=True)
        if game.status is GameStatus.LOBBY and REMATCH in game.lobby:
            return await _confirm(uow, game, user_id)
        if game.status is not GameStatus.FINISHED:
            raise NotInLobby(f"game {game_id} is {game.status}, not a finished table")
        seats = list(await uow.seats.list(game_id=game_id))
        if all(row.user_id != user_id for row in seats):
            raise NotSeated(f"user {user_id} did not play game {game_id}")
        chat = await uow.chats.get(chat_id=game.chat_id, lock=True)  # one lobby at a time
        busy = await uow.games.active_in(chat_id=game.chat_id, topic_id=game.topic_id)
        if busy:
            return await _confirm_in(uow, busy[0], game_id, user_id)
        opened = await _open(uow, game, seats, chat, user_id, now())
        await uow.commit()
    return Rematch(opened, opened=True, ready=not waiting_of(game, seats, user_id))


def waiting_of(game: Game, seats: list[Seat], user_id: int) -> list[int]:
    """Return the players other than `user_id` a new rematch of `game` waits for."""
    return [row.seat for row in seats if row.user_id is not None and row.user_id != user_id]


async def _confirm_in(uow: UnitOfWork, busy: Game, game_id: int, user_id: int) -> Rematch:
    """Confirm the presser in the chat's open table if it is this game's rematch."""
    rematch = busy.lobby.get(REMATCH)
    if not isinstance(rematch, dict) or rematch.get("of") != game_id:
        raise TableBusy(f"chat {busy.chat_id} has game {busy.id} open", game_id=busy.id or 0)
    if busy.status is not GameStatus.LOBBY:
        raise NotInLobby(f"the rematch of game {game_id} is {busy.status}")
    locked = await uow.games.get(game_id=busy.id or 0, lock=True)
    return await _confirm(uow, locked, user_id)


async def _confirm(uow: UnitOfWork, lobby: Game, user_id: int) -> Rematch:
    """Mark the presser ready in a rematch lobby; raise NotSeated if he sits elsewhere."""
    assert lobby.id is not None
    seats = list(await uow.seats.list(game_id=lobby.id))
    if all(row.user_id != user_id for row in seats):
        raise NotSeated(f"user {user_id} holds no seat of the rematch {lobby.id}")
    rematch: dict[str, Any] = dict(lobby.lobby[REMATCH])
    again = user_id in rematch.get("ready", [])
    if not again:
        rematch["ready"] = [*rematch.get("ready", []), user_id]
        lobby.lobby = {**lobby.lobby, REMATCH: rematch}
        await uow.games.save(game=lobby, expected_version=lobby.version)
        await uow.commit()
    return Rematch(lobby.id, opened=False, ready=not waiting(lobby, seats), again=again)


async def _open(uow: UnitOfWork, game: Game, seats: list[Seat], chat: Chat | None,
                user_id: int, at: datetime) -> int:
    """Store the rematch lobby of `game` with its seats; return its id."""
    # Only the table's settings carry over (its timers); the rest of a played game's lobby
    # JSON is that game's own running state (players who left, who was told what).
    settings: dict[str, Any] = {}
    if isinstance(game.lobby.get(TIMERS), dict):
        settings[TIMERS] = dict(game.lobby[TIMERS])
    elif chat is not None and chat.timer_settings:
        settings[TIMERS] = dict(chat.timer_settings)
    added = await uow.games.add(game=Game(
        chat_id=game.chat_id, topic_id=game.topic_id, kind=game.kind, creator_id=user_id,
        options=dict(game.options),
        lobby={**settings, REMATCH: {"of": game.id, "ready": [user_id]}},
        seed=0, status=GameStatus.LOBBY, version=0, snapshot=None, created_at=at,
        updated_at=at))
    assert added.id is not None
    for row in sorted(seats, key=lambda seat: seat.seat):
        await uow.seats.add(seat=Seat(game_id=added.id, seat=row.seat, user_id=row.user_id,
                                      is_bot=row.user_id is None))
    return added.id
