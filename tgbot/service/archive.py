"""A group's finished games: the list, and one game read back from its log.

Only a FINISHED game is handed out (`Archived`): its log, seats and names, and its states
rebuilt from (options, seed, log) through `storage.action_log.logged_step`, exactly as
every replay does. What the front shows of a state is the group's view only, and the
export holds the seed and the log, which tell every secret: both are for games that are
over, never for one still played.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from core.engine.registry import AnyGame, get_game
from storage.action_log import logged_step
from storage.errors import GameNotFound
from storage.export import export_games
from storage.models import ActionRecord, Game, GameStatus, Seat
from storage.uow import UnitOfWorkFactory
from tgbot.service.scene import bot_name

PAGE = 10
"""How many games `/games` lists at once."""
KEPT = 8
"""How many replayed games the process keeps (a step-through presses ◀ ▶ many times)."""


@dataclass(frozen=True)
class Ended:
    """A finished game as listed: the row and its seats' names in seat order."""

    game: Game
    names: list[str]


@dataclass(frozen=True)
class Archived:
    """A finished game read back: the row, its seats' names, its log and every state
    (`states[i]` after i logged actions; `states[0]` the deal)."""

    game: Game
    names: list[str]
    players: frozenset[int]
    log: list[ActionRecord]
    states: list[Any]
    dealt: list[dict[str, Any]]

    @property
    def engine(self) -> AnyGame:
        """Return the game's engine."""
        return get_game(self.game.kind)


_REPLAYED: OrderedDict[int, Archived] = OrderedDict()


def _names(seats: list[Seat], users: dict[int, str]) -> list[str]:
    return [users.get(row.user_id, str(row.user_id)) if row.user_id is not None
            else bot_name(row.seat) for row in sorted(seats, key=lambda row: row.seat)]


async def ended_games(uow_factory: UnitOfWorkFactory, *, chat_id: int, page: int = 0,
                      limit: int = PAGE) -> list[Ended]:
    """Return one page of the chat's finished games, the newest first, with names."""
    async with uow_factory() as uow:
        games = list(await uow.records.ended(chat_id=chat_id, limit=limit,
                                             offset=page * limit))
        seats = await uow.seats.list_many(game_ids=[game.id or 0 for game in games])
        users = {user.id: user.display_name for user in await uow.users.get_many(
            user_ids=[row.user_id for row in seats if row.user_id is not None])}
    return [Ended(game, _names([row for row in seats if row.game_id == game.id], users))
            for game in games]


async def archived(uow_factory: UnitOfWorkFactory, *, game_id: int) -> Archived:
    """Return a finished game with its log and its states; raise GameNotFound for any
    other game (running, in the lobby, cancelled, or none)."""
    async with uow_factory() as uow:
        game = await uow.games.get(game_id=game_id)
        if game.status is not GameStatus.FINISHED:
            raise GameNotFound(f"game {game_id} is {game.status}, not finished")
        kept = _REPLAYED.get(game_id)
        if kept is not None and _same(kept.game, game):
            _REPLAYED.move_to_end(game_id)
            return kept
        seats = list(await uow.seats.list(game_id=game_id))
        log = list(await uow.actions.list(game_id=game_id))
        users = {user.id: user.display_name for user in await uow.users.get_many(
            user_ids=[row.user_id for row in seats if row.user_id is not None])}
    engine = get_game(game.kind)
    step = engine.setup(dict(game.options), len(seats), game.seed)
    states = [step.state]
    for record in log:
        states.append(logged_step(engine, states[-1], record.seat, record.action,
                                  checked=False).state)
    players = frozenset(row.user_id for row in seats if row.user_id is not None)
    found = Archived(game, _names(seats, users), players, log, states,
                     [event.to_json() for event in step.events if event.visible_to(None)])
    _REPLAYED[game_id] = found
    if len(_REPLAYED) > KEPT:
        _REPLAYED.popitem(last=False)
    return found


def _same(kept: Game, game: Game) -> bool:
    """Return whether a kept replay is of this very game (a finished game never changes)."""
    return (kept.chat_id, kept.seed, kept.version, kept.created_at) == (
        game.chat_id, game.seed, game.version, game.created_at)


async def exported(uow_factory: UnitOfWorkFactory, *, game_id: int) -> dict[str, Any]:
    """Return a finished game as `storage.export` writes it; raise GameNotFound for any
    other game."""
    games = await export_games(uow_factory, game_id=game_id)
    if not games or games[0]["status"] != GameStatus.FINISHED.value:
        raise GameNotFound(f"game {game_id} is not a finished game")
    return games[0]
