"""A game command's working set: `merge` (what a delivery row should show next) and
`run_command` (load, change in memory, save row + log + seats + outbox, one commit)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from core.engine.errors import NotYourTurn
from core.engine.protocol import apply_checked
from core.engine.registry import get_game
from storage.clock import Clock
from storage.errors import GameNotRunning
from storage.models import ActorKind, Delivery, Game, GameStatus, Seat
from storage.replay import check_games
from tests.storage.conftest import Backend
from tests.storage.play import KIND, new_game, players
from tgbot.service import deliveries, reads
from tgbot.service import states as states_module
from tgbot.service.commands import Applied, create_game, play, run_command
from tgbot.service.follow import follow
from tgbot.service.lru import Lru
from tgbot.service.scene import (
    NOTE,
    OWNED,
    Hooks,
    Outbound,
    Scene,
    load_scene,
    merge,
    prompts_of,
    take_step,
)

ENGINE = get_game(KIND)
AT = datetime(2026, 5, 6, 7, 8, 9, tzinfo=UTC)
LATER = AT + timedelta(minutes=5)
DEADLINE = datetime(2032, 1, 1, tzinfo=UTC)


# --- merge -------------------------------------------------------------------------------


def _game() -> Game:
    return Game(id=7, chat_id=-1, kind=KIND, options={}, seed=1, status=GameStatus.RUNNING,
                version=3, created_at=AT, updated_at=AT)


def _table(text: str, anchor: int = 1, **more: Any) -> Outbound:
    return Outbound("table", -1, {"text": text, "anchor": anchor, **more}, topic_id=4)


def _sent(row: Delivery, message_id: int = 50, anchor: int | None = 1) -> Delivery:
    """Return the row as the delivery loop leaves it once Telegram shows its revision."""
    row.sent_revision, row.message_id, row.sent_anchor, row.due_at = (row.revision, message_id,
                                                                      anchor, None)
    return row


def _retry(row: Delivery) -> tuple[Any, ...]:
    return row.due_at, row.updated_at, row.attempts, row.error


def test_merge_makes_a_new_row_owned_for_a_while() -> None:
    row = merge(None, _game(), _table("hi"), AT)
    assert row is not None
    assert (row.id, row.game_id, row.key, row.chat_id, row.topic_id) == (None, 7, "table", -1, 4)
    assert (row.revision, row.sent_revision, row.message_id) == (1, 0, None)
    assert row.payload == {"text": "hi", "anchor": 1}
    assert (row.due_at, row.updated_at) == (AT + OWNED, AT)


def test_an_unchanged_rendering_writes_nothing() -> None:
    row = _sent(merge(None, _game(), _table("hi"), AT) or pytest.fail("no row"))
    assert merge(row, _game(), _table("hi"), LATER) is None
    assert (row.revision, row.due_at) == (1, None)
    unsent = merge(None, _game(), _table("hi"), AT)
    assert merge(unsent, _game(), _table("hi"), LATER) is None  # already wanted


def test_a_new_rendering_bumps_the_revision_and_the_due_time() -> None:
    row = _sent(merge(None, _game(), _table("hi"), AT) or pytest.fail("no row"))
    row.attempts, row.error, row.id = 4, "flood", 99
    merged = merge(row, _game(), _table("hello"), LATER)
    assert merged is row
    assert (row.id, row.revision, row.sent_revision, row.message_id) == (99, 2, 1, 50)
    assert row.payload == {"text": "hello", "anchor": 1}
    assert _retry(row) == (LATER + OWNED, LATER, 0, None)
    moved = merge(row, _game(), Outbound("table", -9, row.payload), LATER)  # a new chat id
    assert moved is row
    assert (row.revision, row.chat_id, row.topic_id) == (3, -9, None)


def test_an_unsent_new_anchor_keeps_its_lead_lines_and_retired_messages() -> None:
    row = _sent(merge(None, _game(), _table("turn 1"), AT) or pytest.fail("no row"))
    row.payload = {**row.payload, "retire": [40]}  # written fresh, then sent
    merge(row, _game(), _table("turn 2", 2, lead=["A timed out"]), AT)
    assert "retire" not in row.payload  # already retired when it was sent
    merged = merge(row, _game(), _table("turn 2b", 2, lead=["B moved"]), LATER)
    assert merged is not None
    assert merged.payload == {"text": "turn 2b", "anchor": 2, "lead": ["A timed out", "B moved"]}
    merge(row, _game(), _table("turn 3", 3), LATER)  # coalesced before being sent
    assert row.payload["lead"] == ["A timed out", "B moved"]
    many = [f"line {n}" for n in range(20)]
    merge(row, _game(), _table("turn 4", 4, lead=many), LATER)
    assert row.payload["lead"] == many[-12:]  # the newest dozen
    _sent(row, anchor=4)
    merge(row, _game(), _table("turn 4b", 4, lead=["C"]), LATER)
    assert row.payload["lead"] == ["C"]  # sent: nothing to carry over
    merge(row, _game(), _table("turn 4c", 4), LATER)
    assert row.payload["lead"] == ["C"]  # "C" was never shown: it stays until it is
    _sent(row, anchor=4)
    merge(row, _game(), _table("turn 4d", 4), LATER)
    assert "lead" not in row.payload  # shown once: the next edit drops it


def test_fresh_moves_the_live_message_to_retire() -> None:
    row = _sent(merge(None, _game(), _table("hi"), AT) or pytest.fail("no row"), message_id=50)
    fresh = Outbound("table", -1, {"text": "hi", "anchor": 1}, topic_id=4, fresh=True)
    merged = merge(row, _game(), fresh, LATER)  # asked for anew, though unchanged
    assert merged is row
    assert (row.message_id, row.payload["retire"], row.revision) == (None, [50], 2)
    row.message_id = None
    merge(row, _game(), fresh, LATER)  # unsent, no live message: the retire list stays
    assert (row.payload["retire"], row.revision) == ([50], 3)
    _sent(row, message_id=51)
    merge(row, _game(), fresh, LATER)
    assert row.payload["retire"] == [51]


def test_a_note_is_a_new_row_every_time() -> None:
    note = Outbound(f"{NOTE}timeout", -1, {"text": "late"})
    first = merge(None, _game(), note, AT)
    second = merge(first, _game(), note, AT)
    assert first is not None
    assert second is not None
    assert first is not second
    assert first.key.startswith(NOTE)
    assert second.key.startswith(NOTE)
    assert first.key != second.key
    assert len(first.key) <= 32  # the column's length
    assert (second.revision, second.payload) == (1, {"text": "late"})


# --- run_command -------------------------------------------------------------------------


def _outbox(scene: Scene) -> list[Outbound]:
    """Render the table (its version), seat 0's prompt (constant) and a note per step."""
    game = scene.game
    rows = [Outbound("table", game.chat_id, {"version": game.version}),
            Outbound("prompt:0", 100, {"text": "your cards"})]
    if scene.steps:
        rows.append(Outbound(f"{NOTE}x", game.chat_id, {"steps": len(scene.steps)}))
    return rows


def _rule(game: Game, seats: Sequence[Seat], state: Any) -> tuple[datetime, datetime | None]:
    return DEADLINE, None if any(row.is_bot for row in seats) else DEADLINE - timedelta(hours=1)


HOOKS = Hooks(deadline=_rule, outbox=_outbox)


def _default(scene: Scene, actor: ActorKind = ActorKind.HUMAN) -> int:
    """Play the default action of the lowest seat owing the decision; return the seat.

    The first step goes through `play` (the checks of a press), later ones as bots'
    follow-ups do: the row keeps its version until the scene is saved.
    """
    engine, state = scene.engine, scene.state
    seat = min(engine.to_act(state))
    text = engine.encode_action(engine.default_action(state, seat))
    if not scene.steps:
        play(scene, seat, text, scene.game.version, actor)
    else:
        take_step(scene, seat, text, actor,
                  apply_checked(engine, state, seat, text, engine.version(state)))
    return seat


def _press(scene: Scene) -> None:
    _default(scene)


async def _rows(backend: Backend, game_id: int) -> list[Delivery]:
    async with backend.uow() as uow:
        return list(await uow.deliveries.of_game(game_id=game_id))


async def test_run_command_writes_row_log_seats_and_outbox_in_one_commit(
        backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    commits = backend.memory.commits if backend.memory else 0
    seats: list[int] = []

    def work(scene: Scene) -> None:
        seats.append(_default(scene, ActorKind.TIMEOUT))

    applied = await run_command(backend.uow, game_id=game_id, work=work, now=clock,
                                hooks=HOOKS)
    if backend.memory:
        assert backend.memory.commits == commits + 1
    [seat] = seats
    assert isinstance(applied, Applied)
    assert applied.scene is not None
    assert (applied.version, applied.status) == (1, GameStatus.RUNNING)
    assert applied.events == applied.scene.steps[0].events
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert (game.version, game.snapshot) == (1, ENGINE.dump_state(applied.state))
    assert (game.deadline_at, game.remind_at) == (DEADLINE, DEADLINE - timedelta(hours=1))
    [record] = await reads.action_log(backend.uow, game_id=game_id)
    assert (record.version, record.seat, record.actor) == (1, seat, ActorKind.TIMEOUT)
    assert record.events == [e.to_json() for e in applied.events if e.visible_to(None)]
    assert record.events
    held = await reads.seats_of(backend.uow, game_id=game_id)
    assert [row.strikes for row in held] == [int(row.seat == seat) for row in held]
    rows = await _rows(backend, game_id)
    assert [(r.key[:5], r.chat_id, r.revision, r.payload) for r in rows] == [
        ("table", -1001, 1, {"version": 1}),
        ("promp", 100, 1, {"text": "your cards"}),
        (NOTE, -1001, 1, {"steps": 1}),
    ]
    assert all(r.due_at == game.updated_at + OWNED for r in rows)
    assert applied.scene.written == rows
    assert set(applied.scene.deliveries) == {row.key for row in rows}

    # The next command loads the rows: only what changed gets a new revision.
    again = await run_command(backend.uow, game_id=game_id, work=work, now=clock, hooks=HOOKS)
    assert again.scene is not None
    assert [(r.key[:5], r.revision) for r in again.scene.written] == [("table", 2), (NOTE, 1)]
    assert again.scene.written[0].id == rows[0].id
    after = await _rows(backend, game_id)
    assert [(r.key[:5], r.revision) for r in after] == \
        [("table", 2), ("promp", 1), (NOTE, 1), (NOTE, 1)]
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()


async def test_a_command_logs_each_step_with_its_public_events(
        backend: Backend, clock: Clock) -> None:
    # The tenth default step of this Colt Express game draws cards only their owner sees.
    game_id = await create_game(backend.uow, chat_id=-5, kind="colt_express", options={},
                                seed=1, players=players(3), now=clock)

    def work(scene: Scene) -> None:
        for _ in range(10):
            _default(scene)

    applied = await run_command(backend.uow, game_id=game_id, work=work, now=clock)
    assert applied.scene is not None
    log = await reads.action_log(backend.uow, game_id=game_id)
    assert [r.version for r in log] == list(range(1, 11))
    assert applied.version == 10
    hidden = 0
    for record, step in zip(log, applied.scene.steps, strict=True):
        assert (record.seat, record.action) == (step.seat, step.action)
        assert record.events == [e.to_json() for e in step.events if e.visible_to(None)]
        hidden += sum(not e.visible_to(None) for e in step.events)
    assert hidden > 0
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()


async def test_a_failed_command_writes_nothing(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock, seats=4, bots=1)
    before = await reads.load_game(backend.uow, game_id=game_id)

    def work(scene: Scene) -> None:
        _default(scene, ActorKind.TIMEOUT)
        for row in scene.seats:
            row.is_bot, row.strikes = True, 5
        scene.game.lobby = {"changed": True}
        scene.notes.dirty = True
        _default(scene)
        raise RuntimeError("the work fails after changing everything")

    def failing_outbox(scene: Scene) -> list[Outbound]:
        raise ValueError("cannot render")

    with pytest.raises(RuntimeError):
        await run_command(backend.uow, game_id=game_id, work=work, now=clock, hooks=HOOKS)
    with pytest.raises(ValueError, match="render"):
        await run_command(backend.uow, game_id=game_id, work=_press, now=clock,
                          hooks=Hooks(deadline=_rule, outbox=failing_outbox))
    def refused(scene: Scene) -> None:  # a refused action, after a good one
        _default(scene)
        apply_checked(scene.engine, scene.state, 99, "s")

    with pytest.raises(NotYourTurn):
        await run_command(backend.uow, game_id=game_id, work=refused, now=clock, hooks=HOOKS)
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert (game.version, game.snapshot, game.lobby, game.deadline_at) == (
        before.version, before.snapshot, before.lobby, None)
    assert await reads.action_log(backend.uow, game_id=game_id) == []
    held = await reads.seats_of(backend.uow, game_id=game_id)
    assert [(row.is_bot, row.strikes) for row in held] == [(False, 0)] * 3 + [(True, 0)]
    assert await _rows(backend, game_id) == []


async def test_notes_and_seat_changes_save_the_row_without_steps(
        backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock, seats=3)

    def dirty(scene: Scene) -> None:
        scene.game.lobby = {**scene.game.lobby, "mentioned_turn": 1}
        scene.notes.dirty = True

    applied = await run_command(backend.uow, game_id=game_id, work=dirty, now=clock,
                                hooks=HOOKS)
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert (applied.version, game.version, game.lobby) == (0, 0, {"mentioned_turn": 1})
    assert game.deadline_at is None  # no steps, no new clock
    assert await reads.action_log(backend.uow, game_id=game_id) == []

    def hand_over(scene: Scene) -> None:  # a seat goes to the bot, which plays at once
        seat = min(scene.engine.to_act(scene.state))
        for row in scene.seats:
            if row.seat == seat:
                row.is_bot = True
        follow(scene)

    handed = await run_command(backend.uow, game_id=game_id, work=hand_over, now=clock,
                               hooks=HOOKS)
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert handed.scene is not None
    assert handed.scene.steps
    assert {step.actor for step in handed.scene.steps} == {ActorKind.BOT}
    assert (game.version, game.deadline_at, game.remind_at) == (
        len(handed.scene.steps), DEADLINE, None)  # the rule saw the bot seat
    assert [r.actor for r in await reads.action_log(backend.uow, game_id=game_id)] == \
        [ActorKind.BOT] * len(handed.scene.steps)

    def set_free(scene: Scene) -> None:  # only a seat changes: the clock is set again
        for row in scene.seats:
            row.is_bot = False

    await run_command(backend.uow, game_id=game_id, work=set_free, now=clock, hooks=HOOKS)
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert (game.version, game.remind_at) == (len(handed.scene.steps), DEADLINE - timedelta(
        hours=1))


class SavedSeats:
    """A unit of work factory that notes which seats each commit's `save_many` wrote."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.saved: list[list[int]] = []

    def __call__(self) -> Any:
        outer = self

        class Noting:
            async def __aenter__(self) -> Any:
                self.inner = outer.backend.uow()
                uow = await self.inner.__aenter__()
                save_many = uow.seats.save_many

                async def noted(*, seats: Sequence[Seat]) -> None:
                    outer.saved.append(sorted(row.seat for row in seats))
                    await save_many(seats=seats)

                uow.seats.save_many = noted  # type: ignore[method-assign]
                return uow

            async def __aexit__(self, *exc: Any) -> None:
                await self.inner.__aexit__(*exc)

        return Noting()


async def test_a_command_writes_only_the_seats_it_changed(
        backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock, seats=3)
    noting = SavedSeats(backend)
    timed_out: list[int] = []
    await run_command(noting, game_id=game_id, work=_press, now=clock, hooks=HOOKS)
    await run_command(noting, game_id=game_id,
                      work=lambda scene: timed_out.append(_default(scene, ActorKind.TIMEOUT)),
                      now=clock, hooks=HOOKS)
    assert noting.saved == [[], timed_out]  # a press with no strike to clear writes none
    held = await reads.seats_of(backend.uow, game_id=game_id)
    assert [row.strikes for row in held] == [int(row.seat in timed_out) for row in held]


async def test_a_paused_game_refuses_moves(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock, chat_id=-3)
    await deliveries.pause_chat(backend.uow, chat_id=-3, now=clock)
    with pytest.raises(GameNotRunning, match="paused"):
        await run_command(backend.uow, game_id=game_id, work=_press, now=clock)
    assert await reads.action_log(backend.uow, game_id=game_id) == []


def test_take_step_counts_strikes() -> None:
    state = ENGINE.setup({}, 3, 1).state
    seat = min(ENGINE.to_act(state))
    seats = [Seat(game_id=7, seat=n, user_id=100 + n, is_bot=False, strikes=2) for n in range(3)]
    scene = Scene(_game(), seats, {}, None, {}, state)
    text = ENGINE.encode_action(ENGINE.default_action(state, seat))
    step = ENGINE.apply(state, seat, ENGINE.decode_action(text))
    take_step(scene, seat, text, ActorKind.TIMEOUT, step)
    assert [row.strikes for row in seats] == [3 if row.seat == seat else 2 for row in seats]
    take_step(scene, seat, text, ActorKind.BOT, step)  # a bot's move leaves them
    assert seats[seat].strikes == 3
    take_step(scene, seat, text, ActorKind.HUMAN, step)  # the player's own move clears them
    assert seats[seat].strikes == 0
    assert [logged.actor for logged in scene.steps] == \
        [ActorKind.TIMEOUT, ActorKind.BOT, ActorKind.HUMAN]


def test_prompts_of_follows_the_state_it_is_given() -> None:
    state = ENGINE.setup({}, 3, 1).state
    first = prompts_of(ENGINE, state)
    assert first == tuple(ENGINE.prompts(state))
    assert prompts_of(ENGINE, state) is first  # asked again for the same state: kept
    seat = min(ENGINE.to_act(state))
    after = ENGINE.apply(state, seat, ENGINE.default_action(state, seat)).state
    assert prompts_of(ENGINE, after) == tuple(ENGINE.prompts(after)) != first
    assert prompts_of(ENGINE, state) == first  # an older state gets its own again


async def test_a_stored_state_is_parsed_once_until_its_snapshot_changes(
        backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)

    async def loaded() -> Scene:
        async with backend.uow() as uow:
            return await load_scene(uow, game_id, lock=False)

    first = await loaded()
    assert (await loaded()).state is first.state  # the same text: the state kept
    # Another process moves the game on: the new text is parsed, never the kept state used.
    seat = min(ENGINE.to_act(first.state))
    moved = ENGINE.apply(first.state, seat, ENGINE.default_action(first.state, seat)).state
    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
        game.version, game.snapshot = ENGINE.version(moved), ENGINE.dump_state(moved)
        await uow.games.save(game=game, expected_version=first.game.version)
        await uow.commit()
    found = await loaded()
    assert found.state is not first.state
    assert found.state is not moved
    assert ENGINE.dump_state(found.state) == ENGINE.dump_state(moved)
    assert found.game.version == first.game.version + 1


async def test_the_kept_states_stay_within_their_bytes_least_recently_used_out_first(
        backend: Backend, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second, third = [await new_game(backend.uow, clock) for _ in range(3)]
    async with backend.uow() as uow:
        snapshots = [(await uow.games.get(game_id=g)).snapshot or "" for g in (first, second,
                                                                                 third)]
    weights = [states_module.state_weight((text, None)) for text in snapshots]
    budget = max(weights[0] + weights[1], weights[0] + weights[2])  # two games, not three
    assert budget < sum(weights)
    monkeypatch.setattr(states_module, "_STATES", Lru(budget, states_module.state_weight))

    async def loaded(game_id: int) -> Any:
        async with backend.uow() as uow:
            return (await load_scene(uow, game_id, lock=False)).state

    kept_first = await loaded(first)
    kept_second = await loaded(second)
    assert await loaded(first) is kept_first  # used again: now the most recent
    await loaded(third)  # one too many: the second game, least recently used, goes
    assert await loaded(first) is kept_first
    assert await loaded(second) is not kept_second
