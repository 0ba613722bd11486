"""Stand-ins for python-telegram-bot objects in handler and delivery tests."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

from telegram.constants import ChatMemberStatus, ChatType

from tgbot.delivery.loop import Deliverer
from tgbot.handlers.context import SERVICES_KEY, Services, join_url
from tgbot.render.outbox import Outbox
from tgbot.service.games import GameService


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

    async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
        """The delivery loop's calls, recorded like the methods above."""
        if endpoint == "sendMessage":
            self.last_id += 1
            self.calls.append(("send", {**data, "message_id": self.last_id}))
            return {"message_id": self.last_id, "chat": {"id": data["chat_id"]}}
        kind = {"editMessageText": "edit", "editMessageReplyMarkup": "retire",
                "editMessageCaption": "caption", "deleteMessage": "delete"}[endpoint]
        self.calls.append((kind, dict(data)))
        return True

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


def wire(games: GameService, bot: Any) -> Deliverer:
    """Give a service the real outbox and a delivery loop sending through `bot`; return the
    loop (await its `idle()` before looking at what was sent)."""
    deliverer = Deliverer(bot, games.uow_factory, games.now)
    games.hooks = replace(games.hooks, outbox=Outbox(lambda game_id: join_url("bot", game_id)))
    games.deliver = deliverer.push
    return deliverer


def context_for(games: GameService, bot: FakeBot) -> Any:
    """Return a handler context whose application holds the services (wired to `bot`)."""
    services = Services(games, wire(games, bot), bot_username="bot")
    bot_data: dict[str, Any] = {SERVICES_KEY: services}  # PTB's context.bot_data is the app's
    return SimpleNamespace(application=SimpleNamespace(bot_data=bot_data), bot_data=bot_data,
                           bot=bot)


def deliverer_of(context: Any) -> Deliverer:
    """Return the delivery loop of a context made by `context_for`."""
    found = context.application.bot_data[SERVICES_KEY]
    assert isinstance(found, Services)
    return found.deliverer


def press(user_id: int) -> tuple[Any, FakeQuery]:
    """Return an update of a button press by a user on a group's message, and its query."""
    query = FakeQuery()
    return SimpleNamespace(callback_query=query, effective_user=SimpleNamespace(id=user_id),
                           effective_chat=SimpleNamespace(type=ChatType.SUPERGROUP)), query
