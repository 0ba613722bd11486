"""Commands over the store: each opens one unit of work, drives the engine, commits once."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.engine.errors import GameOver, IllegalAction, StaleVersion
from core.engine.protocol import Event, Outcome, Step, apply_checked
from core.engine.registry import AnyGame, get_game
from storage.clock import Clock
from storage.errors import CorruptGame, GameNotRunning, StaleGame
from storage.models import ActionRecord, ActorKind, Chat, Game, GameStatus, Seat, User
from storage.repositories import UnitOfWork
from storage.uow import UnitOfWorkFactory

DISPLAY_NAME_MAX = 128
"""The longest display name a user row holds (Telegram full names can be longer)."""

REMOVAL = "~"
"""The logged action text of an admin's removal of the record's seat; never an engine's."""


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
        game, engine, state = await _load_running(uow, game_id, expected_version)
        step = apply_checked(engine, state, seat, action_text, expected_version)
        text = engine.encode_action(engine.decode_action(action_text))
        outcome = await _save_step(uow, game, engine, step, seat=seat, action=text, actor=actor,
                                   expected_version=expected_version, now=now,
                                   deadline=deadline)
        seats = await _count_strikes(uow, game_id=game_id, seat=seat, actor=actor)
        await uow.commit()
    return Applied(game_id=game_id, version=game.version, status=game.status,
                   events=step.events, outcome=outcome, game=game, seats=seats,
                   state=step.state)


async def remove_seat(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    seat: int,
    expected_version: int,
    now: Clock,
    deadline: DeadlineRule | None = None,
) -> Applied:
    """Remove a seat's player as the game's rule says (`engine.remove_seat`), log it as
    REMOVAL with actor ADMIN and save at version + 1; the seat stops being a bot's.

    Return what `apply_action` returns. Raise StaleGame, GameOver, GameNotRunning and
    CorruptGame like `apply_action`, and IllegalAction when the game cannot remove the
    seat (or has no removal at all). Nothing is written on error.
    """
    async with uow_factory() as uow:
        game, engine, state = await _load_running(uow, game_id, expected_version)
        step = logged_step(engine, state, seat, REMOVAL, expected_version)
        outcome = await _save_step(uow, game, engine, step, seat=seat, action=REMOVAL,
                                   actor=ActorKind.ADMIN, expected_version=expected_version,
                                   now=now, deadline=deadline)
        seats = await _clear_bot(uow, game_id=game_id, seat=seat)
        await uow.commit()
    return Applied(game_id=game_id, version=game.version, status=game.status,
                   events=step.events, outcome=outcome, game=game, seats=seats,
                   state=step.state)


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


def logged_step(engine: AnyGame, state: Any, seat: int, text: str,
                expected_version: int | None = None, *, checked: bool = True) -> Step[Any]:
    """Return the step a logged action makes: the engine's removal of `seat` for REMOVAL,
    else the action (`checked`: after the shared checks of `apply_checked`; unchecked is
    for a trusted log). Raise StaleVersion, IllegalAction (a game without removal) and the
    engine's errors; every replay of the log goes through here."""
    if text == REMOVAL:
        return _removal_step(engine, state, seat, expected_version)
    if not checked:
        return engine.apply(state, seat, engine.decode_action(text))
    return apply_checked(engine, state, seat, text, expected_version)


def _removal_step(engine: AnyGame, state: Any, seat: int,
                  expected_version: int | None) -> Step[Any]:
    """Return the engine's removal of `seat`; raise StaleVersion, or IllegalAction when the
    game has no removal (the optional `remove_seat` of core.engine.protocol.Game)."""
    if expected_version is not None and engine.version(state) != expected_version:
        raise StaleVersion(f"expected version {expected_version}, "
                           f"game is at {engine.version(state)}")
    remove = getattr(engine, "remove_seat", None)
    if remove is None:
        raise IllegalAction(f"{engine.name} has no seat removal")
    step: Step[Any] = remove(state, seat)
    return step


async def _load_running(uow: UnitOfWork, game_id: int,
                        expected_version: int) -> tuple[Game, AnyGame, Any]:
    """Return the game row (locked), its engine and state; raise unless it runs at the
    expected version (GameOver, GameNotRunning, StaleGame, CorruptGame)."""
    game = await uow.games.get(game_id=game_id, lock=True)
    if game.status in (GameStatus.FINISHED, GameStatus.ABORTED):
        raise GameOver(f"game {game_id} is {game.status}")
    if game.status is not GameStatus.RUNNING:
        raise GameNotRunning(f"game {game_id} is {game.status}")
    if game.version != expected_version:
        raise StaleGame(f"expected version {expected_version}, game is at {game.version}")
    engine = get_game(game.kind)
    return game, engine, load_engine_state(engine, game)


def write_step(game: Game, engine: AnyGame, step: Step[Any], at: datetime) -> Outcome | None:
    """Put a step's state on the game row (a finished game loses its deadline); return the
    outcome. The caller sets the next deadline of a game that goes on."""
    outcome = engine.outcome(step.state)
    game.version = engine.version(step.state)
    game.snapshot = engine.dump_state(step.state)
    game.updated_at = at
    if outcome is not None:
        game.status = GameStatus.FINISHED
        game.outcome = outcome.to_json()
        game.deadline_at = game.remind_at = None
    return outcome


async def _save_step(uow: UnitOfWork, game: Game, engine: AnyGame, step: Step[Any], *,
                     seat: int, action: str, actor: ActorKind, expected_version: int,
                     now: Clock, deadline: DeadlineRule | None) -> Outcome | None:
    """Save a step's state on the game row (finished, or with its next deadline) and log
    its action; return the outcome. StaleGame if another command saved first."""
    at = now()
    outcome = write_step(game, engine, step, at)
    if outcome is None and deadline is not None:
        game.deadline_at, game.remind_at = deadline(game, step.state)
    await uow.games.save(game=game, expected_version=expected_version)
    assert game.id is not None
    await uow.actions.append(record=ActionRecord(game_id=game.id, version=game.version,
                                                 seat=seat, action=action, actor=actor,
                                                 applied_at=at))
    return outcome


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


async def _clear_bot(uow: UnitOfWork, *, game_id: int, seat: int) -> tuple[Seat, ...]:
    """Clear the bot flag and strikes of a removed player's seat: the game left him nothing
    to play, so no bot plays it and /back has nothing to give back. Return the seats."""
    seats = sorted(await uow.seats.list(game_id=game_id), key=lambda row: row.seat)
    for row in seats:
        if row.seat == seat and row.user_id is not None and (row.is_bot or row.strikes):
            row.is_bot = False
            row.strikes = 0
            await uow.seats.save(seat=row)
    return tuple(seats)
