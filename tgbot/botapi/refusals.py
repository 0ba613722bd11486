"""Telegram's refusals that the delivery loop answers with a fallback, not a retry.

What Telegram answers (400), and the fallback (tgbot/delivery/group_rights.py):
- "not enough rights to send photos to the chat": the group refuses pictures; the row's
  text is sent at once, and the group gets text tables for a while;
- "not enough rights to send text messages to the chat": the bot may not write in the
  group; its games pause and their players are told privately;
- "TOPIC_CLOSED", "message thread not found": the game's forum topic was closed or
  deleted; the game moves to the group's main thread.
The words are matched case-blind, with the MTProto names Telegram sometimes shows instead
(CHAT_SEND_PHOTOS_FORBIDDEN, CHAT_WRITE_FORBIDDEN, CHAT_SEND_PLAIN_FORBIDDEN, TOPIC_DELETED).
"""

from __future__ import annotations

from typing import Literal

Refusal = Literal["photos", "writing", "topic"]
SIGNS: tuple[tuple[Refusal, tuple[str, ...]], ...] = (
    ("photos", ("not enough rights to send photos", "chat_send_photos_forbidden")),
    ("writing", ("not enough rights to send text messages", "have no rights to send a message",
                 "chat_write_forbidden", "chat_send_plain_forbidden")),
    ("topic", ("topic_closed", "topic_deleted", "message thread not found")),
)


def refusal(description: str) -> Refusal | None:
    """Return which fallback a Telegram error description calls for, or None."""
    said = description.lower()
    return next((kind for kind, signs in SIGNS if any(sign in said for sign in signs)), None)
