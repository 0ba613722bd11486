"""The service shell: every game use case as one storage command, then delivery.

A press, a timeout, a removal or a refresh loads its game once (`tgbot.service.scene`), decides
in memory (the engine, the bot seats that follow), and writes the row, the log and what
each audience should now see in one unit of work; the rows it wrote go to the delivery
loop (tgbot/delivery/loop.py), which brings Telegram there. The service sends nothing itself.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, Concatenate, ParamSpec, TypeVar

from core.engine.errors import GameError, IllegalAction, NotYourTurn, StaleVersion
from core.engine.registry import get_game
from storage.clock import Clock, utc_now
from storage.errors import StorageError
from storage.models import ActorKind, Delivery, Game, GameStatus, assign
from storage.uow import UnitOfWorkFactory
from tgbot.ops.trace import note_game
from tgbot.service import game_status, reads
from tgbot.service.attention import attention, channels, take_pings_due
from tgbot.service.commands import Applied, play, release_seat, remove_seat, run_command
from tgbot.service.deadlines import in_quiet, seated_deadline_rule, timers_of
from tgbot.service.follow import absent_seats, clear_absent, follow
from tgbot.service.outbox_notes import PromptMarks
from tgbot.service.results import Played, Removal, Table
from tgbot.service.scene import (
    Hooks,
    Scene,
    check_running,
    load_scene,
    prompts_of,
)

P = ParamSpec("P")
R = TypeVar("R")


def random_seed() -> int:
    """Return a fresh random deal seed (the production seed source)."""
    return secrets.randbits(62)


def still_valid(scene: Scene, seat: int, action: str) -> bool:
    """Return True when an older prompt's press may apply now: others' answers to a
    decision owed by several seats at once (an expert discard) change nothing of this
    seat's, so its prompt stays good while it still owes that decision and the press is legal.
    """
    engine, state = scene.engine, scene.state
    if not any(p.seat == seat and p.independent for p in engine.prompts(state)):
        return False
    try:
        return engine.decode_action(action) in engine.legal_actions(state, seat)
    except GameError:
        return False


class GameService:
    """Game use cases for the Telegram handlers and the deadline runner.

    `outbox` renders scenes (tgbot/render/outbox.py), `deliver` takes the delivery rows a command
    wrote, `wake` is told each game's deadline and reminder (so the sweep can wake for
    them); all three are optional for tests of storage and rules alone. `owner` names this
    replica, which delivers the rows its commands write (scene.merge).
    """

    def __init__(self, uow_factory: UnitOfWorkFactory, *, now: Clock = utc_now,
                 seed_source: Callable[[], int] = random_seed,
                 outbox: Callable[[Scene], list[Any]] | None = None,
                 deliver: Callable[[list[Delivery]], None] | None = None,
                 wake: Callable[[int, Iterable[datetime | None]], None] | None = None,
                 owner: str | None = None) -> None:
        self.uow_factory = uow_factory
        self.now = now
        self.seed_source = seed_source
        self.hooks = Hooks(deadline=seated_deadline_rule(now, get_game),
                           strike_limit=lambda game: timers_of(game).strikes_for_bot,
                           attention=attention, outbox=outbox, owner=owner)
        self.deliver = deliver
        self.wake = wake

    async def run(self, use_case: Callable[Concatenate[UnitOfWorkFactory, P], Awaitable[R]],
                  *args: P.args, **kwargs: P.kwargs) -> R:
        """Return what one of the service layer's use cases (a function of tgbot/service/
        taking the unit-of-work factory first) returns, run on this service's storage: the
        handlers name the use case, never the factory."""
        return await use_case(self.uow_factory, *args, **kwargs)

    def done(self, applied: Applied) -> Applied:
        """Hand a command's written delivery rows to the loop and its deadline to the
        waker (and its game and version to the update's trace); return it."""
        note_game(applied.game_id, applied.version)
        scene = applied.scene
        if scene is not None and scene.written and self.deliver is not None:
            self.deliver(list(scene.written))
        game = applied.game
        if game is not None and game.id is not None and self.wake is not None:
            self.wake(game.id, (game.deadline_at, game.remind_at))
        return applied

    async def command(self, game_id: int, work: Callable[[Scene], None]) -> Played:
        """Run `work` on the game as one command; deliver; return what it did."""
        applied = self.done(await run_command(self.uow_factory, game_id=game_id, work=work,
                                              now=self.now, hooks=self.hooks))
        assert applied.scene is not None
        return Played(applied, Table.of(applied.scene))

    async def table(self, game_id: int) -> Table:
        """Return a game with its seats, names and (once dealt) engine state (a read)."""
        async with self.uow_factory() as uow:
            return Table.of(await load_scene(uow, game_id, lock=False))

    async def bot_seats(self, game_id: int) -> set[int]:
        """Return the seats a bot plays in a game now."""
        return {row.seat for row in (await self.table(game_id)).seats if row.is_bot}

    async def start(self, game_id: int) -> Played:
        """Deal a lobby's game and let bot seats play; return what was done and the table."""
        applied = self.done(await game_status.start_game(self.uow_factory, game_id=game_id,
                                                   seed=self.seed_source(), now=self.now,
                                                   hooks=self.hooks))
        assert applied.scene is not None
        return Played(applied, Table.of(applied.scene))

    async def play(self, game_id: int, user_id: int, version: int, action: str, *,
                   chat_id: int | None = None) -> Played:
        """Apply a human's action at a version, then any bot seats' turns.

        `chat_id` is where the button was pressed: the game's group or the presser's
        private chat. Raise WrongChat for another chat, NotYourTurn for a user without a
        seat that owes the decision, and the storage/engine errors of
        `tgbot.service.commands.play` (StaleGame, IllegalAction, ...).
        """
        note_game(game_id, version)  # the version pressed, until a move is made

        def work(scene: Scene) -> None:
            if chat_id is not None and chat_id not in (scene.game.chat_id, user_id):
                raise WrongChat(f"game {game_id} is not played in chat {chat_id}")
            seat = scene.seat_of(user_id)
            if seat is None or scene.state is None \
                    or seat not in scene.engine.to_act(scene.state):
                raise NotYourTurn("this decision belongs to another player")
            check_running(scene, None)
            at = version
            if version < scene.game.version and still_valid(scene, seat, action):
                at = scene.game.version
            for row in scene.seats:  # a press brings a player back from the bot
                if row.seat == seat:
                    assign(row, is_bot=False)
            play(scene, seat, action, at, ActorKind.HUMAN)
            follow(scene)

        return await self.command(game_id, work)

    async def refresh(self, game_id: int, *, fresh: bool = False,
                      prompt_for: int | None = None, options: bool = False,
                      moved_here: bool = False, left: int | None = None,
                      removed: bool = False) -> Played:
        """Store what everyone should see of a game now (the lobby or the table): `fresh`
        posts it anew at the bottom of the chat, `prompt_for` a seat's private prompt anew,
        `options` shows the lobby's options, `moved_here` says its topic is gone, `left`
        (and `removed`) that a seat's player left the group (fields of `Notes`)."""

        def work(scene: Scene) -> None:
            scene.notes = replace(scene.notes, fresh=fresh, prompt_for=prompt_for,
                                  options=options, moved_here=moved_here, left=left,
                                  removed=removed)

        return await self.command(game_id, work)

    async def mark(self, game_id: int, user_id: int, version: int,
                   keep: frozenset[int]) -> Played:
        """Redraw the owing seat's prompt with `keep` as its own state (the card game's
        open card; an old dice keyboard's marks); the game does not change. Raise
        StaleVersion or NotYourTurn."""

        def work(scene: Scene) -> None:
            seat = _owing_seat(scene, user_id, version)
            # the other seats' prompts stay as they were
            scene.notes.marks = PromptMarks(frozenset(keep), seat)

        return await self.command(game_id, work)

    async def toggle_mark(self, game_id: int, user_id: int, version: int,
                          item: int) -> frozenset[int]:
        """Switch one item of the prompt's marks kept with the game (the dice marked for a
        re-roll at this version), redraw the prompt, and return the marks now. Relative to
        what is stored, so presses on a keyboard whose edit is still delayed add up.
        Raise StaleVersion or NotYourTurn."""
        marked: list[frozenset[int]] = []

        def work(scene: Scene) -> None:
            _owing_seat(scene, user_id, version)
            now = marks_of(scene.game) ^ {item}
            scene.game.lobby = {**scene.game.lobby,
                                MARKS: {"version": version, "items": sorted(now)}}
            scene.notes.marks, scene.notes.dirty = PromptMarks(now), True
            scene.notes.settle = True
            marked.append(now)

        await self.command(game_id, work)
        return marked[0]

    async def marks(self, game_id: int) -> frozenset[int]:
        """Return the marks kept with the game for its current version (none: empty)."""
        return marks_of(await reads.load_game(self.uow_factory, game_id=game_id))

    async def hand_to_bot(self, game_id: int, seat: int) -> Played | None:
        """Hand a player's seat to the bot (the player may come back with /back) and let it
        play what the seat owes; return what it did, or None if a bot already played it."""
        return await self._set_bot(game_id, seat, bot=True)

    async def set_bot(self, game_id: int, seat: int, bot: bool) -> bool:
        """Hand a seat to the bot or back to its player; return False if nothing changed."""
        return await self._set_bot(game_id, seat, bot=bot) is not None

    async def _set_bot(self, game_id: int, seat: int, *, bot: bool) -> Played | None:
        """Hand a seat to the bot (or back to its player, who is then no longer absent
        either) and let the automatic seats play."""
        changed: list[int] = []

        def work(scene: Scene) -> None:
            for row in scene.seats:
                if row.seat == seat and row.user_id is not None and row.is_bot != bot:
                    row.is_bot, row.strikes = bot, 0
                    changed.append(seat)
            if not bot and scene.state is not None and seat in absent_seats(scene):
                clear_absent(scene, seat)
                changed.append(seat)
            if not changed:
                return
            scene.notes.dirty = True
            if scene.game.status is GameStatus.RUNNING and scene.game.paused_at is None:
                follow(scene)

        played = await self.command(game_id, work)
        return played if changed else None

    async def tell_unreachable(self, game_id: int, user_id: int) -> None:
        """Tell the game's group, once per game and player, that the bot cannot write to a
        seated player in private (and how he can fix it)."""

        def work(scene: Scene) -> None:
            told = scene.game.lobby.get(UNREACHABLE_TOLD, [])
            if user_id in told or scene.seat_of(user_id) is None:
                raise Unchanged
            scene.game.lobby = {**scene.game.lobby, UNREACHABLE_TOLD: [*told, user_id]}
            scene.notes.unreachable, scene.notes.dirty = user_id, True

        try:
            await self.command(game_id, work)
        except (Unchanged, StorageError):
            return

    async def remove(self, game_id: int, seat: int, version: int) -> Removal:
        """Remove a player's seat at `version` by the game's rule (logged, so replays repeat
        it); when the game cannot, a bot takes the seat for the rest of the game.

        Raise StaleGame if the game moved on, GameOver or GameNotRunning if it does not run.
        """
        try:
            applied = self.done(await remove_seat(self.uow_factory, game_id=game_id, seat=seat,
                                                  expected_version=version, now=self.now,
                                                  hooks=self.hooks))
        except IllegalAction:
            await release_seat(self.uow_factory, game_id=game_id, seat=seat)
            return Removal(await self.refresh_bots(game_id), by_rule=False)
        assert applied.scene is not None
        return Removal(Played(applied, Table.of(applied.scene)), by_rule=True)

    async def refresh_bots(self, game_id: int) -> Played:
        """Let bot seats play what they owe after the seats changed; return what they did."""

        def work(scene: Scene) -> None:
            scene.notes.dirty = True
            if scene.game.status is GameStatus.RUNNING:
                follow(scene)

        return await self.command(game_id, work)

    async def history(self, game_id: int) -> list[dict[str, Any]]:
        """Return the public events of a game so far: the deal's (dealt again from the seed,
        a pure function) and those stored with each logged action."""
        game, seats = await reads.game_with_seats(self.uow_factory, game_id=game_id)
        if game.snapshot is None:
            return []
        dealt = get_game(game.kind).setup(game.options, len(seats), game.seed).events
        log = await reads.action_log(self.uow_factory, game_id=game_id)
        return [*(e.to_json() for e in dealt if e.visible_to(None)),
                *(event for record in log for event in record.events or [])]

    async def lobby_changed(self, game_id: int, **notes: Any) -> None:
        """Store the lobby's new rendering after a lobby command (ignore a vanished game)."""
        try:
            await self.refresh(game_id, **notes)
        except StorageError:
            return

    async def remind(self, game_id: int, version: int) -> None:
        """Remind the seats on the clock by DM, and once per turn with a mention in the
        group; in quiet hours only move the reminder to their end."""

        def work(scene: Scene) -> None:
            game = scene.game
            if game.status is not GameStatus.RUNNING or game.version != version \
                    or game.paused_at is not None:
                raise Unchanged
            scene.notes.dirty = True
            game.remind_at = self._remind(scene)

        try:
            await self.command(game_id, work)
        except (Unchanged, StorageError):
            return

    def _remind(self, scene: Scene) -> datetime | None:
        """Leave the reminder notes on the scene (or, at the end of quiet hours, the "your
        move" notices that waited for it); return when to remind next."""
        game, engine, state = scene.game, scene.engine, scene.state
        settings, now = timers_of(game), self.now()
        quiet_until = in_quiet(now, settings)
        if quiet_until is not None:  # nobody is pinged in quiet hours
            return quiet_until
        waited = take_pings_due(scene)
        if waited is not None:
            prompts, then = waited
            scene.notes.attention = channels(scene, prompts, resend=True)
            return then if then is not None and then > now else None
        bots = scene.bots()
        owed = [p.seat for p in prompts_of(engine, state)  # those with something to press
                if (p.public or p.private) and scene.user_of(p.seat) is not None
                and p.seat not in bots]
        scene.notes.remind = owed
        turn = engine.turn_marker(state)
        if owed and game.lobby.get("mentioned_turn") != turn:
            scene.notes.mention = True
            game.lobby = {**game.lobby, "mentioned_turn": turn}
        if game.deadline_at is None or not settings.remind_before_seconds:
            return None
        before = game.deadline_at - timedelta(seconds=settings.remind_before_seconds)
        return before if before > now + timedelta(minutes=1) else None


MARKS = "marks"
"""The prompt's marks kept with the game (`lobby`): the dice marked for a re-roll."""
UNREACHABLE_TOLD = "unreachable_told"


def marks_of(game: Game) -> frozenset[int]:
    """Return the marks kept with a game for its current version (none: empty)."""
    stored = game.lobby.get(MARKS) or {}
    if stored.get("version") != game.version:
        return frozenset()
    return frozenset(int(item) for item in stored.get("items", ()))


def _owing_seat(scene: Scene, user_id: int, version: int) -> int:
    """Return the user's seat if it owes the decision at `version`; raise StaleVersion or
    NotYourTurn."""
    if scene.state is None or scene.game.version != version:
        raise StaleVersion(f"the game is at version {scene.game.version}")
    seat = scene.seat_of(user_id)
    if seat is None or seat not in scene.engine.to_act(scene.state):
        raise NotYourTurn("this decision belongs to another player")
    return seat
"""The users of a game its group was told the bot cannot write to (kept in `lobby`)."""


class Unchanged(Exception):
    """A command found nothing to do (it writes nothing)."""


class WrongChat(Exception):
    """A button of a game was pressed in a chat that is not the game's."""
