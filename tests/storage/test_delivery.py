"""The delivery rows' own commands (storage/deliveries.py): claiming due rows, settling
what was sent, and Telegram's chat lifecycle (unblocked, migrated to a supergroup, bot
removed and added back)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.engine.errors import GameOver
from storage.models import ActorKind, Chat, Delivery, GameStatus
from tests.storage.conftest import Backend, ticking_clock
from tests.storage.play import new_game
from tests.support.clock import HandClock
from tgbot.service import deliveries, game_status, lobby, profiles, reads
from tgbot.service.commands import Player, play, run_command
from tgbot.service.scene import NOTE, OWNED, Hooks, Outbound, Scene
from tgbot.service.timeouts import claim_due_deadlines, play_timeouts, set_times

GROUP, DM = -1001, 100


def _outbox(scene: Scene) -> list[Outbound]:
    """The group's table, seat 0's prompt in its DM, a note to the group."""
    game = scene.game
    return [Outbound("table", game.chat_id, {"text": f"v{game.version}", "anchor": 1}),
            Outbound("prompt:0", DM, {"text": f"p{game.version}"}),
            Outbound(f"{NOTE}n", game.chat_id, {"text": "note"})]


HOOKS = Hooks(outbox=_outbox)


def _touch(scene: Scene) -> None:
    scene.notes.dirty = True


def _move(scene: Scene) -> None:
    engine, state = scene.engine, scene.state
    seat = min(engine.to_act(state))
    play(scene, seat, engine.encode_action(engine.default_action(state, seat)),
         scene.game.version, ActorKind.HUMAN)


async def _rendered(backend: Backend, clock: HandClock, chat_id: int = GROUP) -> int:
    """Return a new game whose three delivery rows were just written."""
    game_id = await new_game(backend.uow, clock, chat_id=chat_id)
    await run_command(backend.uow, game_id=game_id, work=_touch, now=clock, hooks=HOOKS)
    return game_id


async def _rows(backend: Backend, game_id: int) -> dict[str, Delivery]:
    async with backend.uow() as uow:
        return {row.key[:len(NOTE)] if row.key.startswith(NOTE) else row.key: row
                for row in await uow.deliveries.of_game(game_id=game_id)}


async def _deliver(backend: Backend, clock: HandClock, rows: list[Delivery],
                   first_message: int = 500) -> None:
    """Settle rows as the delivery loop does once Telegram shows them."""
    await deliveries.settle(backend.uow, [
        deliveries.Settled(row.id or 0, note=True) if row.key.startswith(NOTE) else
        deliveries.Settled(row.id or 0, row.revision, first_message + index, 1)
        for index, row in enumerate(rows)], now=clock)


async def test_claim_due_respects_the_writers_ownership_and_leases(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await _rendered(backend, clock)
    assert await deliveries.claim_due(backend.uow, now=clock) == []  # the writer owns them
    clock.moment += OWNED
    claimed = await deliveries.claim_due(backend.uow, now=clock, limit=2)  # the writer died
    assert [row.key for row in claimed] == ["table", "prompt:0"]  # oldest first
    assert all(row.due_at == clock.moment + deliveries.LEASE for row in claimed)
    [note] = await deliveries.claim_due(backend.uow, now=clock)
    assert note.key.startswith(NOTE)
    assert await deliveries.claim_due(backend.uow, now=clock) == []  # all leased
    # At start-up every pending row is taken, leased or not (their claimers are gone).
    everything = await deliveries.claim_due(backend.uow, now=clock, everything=True)
    assert [row.key for row in everything] == ["table", "prompt:0", note.key]
    clock.moment += deliveries.LEASE
    assert [row.key for row in await deliveries.claim_due(backend.uow, now=clock,
                                                        chat_id=DM)] == ["prompt:0"]
    assert len(await _rows(backend, game_id)) == 3
    # A delivered row is no longer pending, not even at start-up.
    await _deliver(backend, clock, everything)
    assert await deliveries.claim_due(backend.uow, now=clock, everything=True) == []
    assert set(await _rows(backend, game_id)) == {"table", "prompt:0"}


async def test_settle_records_results_and_forgets_sent_notes(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await _rendered(backend, clock)
    rows = await _rows(backend, game_id)
    commits = backend.memory.commits if backend.memory else 0
    await deliveries.settle(backend.uow, [], now=clock)
    if backend.memory:
        assert backend.memory.commits == commits  # nothing to record: no unit of work
    retry = clock.moment + timedelta(seconds=42)
    await deliveries.settle(backend.uow, [
        deliveries.Settled(rows["table"].id or 0, 1, 700, 1),
        deliveries.Settled(rows["prompt:0"].id or 0, done=False, retry_at=retry, attempts=2,
                         error="429"),
        deliveries.Settled(rows[NOTE].id or 0, note=True),
    ], now=clock)
    after = await _rows(backend, game_id)
    assert set(after) == {"table", "prompt:0"}
    table, prompt = after["table"], after["prompt:0"]
    assert (table.sent_revision, table.message_id, table.sent_anchor, table.due_at) == (
        1, 700, 1, None)
    assert (prompt.sent_revision, prompt.due_at, prompt.attempts, prompt.error) == (
        0, retry, 2, "429")
    # A failure not worth retrying until the row is rewritten.
    await deliveries.settle(backend.uow, [deliveries.Settled(prompt.id or 0, done=False,
                                                         error="blocked")], now=clock)
    prompt = (await _rows(backend, game_id))["prompt:0"]
    assert (prompt.due_at, prompt.error) == (None, "blocked")
    # An unchanged rendering leaves it parked; a new one makes it due again.
    await run_command(backend.uow, game_id=game_id, work=_touch, now=clock, hooks=HOOKS)
    prompt = (await _rows(backend, game_id))["prompt:0"]
    assert (prompt.revision, prompt.due_at, prompt.error) == (1, None, "blocked")
    await run_command(backend.uow, game_id=game_id, work=_move, now=clock, hooks=HOOKS)
    prompt = (await _rows(backend, game_id))["prompt:0"]
    assert (prompt.revision, prompt.payload, prompt.error, prompt.attempts) == (
        2, {"text": "p1"}, None, 0)
    assert prompt.due_at == clock.moment + OWNED


async def test_reopen_chat_makes_the_chats_rows_due(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await _rendered(backend, clock)
    other = await _rendered(backend, clock, chat_id=-2002)
    rows = await _rows(backend, game_id)
    await _deliver(backend, clock, [rows["table"], rows[NOTE]])
    # A closed prompt (its buttons stripped, forgotten) is never reopened.
    async with backend.uow() as uow:
        closed = rows["prompt:0"]
        closed.payload = {"close": True}
        await uow.deliveries.write(rows=[closed])
        await uow.commit()

    # Unblocked: rows not yet delivered (none here) are due; the delivered table is not.
    assert await deliveries.reopen_chat(backend.uow, chat_id=GROUP, now=clock,
                                      repost=False) == []
    # Reposted: every live row of the chat comes back as a new message.
    reposted = await deliveries.reopen_chat(backend.uow, chat_id=GROUP, now=clock)
    assert [row.key for row in reposted] == ["table"]
    table = (await _rows(backend, game_id))["table"]
    assert (table.revision, table.message_id, table.payload["retire"]) == (2, None, [500])
    assert (table.due_at, table.attempts, table.error) == (
        clock.moment + deliveries.LEASE, 0, None)
    assert (await _rows(backend, game_id))["prompt:0"].payload == {"close": True}
    assert (await _rows(backend, other))["table"].revision == 1  # another chat's rows


async def test_an_undelivered_row_is_reopened_without_repost(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await _rendered(backend, clock)
    rows = await _rows(backend, game_id)
    await deliveries.settle(backend.uow, [deliveries.Settled(rows["prompt:0"].id or 0, done=False,
                                                         error="blocked")], now=clock)
    [reopened] = await deliveries.reopen_chat(backend.uow, chat_id=DM, now=clock, repost=False)
    assert (reopened.key, reopened.revision, reopened.error) == ("prompt:0", 2, None)
    assert reopened.due_at == clock.moment + deliveries.LEASE
    assert "retire" not in reopened.payload  # it had no live message


async def test_migrate_chat_moves_games_settings_and_rows(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await _rendered(backend, clock)
    finished = await new_game(backend.uow, clock, chat_id=GROUP)
    await game_status.cancel_game(backend.uow, game_id=finished, now=clock)
    elsewhere = await _rendered(backend, clock, chat_id=-3003)
    async with backend.uow() as uow:
        chat = await uow.chats.get(chat_id=GROUP)
        assert chat is not None
        chat.language, chat.timer_settings = "es", {"timers": {"turn_seconds": 600}}
        await uow.chats.save(chat=chat)
        await uow.commit()
    rows = await _rows(backend, game_id)
    await _deliver(backend, clock, [rows["table"]])
    new = -100_555
    moved = await deliveries.migrate_chat(backend.uow, old=GROUP, new=new, now=clock)
    at = clock.moment
    assert moved == [game_id, finished]
    for gid in moved:
        assert (await reads.load_game(backend.uow, game_id=gid)).chat_id == new
    assert (await reads.load_game(backend.uow, game_id=elsewhere)).chat_id == -3003
    async with backend.uow() as uow:
        chat = await uow.chats.get(chat_id=new)
        assert chat is not None
        assert (chat.language, chat.timer_settings) == (
            "es", {"timers": {"turn_seconds": 600}})
        assert list(await uow.deliveries.of_chat(chat_id=GROUP)) == []
    after = await _rows(backend, game_id)
    assert {key: row.chat_id for key, row in after.items()} == {
        "table": new, "prompt:0": DM, NOTE: new}
    assert after["table"].due_at is None  # delivered: stays so (edited in the new chat later)
    assert after[NOTE].due_at == at  # undelivered: due at once, in the new chat
    assert after["prompt:0"].due_at == rows["prompt:0"].due_at  # a DM is no group's

    # Telegram may tell twice; the second time finds nothing left to move.
    assert await deliveries.migrate_chat(backend.uow, old=GROUP, new=new, now=clock) == []
    assert await _rows(backend, game_id) == after
    assert await deliveries.migrate_chat(backend.uow, old=-9, new=-10, now=clock) == []
    async with backend.uow() as uow:
        assert await uow.chats.get(chat_id=-10) is None

    # The moved game goes on in the new chat.
    await run_command(backend.uow, game_id=game_id, work=_touch, now=clock, hooks=HOOKS)
    assert (await _rows(backend, game_id))["table"].chat_id == new


async def test_migrate_chat_keeps_an_existing_new_chat(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await _rendered(backend, clock)
    async with backend.uow() as uow:
        await uow.chats.add(chat=Chat(id=-77, language="it", created_at=clock()))
        await uow.commit()
    assert await deliveries.migrate_chat(backend.uow, old=GROUP, new=-77, now=clock) == [game_id]
    assert (await profiles.get_or_create_chat(backend.uow, chat_id=-77, now=clock)).language == \
        "it"


async def _running_with_deadline(backend: Backend, clock: HandClock, seconds: float,
                                 chat_id: int = GROUP) -> int:
    game_id = await _rendered(backend, clock, chat_id=chat_id)
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert await set_times(backend.uow, game_id=game_id, version=game.version,
                           deadline_at=clock.moment + timedelta(seconds=seconds),
                           remind_at=clock.moment + timedelta(seconds=seconds / 2))
    return game_id


async def test_pause_stops_the_clock_and_resume_gives_the_time_left(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await _running_with_deadline(backend, clock, 3600)
    short = await _running_with_deadline(backend, clock, 10, chat_id=GROUP - 1)
    untimed = await new_game(backend.uow, clock, chat_id=GROUP - 1)
    waiting = await lobby.open_lobby(backend.uow, chat_id=GROUP, topic_id=5, kind="bang_dice",
                                     options={}, creator=Player(1, "a"), now=clock)
    at = clock.moment
    paused = await deliveries.pause_chat(backend.uow, chat_id=GROUP, now=clock)
    assert paused == [game_id]
    assert await deliveries.pause_chat(backend.uow, chat_id=GROUP - 1, now=clock) == \
        [short, untimed]
    assert await deliveries.pause_chat(backend.uow, chat_id=GROUP, now=clock) == []  # already
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert (game.paused_at, game.deadline_at, game.remind_at) == (
        at + timedelta(seconds=1), None, None)
    assert game.status is GameStatus.RUNNING
    left = game.lobby["paused_left"]
    assert 3590 <= left < 3600
    assert (await reads.load_game(backend.uow, game_id=waiting)).paused_at is None  # a lobby
    rows = await _rows(backend, game_id)
    assert {key: (row.due_at, row.error) for key, row in rows.items()} == {
        "table": (None, "removed from the chat"), NOTE: (None, "removed from the chat"),
        "prompt:0": (rows["prompt:0"].due_at, None)}  # the DM is still reachable
    assert await deliveries.claim_due(backend.uow, now=clock, everything=True, chat_id=GROUP) \
        == []

    # Paused, nothing times out, however long it stays away.
    clock.moment += timedelta(days=2)
    assert await claim_due_deadlines(backend.uow, now=clock) == []
    assert await play_timeouts(backend.uow, dues=[], now=clock) == []

    at = clock.moment
    assert await deliveries.resume_chat(backend.uow, chat_id=GROUP, now=clock) == [game_id]
    game = await reads.load_game(backend.uow, game_id=game_id)
    assert game.paused_at is None
    assert "paused_left" not in game.lobby
    assert "paused_remind" not in game.lobby
    assert game.deadline_at == at + timedelta(seconds=1 + left)  # the clock read once more
    assert game.remind_at == at + timedelta(seconds=1 + left - 1800)  # the reminder too
    rows = await _rows(backend, game_id)
    assert {key: (row.revision, row.error) for key, row in rows.items()
            if key != "prompt:0"} == {"table": (2, None), NOTE: (2, None)}
    assert all(rows[key].due_at is not None for key in ("table", NOTE))
    assert await deliveries.resume_chat(backend.uow, chat_id=GROUP, now=clock) == []

    # Little or no time left: at least a minute; no deadline: still none.
    at = clock.moment
    assert await deliveries.resume_chat(backend.uow, chat_id=GROUP - 1, now=clock) == \
        [short, untimed]
    resumed_short = await reads.load_game(backend.uow, game_id=short)
    assert resumed_short.deadline_at == at + timedelta(seconds=61)
    assert resumed_short.remind_at is not None
    assert resumed_short.remind_at < resumed_short.deadline_at
    assert (await reads.load_game(backend.uow, game_id=untimed)).deadline_at is None
    await run_command(backend.uow, game_id=game_id, work=_touch, now=clock, hooks=HOOKS)


async def test_abort_paused_ends_games_paused_too_long(backend: Backend) -> None:
    clock = ticking_clock()
    old = await _running_with_deadline(backend, clock, 3600)
    await deliveries.pause_chat(backend.uow, chat_id=GROUP, now=clock)
    clock.moment += timedelta(days=8)
    recent = await _running_with_deadline(backend, clock, 3600, chat_id=-4004)
    await deliveries.pause_chat(backend.uow, chat_id=-4004, now=clock)
    running = await _rendered(backend, clock, chat_id=-5005)
    assert await deliveries.abort_paused(backend.uow, now=clock,
                                       older_than=timedelta(days=7)) == [old]
    game = await reads.load_game(backend.uow, game_id=old)
    assert (game.status, game.updated_at) == (GameStatus.ABORTED, clock.moment)
    assert set(await _rows(backend, old)) == {"table", "prompt:0"}  # its notes are dropped
    for kept in (recent, running):
        assert (await reads.load_game(backend.uow, game_id=kept)).status is GameStatus.RUNNING
        assert NOTE in await _rows(backend, kept)
    assert await deliveries.abort_paused(backend.uow, now=clock,
                                       older_than=timedelta(days=7)) == []
    with pytest.raises(GameOver):
        await run_command(backend.uow, game_id=old, work=_move, now=clock, hooks=HOOKS)
