"""Reads the front needs: a chat's game, a user's games, a game, its seats and its log.
Each opens one unit of work and commits nothing."""

from __future__ import annotations

from storage.clock import Clock
from storage.gauges import Gauges
from storage.models import ActionRecord, Game, GameStatus, Seat
from storage.uow import UnitOfWorkFactory
from tgbot.service.scene import Scene, load_scene


async def active_game(
    uow_factory: UnitOfWorkFactory, *, chat_id: int, topic_id: int | None
) -> Game | None:
    """Return the chat topic's game in the lobby or running (None matches None), or None."""
    async with uow_factory() as uow:
        games = await uow.games.active_in(chat_id=chat_id, topic_id=topic_id)
    return games[0] if games else None


async def last_game(
    uow_factory: UnitOfWorkFactory, *, chat_id: int, topic_id: int | None
) -> Game | None:
    """Return the chat topic's game in the lobby or running, else its last finished one (a
    cancelled one is not), or None."""
    async with uow_factory() as uow:
        games = await uow.games.active_in(chat_id=chat_id, topic_id=topic_id)
        if games:
            return games[0]
        ended = await uow.games.list(chat_id=chat_id, status=GameStatus.FINISHED)
    mine = [game for game in ended if game.topic_id == topic_id]
    return mine[-1] if mine else None


async def games_of_user(uow_factory: UnitOfWorkFactory, *, user_id: int) -> list[Game]:
    """Return the games in the lobby or running where the user holds a seat, by id."""
    async with uow_factory() as uow:
        return list(await uow.games.active_of_user(user_id=user_id))


async def scenes_of_user(uow_factory: UnitOfWorkFactory, *, user_id: int) -> list[Scene]:
    """Return the games in the lobby or running where the user holds a seat, each with
    its seats, users, chat and delivery rows (read, not locked), by id."""
    async with uow_factory() as uow:
        games = await uow.games.active_of_user(user_id=user_id)
        return [await load_scene(uow, game.id or 0, lock=False) for game in games]


async def seats_of(uow_factory: UnitOfWorkFactory, *, game_id: int) -> list[Seat]:
    """Return a game's seats by index (empty for an unknown game)."""
    async with uow_factory() as uow:
        return list(await uow.seats.list(game_id=game_id))


async def game_with_seats(
    uow_factory: UnitOfWorkFactory, *, game_id: int
) -> tuple[Game, list[Seat]]:
    """Return a game and its seats (by index), read in one unit of work; raise GameNotFound."""
    async with uow_factory() as uow:
        game = await uow.games.get(game_id=game_id)
        seats = await uow.seats.list(game_id=game_id)
    return game, sorted(seats, key=lambda seat: seat.seat)


async def load_game(uow_factory: UnitOfWorkFactory, *, game_id: int) -> Game:
    """Return the game; raise GameNotFound."""
    async with uow_factory() as uow:
        return await uow.games.get(game_id=game_id)


async def action_log(uow_factory: UnitOfWorkFactory, *, game_id: int) -> list[ActionRecord]:
    """Return a game's logged actions by version."""
    async with uow_factory() as uow:
        return list(await uow.actions.list(game_id=game_id))


async def gauges(uow_factory: UnitOfWorkFactory, *, now: Clock) -> Gauges:
    """Return what an operator watches now: open games by kind, undelivered rows, deadlines
    passed unplayed (storage/gauges.py)."""
    async with uow_factory() as uow:
        return await uow.gauges.read(now=now())
