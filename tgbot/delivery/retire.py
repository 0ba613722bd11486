"""Retiring messages a row no longer shows: the delivery loop's clean-up of old messages.

When a row's message is replaced (a new turn's table, a prompt posted anew) or closed (a
prompt no longer owed), the old message must not keep live buttons. How it ends depends on
what it was: a "your move" ping is deleted (once answered it has nothing to say); a
private prompt is edited to its closing text (its hand or game kept, its call to act gone:
the payload's "text", `as_photo` for a photo's caption); the last table of a turn is
edited to say how that turn ended (the new table's payload "closing"); anything else just
loses its buttons. Each message is retired once per process (a row read before this
process's last result was written may list one again). Failures are logged, never raised:
an old button is refused anyway.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden

from storage.models import Delivery
from tgbot.service.payloads import closing_for

log = logging.getLogger(__name__)
Post = Callable[[str, dict[str, Any]], Awaitable[Any]]
PING = "ping"
"""The delivery keys of "your move" pings start so (tgbot/render/notices.py)."""
KEPT = 100_000


class Retirer:
    """Retires old messages through `post` (the bot's `post_raw`)."""

    def __init__(self, post: Post) -> None:
        self.post = post
        self._done: set[tuple[int, int]] = set()  # (chat, message) retired

    async def retire(self, row: Delivery) -> None:
        """Retire the row's message and those its payload lists under "retire"."""
        payload = row.payload
        for old in {*payload.get("retire", []), row.message_id} - {None}:
            if not self._first(row.chat_id, int(old)):
                continue
            if row.key.startswith(PING):
                await self._call("deleteMessage", row.chat_id, int(old))
            elif old == row.message_id and payload.get("close") and payload.get("text"):
                await self._edit(row.chat_id, int(old), payload["text"],
                                 bool(payload.get("as_photo")))
            elif old == row.message_id and (closing := closing_for(payload, row.sent_anchor)):
                await self._edit(row.chat_id, int(old), closing["text"],
                                 bool(closing.get("as_photo")))
            else:
                await self._call("editMessageReplyMarkup", row.chat_id, int(old))

    def _first(self, chat_id: int, message_id: int) -> bool:
        """Return True the first time a message is retired in this process."""
        if (chat_id, message_id) in self._done:
            return False
        if len(self._done) > KEPT:
            self._done.clear()
        self._done.add((chat_id, message_id))
        return True

    async def _edit(self, chat_id: int, message_id: int, text: str, as_photo: bool) -> None:
        """Edit an old message to its last words, without buttons (its buttons only, if it
        cannot be edited so). A table meant as a photo may have been sent as text (its
        picture could not be drawn, or the group refuses pictures), and the other way
        round: Telegram's refusal tells, and the other edit is tried."""
        kinds = [("editMessageCaption", "caption"), ("editMessageText", "text")]
        for method, field in kinds if as_photo else kinds[::-1]:
            try:
                await self.post(method, {"chat_id": chat_id, "message_id": message_id,
                                         field: text, "parse_mode": ParseMode.HTML})
                return
            except BadRequest as error:
                said = str(error).lower()
                if "not modified" in said:
                    return
                if "no caption" in said or "no text" in said:
                    continue
                log.info("could not close message %s (%s): stripping it", message_id, error)
                break
            except Forbidden as error:
                log.info("could not close message %s: %s", message_id, error)
                return
        await self._call("editMessageReplyMarkup", chat_id, message_id)

    async def _call(self, method: str, chat_id: int, message_id: int) -> None:
        """Call a clean-up method on an old message (best effort)."""
        try:
            await self.post(method, {"chat_id": chat_id, "message_id": message_id})
        except (BadRequest, Forbidden) as error:
            log.info("could not retire message %s (%s): %s", message_id, method, error)
