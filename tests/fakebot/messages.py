"""Bot API methods that create, change or remove messages."""

from __future__ import annotations

from typing import Any

from tests.fakebot import errors, notify, rights, topics
from tests.fakebot.ephemeral import EphemeralMethods
from tests.fakebot.errors import bad_request, forbidden
from tests.fakebot.keyboards import parse_markup
from tests.fakebot.markup import FormattedText, format_text
from tests.fakebot.model import FakeChat, FakeGroup, FakeMessage, Json, PrivateChat
from tests.fakebot.params import Params
from tests.fakebot.ratelimit import FloodControl
from tests.fakebot.world import World

MAX_TEXT = 4096
MAX_CAPTION = 1024
DELETE_WINDOW = 48 * 3600


class MessageMethods:
    """send*, edit*, delete* and pin methods, validated like Telegram."""

    def __init__(self, world: World, flood: FloodControl, callback_timeout: float = 15.0) -> None:
        self.world = world
        self.flood = flood
        self.ephemeral = EphemeralMethods(world, flood, callback_timeout)

    # -- shared checks ------------------------------------------------------------------------
    def chat(self, params: Params) -> FakeChat:
        """Return the chat named by chat_id, for any method that names one.

        Raises 400 chat not found (unknown or forgotten chat), 400 with migrate_to_chat_id (a
        group upgraded to a supergroup), or 403 (a group the bot is not, or no longer, in).
        """
        chat_id = params.chat_id()
        chat = self.world.chats.get(chat_id) if isinstance(chat_id, int) else None
        if chat is None or (isinstance(chat, PrivateChat) and chat.forgotten):
            raise bad_request(errors.CHAT_NOT_FOUND)
        if isinstance(chat, FakeGroup):
            if chat.migrated_to is not None:
                raise errors.migrated(chat.migrated_to)
            if chat.bot_status == "kicked":
                raise forbidden(errors.kicked(chat.type))
            if not chat.bot_in:
                raise forbidden(errors.not_member(chat.type))
        return chat

    def writable_chat(self, params: Params) -> FakeChat:
        """Return the chat if the bot may post there, else raise the 403 Telegram gives."""
        chat = self.chat(params)
        if isinstance(chat, PrivateChat):
            assert chat.user is not None
            if chat.user.blocked:
                raise forbidden(errors.BLOCKED)
            if not chat.user.started:
                raise forbidden(errors.CANT_INITIATE)
        return chat

    def _text(self, params: Params) -> FormattedText:
        raw = params.string("text")
        if not raw:
            raise bad_request(errors.TEXT_EMPTY)
        formatted = format_text(raw, params.string("parse_mode"), params.decoded("entities"))
        if not formatted.text:
            raise bad_request(errors.TEXT_EMPTY)
        if len(formatted.text) > MAX_TEXT:
            raise bad_request(errors.TEXT_TOO_LONG)
        return formatted

    def _caption(self, params: Params) -> FormattedText | None:
        raw = params.string("caption")
        if not raw:
            return None
        formatted = format_text(
            raw, params.string("parse_mode"), params.decoded("caption_entities")
        )
        if len(formatted.text) > MAX_CAPTION:
            raise bad_request(errors.CAPTION_TOO_LONG)
        return formatted if formatted.text else None

    def _reply_to(self, chat: FakeChat, params: Params) -> int | None:
        reply = params.decoded("reply_parameters") or {}
        if not isinstance(reply, dict):
            raise bad_request("Bad Request: can't parse reply parameters JSON object")
        message_id = reply.get("message_id") or params.integer("reply_to_message_id")
        if message_id is None:
            return None
        target = chat.messages.get(int(message_id))
        if target is None or target.deleted:
            allow = reply.get("allow_sending_without_reply") or params.flag(
                "allow_sending_without_reply"
            )
            if allow:
                return None
            raise bad_request(errors.REPLY_NOT_FOUND)
        return int(message_id)

    def _post(self, chat: FakeChat, params: Params, right: str, **content: Any) -> Json:
        """Post a bot message needing `right` (rights.py) into its thread (topics.py), if
        the flood limits allow; note whom it notified (notify.py); return it."""
        rows, other = parse_markup(params.decoded("reply_markup"))
        if params.has("ephemeral_message_parameters"):  # an ephemeral message (ephemeral.py)
            rights.check(chat, right)
            return self.ephemeral.post(chat, params, rows, **content)
        reply_to = self._reply_to(chat, params)
        thread_id = params.integer("message_thread_id")
        if thread_id is None and reply_to is not None:  # a reply stays in its topic
            thread_id = chat.messages[reply_to].thread_id
        rights.check(chat, right)
        topics.check_send(chat, thread_id)
        self.flood.acquire(chat.id, is_group=chat.is_group)
        message = self.world.new_message(
            chat,
            self.world.bot.id,
            from_bot=True,
            reply_markup=rows,
            other_markup=other,
            reply_to=reply_to,
            thread_id=thread_id,
            **content,
        )
        message.notified = notify.rung(chat, message, self.world.users.values(),
                                       silent=params.flag("disable_notification"))
        if message.notified:
            self.world.rung.append(message)
        return self.world.message_json(message)

    # -- sending ------------------------------------------------------------------------------
    def send_message(self, params: Params) -> Json:
        """sendMessage."""
        chat = self.writable_chat(params)
        formatted = self._text(params)
        return self._post(chat, params, "can_send_messages", text=formatted.text,
                          formatted=formatted)

    def send_photo(self, params: Params) -> Json:
        """sendPhoto (multipart upload, known file_id or URL)."""
        return self._send_media(params, "photo")

    def send_document(self, params: Params) -> Json:
        """sendDocument."""
        return self._send_media(params, "document")

    def send_animation(self, params: Params) -> Json:
        """sendAnimation (a GIF or an MP4 upload, or a known file_id)."""
        return self._send_media(params, "animation")

    def _send_media(self, params: Params, kind: str) -> Json:
        chat = self.writable_chat(params)
        caption = self._caption(params)
        media = self.world.files.resolve(kind, params.file(kind))
        right = {"photo": "can_send_photos", "animation": "can_send_other_messages"}.get(
            kind, "can_send_documents")
        return self._post(
            chat, params, right, media=media, caption=caption.text if caption else None,
            formatted=caption,
        )

    def send_chat_action(self, params: Params) -> bool:
        """sendChatAction (no message is created)."""
        self.writable_chat(params)
        if not params.string("action"):
            raise bad_request("Bad Request: action is empty")
        return True

    # -- editing ------------------------------------------------------------------------------
    def _editable(self, params: Params) -> FakeMessage:
        if params.has("inline_message_id"):
            raise bad_request("Bad Request: MESSAGE_ID_INVALID")  # inline mode is not simulated
        chat = self.chat(params)
        message_id = params.integer("message_id", required=True)
        message = chat.messages.get(message_id or 0)
        if message is None or message.deleted:
            raise bad_request(errors.EDIT_NOT_FOUND)
        if not message.from_bot:
            raise bad_request(errors.CANT_EDIT)
        return message

    def _apply_edit(self, message: FakeMessage, **changes: Any) -> Json:
        """Apply an edit, or raise "message is not modified" if nothing visible changes."""
        fields = ("text", "caption", "formatted", "reply_markup", "media")
        before = tuple(getattr(message, name) for name in fields)
        after = tuple(changes.get(name, getattr(message, name)) for name in fields)
        if before == after:
            raise bad_request(errors.NOT_MODIFIED)
        chat = self.world.chats[message.chat_id]
        self.flood.acquire_edit(chat.id, is_group=chat.is_group)
        for name, value in changes.items():
            setattr(message, name, value)
        message.edited_at = self.world.clock()
        message.history.append(message.snapshot())
        return self.world.message_json(message)

    def edit_text(self, params: Params) -> Json:
        """editMessageText: an absent reply_markup removes the inline keyboard, as on Telegram."""
        message = self._editable(params)
        if message.text is None:
            raise bad_request(errors.NO_TEXT_TO_EDIT)
        formatted = self._text(params)
        rows, _ = parse_markup(params.decoded("reply_markup"), inline_only=True)
        return self._apply_edit(
            message, text=formatted.text, formatted=formatted, reply_markup=rows
        )

    def edit_caption(self, params: Params) -> Json:
        """editMessageCaption."""
        message = self._editable(params)
        if message.media is None:
            raise bad_request(errors.NO_CAPTION_TO_EDIT)
        caption = self._caption(params)
        rows, _ = parse_markup(params.decoded("reply_markup"), inline_only=True)
        return self._apply_edit(
            message, caption=caption.text if caption else None, formatted=caption, reply_markup=rows
        )

    def edit_reply_markup(self, params: Params) -> Json:
        """editMessageReplyMarkup (absent markup removes the keyboard)."""
        message = self._editable(params)
        rows, _ = parse_markup(params.decoded("reply_markup"), inline_only=True)
        return self._apply_edit(message, reply_markup=rows)

    def edit_media(self, params: Params) -> Json:
        """editMessageMedia with an InputMedia whose media is attach://, a file_id or a URL."""
        message = self._editable(params)
        if message.media is None:
            raise bad_request(errors.NO_MEDIA_TO_EDIT)
        spec = params.decoded("media")
        if not isinstance(spec, dict) or spec.get("type") not in ("photo", "document"):
            raise bad_request("Bad Request: can't parse InputMedia JSON object")
        source = spec.get("media")
        value = source
        if isinstance(source, str) and source.startswith("attach://"):
            value = params.files.get(source[9:], source)
        media = self.world.files.resolve(spec["type"], value)
        chat = self.world.chats[message.chat_id]
        rights.check(chat, "can_send_photos" if spec["type"] == "photo" else "can_send_documents")
        caption_params = Params(
            {
                "caption": spec.get("caption"),
                "parse_mode": spec.get("parse_mode"),
                "caption_entities": spec.get("caption_entities"),
            },
            {},
        )
        caption = self._caption(caption_params)
        rows, _ = parse_markup(params.decoded("reply_markup"), inline_only=True)
        return self._apply_edit(
            message,
            media=media,
            caption=caption.text if caption else None,
            formatted=caption,
            reply_markup=rows,
        )

    def edit_ephemeral_text(self, params: Params) -> bool:
        """editEphemeralMessageText (ephemeral.py)."""
        self.chat(params)
        return self.ephemeral.edit_text(params, self._text(params))

    def edit_ephemeral_caption(self, params: Params) -> bool:
        """editEphemeralMessageCaption (ephemeral.py)."""
        self.chat(params)
        return self.ephemeral.edit_caption(params, self._caption(params))

    # -- deleting and pinning -----------------------------------------------------------------
    def delete_message(self, params: Params) -> bool:
        """deleteMessage: own messages anywhere, others' in private chats or as a group admin."""
        chat = self.chat(params)
        message = chat.messages.get(params.integer("message_id", required=True) or 0)
        if message is None or message.deleted:
            raise bad_request(errors.DELETE_NOT_FOUND)
        too_old = self.world.clock() - message.sent_at >= DELETE_WINDOW
        may = (
            message.from_bot
            or not isinstance(chat, FakeGroup)
            or (chat.bot_status == "administrator")
        )
        if too_old or not may:
            raise bad_request(errors.CANT_DELETE)
        message.deleted = True
        message.deleted_at = self.world.clock()
        if message.message_id in chat.pinned:
            chat.pinned.remove(message.message_id)
        return True

    def pin(self, params: Params) -> bool:
        """pinChatMessage (groups need the bot to be an admin)."""
        chat = self._pin_chat(params)
        message = chat.messages.get(params.integer("message_id", required=True) or 0)
        if message is None or message.deleted:
            raise bad_request(errors.PIN_NOT_FOUND)
        if message.message_id in chat.pinned:
            chat.pinned.remove(message.message_id)
        chat.pinned.append(message.message_id)
        return True

    def unpin(self, params: Params) -> bool:
        """unpinChatMessage (a message_id, or the most recent pin)."""
        chat = self._pin_chat(params)
        message_id = params.integer("message_id")
        if message_id is None:
            if not chat.pinned:
                raise bad_request("Bad Request: message to unpin not found")
            chat.pinned.pop()
        elif message_id in chat.pinned:
            chat.pinned.remove(message_id)
        else:
            raise bad_request("Bad Request: message to unpin not found")
        return True

    def unpin_all(self, params: Params) -> bool:
        """unpinAllChatMessages."""
        self._pin_chat(params).pinned.clear()
        return True

    def _pin_chat(self, params: Params) -> FakeChat:
        chat = self.writable_chat(params)
        if isinstance(chat, FakeGroup) and chat.bot_status != "administrator":
            raise bad_request(errors.PIN_NO_RIGHTS)
        return chat
