"""A game command's working set: load once, apply, let bots follow, save once with its outbox.

Every command that changes a running game (a press, a timeout, a removal, a refresh of
what players see) runs as: `load_scene` (the game row locked, its seats, their users, the
chat and the delivery rows, in one unit of work) → engine steps in memory → `save_scene`
(the row, the log with each action's public events, the seats, and what each audience
should now see, written together) → one commit. The shell supplies `Hooks`: the deadline
rule, the strike limit and the outbox (the renderings); storage never renders.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from core.engine.errors import GameOver
from core.engine.protocol import Event, Outcome, Prompt, Step
from core.engine.registry import AnyGame, get_game
from storage.errors import GameNotRunning, StaleGame
from storage.models import (
    ActionRecord,
    ActorKind,
    Chat,
    Delivery,
    Game,
    GameStatus,
    Seat,
    User,
    assign,
    built,
)
from storage.records import SeatResult, results_of
from storage.repositories import UnitOfWork
from tgbot.service.outbox_notes import Notes
from tgbot.service.payloads import Payload, carried_closings
from tgbot.service.states import keep_state, load_engine_state

OWNED = timedelta(seconds=30)
"""How long the replica that wrote a delivery row owns it before any sweep may take it."""
NOTE = "note:"


@dataclass(frozen=True)
class Logged:
    """One action a command applied: who, its text, who chose it, and its events."""

    seat: int
    action: str
    actor: ActorKind
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Outbound:
    """What one audience should now see: the delivery `key`, the chat, the rendering.

    A key starting with "note:" is a one-off message (sent once, then forgotten); `fresh`
    asks for the rendering as a new message at the bottom of the chat.
    """

    key: str
    chat_id: int
    payload: Payload
    topic_id: int | None = None
    fresh: bool = False


@dataclass
class Scene:
    """A game loaded for one command, with everything its renderings need.

    `steps` are the actions this command applied, `notes` what the command wants said
    (a timeout, a bot takeover, /status); the outbox hook reads both.
    """

    game: Game
    seats: list[Seat]
    users: dict[int, User]
    chat: Chat | None
    deliveries: dict[str, Delivery]
    state: Any = None
    steps: list[Logged] = field(default_factory=list)
    notes: Notes = field(default_factory=Notes)
    dealt: tuple[Event, ...] = ()
    written: list[Delivery] = field(default_factory=list)
    loaded_seats: dict[int, tuple[int | None, bool, int]] = field(default_factory=dict)
    """Each seat's holder, bot flag and strikes as loaded: only seats that differ are saved."""
    loaded_state: Any = None
    """The engine state as loaded (None before the deal): who owed what when the command began."""
    at: datetime | None = None
    """When the command is saved (set by `save_scenes`, before the outbox renders)."""

    @property
    def engine(self) -> AnyGame:
        """Return the engine of the game's kind."""
        return get_game(self.game.kind)

    @property
    def events(self) -> list[Event]:
        """Return the events of this command (the deal's, then every step's), in order."""
        return [*self.dealt, *(event for step in self.steps for event in step.events)]

    def bots(self) -> set[int]:
        """Return the seats a bot plays."""
        return {row.seat for row in self.seats if row.is_bot}

    def seat_of(self, user_id: int) -> int | None:
        """Return the seat a user holds, or None."""
        return next((row.seat for row in self.seats if row.user_id == user_id), None)

    def user_of(self, seat: int) -> int | None:
        """Return the user holding a seat (None for a bot's seat)."""
        return next((row.user_id for row in self.seats if row.seat == seat), None)

    def names(self) -> list[str]:
        """Return the names the table shows for its seats, in seat order (🤖 marks a bot's)."""
        names = []
        for row in self.seats:
            user = self.users.get(row.user_id) if row.user_id is not None else None
            if user is None:
                names.append(bot_name(row.seat) if row.user_id is None else str(row.user_id))
                continue
            names.append(f"🤖 {user.display_name}" if row.is_bot else user.display_name)
        return names


def bot_name(seat: int) -> str:
    """Return the name of a seat a bot holds from the start ("🤖 Bot 4": seats count from 1
    for players; a bare "🤖 4" read like an internal number)."""
    return f"🤖 Bot {seat + 1}"


# Given the game, its seats and the new engine state: (deadline_at, remind_at).
SeatedDeadlineRule = Callable[[Game, Sequence[Seat], Any], tuple[datetime | None, datetime | None]]


@dataclass(frozen=True)
class Hooks:
    """What the shell adds to a game command: the deadline rule, how many timeouts in a
    row hand a seat to the bot (0: never), who must be told that a decision is now his
    (`attention`: it leaves notes for the outbox, run after the deadline is set), the
    outbox (the renderings of a scene), and the replica that delivers what the command
    writes (`owner`, None for a single process)."""

    deadline: SeatedDeadlineRule | None = None
    strike_limit: Callable[[Game], int] | None = None
    attention: Callable[[Scene], None] | None = None
    outbox: Callable[[Scene], list[Outbound]] | None = None
    owner: str | None = None


NO_HOOKS = Hooks()


_PROMPTS: list[tuple[Any, tuple[Prompt, ...]]] = []  # the last states asked, newest last
PROMPTS_KEPT = 4


def prompts_of(engine: AnyGame, state: Any) -> tuple[Prompt, ...]:
    """Return `engine.prompts(state)`. The last few states' prompts are kept: a command's
    deadline rule, its table, its private prompts and who must be told of his move ask for
    those of the state it ends on (and of the state it began with, which the command before
    ended on); an engine never changes a state in place, so the same object has the same
    prompts."""
    for kept, known in reversed(_PROMPTS):
        if kept is state:
            answer: tuple[Prompt, ...] = known
            return answer
    found: tuple[Prompt, ...] = tuple(engine.prompts(state))
    _PROMPTS.append((state, found))
    if len(_PROMPTS) > PROMPTS_KEPT:
        del _PROMPTS[0]
    return found


def write_state(game: Game, engine: AnyGame, state: Any, at: datetime) -> Outcome | None:
    """Put an engine state on the game row (a finished game loses its deadline); return the
    outcome. The caller sets the next deadline of a game that goes on."""
    outcome = engine.outcome(state)
    assign(game, version=engine.version(state), snapshot=engine.dump_state(state),
           updated_at=at)
    keep_state(game, state)
    if outcome is not None:
        assign(game, status=GameStatus.FINISHED, outcome=outcome.to_json(), deadline_at=None,
               remind_at=None)
    return outcome


async def load_scene(uow: UnitOfWork, game_id: int, *, lock: bool = True) -> Scene:
    """Return the game (row-locked unless only read: `lock` False) with its seats, users,
    chat and deliveries.

    Raise GameNotFound; CorruptGame for an unreadable snapshot.
    """
    game = await uow.games.get(game_id=game_id, lock=lock)
    scenes = await _scenes(uow, [game], lock=lock)
    return scenes[0]


async def load_scenes(uow: UnitOfWork, game_ids: Sequence[int]) -> list[Scene]:
    """Return the scenes of these games (rows locked, by id; unknown ids left out), with
    a handful of statements in all. Raise CorruptGame for an unreadable snapshot."""
    return await _scenes(uow, list(await uow.games.get_many(game_ids=game_ids, lock=True)),
                         lock=True)


async def _scenes(uow: UnitOfWork, games: list[Game], *, lock: bool) -> list[Scene]:
    ids = [game.id or 0 for game in games]
    seats: dict[int, list[Seat]] = {game_id: [] for game_id in ids}
    for row in await uow.seats.list_many(game_ids=ids):
        seats[row.game_id].append(row)
    user_ids = [row.user_id for rows in seats.values() for row in rows if row.user_id]
    users = {user.id: user for user in await uow.users.get_many(user_ids=user_ids)}
    chats = {chat.id: chat for chat in await uow.chats.get_many(
        chat_ids=[game.chat_id for game in games])}
    deliveries: dict[int, dict[str, Delivery]] = {game_id: {} for game_id in ids}
    # Locked with the game: which replica delivers a row is decided on what it holds now.
    for delivery in await uow.deliveries.of_games(game_ids=ids, lock=lock):
        deliveries[delivery.game_id][delivery.key] = delivery
    scenes = []
    for game in games:
        game_id = game.id or 0
        scene = Scene(game, seats[game_id],
                      {row.user_id: users[row.user_id] for row in seats[game_id]
                       if row.user_id is not None and row.user_id in users},
                      chats.get(game.chat_id), deliveries[game_id])
        scene.loaded_seats = {row.seat: held(row) for row in scene.seats}
        if game.snapshot is not None:
            scene.state = scene.loaded_state = load_engine_state(get_game(game.kind), game)
        scenes.append(scene)
    return scenes


def check_running(scene: Scene, expected_version: int | None) -> None:
    """Raise GameOver, GameNotRunning (lobby or paused) or StaleGame unless the scene's game
    runs at `expected_version` (None: any)."""
    game = scene.game
    if game.status in (GameStatus.FINISHED, GameStatus.ABORTED):
        raise GameOver(f"game {game.id} is {game.status}")
    if game.status is not GameStatus.RUNNING or game.paused_at is not None:
        raise GameNotRunning(f"game {game.id} is {game.status}"
                             + (" (paused)" if game.paused_at is not None else ""))
    if expected_version is not None and game.version != expected_version:
        raise StaleGame(f"expected version {expected_version}, game is at {game.version}")


def take_step(scene: Scene, seat: int, action: str, actor: ActorKind, step: Step[Any], *,
              strike: bool = True) -> None:
    """Record an applied step on the scene (its new state, the logged action, strikes).

    Strikes count consecutive timeouts: a timeout adds one (unless `strike` is False: a
    window's lapse, an admin's skip, the rest of an absent player's turn), the player's own
    move clears them.
    """
    scene.state = step.state
    scene.steps.append(Logged(seat, action, actor, tuple(step.events)))
    if actor is ActorKind.HUMAN or (actor is ActorKind.TIMEOUT and strike):
        for row in scene.seats:
            if row.seat == seat:
                assign(row, strikes=row.strikes + 1 if actor is ActorKind.TIMEOUT else 0)


async def save_scene(uow: UnitOfWork, scene: Scene, *, expected_version: int, at: datetime,
                     hooks: Hooks, dirty: bool = False, reclock: bool = False) -> None:
    """Write one scene as `save_scenes` does."""
    await save_scenes(uow, [(scene, expected_version)], at=at, hooks=hooks, dirty=dirty,
                      reclock=reclock)


async def save_scenes(uow: UnitOfWork, scenes: Sequence[tuple[Scene, int]], *, at: datetime,
                      hooks: Hooks, dirty: bool = False, reclock: bool = False) -> None:
    """Write scenes, each given with the version its row must still be at: the game row
    when it took steps, is `dirty` (written as it is) or must `reclock` (its state, then
    its next deadline or its outcome, as after steps); the log of its steps with their
    public events; the changed seats; the outbox; an ended game's records. Raise StaleGame.
    """
    rows: list[tuple[Game, int]] = []
    records: list[ActionRecord] = []
    seats: list[Seat] = []
    outbound: list[Delivery] = []
    finished: list[SeatResult] = []
    for scene, expected in scenes:
        game = scene.game
        scene.at = at
        if (scene.steps or reclock) and scene.state is not None:
            ended = game.status is not GameStatus.FINISHED  # an end is tallied once
            if (outcome := write_state(game, scene.engine, scene.state, at)) and ended:
                finished.extend(results_of(game, scene.seats, scene.state))
            if outcome is None and hooks.deadline is not None and game.paused_at is None:
                deadline_at, remind_at = hooks.deadline(game, scene.seats, scene.state)
                assign(game, deadline_at=deadline_at, remind_at=remind_at)
        if hooks.attention is not None and scene.state is not None:
            hooks.attention(scene)
        if scene.steps or dirty or reclock:
            rows.append((game, expected))
        records.extend(
            built(ActionRecord, {
                "game_id": game.id or 0, "version": expected + 1 + index, "seat": step.seat,
                "action": step.action, "actor": step.actor, "applied_at": at,
                "events": [e.to_json() for e in step.events if e.visible_to(None)]})
            for index, step in enumerate(scene.steps))
        seats.extend(row for row in scene.seats
                     if scene.loaded_seats.get(row.seat) != held(row))
        outbound.extend(outbox_rows(scene, at, hooks))
    await uow.games.save_many(games=rows)
    await uow.actions.append_many(records=records)
    await uow.seats.save_many(seats=seats)
    await uow.deliveries.write(rows=outbound)
    await uow.records.tally(results=finished)


def held(row: Seat) -> tuple[int | None, bool, int]:
    """Return what a command may change of a seat: its holder, bot flag and strikes."""
    return row.user_id, row.is_bot, row.strikes


def outbox_rows(scene: Scene, at: datetime, hooks: Hooks) -> list[Delivery]:
    """Return the scene's delivery rows that the outbox's renderings change (merged into
    `scene.deliveries`), owned by this process for a short while (`OWNED`)."""
    if hooks.outbox is None:
        return []
    changed = [row for out in hooks.outbox(scene)
               if (row := merge(scene.deliveries.get(out.key), scene.game, out, at,
                                hooks.owner)) is not None]
    for row in changed:
        scene.deliveries[row.key] = row
    scene.written.extend(changed)
    return changed


def merge(row: Delivery | None, game: Game, out: Outbound, at: datetime,
          owner: str | None = None) -> Delivery | None:
    """Return the delivery row showing `out` (a new one, or `row` at its next revision,
    `owner`'s to deliver unless another replica's lease on it runs), or None when `row`
    already wants exactly that. While a row's previous revision is still unsent, the lines
    that lead its message ("lead": a timeout, what ended the last turn), the messages to
    strip of their buttons ("retire") and the last words of the message still shown
    ("closing") carry over, so coalescing never drops them."""
    assert game.id is not None
    if row is None or out.key.startswith(NOTE):
        key = f"{NOTE}{secrets.token_hex(6)}" if out.key.startswith(NOTE) else out.key
        return built(Delivery, {"game_id": game.id, "key": key, "chat_id": out.chat_id,
                                "topic_id": out.topic_id, "revision": 1,
                                "payload": out.payload, "due_at": at + OWNED,
                                "updated_at": at, "owner": owner})
    wanted = {key: value for key, value in row.payload.items() if key not in ("retire", "settle")}
    shown = {key: value for key, value in out.payload.items() if key != "settle"}
    if wanted == shown and row.chat_id == out.chat_id and not out.fresh:
        return None
    payload = Payload(**out.payload)
    unsent = row.revision > row.sent_revision
    if unsent and row.payload.get("lead"):  # lines never shown yet are never dropped
        payload["lead"] = list(dict.fromkeys([*row.payload["lead"],
                                              *payload.get("lead", [])]))[-12:]
    if unsent and (row.payload.get("closing") or row.payload.get("closings")):
        # how the message still shown is to end, and the one being sent, if it is
        owed = carried_closings(row.payload, payload.get("closing"))
        if "closing" not in payload and owed:
            payload["closing"] = owed.pop()
        if owed:
            payload["closings"] = owed
    retire = list(row.payload.get("retire", [])) if unsent else []
    if out.fresh and row.message_id is not None:
        retire.append(row.message_id)
        assign(row, message_id=None)
    if retire:
        payload["retire"] = retire
    assign(row, payload=payload, chat_id=out.chat_id, topic_id=out.topic_id,
           revision=row.revision + 1, attempts=0, error=None, updated_at=at)
    if owner is None or row.owner in (None, owner) or row.due_at is None or row.due_at <= at:
        assign(row, due_at=at + OWNED, owner=owner)  # else its owner sends it after its send
    return row
