"""Replicas sharing one database: a delivery row is delivered by one replica at a time
(`Delivery.owner`, leased until `due_at`), so a revision is never posted twice and an older
one never after a newer (issue #30). Run on the fake, SQLite and PostgreSQL."""

from __future__ import annotations

from storage.models import ActorKind, Delivery
from tests.storage.conftest import Backend, ticking_clock
from tests.storage.play import new_game
from tests.support.clock import HandClock
from tgbot.service import deliveries
from tgbot.service.commands import play, run_command
from tgbot.service.scene import OWNED, Hooks, Outbound, Scene

GROUP = -1001


def _table(scene: Scene) -> list[Outbound]:
    return [Outbound("table", scene.game.chat_id, {"text": f"v{scene.game.version}"})]


def _move(scene: Scene) -> None:
    engine, state = scene.engine, scene.state
    seat = min(engine.to_act(state))
    play(scene, seat, engine.encode_action(engine.default_action(state, seat)),
         scene.game.version, ActorKind.HUMAN)


def _touch(scene: Scene) -> None:
    scene.notes.dirty = True


A, B = Hooks(outbox=_table, owner="replica-a"), Hooks(outbox=_table, owner="replica-b")


async def _table_row(backend: Backend, game_id: int) -> Delivery:
    async with backend.uow() as uow:
        [row] = await uow.deliveries.of_game(game_id=game_id)
    return row


async def _settle(backend: Backend, clock: HandClock, row: Delivery, revision: int,
                  message_id: int, owner: str) -> list[Delivery]:
    return await deliveries.settle(backend.uow, [deliveries.Settled(
        row.id or 0, revision, message_id, 1)], now=clock, owner=owner)


async def test_a_row_is_delivered_by_one_replica_at_a_time(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await new_game(backend.uow, clock, chat_id=GROUP)
    await run_command(backend.uow, game_id=game_id, work=_touch, now=clock, hooks=A)
    row = await _table_row(backend, game_id)
    assert (row.owner, row.revision) == ("replica-a", 1)
    # B may not take it while A's lease runs, not even as a restarting replica.
    assert await deliveries.claim(backend.uow, delivery_id=row.id or 0, owner="replica-b",
                                  now=clock) is None
    assert await deliveries.claim_due(backend.uow, now=clock, everything=True,
                                      owner="replica-b") == []
    # A press handled by B rewrites the row; A keeps it and its lease.
    await run_command(backend.uow, game_id=game_id, work=_move, now=clock, hooks=B)
    rewritten = await _table_row(backend, game_id)
    assert (rewritten.owner, rewritten.revision, rewritten.due_at) == (
        "replica-a", 2, row.due_at)
    # A settles what it sent (revision 1) and learns that revision 2 is its to send.
    [again] = await _settle(backend, clock, row, 1, 700, "replica-a")
    assert (again.revision, again.sent_revision, again.message_id, again.owner) == (
        2, 1, 700, "replica-a")
    assert await _settle(backend, clock, again, 2, 700, "replica-a") == []
    settled = await _table_row(backend, game_id)
    assert (settled.owner, settled.due_at, settled.sent_revision) == (None, None, 2)
    # Free again: the next command's replica (B) delivers it.
    await run_command(backend.uow, game_id=game_id, work=_move, now=clock, hooks=B)
    mine = await deliveries.claim(backend.uow, delivery_id=row.id or 0, owner="replica-b",
                                  now=clock)
    assert mine is not None
    assert (mine.owner, mine.revision) == ("replica-b", 3)
    await _settle(backend, clock, mine, 3, 900, "replica-b")
    # A result older than the one recorded (a replica whose lease ran out) is dropped.
    await _settle(backend, clock, row, 2, 800, "replica-a")
    assert (await _table_row(backend, game_id)).message_id == 900


async def test_a_lease_that_ran_out_is_taken_over(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await new_game(backend.uow, clock, chat_id=GROUP)
    await run_command(backend.uow, game_id=game_id, work=_touch, now=clock, hooks=A)
    assert await deliveries.claim_due(backend.uow, now=clock, owner="replica-b") == []
    clock.moment += OWNED  # replica A died
    [taken] = await deliveries.claim_due(backend.uow, now=clock, owner="replica-b")
    assert (taken.owner, taken.due_at) == ("replica-b", clock.moment + deliveries.LEASE)
    # A command of B's while B holds it keeps it B's; one of A's too (B's lease runs).
    await run_command(backend.uow, game_id=game_id, work=_move, now=clock, hooks=A)
    assert (await _table_row(backend, game_id)).owner == "replica-b"
    # A failed send gives the row back to whoever tries it next.
    await deliveries.settle(backend.uow, [deliveries.Settled(
        taken.id or 0, done=False, attempts=1, retry_at=clock.moment, error="5xx")],
        now=clock, owner="replica-b")
    postponed = await _table_row(backend, game_id)
    assert (postponed.owner, postponed.error) == (None, "5xx")
    [retried] = await deliveries.claim_due(backend.uow, now=clock, owner="replica-a")
    assert (retried.owner, retried.revision) == ("replica-a", 2)
