"""Telegram's error envelope and the description strings the fake answers with.

Strings are Telegram's known wording; those marked "approximate" follow Telegram's style for
cases whose exact wording could not be confirmed.
"""

from __future__ import annotations

from typing import Any

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)
TEXT_EMPTY = "Bad Request: message text is empty"
TEXT_TOO_LONG = "Bad Request: message is too long"
CAPTION_TOO_LONG = "Bad Request: message caption is too long"
BUTTON_DATA_INVALID = "Bad Request: BUTTON_DATA_INVALID"
BUTTON_URL_INVALID = "Bad Request: BUTTON_URL_INVALID"
MARKUP_TOO_LONG = "Bad Request: REPLY_MARKUP_TOO_LONG"  # approximate
BAD_MARKUP_JSON = "Bad Request: can't parse reply keyboard markup JSON object"
BUTTON_WITHOUT_ACTION = (
    "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline "
    "keyboard"
)
BUTTON_TEXT_EMPTY = (  # approximate
    "Bad Request: can't parse inline keyboard button: Text must be non-empty"
)
CANT_INITIATE = "Forbidden: bot can't initiate conversation with a user"
BLOCKED = "Forbidden: bot was blocked by the user"
CHAT_NOT_FOUND = "Bad Request: chat not found"
USER_NOT_FOUND = "Bad Request: user not found"
EDIT_NOT_FOUND = "Bad Request: message to edit not found"
CANT_EDIT = "Bad Request: message can't be edited"
NO_TEXT_TO_EDIT = "Bad Request: there is no text in the message to edit"
NO_CAPTION_TO_EDIT = "Bad Request: there is no caption in the message to edit"  # approximate
NO_MEDIA_TO_EDIT = "Bad Request: there is no media in the message to edit"  # approximate
DELETE_NOT_FOUND = "Bad Request: message to delete not found"
CANT_DELETE = "Bad Request: message can't be deleted"
REPLY_NOT_FOUND = "Bad Request: message to be replied not found"
PIN_NOT_FOUND = "Bad Request: message to pin not found"  # approximate
PIN_NO_RIGHTS = "Bad Request: not enough rights to manage pinned messages in the chat"
QUERY_TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
ANSWER_TOO_LONG = "Bad Request: MESSAGE_TOO_LONG"  # approximate
WRONG_FILE_ID = "Bad Request: wrong file identifier/HTTP URL specified"
IMAGE_PROCESS_FAILED = "Bad Request: IMAGE_PROCESS_FAILED"
WRONG_ANIMATION = "Bad Request: wrong type of the web page content"  # approximate
PHOTO_DIMENSIONS = "Bad Request: PHOTO_INVALID_DIMENSIONS"
FILE_TOO_BIG = "Bad Request: file is too big"
COMMAND_INVALID = "Bad Request: BOT_COMMAND_INVALID"
COMMAND_DESCRIPTION_INVALID = "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID"  # approximate
UNSUPPORTED_PARSE_MODE = "Bad Request: unsupported parse_mode"
WEBHOOK_CONFLICT = (
    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete "
    "the webhook first"
)
POLL_CONFLICT = (
    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is "
    "running"
)
UNAUTHORIZED = "Unauthorized"
NOT_FOUND = "Not Found"
MIGRATED = "Bad Request: group chat was upgraded to a supergroup chat"
NO_TEXT_RIGHTS = "Bad Request: not enough rights to send text messages to the chat"
NO_PHOTO_RIGHTS = "Bad Request: not enough rights to send photos to the chat"
NO_DOCUMENT_RIGHTS = "Bad Request: not enough rights to send documents to the chat"  # approximate
NO_OTHER_RIGHTS = ("Bad Request: not enough rights to send stickers, animations and games "
                   "to the chat")  # approximate
TOPIC_CLOSED = "Bad Request: TOPIC_CLOSED"
THREAD_NOT_FOUND = "Bad Request: message thread not found"
TOPIC_NOT_MODIFIED = "Bad Request: TOPIC_NOT_MODIFIED"
NOT_A_FORUM = "Bad Request: the chat is not a forum"
NO_TOPIC_CREATE_RIGHTS = "Bad Request: not enough rights to create a topic"
NO_TOPIC_RIGHTS = "Bad Request: not enough rights to manage topics"  # approximate
EPHEMERAL_UNSUPPORTED = "Bad Request: ephemeral messages can't be sent to this chat"  # approximate
EPHEMERAL_RECEIVER = "Bad Request: the receiver is not a member of the chat"  # approximate
EPHEMERAL_QUERY = "Bad Request: the callback query was sent by another user"  # approximate
EPHEMERAL_PARAMETERS = "Bad Request: no receiver in the ephemeral parameters"  # approximate
BAD_GATEWAY = "Bad Gateway"
INTERNAL = "Internal Server Error"


def not_member(chat_type: str) -> str:
    """Describe sending to a group the bot is not in."""
    kind = "supergroup chat" if chat_type == "supergroup" else "group chat"
    return f"Forbidden: bot is not a member of the {kind}"


def kicked(chat_type: str) -> str:
    """Describe sending to a group the bot was removed from."""
    kind = "supergroup chat" if chat_type == "supergroup" else "group chat"
    return f"Forbidden: bot was kicked from the {kind}"


def cant_parse(detail: str) -> str:
    """Describe an HTML parse failure (tdlib's wording after the prefix)."""
    return f"Bad Request: can't parse entities: {detail}"


def missing(name: str) -> str:
    """Describe a required parameter that is absent or empty."""
    return f"Bad Request: {name} is empty"


class ApiError(Exception):
    """A non-ok Bot API answer: raised by method handlers, turned into the JSON envelope."""

    def __init__(
        self,
        code: int,
        description: str,
        retry_after: int | None = None,
        *,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def envelope(self) -> dict[str, Any]:
        """Return Telegram's JSON body for this error."""
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        parameters = {
            "retry_after": self.retry_after,
            "migrate_to_chat_id": self.migrate_to_chat_id,
        }
        if any(value is not None for value in parameters.values()):
            body["parameters"] = {k: v for k, v in parameters.items() if v is not None}
        return body


def bad_request(description: str) -> ApiError:
    """Return a 400 error."""
    return ApiError(400, description)


def forbidden(description: str) -> ApiError:
    """Return a 403 error."""
    return ApiError(403, description)


def too_many_requests(retry_after: int) -> ApiError:
    """Return a 429 error with `parameters.retry_after`."""
    return ApiError(429, f"Too Many Requests: retry after {retry_after}", retry_after)


def migrated(new_chat_id: int) -> ApiError:
    """Return the 400 Telegram answers for a group that became a supergroup."""
    return ApiError(400, MIGRATED, migrate_to_chat_id=new_chat_id)
