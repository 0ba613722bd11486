"""Whose phone a bot message makes ring, fixed when it is sent.

The fake's rule (Telegram's for a user who keeps his private chat with the bot audible
and his groups muted, as players of busy groups do; a mention rings through a muted
group):
- a new message in a user's private chat with the bot rings for him;
- a new message in a group rings for each member it mentions: an @username of his in the
  visible text, a `text_mention` entity for his id, or a link to `tg://user?id=<his id>`
  (HTML `<a href="tg://user?id=…">`);
- a message sent with `disable_notification` rings for nobody, and an edit never rings.
A deleted message still rang when it was sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tests.fakebot.model import FakeChat, FakeGroup, FakeMessage, FakeUser, PrivateChat

USERNAME_RE = re.compile(r"(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{5,32})(?![A-Za-z0-9_])")
USER_LINK_RE = re.compile(r"^tg://user\?id=(\d+)$")


def rung(chat: FakeChat, message: FakeMessage, users: Iterable[FakeUser], *,
         silent: bool) -> frozenset[int]:
    """Return the ids of the users a new bot message notifies (see the module's rule)."""
    if silent:
        return frozenset()
    if isinstance(chat, PrivateChat):
        return frozenset({chat.id})
    if not isinstance(chat, FakeGroup):
        return frozenset()
    text = message.text if message.text is not None else message.caption or ""
    by_name = {user.username.lower(): user.id for user in users if user.username}
    mentioned = {by_name[name.lower()] for name in USERNAME_RE.findall(text)
                 if name.lower() in by_name}
    entities = message.formatted.entity_dicts() if message.formatted else []
    mentioned.update(found for entity in entities if (found := _mentioned_id(entity)))
    return frozenset(mentioned & chat.members)


def _mentioned_id(entity: dict[str, Any]) -> int | None:
    """Return the user id an entity mentions (text_mention, tg://user link), or None."""
    if entity.get("type") == "text_mention" and isinstance(entity.get("user"), dict):
        return int(entity["user"]["id"])
    if entity.get("type") == "text_link":
        match = USER_LINK_RE.match(str(entity.get("url", "")))
        if match:
            return int(match.group(1))
    return None
