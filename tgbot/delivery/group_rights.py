"""What the bot does when a group restricts it: every refusal leaves a playable game, or a
paused one whose players were told.

- The group refuses pictures (a 400 on sendPhoto or editMessageMedia, or a my_chat_member
  update without `can_send_photos`): the deliverer sends the row's text at once and the
  group gets text tables (tgbot/service/chat_rights.py) until `RETRY_PICTURES` has passed
  or a my_chat_member update lets the bot send photos again, when its running tables are
  shown as pictures anew.
- The bot may not write there (a 400 on sendMessage, or a my_chat_member update without
  `can_send_messages`): the group's running games pause as when the bot is removed, and
  each seated player the bot can write to is told once, privately; a my_chat_member update
  that lets it write resumes them as re-adding the bot does.
- A game's forum topic was closed or deleted (400 TOPIC_CLOSED, message thread not found):
  the game moves to the group's main thread, where its table is posted anew with a line
  saying the game continues there.
`ChatLifecycle` (tgbot/delivery/lifecycle.py) is a `GroupRights`.
"""

from __future__ import annotations

import html
import logging

from telegram import ChatMember
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from storage.errors import StorageError
from tgbot.delivery.loop import Deliverer
from tgbot.i18n import t
from tgbot.service import chat_rights
from tgbot.service import deliveries as store
from tgbot.service.games import GameService

log = logging.getLogger(__name__)
IN = (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


def is_in(member: ChatMember) -> bool:
    """Return whether a ChatMember is in the chat (a restricted one may still be)."""
    if member.status == ChatMemberStatus.RESTRICTED:
        return bool(getattr(member, "is_member", False))
    return member.status in IN


def may(member: ChatMember, right: str) -> bool:
    """Return whether a ChatMember may use a ChatPermissions right (`can_send_photos`):
    only a restricted member's own restrictions are known to the bot."""
    if member.status == ChatMemberStatus.RESTRICTED:
        return bool(getattr(member, right, True))
    return True


class GroupRights:
    """The fallbacks for a group's refusals; `games` and `deliverer` are the bot's."""

    games: GameService
    deliverer: Deliverer

    async def readded(self, chat_id: int) -> None:
        """Resume a group's paused games (tgbot/delivery/lifecycle.py)."""
        raise NotImplementedError

    async def pictures_refused(self, chat_id: int) -> None:
        """A group refused the bot's pictures: its tables are text for a while."""
        await chat_rights.refuse_pictures(self.games.uow_factory, chat_id=chat_id,
                                          now=self.games.now)

    async def muted(self, chat_id: int) -> None:
        """The bot may not write in a group: pause its running games and tell their players
        privately (once: games already paused are left alone)."""
        paused = await store.pause_chat(self.games.uow_factory, chat_id=chat_id,
                                        now=self.games.now)
        if not paused:
            return
        log.info("the bot may not write in chat %s: games %s paused", chat_id, paused)
        title = await self._title(chat_id)

        def text(language: str | None) -> str:
            group = html.escape(title) if title else t(language, "your group")
            return t(language, "⏸ Your game in {group} is paused: I may no longer write "
                               "there. It goes on as soon as an admin lets me write again.",
                     group=group)

        self.deliverer.push(await chat_rights.tell_players(
            self.games.uow_factory, game_ids=paused, text=text, now=self.games.now))

    async def topic_gone(self, chat_id: int, topic_id: int) -> bool:
        """A forum topic was closed or deleted: move its games to the main thread, where
        their tables are posted anew saying so, and deliver their rows there; return
        whether any game moved."""
        moved = await chat_rights.move_out_of_topic(self.games.uow_factory, chat_id=chat_id,
                                                    topic_id=topic_id, now=self.games.now)
        for game_id in moved:
            try:
                await self.games.refresh(game_id, fresh=True, moved_here=True)
            except StorageError as error:
                log.info("could not post game %s in the main thread: %s", game_id, error)
        if not moved:
            return False
        log.info("topic %s of chat %s is gone: games %s moved", topic_id, chat_id, moved)
        await self.deliverer.sweep(everything=True, chat_id=chat_id)
        return True

    async def rights_changed(self, chat_id: int, member: ChatMember, *,
                             resume: bool) -> None:
        """The bot's rights in a group changed (`member`: its new ChatMember): pictures are
        tried again at once or given up, and games pause or (when `resume`) resume."""
        if not may(member, "can_send_photos"):
            await self.pictures_refused(chat_id)
        elif await chat_rights.allow_pictures(self.games.uow_factory, chat_id=chat_id):
            for game_id in await chat_rights.running_games(self.games.uow_factory,
                                                           chat_id=chat_id):
                await self.games.lobby_changed(game_id)  # its table, as a picture again
        if not may(member, "can_send_messages"):
            await self.muted(chat_id)
        elif resume:
            await self.readded(chat_id)

    async def _title(self, chat_id: int) -> str:
        """Return a group's title as Telegram tells it ("" when it cannot)."""
        try:
            found = await self.deliverer.bot.post_raw("getChat", {"chat_id": chat_id})
        except TelegramError as error:
            log.info("could not read the title of chat %s: %s", chat_id, error)
            return ""
        return str(found.get("title") or "") if isinstance(found, dict) else ""
