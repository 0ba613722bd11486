"""The simulated Telegram: users, chats, messages, and the updates their actions produce."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tests.fakebot import rights, topics
from tests.fakebot.clock import Clock
from tests.fakebot.markup import FormattedText
from tests.fakebot.media import FileStore
from tests.fakebot.model import (
    BotIdentity,
    ChatRef,
    FakeChat,
    FakeGroup,
    FakeMessage,
    FakeUser,
    Json,
    PrivateChat,
)
from tests.fakebot.updates import UpdateQueue

COMMAND_RE = re.compile(r"^/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{3,32}))?(?=\s|$)")
PAYLOAD_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
ADMIN_RIGHTS = {
    "can_be_edited": False,
    "is_anonymous": False,
    "can_manage_chat": True,
    "can_delete_messages": True,
    "can_manage_video_chats": True,
    "can_restrict_members": True,
    "can_promote_members": False,
    "can_change_info": True,
    "can_invite_users": True,
    "can_post_stories": False,
    "can_edit_stories": False,
    "can_delete_stories": False,
    "can_pin_messages": True,
}


@dataclass
class PendingQuery:
    """A callback query the bot has been sent; it may be answered once, in time."""

    id: str
    user_id: int
    message: FakeMessage
    data: str
    created_at: float
    answered: bool = False


class World:
    """All state of the fake Telegram, independent of HTTP."""

    def __init__(
        self,
        bot: BotIdentity,
        clock: Clock,
        *,
        privacy_mode: bool = True,
        on_change: Callable[[], None] = lambda: None,
    ) -> None:
        self.bot = bot
        self.clock = clock
        self.privacy_mode = privacy_mode
        self.on_change = on_change
        self.users: dict[int, FakeUser] = {}
        self.chats: dict[int, FakeChat] = {}
        self.files = FileStore()
        self.queries: dict[str, PendingQuery] = {}
        self.updates = UpdateQueue()
        self.rung: list[FakeMessage] = []  # the bot's messages that notified someone, in order
        self._ids = itertools.count(1)

    # -- setting up ----------------------------------------------------------------------
    def add_user(
        self,
        user_id: int,
        first_name: str,
        *,
        username: str | None = None,
        language_code: str | None = "pt-BR",
    ) -> FakeUser:
        """Register a user (positive id) and their private chat."""
        if user_id <= 0 or user_id in self.users or user_id == self.bot.id:
            raise ValueError(f"user id {user_id} must be positive and unused")
        user = FakeUser(self, user_id, first_name, username, language_code)
        self.users[user_id] = user
        self.chats[user_id] = PrivateChat(user_id, "private", user=user)
        return user

    def add_group(
        self,
        chat_id: int,
        title: str,
        *,
        admins: Iterable[int] = (),
        is_forum: bool = False,
        members: Iterable[int] = (),
    ) -> FakeGroup:
        """Register a group (negative id; ids from -100… are supergroups). First admin owns it."""
        if chat_id >= 0 or chat_id in self.chats:
            raise ValueError(f"group id {chat_id} must be negative and unused")
        supergroup = str(chat_id).startswith("-100") or is_forum
        admin_ids = [self._known_user(u).id for u in admins]
        member_ids = {self._known_user(u).id for u in members} | set(admin_ids)
        group = FakeGroup(
            chat_id,
            "supergroup" if supergroup else "group",
            title=title,
            is_forum=is_forum,
            admins=admin_ids,
            members=member_ids,
        )
        self.chats[chat_id] = group
        return group

    def add_bot_to_group(self, group: FakeGroup, by: FakeUser, *, as_admin: bool = False) -> Json:
        """Add the bot to `group`: queue my_chat_member and the new_chat_members message."""
        old = self.member_json(group, self.bot.id)
        group.bot_status = "administrator" if as_admin else "member"
        group.members.add(by.id)
        update = self.updates.push(
            "my_chat_member",
            {
                "chat": group.to_json(),
                "from": by.to_json(),
                "date": self.now(),
                "old_chat_member": old,
                "new_chat_member": self.member_json(group, self.bot.id),
            },
        )
        message = self.new_message(
            group, by.id, from_bot=False, service={"new_chat_members": [self.bot.to_user()]}
        )
        self.updates.push("message", self.message_json(message))
        self.on_change()
        return update

    # -- lookups ---------------------------------------------------------------------------
    def now(self) -> int:
        """The clock as a Bot API date (integer seconds)."""
        return int(self.clock())

    def private_chat(self, user: FakeUser) -> PrivateChat:
        """Return a user's private chat with the bot."""
        chat = self.chats[user.id]
        assert isinstance(chat, PrivateChat)
        return chat

    def resolve(self, ref: ChatRef) -> FakeChat:
        """Return the chat a test refers to (a chat, a user's private chat, or an id)."""
        if isinstance(ref, FakeUser):
            return self.private_chat(ref)
        if isinstance(ref, FakeChat):
            return ref
        return self.chats[ref]

    def _known_user(self, ref: FakeUser | int) -> FakeUser:
        return ref if isinstance(ref, FakeUser) else self.users[ref]

    def member_status(self, group: FakeGroup, user_id: int) -> str:
        """Return a user's (or the bot's) membership status in a group."""
        if user_id == self.bot.id:
            return group.bot_status
        if group.admins and user_id == group.admins[0]:
            return "creator"
        if user_id in group.admins:
            return "administrator"
        return "member" if user_id in group.members else "left"

    def member_json(self, chat: FakeChat, user_id: int) -> Json:
        """Return the ChatMember object of `user_id` in `chat`."""
        user = self.bot.to_user() if user_id == self.bot.id else self.users[user_id].to_json()
        if not isinstance(chat, FakeGroup):
            return {"status": "member", "user": user}
        status = self.member_status(chat, user_id)
        member: Json = {"status": status, "user": user}
        if status == "creator":
            member["is_anonymous"] = False
        elif status == "administrator":
            member.update(ADMIN_RIGHTS)
            if chat.is_forum:
                member["can_manage_topics"] = True
        elif status == "kicked":
            member["until_date"] = 0
        elif status == "restricted":
            member.update(rights.restricted_fields(chat))
        return member

    # -- messages --------------------------------------------------------------------------
    def new_message(
        self, chat: FakeChat, sender_id: int, *, from_bot: bool, **content: Any
    ) -> FakeMessage:
        """Store a new message in `chat` and return it."""
        message = FakeMessage(
            chat.id, chat.take_message_id(), sender_id, from_bot, self.clock(), **content
        )
        message.history.append(message.snapshot())
        chat.messages[message.message_id] = message
        return message

    def message_json(self, message: FakeMessage, *, nested: bool = False) -> Json:
        """Return the Message object as the Bot API shows it."""
        chat = self.chats[message.chat_id]
        sender = self.bot.to_user() if message.from_bot else self.users[message.sender_id].to_json()
        if message.receiver_id is not None:  # ephemeral: its own id, outside the history
            out = self._ephemeral_head(message, sender, chat)
        else:
            out = self._message_head(message, sender, chat, nested=nested)
        if message.edited_at is not None:
            out["edit_date"] = int(message.edited_at)
        entities = message.formatted.entity_dicts() if message.formatted else []
        if message.text is not None:
            out["text"] = message.text
            if entities:
                out["entities"] = entities
        if message.media is not None:
            out[message.media.kind] = message.media.to_json()
            if message.media.kind == "animation":  # Telegram sends an animation as both
                out["document"] = out["animation"]
        if message.caption:
            out["caption"] = message.caption
            if entities:
                out["caption_entities"] = entities
        if message.reply_markup:
            out["reply_markup"] = {"inline_keyboard": message.reply_markup}
        out.update(message.service)
        return out

    def _message_head(self, message: FakeMessage, sender: Json, chat: FakeChat, *,
                      nested: bool) -> Json:
        out: Json = {
            "message_id": message.message_id,
            "from": sender,
            "chat": chat.to_json(),
            "date": int(message.sent_at),
        }
        if message.thread_id is not None:
            out.update(message_thread_id=message.thread_id, is_topic_message=True)
        if message.reply_to is not None and not nested and message.reply_to in chat.messages:
            out["reply_to_message"] = self.message_json(
                chat.messages[message.reply_to], nested=True
            )
        return out

    def _ephemeral_head(self, message: FakeMessage, sender: Json, chat: FakeChat) -> Json:
        """An ephemeral message (ephemeral.py) has no place in the history: message_id 0."""
        assert message.receiver_id is not None
        out: Json = {"message_id": 0, "ephemeral_message_id": message.message_id,
                     "receiver_user": self.users[message.receiver_id].to_json(),
                     "from": sender, "chat": chat.to_json(), "date": int(message.sent_at)}
        if message.thread_id is not None:
            out.update(message_thread_id=message.thread_id, is_topic_message=True)
        return out

    # -- what users do -------------------------------------------------------------------------
    def user_message(
        self,
        user: FakeUser,
        ref: ChatRef,
        text: str,
        *,
        reply_to: FakeMessage | None = None,
        topic: int | None = None,
    ) -> Json | None:
        """A user writes in a chat (in a forum topic, or the topic of the message he replies
        to); returns the update or None if the bot would not see it."""
        chat = self.resolve(ref)
        if topic is None and reply_to is not None:
            topic = reply_to.thread_id
        if topic is not None:
            topics.user_may_post(chat, user, topic)
        if isinstance(chat, PrivateChat):
            if chat.user is not user:
                raise ValueError("a user can only write in their own private chat with the bot")
            if not user.started or user.blocked:
                raise RuntimeError(f"{user.first_name} must start() the bot before writing to it")
            chat.forgotten = False  # writing to the bot gives it the chat again
        elif isinstance(chat, FakeGroup):
            if chat.migrated_to is not None:
                raise RuntimeError(f"{chat.title!r} is now the supergroup {chat.migrated_to}")
            if not chat.bot_in:
                raise RuntimeError(f"the bot is not in {chat.title!r}: add_bot_to_group first")
            chat.members.add(user.id)
        if reply_to is not None and reply_to.chat_id != chat.id:
            raise ValueError("reply_to must be a message of the same chat")
        match = COMMAND_RE.match(text)
        entities: tuple[tuple[tuple[str, Any], ...], ...] = ()
        if match:
            entities = ((("length", len(match.group(0))), ("offset", 0), ("type", "bot_command")),)
        message = self.new_message(
            chat,
            user.id,
            from_bot=False,
            text=text,
            formatted=FormattedText(text, entities),
            reply_to=reply_to.message_id if reply_to else None,
            thread_id=topic,
        )
        self.on_change()
        if isinstance(chat, FakeGroup) and not self._bot_sees(chat, match, reply_to):
            return None
        return self.updates.push("message", self.message_json(message))

    def _bot_sees(
        self, group: FakeGroup, command: re.Match[str] | None, reply_to: FakeMessage | None
    ) -> bool:
        """Privacy mode: plain group messages reach only admin bots or bots without privacy."""
        if not self.privacy_mode or group.bot_status == "administrator":
            return True
        if command is not None:
            addressee = command.group(2)
            return addressee is None or addressee.lower() == self.bot.username.lower()
        return reply_to is not None and reply_to.from_bot

    def user_start(self, user: FakeUser, payload: str | None) -> Json:
        """The user presses Start (or follows a deep link)."""
        if payload is not None and not PAYLOAD_RE.match(payload):
            raise ValueError("a deep-link payload is 1-64 characters of A-Za-z0-9_-")
        if user.blocked:
            user.blocked = False
            self._private_member_update(user, "kicked", "member")
        user.started = True
        text = "/start" if payload is None else f"/start {payload}"
        update = self.user_message(user, user.private, text)
        assert update is not None
        return update

    def user_block(self, user: FakeUser) -> Json:
        """The user blocks the bot."""
        user.blocked = True
        return self._private_member_update(user, "member", "kicked")

    def _private_member_update(self, user: FakeUser, old: str, new: str) -> Json:
        def member(status: str) -> Json:
            extra = {"until_date": 0} if status == "kicked" else {}
            return {"status": status, "user": self.bot.to_user(), **extra}

        update = self.updates.push(
            "my_chat_member",
            {
                "chat": user.private.to_json(),
                "from": user.to_json(),
                "date": self.now(),
                "old_chat_member": member(old),
                "new_chat_member": member(new),
            },
        )
        self.on_change()
        return update

    def user_press(self, user: FakeUser, message: FakeMessage, data: str) -> Json:
        """The user presses a callback button on a bot message they can see."""
        chat = self.chats[message.chat_id]
        if isinstance(chat, PrivateChat) and chat.user is not user:
            raise ValueError("a user can only press buttons in their own private chat")
        if isinstance(chat, FakeGroup) and user.id not in chat.members:
            raise ValueError(f"{user.first_name} is not a member of {chat.title!r}")
        if message.deleted or not message.from_bot:
            raise ValueError("only buttons on the bot's undeleted messages can be pressed")
        if message.receiver_id not in (None, user.id):
            raise ValueError("only its receiver sees an ephemeral message")
        if all(button.get("callback_data") != data for button in message.buttons):
            shown = [button.get("callback_data") for button in message.buttons]
            raise LookupError(f"no button with callback_data {data!r}; present: {shown}")
        query_id = str(4_000_000_000_000_000_000 + next(self._ids))
        self.queries[query_id] = PendingQuery(query_id, user.id, message, data, self.clock())
        update = self.updates.push(
            "callback_query",
            {
                "id": query_id,
                "from": user.to_json(),
                "message": self.message_json(message),
                "chat_instance": str(abs(hash((chat.id, "instance")))),
                "data": data,
            },
        )
        self.on_change()
        return update
