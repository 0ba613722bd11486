"""Ephemeral messages (Bot API 10.2): a message in a group that only one member sees.

python-telegram-bot 22.8 predates them, so this module is the one place that names them,
calling the Bot API through `Bot.do_api_request`; replace its bodies when the library
adds the methods (docs/secrets_in_group.md). What it sends:

- `sendMessage` with `ephemeral_message_parameters`, an EphemeralMessageParameters object
  (`receiver_user_id`, and `callback_query_id` when answering that member's press): the
  sent Message carries `ephemeral_message_id`. Telegram ignores a parameter it does not
  know, so a receiver given beside that object would post to the whole group;
- `editEphemeralMessageText` (`chat_id`, `receiver_user_id`, `ephemeral_message_id`,
  `text`, `parse_mode`, `reply_markup`): True;
- `deleteEphemeralMessage` (`chat_id`, `receiver_user_id`, `ephemeral_message_id`): True.

Telegram refuses with 400 (a chat that takes no ephemeral messages, a callback query too
old, a receiver not in the chat, a message gone) or 403 (the bot not in the chat): both
raise `EphemeralRefused`. A flood 429 and network errors are raised as
python-telegram-bot raises them (RetryAfter, NetworkError).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Protocol

from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden

SEND = "sendMessage"
EDIT_TEXT = "editEphemeralMessageText"
DELETE = "deleteEphemeralMessage"
ENDPOINTS = frozenset({EDIT_TEXT, DELETE, "editEphemeralMessageCaption",
                       "editEphemeralMessageMedia", "editEphemeralMessageReplyMarkup"})
"""The 10.2 methods python-telegram-bot does not know (the rate limiter counts them)."""


class EphemeralRefused(Exception):
    """Telegram refused an ephemeral message; the text is its description."""


class ApiBot(Protocol):
    """What the adapter needs of python-telegram-bot's Bot."""

    async def do_api_request(self, endpoint: str,
                             api_kwargs: dict[str, Any] | None = None) -> Any:
        """Call any Bot API method; return its JSON result."""


@dataclass(frozen=True)
class Shown:
    """An ephemeral message: where it is, whom it shows to, its id."""

    chat_id: int
    user_id: int
    message_id: int


async def _call(bot: ApiBot, endpoint: str, data: dict[str, Any]) -> Any:
    kwargs = {k: v for k, v in data.items() if v is not None}
    try:
        with warnings.catch_warnings():
            # sendMessage is known to the library, its ephemeral_message_parameters is not
            warnings.filterwarnings("ignore", message=r"Please use 'Bot\.")
            return await bot.do_api_request(endpoint, api_kwargs=kwargs)
    except (BadRequest, Forbidden) as error:
        raise EphemeralRefused(str(error)) from error


async def send(bot: ApiBot, *, chat_id: int, user_id: int, text: str,
               reply_markup: dict[str, Any] | None = None, callback_query_id: str | None = None,
               topic_id: int | None = None) -> Shown:
    """Send `text` (HTML) to `user_id` only, in group `chat_id`; return the message.
    Raise EphemeralRefused."""
    receiver: dict[str, Any] = {"receiver_user_id": user_id}
    if callback_query_id is not None:
        receiver["callback_query_id"] = callback_query_id
    result = await _call(bot, SEND, {
        "chat_id": chat_id, "ephemeral_message_parameters": receiver, "text": text,
        "parse_mode": ParseMode.HTML, "reply_markup": reply_markup,
        "message_thread_id": topic_id})
    found = result.get("ephemeral_message_id") if isinstance(result, dict) else None
    if not isinstance(found, int):
        raise EphemeralRefused("the answer has no ephemeral_message_id")
    return Shown(chat_id, user_id, found)


async def edit_text(bot: ApiBot, shown: Shown, *, text: str,
                    reply_markup: dict[str, Any] | None = None) -> None:
    """Edit an ephemeral message's text and buttons in place ("not modified" counts as
    done). Raise EphemeralRefused."""
    try:
        await _call(bot, EDIT_TEXT, {
            "chat_id": shown.chat_id, "receiver_user_id": shown.user_id,
            "ephemeral_message_id": shown.message_id, "text": text,
            "parse_mode": ParseMode.HTML, "reply_markup": reply_markup})
    except EphemeralRefused as error:
        if "not modified" not in str(error):
            raise


async def delete(bot: ApiBot, shown: Shown) -> None:
    """Delete an ephemeral message. Raise EphemeralRefused."""
    await _call(bot, DELETE, {"chat_id": shown.chat_id, "receiver_user_id": shown.user_id,
                              "ephemeral_message_id": shown.message_id})
