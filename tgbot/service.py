"""The thin service shell: load → core → save, the same path for a press, a timeout and a bot.

It knows games only through the engine protocol and the storage commands; it sends
nothing to Telegram (the publisher does). Every method is one or a few storage commands,
each committed once.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.engine.errors import NotYourTurn
from core.engine.protocol import Event
from core.engine.registry import get_game
from storage import lobby
from storage.clock import Clock, utc_now
from storage.commands import Applied, apply_action, load_engine_state
from storage.models import ActorKind, Game, GameStatus, Seat
from storage.uow import UnitOfWorkFactory

BOT_ACTIONS_PER_CALL = 2000


@dataclass(frozen=True)
class Table:
    """A game as the front renders it: the row, its seats, their names, the engine state."""

    game: Game
    seats: list[Seat]
    names: list[str]
    state: Any

    @property
    def engine(self) -> Any:
        """Return the engine of this game's kind."""
        return get_game(self.game.kind)

    def seat_of(self, user_id: int) -> int | None:
        """Return the seat index a user holds, or None."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int | None:
        """Return the user holding a seat (None for a bot seat)."""
        return next((s.user_id for s in self.seats if s.seat == seat), None)


@dataclass(frozen=True)
class Played:
    """What one command changed: the applied steps (the human's, then bots') and the table."""

    steps: list[Applied]
    table: Table

    @property
    def events(self) -> list[Event]:
        """Return every event of every applied step, in order."""
        return [event for step in self.steps for event in step.events]


class GameService:
    """Game commands for the Telegram handlers and the deadline runner."""

    def __init__(self, uow_factory: UnitOfWorkFactory, *, now: Clock = utc_now,
                 seed_source: Callable[[], int] = lambda: secrets.randbits(62)) -> None:
        self.uow_factory = uow_factory
        self.now = now
        self.seed_source = seed_source

    async def table(self, game_id: int) -> Table:
        """Return a game with its seats, names and (once dealt) engine state."""
        game = await lobby.load_game(self.uow_factory, game_id=game_id)
        seats = await lobby.seats_of(self.uow_factory, game_id=game_id)
        names = []
        for seat in seats:
            if seat.user_id is None:
                names.append(f"🤖 {seat.seat + 1}")
                continue
            user = await lobby.get_user(self.uow_factory, user_id=seat.user_id)
            names.append(user.display_name if user else str(seat.user_id))
        state = None
        if game.snapshot is not None:
            state = load_engine_state(get_game(game.kind), game)
        return Table(game, list(seats), names, state)

    async def start(self, game_id: int) -> Played:
        """Deal a lobby's game and let bot seats play; return the steps and the table."""
        first = await lobby.start_game(self.uow_factory, game_id=game_id,
                                       seed=self.seed_source(), now=self.now)
        bots = await self.run_bots(game_id)
        return Played([first, *bots], await self.table(game_id))

    async def play(self, game_id: int, user_id: int, version: int, action: str) -> Played:
        """Apply a human's action at a version, then any bot seats' turns.

        Raise NotYourTurn for a user without a seat that owes the decision, and the
        storage/engine errors of `apply_action` (StaleGame, IllegalAction, ...).
        """
        table = await self.table(game_id)
        seat = table.seat_of(user_id)
        if seat is None or table.state is None or seat not in table.engine.to_act(table.state):
            raise NotYourTurn("this decision belongs to another player")
        applied = await apply_action(self.uow_factory, game_id=game_id, seat=seat,
                                     action_text=action, expected_version=version,
                                     actor=ActorKind.HUMAN, now=self.now)
        bots = await self.run_bots(game_id)
        return Played([applied, *bots], await self.table(game_id))

    async def act_for(self, game_id: int, seat: int, version: int, actor: ActorKind) -> Played:
        """Apply the timeout default (actor TIMEOUT) or the bot's choice (BOT) for a seat."""
        table = await self.table(game_id)
        engine = table.engine
        policy = engine.bot_action if actor is ActorKind.BOT else engine.default_action
        action = engine.encode_action(policy(table.state, seat))
        applied = await apply_action(self.uow_factory, game_id=game_id, seat=seat,
                                     action_text=action, expected_version=version, actor=actor,
                                     now=self.now)
        bots = await self.run_bots(game_id)
        return Played([applied, *bots], await self.table(game_id))

    async def run_bots(self, game_id: int) -> list[Applied]:
        """Let bot seats answer every decision they owe; return the applied steps."""
        steps: list[Applied] = []
        for _ in range(BOT_ACTIONS_PER_CALL):
            table = await self.table(game_id)
            if table.game.status is not GameStatus.RUNNING:
                break
            bots = {s.seat for s in table.seats if s.is_bot}
            owed = sorted(bots & set(table.engine.to_act(table.state)))
            if not owed:
                break
            seat = owed[0]
            action = table.engine.encode_action(table.engine.bot_action(table.state, seat))
            steps.append(await apply_action(
                self.uow_factory, game_id=game_id, seat=seat, action_text=action,
                expected_version=table.game.version, actor=ActorKind.BOT, now=self.now))
        return steps

    async def history(self, game_id: int) -> list[Event]:
        """Return every event of a game so far, rebuilt by replaying its action log."""
        game = await lobby.load_game(self.uow_factory, game_id=game_id)
        if game.snapshot is None:
            return []
        seats = await lobby.seats_of(self.uow_factory, game_id=game_id)
        log = await lobby.action_log(self.uow_factory, game_id=game_id)
        engine = get_game(game.kind)
        step = engine.setup(game.options, len(seats), game.seed)
        events = list(step.events)
        state = step.state
        for record in log:
            step = engine.apply(state, record.seat, engine.decode_action(record.action))
            state = step.state
            events.extend(step.events)
        return events
