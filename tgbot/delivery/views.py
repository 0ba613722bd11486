"""Each player's live ephemeral message in his group: his secrets and private prompt, shown
to him only (tgbot/botapi/ephemeral.py, docs/secrets_in_group.md).

A "🔒 Mine" press shows one (`show`, answering the press); from then on the delivery loop
hands every private row of that player and game to `mirror`, which edits the message in
place: a prompt's text and buttons replace the body, the secrets a command deals him
refresh its head. A row his private chat refused (he never started the bot, or blocked
it) is shown as a new ephemeral message when he has none (`mirror(fresh=True)`). Every
mirror runs on its own task and failures only drop the live message: nothing waits on an
ephemeral delivery. What is live is kept in this process (a restart forgets it; the next
press shows it again).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from storage.models import Delivery
from tgbot.botapi import ephemeral
from tgbot.botapi.ephemeral import ApiBot, EphemeralRefused, Shown
from tgbot.delivery.markup import keyboard
from tgbot.render.secrets_view import view_text

log = logging.getLogger(__name__)
Markup = Callable[[Sequence[Sequence[Sequence[str]]]], dict[str, Any] | None]
MAX_LIVE = 50_000
TAG = re.compile(r"<[^>]*>")
CALM_SECONDS = 10.0
"""How long a mirror yields to its group's own messages before it is sent anyway, at
Telegram's 20 messages a minute per group (a faster group budget shortens it alike)."""


def calm_seconds(group_per_minute: int) -> float:
    """Return how long a mirror yields in a group allowed `group_per_minute` messages."""
    return CALM_SECONDS * 20 / group_per_minute


@dataclass
class Live:
    """One live ephemeral message and what it shows: a head, then a private row's body."""

    shown: Shown
    head: str
    body: dict[str, Any] = field(default_factory=dict)
    drawn: tuple[str, Any] | None = None
    """What it shows now, as `_seen` reads it (an edit that changes nothing is not sent)."""


class Pacing(Protocol):
    """What the views read of the delivery loop: a group's flood budget and queue."""

    ready_in: Callable[[int], float] | None
    calm_seconds: float

    def pending(self, chat_id: int) -> int:
        """Return how many rows of a chat wait to be sent."""


class EphemeralViews:
    """The live ephemeral message of every (game, player) in this process."""

    def __init__(self, bot: ApiBot, markup: Markup, pacing: Pacing | None = None) -> None:
        self.bot = bot
        self.markup = markup
        self.pacing = pacing
        self.live: dict[tuple[int, int], Live] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._locks: dict[tuple[int, int], tuple[asyncio.Lock, int]] = {}  # lock, users

    def _render(self, live: Live) -> tuple[str, dict[str, Any] | None]:
        payload = {**live.body, "ephemeral": {"head": live.head}}
        return view_text(payload), self.markup(live.body.get("buttons") or [])

    async def show(self, game_id: int, user_id: int, *, chat_id: int, topic_id: int | None,
                   head: str, body: dict[str, Any], query_id: str | None = None) -> Shown:
        """Show a player his secrets in the group as a new ephemeral message (answering
        his press `query_id`), replacing his last one; return it. Raise EphemeralRefused."""
        live = Live(Shown(chat_id, user_id, 0), head, body)
        text, buttons = self._render(live)
        live.drawn = _seen(text, buttons)
        live.shown = await ephemeral.send(self.bot, chat_id=chat_id, user_id=user_id,
                                          text=text, reply_markup=buttons,
                                          callback_query_id=query_id, topic_id=topic_id)
        old = self.live.pop((game_id, user_id), None)
        if len(self.live) > MAX_LIVE:
            self.live.clear()
        self.live[(game_id, user_id)] = live
        if old is not None:
            self._spawn(self._delete(old.shown))
        return live.shown

    def mirror(self, row: Delivery, *, fresh: bool = False) -> None:
        """Bring the player's live ephemeral message to a private row of his (`fresh`: show
        one when he has none), on its own task. What it should show is updated at once,
        so a burst of rows costs one edit."""
        if not row.payload.get("ephemeral"):
            return
        live = self.live.get((row.game_id, row.chat_id))
        if live is not None:
            _apply(live, row)
        self._spawn(self._mirror(row, fresh=fresh, applied=live is not None))

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait for the mirrors under way (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def refresh(self, game_id: int, user_id: int, *, head: str, body: dict[str, Any]) -> None:
        """Bring a player's live message to a newer head and body (his game moved while a
        press was showing it), on its own task after his other mirrors."""
        live = self.live.get((game_id, user_id))
        if live is None:
            return
        live.head, live.body = head, dict(body)
        self._spawn(self._one_at_a_time((game_id, user_id),
                                        lambda: self._refreshed((game_id, user_id), live)))

    async def _mirror(self, row: Delivery, *, fresh: bool, applied: bool) -> None:
        """Mirror one row; a player's rows are mirrored one at a time, in delivery order."""
        await self._one_at_a_time((row.game_id, row.chat_id),
                                  lambda: self._mirror_one(row, fresh=fresh, applied=applied))

    async def _one_at_a_time(self, key: tuple[int, int],
                             work: Callable[[], Awaitable[None]]) -> None:
        """Await `work()` once no other mirror of the player's live message runs (made
        only then: a task cancelled while it waits leaves no coroutine unawaited)."""
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                await work()
        finally:
            # forgotten only when no other mirror of his waits for it: a lock dropped while
            # one waits would let the next mirror run beside it (two edits of one message)
            lock, users = self._locks[key]
            if users > 1:
                self._locks[key] = (lock, users - 1)
            else:
                del self._locks[key]

    async def _calm(self, chat_id: int) -> None:
        """Wait until the group has nothing of its own to send and a message fits in its
        flood budget, for at most `pacing.calm_seconds`: an ephemeral edit should not take the place
        of the group's table, which is picked, newest revision first, when the budget is
        there (tgbot/delivery/loop.py); a group busy for longer gets the edit anyway."""
        pacing = self.pacing
        if pacing is None:
            return
        loop = asyncio.get_running_loop()
        until = loop.time() + pacing.calm_seconds
        while loop.time() < until:
            wait = pacing.ready_in(chat_id) if pacing.ready_in is not None else 0.0
            if wait <= 0 and not pacing.pending(chat_id):
                return
            await asyncio.sleep(min(max(wait, 0.05), max(0.0, until - loop.time())))

    async def _mirror_one(self, row: Delivery, *, fresh: bool, applied: bool) -> None:
        payload = row.payload
        where = payload["ephemeral"]
        key = (row.game_id, row.chat_id)
        live = self.live.get(key)
        try:
            if live is None:
                if fresh:
                    await self._calm(int(where["chat"]))
                    await self.show(row.game_id, row.chat_id, chat_id=int(where["chat"]),
                                    topic_id=where.get("topic"), head=str(where["head"]),
                                    body=dict(payload))
                return
            if not applied:
                _apply(live, row)
            await self._redraw(live)
        except EphemeralRefused as error:
            log.info("ephemeral view of %s in game %s dropped: %s", row.chat_id, row.game_id,
                     error)
            if self.live.get(key) is live:
                self.live.pop(key, None)
        except Exception:  # best effort: a mirror never stops a delivery
            log.exception("ephemeral view of %s in game %s failed", row.chat_id, row.game_id)

    async def _redraw(self, live: Live) -> None:
        """Edit a live message to what it should show, unless it shows that already (once
        its group's own messages are out). Raise EphemeralRefused."""
        await self._calm(live.shown.chat_id)
        text, buttons = self._render(live)
        if live.drawn == _seen(text, buttons):
            return
        await ephemeral.edit_text(self.bot, live.shown, text=text, reply_markup=buttons)
        live.drawn = _seen(text, buttons)

    async def _refreshed(self, key: tuple[int, int], live: Live) -> None:
        """Redraw a live message a press refreshed; a refusal drops it."""
        try:
            await self._redraw(live)
        except EphemeralRefused as error:
            log.info("ephemeral view of %s in game %s dropped: %s", key[1], key[0], error)
            if self.live.get(key) is live:
                self.live.pop(key, None)
        except Exception:  # best effort, as a mirror
            log.exception("ephemeral view of %s in game %s failed", key[1], key[0])

    async def _delete(self, shown: Shown) -> None:
        with contextlib.suppress(Exception):
            await ephemeral.delete(self.bot, shown)


def views_for(bot: Any, pacing: Pacing) -> EphemeralViews | None:
    """Return the views of a bot that can call the Bot API by name (None: a test's
    recorder of calls, which cannot)."""
    return EphemeralViews(bot, keyboard, pacing) if hasattr(bot, "do_api_request") else None


def _seen(text: str, buttons: Any) -> tuple[str, Any]:
    """Return what a player reads of a message: its text without tags or entities, trimmed,
    and its buttons. Telegram refuses an edit that changes neither ("not modified"), and
    two HTML texts may read alike; a change of formatting alone waits for the next one."""
    return html.unescape(TAG.sub("", text)).strip(), buttons


def _apply(live: Live, row: Delivery) -> None:
    """Take a private row into what a live message should show: a prompt's text and
    buttons become its body; every row refreshes its head (his secrets)."""
    live.head = str(row.payload["ephemeral"]["head"])
    if not row.key.startswith("note:"):
        live.body = dict(row.payload)
