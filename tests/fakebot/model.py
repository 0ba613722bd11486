"""The world's objects: the bot, users, chats, messages and files, with their Bot API JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tests.fakebot.keyboards import Rows
from tests.fakebot.markup import FormattedText

if TYPE_CHECKING:
    from tests.fakebot.world import World

Json = dict[str, Any]


@dataclass(frozen=True)
class BotIdentity:
    """What getMe answers."""

    id: int
    username: str = "boardgames_test_bot"
    first_name: str = "BoardGames Test"
    can_join_groups: bool = True
    can_read_all_group_messages: bool = False
    supports_inline_queries: bool = False

    def to_user(self) -> Json:
        """Return the bot as a User object (as in messages)."""
        return {
            "id": self.id,
            "is_bot": True,
            "first_name": self.first_name,
            "username": self.username,
        }

    def to_get_me(self) -> Json:
        """Return the full getMe result."""
        return {
            **self.to_user(),
            "can_join_groups": self.can_join_groups,
            "can_read_all_group_messages": self.can_read_all_group_messages,
            "supports_inline_queries": self.supports_inline_queries,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }


@dataclass(frozen=True)
class FakeFile:
    """A stored file (uploaded by the bot)."""

    file_id: str
    file_unique_id: str
    kind: str
    data: bytes
    file_name: str | None = None
    mime_type: str | None = None
    width: int = 0
    height: int = 0

    @property
    def file_path(self) -> str:
        """The path under base_file_url where the content is served."""
        return f"{self.kind}s/{self.file_unique_id}"

    def to_json(self) -> Json | list[Json]:
        """Return the PhotoSize list (photos), Animation or Document object."""
        common = {
            "file_id": self.file_id,
            "file_unique_id": self.file_unique_id,
            "file_size": len(self.data),
        }
        if self.kind == "photo":
            return [{**common, "width": self.width, "height": self.height}]
        if self.kind == "animation":  # Telegram does not measure a GIF's length: 0 here
            common.update(width=self.width, height=self.height, duration=0)
        extra = {"file_name": self.file_name, "mime_type": self.mime_type}
        return {**common, **{k: v for k, v in extra.items() if v is not None}}


@dataclass(frozen=True)
class MessageVersion:
    """One state of a message's content; edits append new versions."""

    at: float
    text: str | None
    caption: str | None
    entities: FormattedText | None
    reply_markup: Rows | None
    media: FakeFile | None


@dataclass(eq=False)
class FakeMessage:
    """A message in a chat, sent by the bot or by a user."""

    chat_id: int
    message_id: int
    sender_id: int
    from_bot: bool
    sent_at: float
    text: str | None = None
    caption: str | None = None
    formatted: FormattedText | None = None
    media: FakeFile | None = None
    reply_markup: Rows | None = None
    other_markup: Json | None = None
    reply_to: int | None = None
    thread_id: int | None = None
    service: Json = field(default_factory=dict)
    history: list[MessageVersion] = field(default_factory=list)
    edited_at: float | None = None
    deleted: bool = False
    deleted_at: float | None = None
    notified: frozenset[int] = frozenset()
    """The users whose phone this message made ring when it was sent (notify.py)."""
    receiver_id: int | None = None
    """An ephemeral message's only reader (ephemeral.py); None for a message all see."""

    def snapshot(self) -> MessageVersion:
        """Return the current content as a version."""
        return MessageVersion(
            self.edited_at or self.sent_at,
            self.text,
            self.caption,
            self.formatted,
            self.reply_markup,
            self.media,
        )

    @property
    def edits(self) -> list[MessageVersion]:
        """Versions created by edits (history minus the original)."""
        return self.history[1:]

    @property
    def buttons(self) -> list[Json]:
        """All inline buttons, row by row."""
        return [button for row in self.reply_markup or [] for button in row]

    def button(self, text: str) -> Json:
        """Return the inline button with this visible text, or raise LookupError."""
        for button in self.buttons:
            if button["text"] == text:
                return button
        shown = [button["text"] for button in self.buttons]
        raise LookupError(f"no button {text!r} on message {self.message_id}; buttons: {shown}")


@dataclass(eq=False)
class FakeChat:
    """A chat: message store and pins. Private chats and groups derive from it."""

    id: int
    type: str
    messages: dict[int, FakeMessage] = field(default_factory=dict)
    next_message_id: int = 1
    pinned: list[int] = field(default_factory=list)
    ephemeral: dict[int, FakeMessage] = field(default_factory=dict)
    """Ephemeral messages by ephemeral_message_id: outside `messages`, the chat's history."""

    @property
    def is_group(self) -> bool:
        """Whether this is a group or supergroup."""
        return self.type in ("group", "supergroup")

    def to_json(self) -> Json:
        """Return the Chat object."""
        return {"id": self.id, "type": self.type}

    def take_message_id(self) -> int:
        """Allocate the next message id of this chat."""
        message_id = self.next_message_id
        self.next_message_id += 1
        return message_id


@dataclass(eq=False)
class FakeTopic:
    """A forum topic: its thread id is the id of the message that created it."""

    thread_id: int
    name: str
    creator_id: int
    icon_color: int = 0x6FB9F0
    closed: bool = False
    deleted: bool = False

    def to_json(self) -> Json:
        """Return the ForumTopic object."""
        return {"message_thread_id": self.thread_id, "name": self.name,
                "icon_color": self.icon_color}


@dataclass(eq=False)
class FakeGroup(FakeChat):
    """A group or supergroup; `bot_status` is left/member/restricted/administrator/kicked.

    `takes_ephemeral` False makes the group refuse ephemeral messages (ephemeral.py);
    `migrated_to` is the supergroup's id once a basic group has been upgraded;
    `bot_rights` the bot's own restrictions while it is "restricted" and `permissions` the
    group's defaults for its members (absent: allowed; rights.py); `topics` a forum's
    topics by thread id (topics.py).
    """

    title: str = ""
    is_forum: bool = False
    admins: list[int] = field(default_factory=list)
    members: set[int] = field(default_factory=set)
    bot_status: str = "left"
    migrated_to: int | None = None
    bot_rights: dict[str, bool] = field(default_factory=dict)
    permissions: dict[str, bool] = field(default_factory=dict)
    topics: dict[int, FakeTopic] = field(default_factory=dict)
    takes_ephemeral: bool = True

    @property
    def bot_in(self) -> bool:
        """Whether the bot is in the group (a restricted member is)."""
        return self.bot_status in ("member", "administrator", "restricted")

    def to_json(self) -> Json:
        """Return the Chat object."""
        chat = {"id": self.id, "type": self.type, "title": self.title}
        if self.is_forum:
            chat["is_forum"] = True
        return chat


@dataclass(eq=False)
class PrivateChat(FakeChat):
    """The private chat between the bot and one user (chat id = user id).

    `forgotten`: the bot has no access to this chat (400 chat not found) until the user starts it.
    """

    user: FakeUser | None = None
    forgotten: bool = False

    def to_json(self) -> Json:
        """Return the Chat object."""
        assert self.user is not None
        chat: Json = {"id": self.id, "type": "private", "first_name": self.user.first_name}
        if self.user.username:
            chat["username"] = self.user.username
        return chat


@dataclass(eq=False)
class FakeUser:
    """A human user; its methods queue the updates Telegram would send the bot."""

    world: World
    id: int
    first_name: str
    username: str | None = None
    language_code: str | None = "pt-BR"
    started: bool = False
    blocked: bool = False

    def to_json(self) -> Json:
        """Return the User object."""
        user: Json = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.username:
            user["username"] = self.username
        if self.language_code:
            user["language_code"] = self.language_code
        return user

    @property
    def private(self) -> PrivateChat:
        """This user's private chat with the bot."""
        return self.world.private_chat(self)

    def send(self, chat: ChatRef, text: str, *, reply_to: FakeMessage | None = None,
             topic: int | None = None) -> Json | None:
        """Write `text` in `chat` (in forum topic `topic`, if given); return the update, or
        None if Telegram would not deliver it."""
        return self.world.user_message(self, chat, text, reply_to=reply_to, topic=topic)

    def start(self, payload: str | None = None) -> Json:
        """Open the private chat with /start (or /start <payload>); the bot may DM from now on."""
        return self.world.user_start(self, payload)

    def block(self) -> Json:
        """Block the bot (my_chat_member update); sending to this user is then 403."""
        return self.world.user_block(self)

    def press(self, message: FakeMessage, callback_data: str) -> Json:
        """Press the inline button carrying `callback_data` on a bot message."""
        return self.world.user_press(self, message, callback_data)

    def press_button(self, message: FakeMessage, text: str) -> Json:
        """Press the inline button whose visible text is `text`."""
        button = message.button(text)
        if "callback_data" not in button:
            raise LookupError(f"button {text!r} is not a callback button: {button}")
        return self.press(message, button["callback_data"])


ChatRef = FakeChat | FakeUser | int
