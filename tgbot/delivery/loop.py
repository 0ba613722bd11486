"""The delivery loop: brings Telegram to what the delivery rows say each audience should see.

A command hands the rows it wrote (tgbot/service/scene.py, tgbot/render/outbox.py) to
`Deliverer.push`; a sweep finds rows nobody delivers. Each chat has its own worker, which
waits for its chat's flood budget, then sends the newest revision of each row its replica
holds (`owner`, leased until `due_at`), so a burst of presses costs one edit and two
replicas never post the same revision. Faults and Telegram's refusals get a retry or a
fallback (tgbot/botapi/refusals.py, tgbot/delivery/group_rights.py); photos go through
tgbot/delivery/photos.py. The whole story: docs/architecture.md, "The delivery loop".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from datetime import timedelta
from typing import Any

from telegram.constants import ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter

from storage.clock import Clock
from storage.models import Delivery
from storage.uow import UnitOfWorkFactory
from tgbot.botapi.rate_limit import retry_seconds
from tgbot.botapi.refusals import refusal
from tgbot.delivery.markup import keyboard, message_text
from tgbot.delivery.photos import Draw, PhotoSender
from tgbot.delivery.ports import Lifecycle, RawApi
from tgbot.delivery.retire import Retirer
from tgbot.delivery.settle import settled
from tgbot.delivery.views import calm_seconds, views_for
from tgbot.ops import trace
from tgbot.service import deliveries as store
from tgbot.service.lru import ENTRY_BYTES, Lru
from tgbot.service.payloads import closed
from tgbot.service.scene import NOTE

log = logging.getLogger(__name__)
NETWORK_TRIES = 6
SHOWN_BUDGET = 2 * 1024 * 1024
"""Bytes of what this process last showed of each row (~3,000 rows, ~600 bytes each): a
row forgotten is sent as the database has it, as after a restart."""
FLUSH_WAIT_SECONDS = 2.0
LATER = timedelta(seconds=30)
RENEW_BEFORE = timedelta(seconds=10)  # a lease shorter than this is renewed before sending
GONE = ("message to edit not found", "message can't be edited", "message_id_invalid",
        "message to be replied not found", "no text in the message to edit")


class Deliverer:
    """Per-chat workers sending the newest wanted rendering of every pushed row."""

    def __init__(self, bot: RawApi, uow_factory: UnitOfWorkFactory, now: Clock, *,
                 ready_in: Callable[[int], float] | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 pictures: Draw | None = None, owner: str | None = None,
                 group_per_minute: int = 20) -> None:
        self.bot = bot
        self.calm_seconds = calm_seconds(group_per_minute)
        self.owner = owner
        self.photos = PhotoSender(bot.post_raw, pictures, GONE) if pictures else None
        self.retirer = Retirer(bot.post_raw)
        self.views = views_for(bot, self)  # a player's secrets in his group (views.py)
        self.uow_factory = uow_factory
        self.now = now
        self.ready_in = ready_in
        self.sleep = sleep
        self.lifecycle: Lifecycle | None = None
        self._queues: dict[int, dict[int, Delivery]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._results: list[store.Settled] = []
        # row -> (chat, result), up to SHOWN_BUDGET bytes
        self._shown: Lru[int, tuple[int, store.Settled]] = Lru(
            SHOWN_BUDGET, lambda shown: 600 + ENTRY_BYTES)
        self._sending, self._sent = 0, asyncio.Event()  # sends under way; set as each ends
        self._settling: dict[int, int] = {}  # chat -> the row waiting for a newer revision
        self._flushing: asyncio.Task[None] | None = None
        self._progress = time.monotonic()  # the last send done, or work arriving when idle
        self._pressed: dict[int, float] = {}  # table row -> when the press it shows arrived
        self.on_table: Callable[[float], None] | None = None  # press -> table seconds

    # -- feeding the workers ----------------------------------------------------------
    def push(self, rows: Iterable[Delivery]) -> None:
        """Queue rows for delivery (a newer revision replaces a queued older one)."""
        if not self._workers:
            self._progress = time.monotonic()
        pressed = trace.CURRENT.get()
        for row in rows:
            if pressed is not None and pressed.kind == "press" and row.key == "table" \
                    and len(self._pressed) < 10_000:
                self._pressed.setdefault(row.id or 0, pressed.started)
            queue = self._queues.setdefault(row.chat_id, {})
            queued = queue.get(row.id or 0)
            if queued is None or queued.revision <= row.revision:
                queue[row.id or 0] = row
            if row.chat_id not in self._workers:
                self._workers[row.chat_id] = asyncio.create_task(self._work(row.chat_id))

    async def sweep(self, *, everything: bool = False, chat_id: int | None = None) -> int:
        """Claim the due rows nobody delivers (all pending ones when `everything`, as at
        start-up) and queue them; return how many."""
        rows = await store.claim_due(self.uow_factory, now=self.now, limit=500,
                                     everything=everything, chat_id=chat_id, owner=self.owner)
        self.push(rows)
        return len(rows)

    def stalled_for(self) -> float:
        """Return how long rows have waited with no send done (0 while nothing waits)."""
        if not self._sending and not any(self._queues.values()):
            return 0.0
        return time.monotonic() - self._progress

    def queued(self) -> int:
        """Return how many rows wait in this process's queues or are being sent."""
        return self._sending + sum(len(queue) for queue in self._queues.values())

    def pending(self, chat_id: int) -> int:
        """Return how many rows of a chat wait in its queue or settle (one per row at most:
        a newer revision replaces the queued one; the row being sent is not counted)."""
        queued = set(self._queues.get(chat_id) or {})
        return len(queued | ({self._settling[chat_id]} if chat_id in self._settling else set()))

    async def idle(self) -> None:
        """Wait until every queued row was tried and every result written."""
        while self._workers or self._results or self._flushing:
            tasks = [*self._workers.values(), *filter(None, [self._flushing])]
            await asyncio.gather(*tasks, return_exceptions=True)
            if not tasks:
                await asyncio.sleep(0)

    async def stop(self) -> None:
        """Cancel the workers (their rows stay due in the database) and write results."""
        for task in self._workers.values():
            task.cancel()
        await asyncio.gather(*self._workers.values(), return_exceptions=True)
        self._workers.clear()
        if self._flushing is not None:
            await asyncio.gather(self._flushing, return_exceptions=True)
        await self._flush()

    # -- one chat ---------------------------------------------------------------------
    async def _work(self, chat_id: int) -> None:
        try:
            while self._queues.get(chat_id):
                await self._pace(chat_id)
                queue = self._queues.get(chat_id) or {}
                if not queue:
                    break
                self._sending += 1
                try:
                    row = await self._held(await self._settled(queue.pop(min(queue))))
                    result = await self._deliver(row) if row is not None else None
                finally:
                    self._sending -= 1
                    self._sent.set()
                if result is not None:
                    self._record(result, chat_id)
        finally:
            self._workers.pop(chat_id, None)
            if not self._queues.get(chat_id):
                self._queues.pop(chat_id, None)
            elif chat_id not in self._workers and not _cancelled():  # pushed while this
                # worker was ending (a worker cancelled by `stop` leaves its rows due instead)
                self._workers[chat_id] = asyncio.create_task(self._work(chat_id))

    async def _settled(self, row: Delivery) -> Delivery:
        """Return the newest revision of a row that settles (tgbot/delivery/settle.py)."""
        self._settling[row.chat_id] = row.id or 0
        try:
            return await settled(row, lambda r: self._queues.get(r.chat_id, {}).pop(r.id or 0,
                                                                                   None),
                                 self.sleep)
        finally:
            self._settling.pop(row.chat_id, None)

    def _current(self, row: Delivery) -> Delivery | None:
        """Return the row with what this process last showed of it (a row claimed by a
        sweep may be older than that), or None when its revision is shown already. What
        was shown in another chat does not count: the row moved (a group became a
        supergroup) before that send's result was written."""
        found = self._shown.get(row.id or 0)
        if found is None or found[0] != row.chat_id or found[1].revision <= row.sent_revision:
            return row
        shown = found[1]
        if shown.revision >= row.revision:
            self._record(shown, row.chat_id)  # clears the row's due time in the database
            return None
        row.sent_revision, row.message_id, row.sent_anchor = (shown.revision,
                                                              shown.message_id, shown.anchor)
        return row

    async def _held(self, row: Delivery | None) -> Delivery | None:
        """Return the row to send as this replica holds it (`_current`), or None when
        another replica holds it or it is delivered already. A row this replica's command
        wrote or its sweep claimed is held until its lease runs out; any other (or one whose
        lease is nearly over) is claimed first, which also reads its newest revision."""
        if row is None or self.owner is None:
            return None if row is None else self._current(row)
        if row.owner != self.owner or row.due_at is None \
                or row.due_at - self.now() < RENEW_BEFORE:
            row = await store.claim(self.uow_factory, delivery_id=row.id or 0,
                                    owner=self.owner, now=self.now)
        return None if row is None else self._current(row)

    async def _pace(self, chat_id: int) -> None:
        """Wait until the chat's flood budget lets a message through, so that what is sent
        is the newest revision (a burst of presses coalesces into one edit)."""
        if self.ready_in is None:
            return
        wait = self.ready_in(chat_id)
        if wait > 0:
            await self.sleep(wait)

    async def _deliver(self, row: Delivery) -> store.Settled | None:
        """Bring one row to Telegram, retrying what is worth retrying; return the result
        (None: the row moved to another chat's worker)."""
        failures = 0
        if self.views is not None and row.chat_id > 0:
            self.views.mirror(row)  # the player's ephemeral message in the group, if live
        while True:
            try:
                return await self._send(row)
            except RetryAfter as error:
                await self.sleep(retry_seconds(error))
            except ChatMigrated as error:
                await self._moved(row, error.new_chat_id)
                return None
            except Forbidden as error:
                return await self._refused(row, str(error))
            except BadRequest as error:
                return await self._bad_request(row, str(error))
            except NetworkError as error:
                failures += 1
                if failures >= NETWORK_TRIES:
                    log.info("delivery %s (%s) postponed: %s", row.id, row.key, error)
                    return store.Settled(row.id or 0, done=False, attempts=row.attempts + 1,
                                         retry_at=self.now() + LATER, error=str(error))
                await self.sleep(min(30.0, 0.5 * 2 ** failures))
            # a newer revision may have arrived while this one waited: send that instead
            held = await self._held(self._queues.get(row.chat_id, {}).pop(row.id or 0, row))
            if held is None:
                return None
            row = held

    async def _send(self, row: Delivery) -> store.Settled:
        """Send, edit or close the row's message; return the result. Raise Telegram's errors."""
        payload, chat = row.payload, row.chat_id
        if row.key.startswith(NOTE):
            await self.bot.post_raw("sendMessage", {
                "chat_id": chat, "text": message_text(payload), "parse_mode": ParseMode.HTML,
                "reply_markup": keyboard(payload.get("buttons") or []),
                "message_thread_id": row.topic_id,
                "disable_notification": True if payload.get("silent") else None})
            return store.Settled(row.id or 0, note=True)
        if closed(payload):  # also the messages an unsent revision was to replace
            await self._retire(row)
            return store.Settled(row.id or 0, row.revision, None, None)
        text, buttons = message_text(payload), keyboard(payload.get("buttons") or [])
        anchor = payload.get("anchor")
        fresh = row.message_id is None or (anchor is not None and row.sent_anchor is not None
                                           and anchor != row.sent_anchor)
        if self.photos is not None and payload.get("photo"):
            shown = await self._photo(row, buttons, fresh=fresh)
            if shown is not None:
                if shown[1]:
                    await self._retire(row)
                return store.Settled(row.id or 0, row.revision, shown[0], anchor)
        if self.photos is not None:  # its message will show text: no photo to edit in place
            self.photos.forget(row)
        if not fresh:
            try:
                await self.bot.post_raw("editMessageText", {
                    "chat_id": chat, "message_id": row.message_id, "text": text,
                    "parse_mode": ParseMode.HTML, "reply_markup": buttons})
                return store.Settled(row.id or 0, row.revision, row.message_id, anchor)
            except BadRequest as error:
                if "not modified" in str(error):
                    return store.Settled(row.id or 0, row.revision, row.message_id, anchor)
                if not any(gone in str(error).lower() for gone in GONE):
                    raise
        message = await self.bot.post_raw("sendMessage", {
            "chat_id": chat, "text": text, "parse_mode": ParseMode.HTML,
            "reply_markup": buttons, "message_thread_id": row.topic_id,
            "disable_notification": True if payload.get("silent") else None})
        await self._retire(row)
        return store.Settled(row.id or 0, row.revision, int(message["message_id"]), anchor)

    async def _photo(self, row: Delivery, buttons: dict[str, Any] | None, *,
                     fresh: bool) -> tuple[int, bool] | None:
        """Show the row as a photo; return its message and whether it is new, or None when
        its text is to be sent instead: the picture cannot be drawn, or the group refuses
        pictures (the lifecycle remembers that, so its next tables are text)."""
        assert self.photos is not None
        try:
            return await self.photos.show(row, buttons, fresh=fresh)
        except BadRequest as error:
            if refusal(str(error)) != "photos" or row.chat_id > 0:
                raise
            log.info("chat %s refuses pictures: sending the text of %s", row.chat_id, row.key)
            if self.lifecycle is not None:
                await self.lifecycle.pictures_refused(row.chat_id)
            return None

    async def _retire(self, row: Delivery) -> None:
        """Retire the messages the row no longer shows (tgbot/delivery/retire.py)."""
        await self.retirer.retire(row)

    async def _moved(self, row: Delivery, new: int) -> None:
        """The group became a supergroup: move its games, then deliver there."""
        if self.lifecycle is not None:
            await self.lifecycle.migrated(row.chat_id, new)
        await self.sweep(everything=True, chat_id=new)

    async def _refused(self, row: Delivery, error: str) -> store.Settled:
        """A chat refused the bot: a player's private chat, or a group that removed it."""
        if self.views is not None and row.chat_id > 0:
            self.views.mirror(row, fresh=True)  # his secrets in the group instead
        if self.lifecycle is not None:
            if row.chat_id > 0:
                await self.lifecycle.unreachable(row)
            else:
                await self.lifecycle.removed(row.chat_id)
        return self._parked(row, error)

    async def _bad_request(self, row: Delivery, error: str) -> store.Settled | None:
        """Answer a 400: a chat gone is refused; a forum topic gone moves its games to the
        main thread (None: the lifecycle queued the moved rows again); a group where the
        bot may not write pauses its games. The row waits (parked) unless its game moved."""
        kind = refusal(error)
        if "chat not found" in error.lower():
            return await self._refused(row, error)
        if self.lifecycle is not None and row.chat_id < 0:
            if kind == "topic" and row.topic_id is not None \
                    and await self.lifecycle.topic_gone(row.chat_id, row.topic_id):
                return None
            if kind == "writing":
                await self.lifecycle.muted(row.chat_id)
        log.warning("delivery %s (%s) refused: %s", row.id, row.key, error)
        return self._parked(row, error)

    def _parked(self, row: Delivery, error: str) -> store.Settled:
        """Return a result that waits until the row is written again (or reopened)."""
        return store.Settled(row.id or 0, done=False, attempts=row.attempts + 1,
                             retry_at=None, error=error[:200])

    # -- results ----------------------------------------------------------------------
    def _record(self, result: store.Settled, chat_id: int) -> None:
        self._progress = time.monotonic()
        pressed = self._pressed.pop(result.delivery_id, None) if result.done else None
        if pressed is not None and self.on_table is not None:
            self.on_table(time.perf_counter() - pressed)
        if result.done and not result.note:
            self._shown.keep(result.delivery_id, (chat_id, result))
        self._results.append(result)
        if self._flushing is None:
            self._flushing = asyncio.create_task(self._flush_soon())

    async def _flush_soon(self) -> None:
        # Results are bookkeeping: they wait (up to FLUSH_WAIT_SECONDS) for the other sends of
        # the moment, each waking this when it ends (not polled), so one write records all.
        try:
            await asyncio.sleep(0)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(FLUSH_WAIT_SECONDS):
                    while self._busy():
                        self._sent.clear()
                        await self._sent.wait()
            await self._flush()
        finally:
            self._flushing = None
            if self._results:
                self._flushing = asyncio.create_task(self._flush_soon())

    def _busy(self) -> bool:
        """Return True while a send is in flight or queued and not waiting for its budget."""
        ready_in = self.ready_in or (lambda chat: 0.0)
        return bool(self._sending) or any(queue and ready_in(chat) <= 0
                                          for chat, queue in self._queues.items())

    async def _flush(self) -> None:
        """Write the results; send next what another replica rewrote meanwhile."""
        results, self._results = self._results, []
        with contextlib.suppress(Exception):
            try:
                self.push(await store.settle(self.uow_factory, results, now=self.now,
                                             owner=self.owner))
            except Exception:
                log.exception("could not record %d delivery results", len(results))
                raise


def _cancelled() -> bool:
    """Return True when the running task is being cancelled."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0

