"""Ephemeral messages (Bot API 10.2): a bot message in a group that one member sees.

Rules the fake keeps (docs/secrets_in_group.md lists their sources):

- a send method (sendMessage, sendPhoto, sendDocument) with `ephemeral_message_parameters`
  (an object: `receiver_user_id`, optional `callback_query_id`) makes one; a parameter
  Telegram does not know is ignored, so `receiver_user_id` given beside the object posts
  to the whole group, as Telegram would;
  only groups and supergroups take them (a private chat or a group with
  `takes_ephemeral` False answers 400), and the receiver must be a member of the group;
- its `callback_query_id`, when given, must be a press of that receiver in that chat, at most
  the callback timeout old (15 s, as answerCallbackQuery); it does not answer the query;
- the message lives outside the chat's history (`FakeChat.ephemeral`, its own ids): no
  other member ever sees it, `chat_log` never lists it, and only its receiver may press
  its buttons; its JSON carries `ephemeral_message_id` and `receiver_user`;
- `editEphemeralMessageText` / `Caption` / `ReplyMarkup` and `deleteEphemeralMessage` take
  `chat_id`, `receiver_user_id` and `ephemeral_message_id` and return True; a message
  unknown (or another receiver's) answers 400 not found, an identical edit 400 not modified;
- sends and edits count against the group's flood limits like any message (Telegram says
  nothing of their own limits, so the fake assumes the strictest).
"""

from __future__ import annotations

from typing import Any

from tests.fakebot import errors
from tests.fakebot.errors import bad_request
from tests.fakebot.keyboards import Rows, parse_markup
from tests.fakebot.model import FakeChat, FakeGroup, FakeMessage, Json
from tests.fakebot.params import Params
from tests.fakebot.ratelimit import FloodControl
from tests.fakebot.world import World


class EphemeralMethods:
    """The ephemeral side of the send methods, and the 10.2 edit and delete methods."""

    def __init__(self, world: World, flood: FloodControl, callback_timeout: float) -> None:
        self.world = world
        self.flood = flood
        self.callback_timeout = callback_timeout

    def post(self, chat: FakeChat, params: Params, rows: Rows | None, **content: Any) -> Json:
        """Store an ephemeral message for its receiver; return its Message JSON."""
        asked = params.decoded("ephemeral_message_parameters")
        receiver = asked.get("receiver_user_id") if isinstance(asked, dict) else None
        if not isinstance(receiver, int):
            raise bad_request(errors.EPHEMERAL_PARAMETERS)
        if not isinstance(chat, FakeGroup) or not chat.takes_ephemeral:
            raise bad_request(errors.EPHEMERAL_UNSUPPORTED)
        if receiver not in chat.members or receiver not in self.world.users:
            raise bad_request(errors.EPHEMERAL_RECEIVER)
        query_id = asked.get("callback_query_id")
        self._check_query(chat, receiver, str(query_id) if query_id is not None else None)
        self.flood.acquire(chat.id, is_group=True)
        message = FakeMessage(chat.id, len(chat.ephemeral) + 1, self.world.bot.id, True,
                              self.world.clock(), reply_markup=rows,
                              thread_id=params.integer("message_thread_id"),
                              receiver_id=receiver, **content)
        message.history.append(message.snapshot())
        chat.ephemeral[message.message_id] = message
        self.world.on_change()
        return self.world.message_json(message)

    def _check_query(self, chat: FakeChat, receiver: int, query_id: str | None) -> None:
        if query_id is None:
            return
        query = self.world.queries.get(query_id)
        if query is None or self.world.clock() - query.created_at > self.callback_timeout:
            raise bad_request(errors.QUERY_TOO_OLD)
        if query.user_id != receiver or query.message.chat_id != chat.id:
            raise bad_request(errors.EPHEMERAL_QUERY)

    def _found(self, params: Params, missing: str) -> FakeMessage:
        chat = self.world.chats.get(params.integer("chat_id", required=True) or 0)
        message_id = params.integer("ephemeral_message_id", required=True) or 0
        receiver = params.integer("receiver_user_id", required=True)
        found = chat.ephemeral.get(message_id) if chat is not None else None
        if found is None or found.deleted or found.receiver_id != receiver:
            raise bad_request(missing)
        return found

    def _edit(self, message: FakeMessage, **changes: Any) -> bool:
        names = ("text", "caption", "formatted", "reply_markup", "media")
        if all(changes.get(n, getattr(message, n)) == getattr(message, n) for n in names):
            raise bad_request(errors.NOT_MODIFIED)
        self.flood.acquire_edit(message.chat_id, is_group=True)
        for name, value in changes.items():
            setattr(message, name, value)
        message.edited_at = self.world.clock()
        message.history.append(message.snapshot())
        self.world.on_change()
        return True

    def edit_text(self, params: Params, text: Any) -> bool:
        """editEphemeralMessageText (`text` is the parsed FormattedText)."""
        message = self._found(params, errors.EDIT_NOT_FOUND)
        if message.text is None:
            raise bad_request(errors.NO_TEXT_TO_EDIT)
        rows, _ = parse_markup(params.decoded("reply_markup"), inline_only=True)
        return self._edit(message, text=text.text, formatted=text, reply_markup=rows)

    def edit_caption(self, params: Params, caption: Any) -> bool:
        """editEphemeralMessageCaption (`caption` parsed, or None)."""
        message = self._found(params, errors.EDIT_NOT_FOUND)
        if message.media is None:
            raise bad_request(errors.NO_CAPTION_TO_EDIT)
        rows, _ = parse_markup(params.decoded("reply_markup"), inline_only=True)
        return self._edit(message, caption=caption.text if caption else None,
                          formatted=caption, reply_markup=rows)

    def edit_reply_markup(self, params: Params) -> bool:
        """editEphemeralMessageReplyMarkup (absent markup removes the keyboard)."""
        message = self._found(params, errors.EDIT_NOT_FOUND)
        rows, _ = parse_markup(params.decoded("reply_markup"), inline_only=True)
        return self._edit(message, reply_markup=rows)

    def delete(self, params: Params) -> bool:
        """deleteEphemeralMessage."""
        message = self._found(params, errors.DELETE_NOT_FOUND)
        message.deleted = True
        message.deleted_at = self.world.clock()
        self.world.on_change()
        return True


def member_view(chat: FakeChat, user_id: int) -> list[FakeMessage]:
    """Return the bot's messages one member of `chat` sees: the chat's history and the
    ephemeral messages sent to him, in the order they were sent."""
    shared = [m for m in chat.messages.values() if m.from_bot]
    own = [m for m in chat.ephemeral.values() if m.receiver_id == user_id]
    return sorted([*shared, *own], key=lambda m: m.sent_at)
