"""Commands over the store: each opens one unit of work, drives the engine, commits once."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.engine.errors import GameOver
from core.engine.protocol import Event, Outcome, apply_checked
from core.engine.registry import AnyGame, get_game
from storage.clock import Clock
from storage.errors import CorruptGame, GameNotRunning, StaleGame
from storage.models import ActionRecord, ActorKind, Chat, Game, GameStatus, Seat, User
from storage.repositories import UnitOfWork
from storage.uow import UnitOfWorkFactory

DISPLAY_NAME_MAX = 128
"""The longest display name a user row holds (Telegram full names can be longer)."""


@dataclass(frozen=True)
class Player:
    """Who takes a seat: a Telegram user (id and display name), or a bot when `user_id` is None."""

    user_id: int | None
    display_name: str = ""


# Given the stored game and its new engine state, return (deadline_at, remind_at) for
# the decision now pending; the front owns the timer settings (tgbot/deadlines.py).
DeadlineRule = Callable[[Game, Any], tuple[datetime | None, datetime | None]]


@dataclass(frozen=True)
class Applied:
    """What `apply_action` returns: the game's new version and status, the events, the outcome.

    `game`, `seats` and `state` are the saved row, its seats and the new engine state, so a
    caller need not load them again (None where a command does not provide them).
    """

    game_id: int
    version: int
    status: GameStatus
    events: tuple[Event, ...]
    outcome: Outcome | None
    game: Game | None = None
    seats: tuple[Seat, ...] | None = None
    state: Any = None


def load_engine_state(engine: AnyGame, game: Game) -> Any:
    """Return the engine state of a stored game; raise CorruptGame if it cannot be trusted."""
    if game.snapshot is None:
        raise CorruptGame(f"game {game.id} has no snapshot")
    try:
        state = engine.load_state(game.snapshot)
    except ValueError as error:
        raise CorruptGame(f"game {game.id}: unreadable snapshot: {error}") from error
    if engine.version(state) != game.version:
        raise CorruptGame(
            f"game {game.id}: snapshot is at version {engine.version(state)}, row at {game.version}"
        )
    return state


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
    deadline: DeadlineRule | None = None,
) -> Applied:
    """Apply one action to a stored game: load (locked), decide, log, save at version + 1.

    Return the new version, status, events and outcome. Raise StaleGame if the game is not
    at `expected_version` (or another command wins the race), GameOver or GameNotRunning
    if it does not run, CorruptGame for a bad snapshot, and the engine's NotYourTurn,
    MalformedAction or IllegalAction for a refused action. Nothing is written on error.
    """
    async with uow_factory() as uow:
        game = await uow.games.get(game_id=game_id, lock=True)
        if game.status in (GameStatus.FINISHED, GameStatus.ABORTED):
            raise GameOver(f"game {game_id} is {game.status}")
        if game.status is not GameStatus.RUNNING:
            raise GameNotRunning(f"game {game_id} is {game.status}")
        if game.version != expected_version:
            raise StaleGame(f"expected version {expected_version}, game is at {game.version}")
        engine = get_game(game.kind)
        state = load_engine_state(engine, game)
        step = apply_checked(engine, state, seat, action_text, expected_version)
        at = now()
        outcome = engine.outcome(step.state)
        game.version = engine.version(step.state)
        game.snapshot = engine.dump_state(step.state)
        game.updated_at = at
        if outcome is not None:
            game.status = GameStatus.FINISHED
            game.outcome = outcome.to_json()
            game.deadline_at = None
            game.remind_at = None
        elif deadline is not None:
            game.deadline_at, game.remind_at = deadline(game, step.state)
        await uow.games.save(game=game, expected_version=expected_version)
        await uow.actions.append(
            record=ActionRecord(
                game_id=game_id,
                version=game.version,
                seat=seat,
                action=engine.encode_action(engine.decode_action(action_text)),
                actor=actor,
                applied_at=at,
            )
        )
        seats = await _count_strikes(uow, game_id=game_id, seat=seat, actor=actor)
        await uow.commit()
    return Applied(
        game_id=game_id,
        version=game.version,
        status=game.status,
        events=step.events,
        outcome=outcome,
        game=game,
        seats=seats,
        state=step.state,
    )


async def _ensure_chat(uow: UnitOfWork, *, chat_id: int, now: datetime) -> None:
    if await uow.chats.get(chat_id=chat_id) is None:
        await uow.chats.add(chat=Chat(id=chat_id, created_at=now))


async def _ensure_user(uow: UnitOfWork, *, player: Player, now: datetime) -> None:
    assert player.user_id is not None
    if await uow.users.get(user_id=player.user_id) is None:
        name = (player.display_name or str(player.user_id))[:DISPLAY_NAME_MAX]
        await uow.users.add(user=User(id=player.user_id, display_name=name, created_at=now))


async def _count_strikes(
    uow: UnitOfWork, *, game_id: int, seat: int, actor: ActorKind
) -> tuple[Seat, ...]:
    """Strikes count consecutive timeouts: a timeout adds one, the player's own move clears
    them (the front decides what strikes lead to). Return the game's seats afterwards."""
    seats = sorted(await uow.seats.list(game_id=game_id), key=lambda row: row.seat)
    for row in seats:
        if row.seat != seat:
            continue
        strikes = row.strikes
        if actor is ActorKind.TIMEOUT:
            strikes += 1
        elif actor is ActorKind.HUMAN:
            strikes = 0
        if strikes != row.strikes:
            row.strikes = strikes
            await uow.seats.save(seat=row)
    return tuple(seats)
