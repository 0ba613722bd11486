"""Telegram's chat lifecycle: blocked and unblocked players, groups that remove the bot or
become supergroups.

- A player's private chat refuses a message (blocked, never started, "chat not found"):
  the row waits, the group is told by name (nothing secret) how to get the prompt back;
  when the player unblocks or sends /start, every undelivered message is sent anew.
- The bot is removed from a group: its running games pause (clocks stop, time left kept);
  added back, they resume and the table is posted anew. A game paused longer than
  `PAUSE_LIMIT` is ended.
- A group upgraded to a supergroup: its games, settings and delivery rows move to the
  new chat id.

Telegram's updates saying so are read by tgbot/handlers/chat_changes.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from storage.models import Delivery
from tgbot.delivery.group_rights import GroupRights
from tgbot.delivery.loop import Deliverer
from tgbot.service import deliveries as store
from tgbot.service import profiles
from tgbot.service.games import GameService

log = logging.getLogger(__name__)
PAUSE_LIMIT = timedelta(days=30)
EXPIRY_CHECK = timedelta(hours=1)


class ChatLifecycle(GroupRights):
    """What the service does when Telegram says a chat changed (a group's refusals:
    tgbot/delivery/group_rights.py)."""

    def __init__(self, games: GameService, deliverer: Deliverer,
                 reopened: Callable[[int], None] | None = None) -> None:
        self.games = games
        self.deliverer = deliverer
        self.reopened = reopened  # the Bot API layer calls a private chat again (InboxBot)
        self._expired_at: datetime | None = None

    async def unreachable(self, row: Delivery) -> None:
        """A player's private chat refused a message (his prompt, or a secret dealt): note
        that the bot cannot write to him, and tell the game's group, once per game and
        player, by name, how to fix it (also a player first seen in a group, who never
        opened the private chat)."""
        user = await profiles.get_user(self.games.uow_factory, user_id=row.chat_id)
        if user is not None and user.can_dm:
            await profiles.upsert_user(self.games.uow_factory, user_id=user.id,
                                       display_name=user.display_name, language=None,
                                       can_dm=False, now=self.games.now)
        await self.games.tell_unreachable(row.game_id, row.chat_id)

    async def opened(self, user_id: int, name: str) -> None:
        """A user opened (or unblocked) the private chat: note that the bot can write to
        him, then send what he missed (`reachable`)."""
        await profiles.upsert_user(self.games.uow_factory, user_id=user_id, display_name=name,
                                   language=None, can_dm=True, now=self.games.now)
        await self.reachable(user_id)

    async def reachable(self, user_id: int) -> None:
        """A player opened (or unblocked) the private chat: send every message he missed,
        and his live prompts anew."""
        if self.reopened is not None:
            self.reopened(user_id)
        rows = await store.reopen_chat(self.games.uow_factory, chat_id=user_id,
                                       now=self.games.now)
        self.deliverer.push(rows)

    async def removed(self, chat_id: int) -> None:
        """The bot left or was removed from a group: pause its running games."""
        paused = await store.pause_chat(self.games.uow_factory, chat_id=chat_id,
                                        now=self.games.now)
        if paused:
            log.info("chat %s removed the bot: games %s paused", chat_id, paused)

    async def readded(self, chat_id: int) -> None:
        """The bot is back in a group: resume its paused games and post their tables."""
        resumed = await store.resume_chat(self.games.uow_factory, chat_id=chat_id,
                                          now=self.games.now)
        for game_id in resumed:  # each refresh tells the waker its game's new deadline
            await self.games.refresh(game_id, fresh=True)
        await self.deliverer.sweep(everything=True, chat_id=chat_id)

    async def migrated(self, old: int, new: int) -> None:
        """A group became a supergroup: move its games and rows to the new id."""
        moved = await store.migrate_chat(self.games.uow_factory, old=old, new=new,
                                         now=self.games.now)
        if moved:
            log.info("chat %s became %s: games %s moved", old, new, moved)
        await self.deliverer.sweep(everything=True, chat_id=new)

    async def expire_paused(self) -> None:
        """End the games paused for longer than PAUSE_LIMIT (looked at once an hour)."""
        at = self.games.now()
        if self._expired_at is not None and at - self._expired_at < EXPIRY_CHECK:
            return
        self._expired_at = at
        await store.abort_paused(self.games.uow_factory, now=self.games.now,
                                 older_than=PAUSE_LIMIT)
