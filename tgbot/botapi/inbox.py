"""The durable inbox: no update is lost between Telegram's confirmation and its handling.

Long polling confirms a batch of updates by asking for the next one, which PTB does as
soon as it has queued the batch, so a process killed then would lose them. `InboxBot`
stores every fetched update in the `inbox` table before returning it (the JSON Telegram
sent, as received); each update is forgotten once its handler has finished
(`Inbox.handled`, batched into one statement), and at start-up the updates still stored
are handled first (`Inbox.replay`). Handling is idempotent where it matters: a press
carries its game version, so a replayed press is refused as outdated.

In webhook mode Telegram may post an update twice, to one replica or to two (a retry after a
slow answer, a load balancer's retry): `Inbox.first_time` notes each update's id in the same
table (without its payload: nothing is replayed) in one atomic insert, so a duplicate is
dropped whichever replica gets it; ids are forgotten after `remember`.

Of a pressed button's message, only where it is and which it is are kept
(`slim_pressed_message`): the handlers read nothing else of it.

Every text and caption the bot sends is cut to Telegram's limit on its way out (`fitted`).

A private chat that refused a call (blocked, or never started) is remembered: later calls
to it are refused at once, as Telegram would refuse them, without spending a request of the
bot's overall budget, until the player opens the chat again (`reopened`, from /start or an
unblock: tgbot/delivery/lifecycle.py) or for an hour at most. Only in polling mode (one
process): replicas would not learn that another one saw the chat open again.

`InboxBot.post_raw` calls a Bot API method with JSON-ready parameters and returns
Telegram's result as JSON, without building python-telegram-bot objects (the delivery
loop's sends and edits); it goes through the rate limiter and raises PTB's errors like
every other call.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

from telegram import Update
from telegram.error import Forbidden
from telegram.ext import ExtBot

from storage.clock import Clock
from storage.models import InboxUpdate
from storage.uow import UnitOfWorkFactory
from tgbot.render.fit import CAPTION_LIMIT, TEXT_LIMIT, cut_html, cut_plain

log = logging.getLogger(__name__)
FORGET_AFTER_SECONDS = 1.0
REFUSING_KEPT = 100_000  # private chats remembered as refusing, at most
REFUSING_SECONDS = 3600.0  # how long one is refused without asking Telegram again
STILL_REFUSED = "Forbidden: this private chat refused the bot; not tried until it is opened"


class Inbox:
    """Stores fetched updates until handled; replays the unhandled ones at start-up."""

    def __init__(self, uow_factory: UnitOfWorkFactory | None, now: Clock, *,
                 remember: timedelta | None = None) -> None:
        self.uow_factory = uow_factory
        self.now = now
        self.remember = remember  # webhook mode: how long an update's id is kept
        self._handled: set[int] = set()
        self._forgetting: asyncio.Task[None] | None = None
        self._next_cleanup = 0.0

    async def first_time(self, update_id: int) -> bool:
        """Webhook mode: note an update's id; return False when any replica noted it
        already (a duplicate delivery). Ids older than `remember` are forgotten now and
        then (once a minute at most)."""
        assert self.uow_factory is not None
        assert self.remember is not None
        at = self.now()
        async with self.uow_factory() as uow:
            new = await uow.inbox.add_new(update=InboxUpdate(update_id=update_id, payload={},
                                                             received_at=at))
            if time.monotonic() >= self._next_cleanup:
                self._next_cleanup = time.monotonic() + 60
                await uow.inbox.remove_before(before=at - self.remember)
            await uow.commit()
        return new

    async def store(self, updates: Sequence[dict[str, Any]]) -> None:
        """Store updates just fetched, as Telegram's JSON (and forget those handled
        meanwhile), in one commit."""
        handled, self._handled = self._handled, set()
        at = self.now()
        assert self.uow_factory is not None
        async with self.uow_factory() as uow:
            await uow.inbox.add_many(updates=[
                InboxUpdate(update_id=update["update_id"], payload=update, received_at=at)
                for update in updates if update["update_id"] not in handled])
            await uow.inbox.remove_many(update_ids=sorted(handled))
            await uow.commit()

    async def handled(self, update: object) -> None:
        """Note that an update's handler finished; it is forgotten within a second (in
        webhook mode its id is kept for `remember`)."""
        if not isinstance(update, Update) or self.remember is not None:
            return
        self._handled.add(update.update_id)
        if self._forgetting is None:
            self._forgetting = asyncio.create_task(self._forget_soon())

    async def _forget_soon(self) -> None:
        try:
            await asyncio.sleep(FORGET_AFTER_SECONDS)
            await self.flush()
        finally:
            self._forgetting = None

    async def flush(self) -> None:
        """Forget every handled update now."""
        handled, self._handled = self._handled, set()
        if not handled or self.uow_factory is None:
            return
        try:
            async with self.uow_factory() as uow:
                await uow.inbox.remove_many(update_ids=sorted(handled))
                await uow.commit()
        except Exception:  # they stay stored: replayed once more after a restart
            log.exception("could not forget %d handled updates", len(handled))

    async def replay(self, application: Any) -> int:
        """Queue the stored updates (those a previous run did not finish); return how many."""
        assert self.uow_factory is not None
        async with self.uow_factory() as uow:
            stored = list(await uow.inbox.list())
        stored = [row for row in stored if row.payload]  # ids kept in webhook mode: no update
        for row in stored:
            update = Update.de_json(row.payload, application.bot)
            if update is not None:
                await application.update_queue.put(update)
        if stored:
            log.info("replaying %d updates a previous run did not finish", len(stored))
        return len(stored)


PRESSED_MESSAGE_FIELDS = ("message_id", "date", "chat", "message_thread_id", "is_topic_message")
"""What the handlers read of the message a pressed button sits under: where it is (chat,
forum topic) and which it is. Its text, entities, picture and keyboard are ours, and
parsing them into python-telegram-bot objects cost more than the rest of the update."""


def slim_pressed_message(update: dict[str, Any]) -> None:
    """Keep only `PRESSED_MESSAGE_FIELDS` of a callback query's message (in place)."""
    query = update.get("callback_query")
    if isinstance(query, dict) and isinstance(query.get("message"), dict):
        message = query["message"]
        query["message"] = {key: message[key] for key in PRESSED_MESSAGE_FIELDS
                            if key in message}


FITTED = {"sendMessage": ("text", TEXT_LIMIT), "editMessageText": ("text", TEXT_LIMIT),
          "sendPhoto": ("caption", CAPTION_LIMIT), "sendDocument": ("caption", CAPTION_LIMIT),
          "editMessageCaption": ("caption", CAPTION_LIMIT)}
"""The text each method sends, and Telegram's longest (tgbot/render/fit.py)."""


def fitted(endpoint: str, data: dict[str, Any]) -> dict[str, Any]:
    """Return a call's parameters with its text or caption cut to Telegram's limit (HTML
    kept well formed): whatever sends it, a handler's reply or the delivery loop, a text
    too long is never refused. The parameters are returned as they are when they fit."""
    field, limit = FITTED.get(endpoint, ("", 0))
    value = data.get(field)
    if not isinstance(value, str):
        return data
    html = str(data.get("parse_mode") or "").lower() == "html"
    cut = cut_html(value, limit) if html else cut_plain(value, limit)
    return data if cut is value else {**data, field: cut}


class InboxBot(ExtBot[Any]):
    """An ExtBot whose `get_updates` stores what it fetched before PTB confirms it, and
    whose `post_raw` skips PTB's objects."""

    def __init__(self, *args: Any, inbox: Inbox,
                 watch: Callable[[str, dict[str, Any], Exception | None], None] | None = None,
                 remember_refusals: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        with self._unfrozen():
            self.inbox = inbox
            self._fetched: list[dict[str, Any]] = []
            self.watch = watch  # told every call, with its error if it failed (the metrics)
            self.remember_refusals = remember_refusals
            self._refusing: dict[int, float] = {}  # private chat -> when it refused the bot

    def reopened(self, chat_id: int) -> None:
        """A player opened (or unblocked) his private chat: calls to it are made again."""
        self._refusing.pop(chat_id, None)

    async def get_updates(self, *args: Any, **kwargs: Any) -> tuple[Update, ...]:
        """Return the next updates, stored in the inbox first (once storage is open)."""
        self._fetched = []
        updates = await super().get_updates(*args, **kwargs)
        fetched, self._fetched = self._fetched, []
        if updates and self.inbox.uow_factory is not None:
            await self.inbox.store(fetched)
        return updates

    async def _do_post(self, endpoint: str, data: dict[str, Any], **kwargs: Any,
                       ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        private = data.get("chat_id")
        private = private if isinstance(private, int) and private > 0 else None
        if private is not None and private in self._refusing:
            if time.monotonic() - self._refusing[private] < REFUSING_SECONDS:
                raise Forbidden(STILL_REFUSED)
            del self._refusing[private]
        try:
            result = await super()._do_post(endpoint, fitted(endpoint, data), **kwargs)
        except Exception as error:
            if isinstance(error, Forbidden) and private is not None and self.remember_refusals:
                if len(self._refusing) >= REFUSING_KEPT:
                    self._refusing.clear()
                self._refusing[private] = time.monotonic()
            if self.watch is not None:
                self.watch(endpoint, data, error)
            raise
        if self.watch is not None:
            self.watch(endpoint, data, None)
        if endpoint == "getUpdates" and isinstance(result, list):
            for update in result:
                slim_pressed_message(update)
            self._fetched = result  # the JSON the inbox stores (one poll at a time)
        return result

    async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
        """Call Bot API method `endpoint` (e.g. "editMessageText") with JSON-ready
        parameters (None values are left out); return Telegram's result as JSON.

        Raises python-telegram-bot's errors (BadRequest, RetryAfter, NetworkError, ...).
        """
        return await self._do_post(endpoint, {k: v for k, v in data.items() if v is not None})
