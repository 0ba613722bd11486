"""Stand-ins for python-telegram-bot objects in handler and publisher tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from telegram.constants import ChatMemberStatus, ChatType

from tgbot.context import SERVICES_KEY, Services
from tgbot.publish import Publisher
from tgbot.service import GameService


class HandClock:
    """A clock the test moves by hand (2 March 2026, noon UTC, unless told otherwise)."""

    def __init__(self, start: datetime = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, delta: timedelta) -> None:
        self.moment += delta


@dataclass
class FakeBot:
    """Records what would be sent to Telegram; every user is a plain chat member."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    last_id: int = 100

    async def send_message(self, chat_id: int, text: str, **kwargs: Any) -> Any:
        self.last_id += 1
        self.calls.append(("send", {"chat_id": chat_id, "text": text, **kwargs,
                                    "message_id": self.last_id}))
        return SimpleNamespace(message_id=self.last_id)

    async def edit_message_text(self, text: str, **kwargs: Any) -> None:
        self.calls.append(("edit", {"text": text, **kwargs}))

    async def edit_message_reply_markup(self, **kwargs: Any) -> None:
        self.calls.append(("retire", kwargs))

    async def get_chat_member(self, chat_id: int, user_id: int) -> Any:
        return SimpleNamespace(status=ChatMemberStatus.MEMBER)

    def to(self, chat_id: int, kind: str | None = None) -> list[dict[str, Any]]:
        """Return the recorded calls about one chat, optionally of one kind."""
        return [data for name, data in self.calls if data.get("chat_id") == chat_id
                and kind in (None, name)]


@dataclass
class FakeQuery:
    """A callback query: records its answers."""

    answers: list[tuple[str | None, bool]] = field(default_factory=list)

    async def answer(self, text: str | None = None, show_alert: bool = False) -> None:
        self.answers.append((text, show_alert))

    async def edit_message_reply_markup(self, markup: Any = None) -> None:
        return None


def context_for(games: GameService, bot: FakeBot) -> Any:
    """Return a handler context whose application holds the services."""
    services = Services(games, Publisher(bot, games), bot_username="bot")  # type: ignore[arg-type]
    return SimpleNamespace(application=SimpleNamespace(bot_data={SERVICES_KEY: services}),
                           bot=bot)


def press(user_id: int) -> tuple[Any, FakeQuery]:
    """Return an update of a button press by a user on a group's message, and its query."""
    query = FakeQuery()
    return SimpleNamespace(callback_query=query, effective_user=SimpleNamespace(id=user_id),
                           effective_chat=SimpleNamespace(type=ChatType.SUPERGROUP)), query
