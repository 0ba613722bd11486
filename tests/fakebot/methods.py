"""The Bot API method table: getMe, getUpdates, callbacks, commands, chats, webhooks, files."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from tests.fakebot import errors
from tests.fakebot.errors import ApiError, bad_request
from tests.fakebot.messages import MessageMethods
from tests.fakebot.model import FakeGroup, Json, PrivateChat
from tests.fakebot.params import Params
from tests.fakebot.topics import TopicMethods
from tests.fakebot.world import World

Handler = Callable[[Params], Any | Awaitable[Any]]
COMMAND_NAME_RE = re.compile(r"^[a-z0-9_]{1,32}$")
CLOSE_GRACE = 600.0


@dataclass(frozen=True)
class CallbackAnswer:
    """What the bot answered to a callback query."""

    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int


class BotMethods:
    """Everything that is not about one message; owns the dispatch table."""

    def __init__(self, world: World, messages: MessageMethods, callback_timeout: float) -> None:
        self.world = world
        self.messages = messages
        self.callback_timeout = callback_timeout
        self.callback_answers: dict[str, CallbackAnswer] = {}
        self.commands: dict[tuple[str, str], list[Json]] = {}
        self.webhook: Json = {"url": ""}
        self.started_at = world.clock()
        m = messages
        topics = TopicMethods(world, messages)
        self.table: dict[str, Handler] = {
            "getme": lambda _: world.bot.to_get_me(),
            "getupdates": self.get_updates,
            "sendmessage": m.send_message,
            "sendphoto": m.send_photo,
            "senddocument": m.send_document,
            "sendanimation": m.send_animation,
            "sendchataction": m.send_chat_action,
            "editmessagetext": m.edit_text,
            "editmessagecaption": m.edit_caption,
            "editmessagereplymarkup": m.edit_reply_markup,
            "editmessagemedia": m.edit_media,
            "deletemessage": m.delete_message,
            "editephemeralmessagetext": m.edit_ephemeral_text,
            "editephemeralmessagecaption": m.edit_ephemeral_caption,
            "editephemeralmessagereplymarkup": m.ephemeral.edit_reply_markup,
            "deleteephemeralmessage": m.ephemeral.delete,
            "pinchatmessage": m.pin,
            "unpinchatmessage": m.unpin,
            "unpinallchatmessages": m.unpin_all,
            "createforumtopic": topics.create_forum_topic,
            "closeforumtopic": topics.close_forum_topic,
            "reopenforumtopic": topics.reopen_forum_topic,
            "deleteforumtopic": topics.delete_forum_topic,
            "answercallbackquery": self.answer_callback_query,
            "setmycommands": self.set_my_commands,
            "getmycommands": self.get_my_commands,
            "deletemycommands": self.delete_my_commands,
            "getchatmember": self.get_chat_member,
            "getchatadministrators": self.get_chat_administrators,
            "getchat": self.get_chat,
            "getfile": self.get_file,
            "setwebhook": self.set_webhook,
            "deletewebhook": self.delete_webhook,
            "getwebhookinfo": self.get_webhook_info,
            "close": self.close,
            "logout": lambda _: True,
        }

    # -- updates and webhooks -----------------------------------------------------------------
    async def get_updates(self, params: Params) -> list[Json]:
        """getUpdates: offset confirms, limit 1-100, timeout long-polls, allowed_updates filters."""
        if self.webhook["url"]:
            raise ApiError(409, errors.WEBHOOK_CONFLICT)
        allowed = params.decoded("allowed_updates")
        if allowed is not None and not isinstance(allowed, list):
            raise bad_request("Bad Request: can't parse allowed updates JSON object")
        self.world.updates.set_allowed(allowed)
        timeout = max(0, params.integer("timeout") or 0)
        limit = params.integer("limit") or 100
        return await self.world.updates.get(params.integer("offset") or 0, limit, timeout)

    def set_webhook(self, params: Params) -> bool:
        """setWebhook (recorded; the fake does not push updates to webhooks)."""
        url = params.string("url") or ""
        if url and not url.startswith("https://"):
            raise bad_request("Bad Request: bad webhook: An HTTPS URL must be provided for webhook")
        self.webhook = {"url": url}
        if params.flag("drop_pending_updates"):
            self.world.updates.drop_all()
        return True

    def delete_webhook(self, params: Params) -> bool:
        """deleteWebhook (drop_pending_updates forgets queued updates)."""
        self.webhook = {"url": ""}
        if params.flag("drop_pending_updates"):
            self.world.updates.drop_all()
        return True

    def get_webhook_info(self, _: Params) -> Json:
        """getWebhookInfo."""
        return {
            **self.webhook,
            "has_custom_certificate": False,
            "pending_update_count": len(self.world.updates.pending),
        }

    def close(self, _: Params) -> bool:
        """close: Telegram refuses it with 429 during the first 10 minutes after launch."""
        remaining = self.started_at + CLOSE_GRACE - self.world.clock()
        if remaining > 0:
            raise errors.too_many_requests(int(remaining) + 1)
        return True

    # -- callback queries ---------------------------------------------------------------------
    def answer_callback_query(self, params: Params) -> bool:
        """answerCallbackQuery: once per query, in time, text at most 200 characters."""
        query_id = params.string("callback_query_id") or ""
        query = self.world.queries.get(query_id)
        expired = query is not None and (
            self.world.clock() - query.created_at > self.callback_timeout
        )
        if query is None or query.answered or expired:
            raise bad_request(errors.QUERY_TOO_OLD)
        text = params.string("text")
        if text is not None and len(text) > 200:
            raise bad_request(errors.ANSWER_TOO_LONG)
        query.answered = True
        self.callback_answers[query_id] = CallbackAnswer(
            text, params.flag("show_alert"), params.string("url"), params.integer("cache_time") or 0
        )
        return True

    # -- commands -----------------------------------------------------------------------------
    def _command_key(self, params: Params) -> tuple[str, str]:
        scope = params.decoded("scope") or {"type": "default"}
        if not isinstance(scope, dict) or "type" not in scope:
            raise bad_request("Bad Request: can't parse BotCommandScope JSON object")
        scope_key = ",".join(f"{k}={scope[k]}" for k in sorted(scope))
        return scope_key, params.string("language_code") or ""

    def set_my_commands(self, params: Params) -> bool:
        """setMyCommands: 1-32 chars of a-z0-9_, descriptions 1-256, at most 100 commands."""
        commands = params.decoded("commands")
        if not isinstance(commands, list) or len(commands) > 100:
            raise bad_request("Bad Request: can't parse commands JSON object")
        for command in commands:
            if not isinstance(command, dict):
                raise bad_request("Bad Request: can't parse commands JSON object")
            if not COMMAND_NAME_RE.match(str(command.get("command", ""))):
                raise bad_request(errors.COMMAND_INVALID)
            if not 1 <= len(str(command.get("description", "")).strip()) <= 256:
                raise bad_request(errors.COMMAND_DESCRIPTION_INVALID)
        key = self._command_key(params)
        self.commands[key] = [
            {"command": c["command"], "description": c["description"]} for c in commands
        ]
        return True

    def get_my_commands(self, params: Params) -> list[Json]:
        """getMyCommands for a scope and language."""
        return self.commands.get(self._command_key(params), [])

    def delete_my_commands(self, params: Params) -> bool:
        """deleteMyCommands for a scope and language."""
        self.commands.pop(self._command_key(params), None)
        return True

    # -- chats --------------------------------------------------------------------------------
    def get_chat(self, params: Params) -> Json:
        """getChat: a ChatFullInfo."""
        chat = self.messages.chat(params)
        return {
            **chat.to_json(),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }

    def get_chat_member(self, params: Params) -> Json:
        """getChatMember."""
        chat = self.messages.chat(params)
        user_id = params.integer("user_id", required=True)
        if user_id != self.world.bot.id and user_id not in self.world.users:
            raise bad_request(errors.USER_NOT_FOUND)
        assert user_id is not None
        if isinstance(chat, PrivateChat) and user_id not in (chat.id, self.world.bot.id):
            raise bad_request(errors.USER_NOT_FOUND)
        return self.world.member_json(chat, user_id)

    def get_chat_administrators(self, params: Params) -> list[Json]:
        """getChatAdministrators (the bot included when it is an admin)."""
        chat = self.messages.chat(params)
        if not isinstance(chat, FakeGroup):
            raise bad_request("Bad Request: there are no administrators in the private chat")
        ids = list(chat.admins)
        if chat.bot_status == "administrator":
            ids.append(self.world.bot.id)
        return [self.world.member_json(chat, user_id) for user_id in ids]

    def get_file(self, params: Params) -> Json:
        """getFile: a path under base_file_url where the content can be downloaded."""
        stored = self.world.files.files.get(params.string("file_id", required=True) or "")
        if stored is None:
            raise bad_request(errors.WRONG_FILE_ID)
        if len(stored.data) > 20 * 1024 * 1024:
            raise bad_request(errors.FILE_TOO_BIG)
        return {
            "file_id": stored.file_id,
            "file_unique_id": stored.file_unique_id,
            "file_size": len(stored.data),
            "file_path": stored.file_path,
        }
