"""A game's status changes the front asks for: dealing a lobby's game (`start_game`) and
aborting a game in the lobby or running (`cancel_game`). Each is one unit of work."""

from __future__ import annotations

from core.engine.errors import GameOver, InvalidSetup
from core.engine.registry import get_game
from storage.clock import Clock
from storage.errors import NotInLobby
from storage.models import GameStatus
from storage.uow import UnitOfWorkFactory
from tgbot.service.commands import Applied
from tgbot.service.follow import follow
from tgbot.service.scene import NO_HOOKS, Hooks, load_scene, save_scene


async def start_game(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    seed: int,
    now: Clock,
    hooks: Hooks = NO_HOOKS,
) -> Applied:
    """Deal a lobby's game with its seats in their order, let bot seats play, and store it
    (seed, snapshot, RUNNING, deadline, outbox) in one unit of work.

    Return what was done (the deal's events first). Raise GameNotFound, NotInLobby, and
    InvalidSetup for too few (or too many) seats or options the engine refuses.
    """
    async with uow_factory() as uow:
        scene = await load_scene(uow, game_id)
        game = scene.game
        if game.status is not GameStatus.LOBBY:
            raise NotInLobby(f"game {game_id} is {game.status}")
        engine = get_game(game.kind)
        count = len(scene.seats)
        if not engine.min_players <= count <= engine.max_players:
            raise InvalidSetup(f"{game.kind} is played by {engine.min_players} to "
                               f"{engine.max_players} players, the table has {count}")
        step = engine.setup(dict(game.options), count, seed)
        expected = game.version
        game.seed = seed
        game.status = GameStatus.RUNNING
        scene.state, scene.dealt = step.state, tuple(step.events)
        follow(scene)
        await save_scene(uow, scene, expected_version=expected, at=now(), hooks=hooks,
                         reclock=True)
        await uow.commit()
    return Applied.of(scene)


async def cancel_game(uow_factory: UnitOfWorkFactory, *, game_id: int, now: Clock) -> None:
    """Abort a game in the lobby or running (its deadlines are cleared).

    Raise GameNotFound, or GameOver if it is already finished or aborted.
    """
    async with uow_factory() as uow:
        game = await uow.games.get(game_id=game_id, lock=True)
        if game.status in (GameStatus.FINISHED, GameStatus.ABORTED):
            raise GameOver(f"game {game_id} is {game.status}")
        game.status = GameStatus.ABORTED
        game.deadline_at = None
        game.remind_at = None
        game.updated_at = now()
        await uow.games.save(game=game, expected_version=game.version)
        await uow.commit()
