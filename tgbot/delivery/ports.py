"""What the delivery loop needs of the rest of the bot: the Bot API's raw calls and the
service's answers to Telegram's news about a chat."""

from __future__ import annotations

from typing import Any, Protocol

from storage.models import Delivery


class Lifecycle(Protocol):
    """What the service does when Telegram says a chat changed (tgbot/service/games.py)."""

    async def unreachable(self, row: Delivery) -> None:
        """A player's private chat refused a message (blocked, never started, not found)."""

    async def removed(self, chat_id: int) -> None:
        """The bot is no longer in a group."""

    async def migrated(self, old: int, new: int) -> None:
        """A group became a supergroup with a new id."""

    async def pictures_refused(self, chat_id: int) -> None:
        """A group refused the bot's pictures."""

    async def muted(self, chat_id: int) -> None:
        """The bot may not write in a group any more."""

    async def topic_gone(self, chat_id: int, topic_id: int) -> bool:
        """A forum topic was closed or deleted: move its games; return whether any moved."""


class RawApi(Protocol):
    """What the delivery loop needs of the bot (tgbot/botapi/inbox.py's InboxBot)."""

    async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
        """Call a Bot API method with JSON parameters; return its JSON result. Raise
        python-telegram-bot's errors."""
