"""The thin service shell: load → core → save, the same path for a press, a timeout and a bot.

It knows games only through the engine protocol and the storage commands; it sends
nothing to Telegram (the publisher does). Every method is one or a few storage commands,
each committed once.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from core.engine.errors import GameError, IllegalAction, NotYourTurn
from core.engine.protocol import Event
from core.engine.registry import get_game
from storage import lobby
from storage.clock import Clock, utc_now
from storage.commands import (
    Applied,
    DeadlineRule,
    apply_action,
    load_engine_state,
    logged_step,
    release_seat,
    remove_seat,
)
from storage.deadlines import set_seat_bot, set_times
from storage.models import ActorKind, Game, GameStatus, Seat
from storage.uow import UnitOfWorkFactory
from tgbot.deadlines import deadline_rule, timers_of
from tgbot.render.front import front_for

BOT_ACTIONS_PER_CALL = 2000
NAME_CACHE = timedelta(minutes=5)


def random_seed() -> int:
    """Return a fresh random deal seed (the production seed source)."""
    return secrets.randbits(62)


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


def _still_valid(table: Table, seat: int, action: str) -> bool:
    """Return True when an older prompt's press may apply now: others' answers to a
    decision owed by several seats at once (an expert discard) change nothing of this
    seat's, so its prompt stays good while it still owes that decision and the press is legal.
    """
    engine, state = table.engine, table.state
    if not front_for(table.game.kind).answers_independently(engine, state):
        return False
    try:
        return engine.decode_action(action) in engine.legal_actions(state, seat)
    except GameError:
        return False


@dataclass(frozen=True)
class Played:
    """What one command changed: the applied steps (the human's, then bots') and the table."""

    steps: list[Applied]
    table: Table

    @property
    def events(self) -> list[Event]:
        """Return every event of every applied step, in order."""
        return [event for step in self.steps for event in step.events]


@dataclass(frozen=True)
class Removal:
    """What `GameService.remove` did: `by_rule` when the game removed the seat by its own
    rule, else a bot now plays the seat for good; `played` holds the steps and the table."""

    played: Played
    by_rule: bool


class GameService:
    """Game commands for the Telegram handlers and the deadline runner."""

    def __init__(self, uow_factory: UnitOfWorkFactory, *, now: Clock = utc_now,
                 seed_source: Callable[[], int] = random_seed,
                 timed: bool = True) -> None:
        self.uow_factory = uow_factory
        self.now = now
        self.seed_source = seed_source
        self.deadline: DeadlineRule | None = (
            deadline_rule(now, get_game, self._bot_seats) if timed else None)
        self._bots: dict[int, set[int]] = {}
        self._names: dict[int, tuple[str, datetime]] = {}

    def _bot_seats(self, game: Game) -> set[int]:
        return self._bots.get(game.id or 0, set())

    def bot_seats(self, game_id: int) -> set[int]:
        """Return the seats a bot plays in a game (as of the last load)."""
        return set(self._bots.get(game_id, set()))

    async def table(self, game_id: int) -> Table:
        """Return a game with its seats, names and (once dealt) engine state."""
        game, seats = await lobby.game_with_seats(self.uow_factory, game_id=game_id)
        self._bots[game_id] = {seat.seat for seat in seats if seat.is_bot}
        names = await self.names_of(seats)
        state = None
        if game.snapshot is not None:
            state = load_engine_state(get_game(game.kind), game)
        return Table(game, list(seats), names, state)

    async def names_of(self, seats: Sequence[Seat]) -> list[str]:
        """Return the names the table shows for seats (🤖 marks a bot's)."""
        names = []
        for seat in seats:
            if seat.user_id is None:
                names.append(f"🤖 {seat.seat + 1}")
                continue
            name = await self._name(seat.user_id)
            names.append(f"🤖 {name}" if seat.is_bot else name)
        return names

    async def _name(self, user_id: int) -> str:
        """Return a user's display name, cached for a few minutes (names rarely change)."""
        cached = self._names.get(user_id)
        if cached is not None and self.now() - cached[1] < NAME_CACHE:
            return cached[0]
        user = await lobby.get_user(self.uow_factory, user_id=user_id)
        name = user.display_name if user else str(user_id)
        self._names[user_id] = (name, self.now())
        return name

    async def start(self, game_id: int) -> Played:
        """Deal a lobby's game and let bot seats play; return the steps and the table."""
        await self.table(game_id)  # learn the bot seats for the deadline rule
        first = await lobby.start_game(self.uow_factory, game_id=game_id,
                                       seed=self.seed_source(), now=self.now,
                                       deadline=self.deadline)
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
        if version < table.game.version and _still_valid(table, seat, action):
            version = table.game.version
        returned = seat in self._bots.get(game_id, set())
        if returned:  # a press brings a player back from the bot
            await set_seat_bot(self.uow_factory, game_id=game_id, seat=seat, bot=False)
            self._bots[game_id].discard(seat)
        return await self._apply(table, seat, action, version, ActorKind.HUMAN,
                                 seats_changed=returned)

    async def _apply(self, table: Table, seat: int, action: str, version: int,
                     actor: ActorKind, *, seats_changed: bool = False) -> Played:
        """Apply one action, let bot seats follow, and return the steps with the new table."""
        game_id = table.game.id or 0
        applied = await apply_action(self.uow_factory, game_id=game_id, seat=seat,
                                     action_text=action, expected_version=version, actor=actor,
                                     now=self.now, deadline=self.deadline)
        return await self.follow(applied, table.names, seats_changed=seats_changed)

    async def follow(self, applied: Applied, names: list[str] | None = None, *,
                     seats_changed: bool = False) -> Played:
        """Let bot seats follow a saved step; return the steps with the new table.

        `names` are the table's names when the seats did not change (None: look them up).
        """
        game_id = applied.game_id
        if applied.seats is not None:
            self._bots[game_id] = {seat.seat for seat in applied.seats if seat.is_bot}
        bots = await self.run_bots(game_id)
        if bots or seats_changed or applied.game is None or applied.seats is None:
            return Played([applied, *bots], await self.table(game_id))
        # Nothing else moved: the saved row, seats and state are the table; no reload.
        names = names if names is not None else await self.names_of(applied.seats)
        return Played([applied], Table(applied.game, list(applied.seats), names,
                                       applied.state))

    async def run_bots(self, game_id: int) -> list[Applied]:
        """Let bot seats answer every decision they owe; return the applied steps."""
        steps: list[Applied] = []
        if not self._bots.get(game_id):
            return steps  # no bot seat at this table (as of its last load)
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
                expected_version=table.game.version, actor=ActorKind.BOT, now=self.now,
                deadline=self.deadline))
        return steps

    async def take_over_if_struck(self, game_id: int, seat: int,
                                  table: Table | None = None) -> Played | None:
        """Give a seat to the bot after too many timeouts in a row; return the bot's play."""
        table = table if table is not None else await self.table(game_id)
        limit = timers_of(table.game).strikes_for_bot
        row = next(s for s in table.seats if s.seat == seat)
        if limit == 0 or row.is_bot or row.strikes < limit:
            return None
        return await self.hand_to_bot(game_id, seat)

    async def hand_to_bot(self, game_id: int, seat: int) -> Played | None:
        """Hand a player's seat to the bot (the player may come back with /back) and let it
        play what the seat owes; return its steps, or None if a bot already played it."""
        if not await set_seat_bot(self.uow_factory, game_id=game_id, seat=seat, bot=True):
            return None
        return await self._after_seats_changed(game_id)

    async def remove(self, game_id: int, seat: int, version: int) -> Removal:
        """Remove a player's seat at `version` by the game's rule (logged, so replays repeat
        it); when the game cannot, a bot takes the seat for the rest of the game.

        Raise StaleGame if the game moved on, GameOver or GameNotRunning if it does not run.
        """
        try:
            applied = await remove_seat(self.uow_factory, game_id=game_id, seat=seat,
                                        expected_version=version, now=self.now,
                                        deadline=self.deadline)
        except IllegalAction:
            await release_seat(self.uow_factory, game_id=game_id, seat=seat)
            return Removal(await self._after_seats_changed(game_id), by_rule=False)
        return Removal(await self.follow(applied, seats_changed=True), by_rule=True)

    async def _after_seats_changed(self, game_id: int) -> Played:
        """Store the deadline for the new seats and let bot seats play; return their steps."""
        await self.table(game_id)
        await self._refresh_deadline(game_id)
        steps = await self.run_bots(game_id)
        return Played(steps, await self.table(game_id))

    async def set_bot(self, game_id: int, seat: int, bot: bool) -> bool:
        """Hand a seat to the bot or back to its player; return False if nothing changed."""
        changed = await set_seat_bot(self.uow_factory, game_id=game_id, seat=seat, bot=bot)
        await self.table(game_id)
        await self._refresh_deadline(game_id)
        return changed

    async def _refresh_deadline(self, game_id: int) -> None:
        """Recompute the stored deadline after the seats changed (not the state)."""
        table = await self.table(game_id)
        if self.deadline is None or table.game.status is not GameStatus.RUNNING:
            return
        due, remind = self.deadline(table.game, table.state)
        await set_times(self.uow_factory, game_id=game_id, version=table.game.version,
                        deadline_at=due, remind_at=remind)

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
            step = logged_step(engine, state, record.seat, record.action, checked=False)
            state = step.state
            events.extend(step.events)
        return events
