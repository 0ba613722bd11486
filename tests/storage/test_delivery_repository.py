"""The delivery rows and the inbox: their repositories on the fake, SQLite and PostgreSQL.

A delivery row says what an audience of a game should see (`payload` at `revision`) and
what Telegram shows (`sent_revision`, `message_id`); `due_at` is when to try next.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from storage.clock import Clock
from storage.models import Delivery, InboxUpdate
from tests.storage.conftest import SQL_BACKENDS, Backend
from tests.storage.play import new_game

T0 = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)


def _row(game_id: int, key: str, chat_id: int, *, due: datetime | None = T0,
         **fields: Any) -> Delivery:
    return Delivery(game_id=game_id, key=key, chat_id=chat_id, revision=1,
                    payload={"text": key, "buttons": [[["a", "b"]]]}, due_at=due,
                    updated_at=T0, **fields)


def _seconds(n: float) -> datetime:
    return T0 + timedelta(seconds=n)


async def _write(backend: Backend, *rows: Delivery) -> list[Delivery]:
    async with backend.uow() as uow:
        await uow.deliveries.write(rows=rows)
        await uow.commit()
    return list(rows)


async def _of_game(backend: Backend, game_id: int) -> list[Delivery]:
    async with backend.uow() as uow:
        return list(await uow.deliveries.of_game(game_id=game_id))


async def _by_id(backend: Backend, row: Delivery) -> Delivery:
    found = [r for r in await _of_game(backend, row.game_id) if r.id == row.id]
    assert len(found) == 1
    return found[0]


async def test_rows_are_written_and_read_by_game_and_chat(
        backend: Backend, clock: Clock) -> None:
    first = await new_game(backend.uow, clock, chat_id=-1)
    second = await new_game(backend.uow, clock, chat_id=-2)
    table, prompt, other = await _write(
        backend, _row(first, "table", -1, topic_id=7), _row(first, "prompt:2", 102),
        _row(second, "table", -2))
    ids = [row.id or 0 for row in (table, prompt, other)]
    assert 0 not in ids
    assert ids == sorted(ids)
    assert len(set(ids)) == 3
    assert await _of_game(backend, first) == [table, prompt]
    async with backend.uow() as uow:
        assert list(await uow.deliveries.of_games(game_ids=[second, first, 404])) == \
            [table, prompt, other]
        assert list(await uow.deliveries.of_games(game_ids=[])) == []
        assert list(await uow.deliveries.of_chat(chat_id=-2)) == [other]
        assert list(await uow.deliveries.of_chat(chat_id=102)) == [prompt]
        assert list(await uow.deliveries.of_chat(chat_id=5)) == []

    # Writing a row with an id overwrites every column.
    table.revision, table.sent_revision, table.message_id, table.sent_anchor = 3, 2, 2**40, 4
    table.payload = {"text": "é ✓", "lead": ["a", "b"], "retire": [1, 2], "anchor": 4}
    table.chat_id, table.topic_id, table.due_at = -100, None, None
    table.attempts, table.error, table.updated_at = 2, "flood", _seconds(9)
    await _write(backend, table)
    stored = await _by_id(backend, table)
    assert stored == table
    assert (stored.due_at, stored.updated_at.tzinfo) == (None, UTC)
    assert len(await _of_game(backend, first)) == 2


@pytest.mark.parametrize("backend", SQL_BACKENDS, indirect=True)  # the fake trusts merge
async def test_a_game_has_one_row_per_key(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    await _write(backend, _row(game_id, "table", -1))
    with pytest.raises(IntegrityError):
        await _write(backend, _row(game_id, "table", -1))
    assert len(await _of_game(backend, game_id)) == 1


async def test_due_rows_come_oldest_first(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    late, early, tie, future, idle, elsewhere = await _write(
        backend, _row(game_id, "a", -1, due=_seconds(5)), _row(game_id, "b", -1, due=_seconds(1)),
        _row(game_id, "c", -1, due=_seconds(1)), _row(game_id, "d", -1, due=_seconds(60)),
        _row(game_id, "e", -1, due=None), _row(game_id, "f", 42, due=_seconds(3)))
    async with backend.uow() as uow:
        assert [r.key for r in await uow.deliveries.due(now=_seconds(10), limit=10)] == \
            ["b", "c", "f", "a"]
        assert [r.key for r in await uow.deliveries.due(now=_seconds(10), limit=2)] == ["b", "c"]
        assert [r.key for r in await uow.deliveries.due(now=_seconds(1), limit=10)] == ["b", "c"]
        assert [r.key for r in await uow.deliveries.due(now=_seconds(10), limit=10,
                                                         chat_id=-1)] == ["b", "c", "a"]
        assert [r.key for r in await uow.deliveries.due(now=_seconds(10), limit=10,
                                                         chat_id=42)] == ["f"]
        assert list(await uow.deliveries.due(now=_seconds(0), limit=10)) == []
        assert [r.key for r in await uow.deliveries.due(now=_seconds(99), limit=10)] == \
            ["b", "c", "f", "a", "d"]
    assert {late.key, early.key, tie.key, future.key, idle.key, elsewhere.key} == set("abcdef")


async def test_a_claimed_row_is_leased_and_not_claimed_twice(
        backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    due, later, idle = await _write(backend, _row(game_id, "a", -1, due=_seconds(1)),
                                    _row(game_id, "b", -1, due=_seconds(50)),
                                    _row(game_id, "c", -1, due=None))
    ids = [row.id or 0 for row in (idle, later, due)] + [10**6]
    async with backend.uow() as uow:
        claimed = await uow.deliveries.claim(ids=ids, now=_seconds(2), until=_seconds(62))
        assert list(await uow.deliveries.claim(ids=[], now=_seconds(2), until=_seconds(3))) == []
        await uow.commit()
    assert [(row.id, row.due_at) for row in claimed] == [(due.id, _seconds(62))]
    assert claimed[0].payload == due.payload
    async with backend.uow() as uow:  # leased: not due again before the lease ends
        assert list(await uow.deliveries.claim(ids=ids, now=_seconds(3), until=_seconds(63))) \
            == []
        assert list(await uow.deliveries.due(now=_seconds(3), limit=10)) == []
    assert (await _by_id(backend, due)).due_at == _seconds(62)
    async with backend.uow() as uow:  # the lease ran out (its owner died): due again
        again = await uow.deliveries.claim(ids=ids, now=_seconds(70), until=_seconds(130))
        await uow.commit()
    assert sorted((row.key, row.due_at) for row in again) == \
        [("a", _seconds(130)), ("b", _seconds(130))]


# Row locks (SKIP LOCKED) are PostgreSQL's; SQLite's units of work take turns instead.
@pytest.mark.parametrize("backend", SQL_BACKENDS[1:], indirect=True)
async def test_an_uncommitted_claim_is_skipped_not_waited_for(
        backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    first, second = await _write(backend, _row(game_id, "a", -1, due=_seconds(1)),
                                 _row(game_id, "b", -1, due=_seconds(1)))
    ids = [first.id or 0, second.id or 0]
    async with backend.uow() as holder:
        held = await holder.deliveries.claim(ids=[first.id or 0], now=_seconds(2),
                                             until=_seconds(60))
        assert [row.id for row in held] == [first.id]
        async with backend.uow() as other:
            got = await other.deliveries.claim(ids=ids, now=_seconds(2), until=_seconds(60))
            await other.commit()
        assert [row.id for row in got] == [second.id]
        await holder.commit()
    async with backend.uow() as uow:
        assert list(await uow.deliveries.claim(ids=ids, now=_seconds(2), until=_seconds(9))) \
            == []


async def test_settle_records_what_telegram_shows(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    shown, rewritten = await _write(backend, _row(game_id, "a", -1, attempts=2, error="x"),
                                    _row(game_id, "b", -1))
    async with backend.uow() as uow:
        await uow.deliveries.claim(ids=[shown.id or 0, rewritten.id or 0], now=_seconds(1),
                                   until=_seconds(60))
        await uow.commit()
    # While "b" was being sent at revision 1, a command wrote revision 2, due at once.
    rewritten.revision, rewritten.due_at, rewritten.payload = 2, _seconds(5), {"text": "2"}
    await _write(backend, rewritten)
    async with backend.uow() as uow:
        await uow.deliveries.settle(delivery_id=shown.id or 0, revision=1, message_id=11,
                                    anchor=3, now=_seconds(7))
        await uow.deliveries.settle(delivery_id=rewritten.id or 0, revision=1, message_id=12,
                                    anchor=None, now=_seconds(7))
        await uow.deliveries.settle(delivery_id=10**6, revision=1, message_id=1, anchor=None,
                                    now=_seconds(7))  # a vanished row: nothing happens
        await uow.commit()
    settled = await _by_id(backend, shown)
    assert (settled.sent_revision, settled.message_id, settled.sent_anchor) == (1, 11, 3)
    assert (settled.due_at, settled.attempts, settled.error) == (None, 0, None)
    assert settled.updated_at == _seconds(7)
    kept = await _by_id(backend, rewritten)
    assert (kept.revision, kept.sent_revision, kept.message_id) == (2, 1, 12)
    assert (kept.due_at, kept.payload) == (_seconds(5), {"text": "2"})
    async with backend.uow() as uow:  # a settled row is no longer due; a rewritten one is
        assert [row.key for row in await uow.deliveries.due(now=_seconds(99), limit=9)] == ["b"]


async def test_postpone_and_remove(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    retried, parked, gone = await _write(backend, _row(game_id, "a", -1),
                                         _row(game_id, "b", -1), _row(game_id, "c", -1))
    async with backend.uow() as uow:
        await uow.deliveries.postpone(delivery_id=retried.id or 0, at=_seconds(30),
                                      attempts=3, error="429: retry after 30")
        await uow.deliveries.postpone(delivery_id=parked.id or 0, at=None, attempts=1,
                                      error="Forbidden: bot was blocked by the user")
        await uow.deliveries.postpone(delivery_id=gone.id or 0, at=None, attempts=1,
                                      error="x" * 500)  # kept to the column's 200
        await uow.commit()
    assert (await _by_id(backend, gone)).error == "x" * 200
    async with backend.uow() as uow:
        await uow.deliveries.remove(ids=[gone.id or 0, 10**6])
        await uow.deliveries.remove(ids=[])
        await uow.commit()
    rows = await _of_game(backend, game_id)
    assert [(r.key, r.due_at, r.attempts, r.error) for r in rows] == [
        ("a", _seconds(30), 3, "429: retry after 30"),
        ("b", None, 1, "Forbidden: bot was blocked by the user"),
    ]
    assert all(r.revision == 1 and r.sent_revision == 0 for r in rows)
    async with backend.uow() as uow:
        assert [r.key for r in await uow.deliveries.due(now=_seconds(99), limit=9)] == ["a"]


async def test_the_inbox_keeps_updates_until_handled(backend: Backend) -> None:
    def update(update_id: int, text: str) -> InboxUpdate:
        return InboxUpdate(update_id=update_id, payload={"message": {"text": text}},
                           received_at=_seconds(update_id % 1000))

    async with backend.uow() as uow:
        assert list(await uow.inbox.list()) == []
        await uow.inbox.add_many(updates=[update(2**40, "big"), update(7, "seven")])
        await uow.commit()
    async with backend.uow() as uow:  # redelivered updates are kept as first stored
        await uow.inbox.add_many(updates=[update(7, "again"), update(3, "three")])
        await uow.inbox.add_many(updates=[])
        await uow.commit()
    async with backend.uow() as uow:
        stored = list(await uow.inbox.list())
        await uow.inbox.remove_many(update_ids=[7, 404])  # 404 is unknown: nothing happens
        await uow.inbox.remove_many(update_ids=[])
        await uow.commit()
    assert [(u.update_id, u.payload["message"]["text"]) for u in stored] == \
        [(3, "three"), (7, "seven"), (2**40, "big")]
    assert stored[0].received_at == _seconds(3)
    async with backend.uow() as uow:
        assert [u.update_id for u in await uow.inbox.list()] == [3, 2**40]
    async with backend.uow() as uow:  # nothing is kept without a commit
        await uow.inbox.add_many(updates=[update(9, "nine")])
    async with backend.uow() as uow:
        assert [u.update_id for u in await uow.inbox.list()] == [3, 2**40]


@pytest.mark.parametrize("text", ["ação ✅ 🤖 ٣", "half a pair: \ud83e", "nul \x00 and \u2028"])
async def test_a_payload_comes_back_as_written_whatever_its_text(
        backend: Backend, clock: Clock, text: str) -> None:
    # JSON columns go through pydantic-core (storage/json_text.py); a lone surrogate,
    # which UTF-8 cannot carry, falls back to the standard library's escape.
    game = await new_game(backend.uow, clock, chat_id=-1)
    payload = {"text": text, "lead": [text, 10**20, 2.5, None, True]}
    (row,) = await _write(backend, Delivery(game_id=game, key="table", chat_id=-1, revision=1,
                                            payload=payload, updated_at=T0))
    assert (await _by_id(backend, row)).payload == payload
