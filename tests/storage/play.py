"""Helpers that play stored games through the service, the way the bot will."""

from __future__ import annotations

from core.engine.registry import get_game
from storage.clock import Clock
from storage.models import ActorKind
from storage.uow import UnitOfWorkFactory
from tgbot.service.commands import Applied, Player, apply_action, create_game

KIND = "bang_dice"


def players(count: int, bots: int = 0) -> list[Player]:
    """Return `count` players; the last `bots` of them are bots."""
    humans = count - bots
    return [Player(100 + i, f"player {i}") for i in range(humans)] + [Player(None)] * bots


async def new_game(
    uow: UnitOfWorkFactory,
    clock: Clock,
    *,
    seed: int = 7,
    seats: int = 5,
    bots: int = 0,
    chat_id: int = -1001,
) -> int:
    """Create a dice game and return its id."""
    return await create_game(
        uow,
        chat_id=chat_id,
        kind=KIND,
        options={},
        seed=seed,
        players=players(seats, bots),
        now=clock,
    )


def actor_for(version: int) -> ActorKind:
    """Return a varying actor so logs hold every kind."""
    return (ActorKind.HUMAN, ActorKind.HUMAN, ActorKind.TIMEOUT, ActorKind.BOT)[version % 4]


async def play_one(uow: UnitOfWorkFactory, clock: Clock, game_id: int) -> Applied | None:
    """Apply the next default (or bot) action of a stored game; return None if it is over."""
    async with uow() as work:
        game = await work.games.get(game_id=game_id)
    engine = get_game(game.kind)
    assert game.snapshot is not None
    state = engine.load_state(game.snapshot)
    to_act = engine.to_act(state)
    if not to_act:
        return None
    seat = min(to_act)
    actor = actor_for(game.version)
    policy = engine.bot_action if actor is ActorKind.BOT else engine.default_action
    return await apply_action(
        uow,
        game_id=game_id,
        seat=seat,
        action_text=engine.encode_action(policy(state, seat)),
        expected_version=game.version,
        actor=actor,
        now=clock,
    )


async def play_to_end(uow: UnitOfWorkFactory, clock: Clock, game_id: int) -> int:
    """Play a stored game to its end through apply_action; return the number of actions."""
    applied = 0
    while await play_one(uow, clock, game_id) is not None:
        applied += 1
        assert applied < 2000, "game does not end"
    return applied
