"""Commands over the store: each opens one unit of work, drives the engine, commits once."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.engine.protocol import Event, Outcome, apply_checked
from core.engine.registry import get_game
from storage.action_log import REMOVAL, logged_step
from storage.clock import Clock
from storage.models import ActorKind, Chat, Game, GameStatus, Seat, User
from storage.repositories import UnitOfWork
from storage.uow import UnitOfWorkFactory
from tgbot.service.follow import follow
from tgbot.service.scene import (
    NO_HOOKS,
    Hooks,
    Scene,
    check_running,
    load_scene,
    save_scene,
    take_step,
)
from tgbot.service.undo_offer import note_move

DISPLAY_NAME_MAX = 128
"""The longest display name a user row holds (Telegram full names can be longer)."""

@dataclass(frozen=True)
class Player:
    """Who takes a seat: a Telegram user (id and display name), or a bot when `user_id` is None."""

    user_id: int | None
    display_name: str = ""


@dataclass(frozen=True)
class Applied:
    """What a game command returns: the game's new version and status, the events, the
    outcome, and the saved row, its seats and engine state (so no caller loads them again).
    `scene` is the whole working set, with the steps applied and the delivery rows.
    """

    game_id: int
    version: int
    status: GameStatus
    events: tuple[Event, ...]
    outcome: Outcome | None
    game: Game | None = None
    seats: tuple[Seat, ...] | None = None
    state: Any = None
    scene: Scene | None = None

    @classmethod
    def of(cls, scene: Scene) -> Applied:
        """Return what a command on `scene` did."""
        game = scene.game
        outcome = None if scene.state is None else scene.engine.outcome(scene.state)
        return cls(game_id=game.id or 0, version=game.version, status=game.status,
                   events=tuple(scene.events), outcome=outcome, game=game,
                   seats=tuple(scene.seats), state=scene.state, scene=scene)


Work = Callable[[Scene], None]


async def run_command(uow_factory: UnitOfWorkFactory, *, game_id: int, work: Work, now: Clock,
                      hooks: Hooks = NO_HOOKS) -> Applied:
    """Run one command on a stored game in one unit of work: load the scene (row-locked),
    let `work` change it in memory (apply actions, hand seats over, leave notes), then
    write the row, the log, the seats and the outbox, and commit once.

    Return what was done. Raise GameNotFound, CorruptGame, StaleGame (another command won
    the race), and whatever `work` raises; nothing is written on error.
    """
    async with uow_factory() as uow:
        scene = await load_scene(uow, game_id)
        expected = scene.game.version
        before = [(row.is_bot, row.user_id) for row in scene.seats]
        work(scene)
        seats_changed = before != [(row.is_bot, row.user_id) for row in scene.seats]
        await save_scene(uow, scene, expected_version=expected, at=now(), hooks=hooks,
                         dirty=scene.notes.dirty, reclock=seats_changed)
        await uow.commit()
    return Applied.of(scene)


async def create_game(
    uow_factory: UnitOfWorkFactory,
    *,
    chat_id: int,
    kind: str,
    options: Mapping[str, Any],
    seed: int,
    players: Sequence[Player],
    now: Clock,
    topic_id: int | None = None,
) -> int:
    """Deal a game, store it running with its seats (and any missing chat/user rows).

    Return the new game's id; raise InvalidSetup (from the engine) for bad options or players.
    """
    engine = get_game(kind)
    step = engine.setup(dict(options), len(players), seed)
    state = step.state
    at = now()
    async with uow_factory() as uow:
        await _ensure_chat(uow, chat_id=chat_id, now=at)
        outcome = engine.outcome(state)
        game = await uow.games.add(
            game=Game(
                chat_id=chat_id,
                topic_id=topic_id,
                kind=kind,
                options=dict(options),
                seed=seed,
                status=GameStatus.RUNNING if outcome is None else GameStatus.FINISHED,
                version=engine.version(state),
                snapshot=engine.dump_state(state),
                outcome=None if outcome is None else outcome.to_json(),
                created_at=at,
                updated_at=at,
            )
        )
        assert game.id is not None
        for index, player in enumerate(players):
            if player.user_id is not None:
                await _ensure_user(uow, player=player, now=at)
            await uow.seats.add(
                seat=Seat(
                    game_id=game.id,
                    seat=index,
                    user_id=player.user_id,
                    is_bot=player.user_id is None,
                )
            )
        await uow.commit()
    return game.id


async def apply_action(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    seat: int,
    action_text: str,
    expected_version: int,
    actor: ActorKind,
    now: Clock,
    hooks: Hooks = NO_HOOKS,
) -> Applied:
    """Apply one action to a stored game: load (locked), decide, log, save at version + 1.

    Return what was done. Raise StaleGame if the game is not at `expected_version` (or
    another command wins the race), GameOver or GameNotRunning if it does not run,
    CorruptGame for a bad snapshot, and the engine's NotYourTurn, MalformedAction or
    IllegalAction for a refused action. Nothing is written on error.
    """

    def work(scene: Scene) -> None:
        play(scene, seat, action_text, expected_version, actor)

    return await run_command(uow_factory, game_id=game_id, work=work, now=now, hooks=hooks)


def play(scene: Scene, seat: int, action_text: str, expected_version: int,
         actor: ActorKind) -> None:
    """Apply one checked action to a running scene at `expected_version` (a human's move
    that may be taken back leaves its offer with the game: `undo_offer.note_move`).

    Raise GameOver, GameNotRunning, StaleGame and the engine's refusals.
    """
    check_running(scene, expected_version)
    engine, before = scene.engine, scene.state
    step = apply_checked(engine, before, seat, action_text, expected_version)
    action = engine.decode_action(action_text)
    take_step(scene, seat, engine.encode_action(action), actor, step)
    note_move(scene, seat, actor, before, action, step)  # a move the table may let him undo


async def remove_seat(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    seat: int,
    expected_version: int,
    now: Clock,
    hooks: Hooks = NO_HOOKS,
) -> Applied:
    """Remove a seat's player as the game's rule says (`engine.remove_seat`), log it as
    REMOVAL with actor ADMIN and save at version + 1; the seat stops being a bot's.

    Return what was done. Raise StaleGame, GameOver, GameNotRunning and CorruptGame like
    `apply_action`, and IllegalAction when the game cannot remove the seat (or has no
    removal at all). Nothing is written on error.
    """

    def work(scene: Scene) -> None:
        check_running(scene, expected_version)
        step = logged_step(scene.engine, scene.state, seat, REMOVAL, expected_version)
        take_step(scene, seat, REMOVAL, ActorKind.ADMIN, step)
        for row in scene.seats:
            if row.seat == seat and row.user_id is not None:
                row.is_bot, row.strikes = False, 0
        follow(scene)

    return await run_command(uow_factory, game_id=game_id, work=work, now=now, hooks=hooks)


async def release_seat(uow_factory: UnitOfWorkFactory, *, game_id: int, seat: int) -> bool:
    """Give a player's seat to a bot for the rest of the game: the user leaves it (so
    /back cannot bring him back) and a bot plays it. Return False if no user held it."""
    async with uow_factory() as uow:
        for row in await uow.seats.list(game_id=game_id):
            if row.seat == seat and row.user_id is not None:
                row.user_id, row.is_bot, row.strikes = None, True, 0
                await uow.seats.save(seat=row)
                await uow.commit()
                return True
    return False


async def _ensure_chat(uow: UnitOfWork, *, chat_id: int, now: datetime) -> None:
    if await uow.chats.get(chat_id=chat_id) is None:
        await uow.chats.add(chat=Chat(id=chat_id, created_at=now))


async def _ensure_user(uow: UnitOfWork, *, player: Player, now: datetime) -> None:
    assert player.user_id is not None
    if await uow.users.get(user_id=player.user_id) is None:
        name = (player.display_name or str(player.user_id))[:DISPLAY_NAME_MAX]
        await uow.users.add(user=User(id=player.user_id, display_name=name, created_at=now))
