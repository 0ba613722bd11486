"""Gathering a table: the lobby's seats and settings until the deal.

A game starts in the lobby (status LOBBY, seed 0, no snapshot): users take and leave seats,
bot seats are added, options and front settings change, then `game_status.start_game` deals
it and it runs. Every command opens one unit of work and commits at most once. Seat indices
are always 0..n-1. Reads are in `reads.py`, notes on a game in any status in `notes.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from core.engine.registry import get_game
from storage.clock import Clock
from storage.errors import AlreadySeated, LobbyFull, NotInLobby, NotSeated, TableBusy
from storage.models import Chat, Game, GameStatus, Seat
from storage.repositories import UnitOfWork
from storage.uow import UnitOfWorkFactory
from tgbot.service.commands import Player, _ensure_user


async def open_lobby(
    uow_factory: UnitOfWorkFactory,
    *,
    chat_id: int,
    topic_id: int | None,
    kind: str,
    options: Mapping[str, Any],
    creator: Player,
    now: Clock,
) -> int:
    """Open a lobby with the creator in seat 0 (chat and user rows made if missing).

    Return the new game's id. Raise InvalidSetup for an unknown kind, TableBusy if the chat
    (same topic; None matches None) already has a game in the lobby or running, and
    ValueError if the creator is not a user.
    """
    get_game(kind)
    user_id = _user_id(creator)
    async with uow_factory() as uow:
        at = now()
        chat = await uow.chats.get(chat_id=chat_id, lock=True)
        if chat is None:
            chat = await uow.chats.add(chat=Chat(id=chat_id, created_at=at))
        busy = await uow.games.active_in(chat_id=chat_id, topic_id=topic_id)
        if busy:
            raise TableBusy(
                f"chat {chat_id} topic {topic_id} already has game {busy[0].id}",
                game_id=busy[0].id or 0,
            )
        await _ensure_user(uow, player=creator, now=at)
        game = await uow.games.add(
            game=Game(
                chat_id=chat_id,
                topic_id=topic_id,
                kind=kind,
                creator_id=user_id,
                options=dict(options),
                lobby={"timers": dict(chat.timer_settings)} if chat.timer_settings else {},
                seed=0,
                status=GameStatus.LOBBY,
                version=0,
                snapshot=None,
                created_at=at,
                updated_at=at,
            )
        )
        assert game.id is not None
        await uow.seats.add(seat=Seat(game_id=game.id, seat=0, user_id=user_id))
        await uow.commit()
    return game.id


async def join_lobby(
    uow_factory: UnitOfWorkFactory, *, game_id: int, player: Player, now: Clock
) -> int:
    """Seat a user at the next free index (user row made if missing); return that index.

    Raise GameNotFound, NotInLobby if the game left the lobby, AlreadySeated if the user
    holds a seat, LobbyFull at the engine's max_players, ValueError if `player` is a bot.
    """
    user_id = _user_id(player)
    async with uow_factory() as uow:
        game = await _lobby_game(uow, game_id=game_id)
        seats = await uow.seats.list(game_id=game_id)
        if any(seat.user_id == user_id for seat in seats):
            raise AlreadySeated(f"user {user_id} already sits at game {game_id}")
        _check_room(game, seats)
        at = now()
        await _ensure_user(uow, player=player, now=at)
        index = len(seats)
        await uow.seats.add(seat=Seat(game_id=game_id, seat=index, user_id=user_id))
        await _touch(uow, game, at)
        await uow.commit()
    return index


async def add_bot(uow_factory: UnitOfWorkFactory, *, game_id: int, now: Clock) -> int:
    """Add a bot seat (user_id None) at the next free index; return that index.

    Raise GameNotFound, NotInLobby, or LobbyFull at the engine's max_players.
    """
    async with uow_factory() as uow:
        game = await _lobby_game(uow, game_id=game_id)
        seats = await uow.seats.list(game_id=game_id)
        _check_room(game, seats)
        index = len(seats)
        await uow.seats.add(seat=Seat(game_id=game_id, seat=index, user_id=None, is_bot=True))
        await _touch(uow, game, now())
        await uow.commit()
    return index


async def leave_lobby(
    uow_factory: UnitOfWorkFactory, *, game_id: int, user_id: int, now: Clock
) -> None:
    """Remove the user's seat and move every later seat down one, keeping indices 0..n-1.

    The creator may leave too (creator_id stays). Raise GameNotFound, NotInLobby, NotSeated.
    """
    async with uow_factory() as uow:
        game = await _lobby_game(uow, game_id=game_id)
        seats = await uow.seats.list(game_id=game_id)
        held = [seat.seat for seat in seats if seat.user_id == user_id]
        if not held:
            raise NotSeated(f"user {user_id} holds no seat of game {game_id}")
        await _remove_seat(uow, seats, held[0])
        await _touch(uow, game, now())
        await uow.commit()


async def remove_seat(
    uow_factory: UnitOfWorkFactory, *, game_id: int, seat: int, now: Clock
) -> None:
    """Remove a seat by index (a bot, or a user kicked out) and renumber the later seats.

    Raise GameNotFound, NotInLobby, or NotSeated if no seat has that index.
    """
    async with uow_factory() as uow:
        game = await _lobby_game(uow, game_id=game_id)
        seats = await uow.seats.list(game_id=game_id)
        if not any(row.seat == seat for row in seats):
            raise NotSeated(f"game {game_id} has no seat {seat}")
        await _remove_seat(uow, seats, seat)
        await _touch(uow, game, now())
        await uow.commit()


async def set_options(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    options: Mapping[str, Any],
    now: Clock | None = None,
) -> None:
    """Replace a lobby's engine options (checked only when the game is dealt).

    Raise GameNotFound or NotInLobby.
    """
    async with uow_factory() as uow:
        game = await _lobby_game(uow, game_id=game_id)
        game.options = dict(options)
        await _touch(uow, game, None if now is None else now())
        await uow.commit()


async def set_lobby(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    lobby: Mapping[str, Any],
    now: Clock | None = None,
) -> None:
    """Replace a lobby's front-only settings (never given to the engine).

    Raise GameNotFound or NotInLobby.
    """
    async with uow_factory() as uow:
        game = await _lobby_game(uow, game_id=game_id)
        game.lobby = dict(lobby)
        await _touch(uow, game, None if now is None else now())
        await uow.commit()


# --- helpers -----------------------------------------------------------------------------


def _user_id(player: Player) -> int:
    if player.user_id is None:
        raise ValueError("a lobby seat taken by a player needs a user id (use add_bot)")
    return player.user_id


async def _lobby_game(uow: UnitOfWork, *, game_id: int) -> Game:
    """Return the game row-locked (serializes seat changes); raise NotInLobby past the lobby."""
    game = await uow.games.get(game_id=game_id, lock=True)
    if game.status is not GameStatus.LOBBY:
        raise NotInLobby(f"game {game_id} is {game.status}")
    return game


def _check_room(game: Game, seats: Sequence[Seat]) -> None:
    limit = get_game(game.kind).max_players
    if len(seats) >= limit:
        raise LobbyFull(f"game {game.id} has all {limit} seats taken")


async def _touch(uow: UnitOfWork, game: Game, at: datetime | None) -> None:
    """Save the lobby game's row (new options, settings or `updated_at`), version unchanged."""
    if at is not None:
        game.updated_at = at
    await uow.games.save(game=game, expected_version=game.version)


async def _remove_seat(uow: UnitOfWork, seats: Sequence[Seat], index: int) -> None:
    """Delete seat `index` and move each later seat one index down, in order."""
    for row in seats:
        if row.seat < index:
            continue
        await uow.seats.remove(game_id=row.game_id, seat=row.seat)
        if row.seat > index:
            await uow.seats.add(
                seat=Seat(
                    game_id=row.game_id,
                    seat=row.seat - 1,
                    user_id=row.user_id,
                    is_bot=row.is_bot,
                    strikes=row.strikes,
                )
            )
