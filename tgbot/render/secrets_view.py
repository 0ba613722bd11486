"""A player's secrets and private choices shown in the group, as an ephemeral message only
he sees (docs/secrets_in_group.md).

A seat's private rows (its live prompt, the secrets a command deals him) carry, when his
secrets go to the group, an `ephemeral` field: the group and topic to show them in and the
head of the message (who he is, what he holds: the front's "mine" text). The ephemeral
message is that head, then the row's own text and buttons: the same content the private
chat carries. Rows for a player whose secrets go to his private chat carry no such field.
"""

from __future__ import annotations

import html
from typing import Any

from tgbot.i18n import t
from tgbot.render.fit import fit_message
from tgbot.render.front import front_for
from tgbot.render.notices import where
from tgbot.service.payloads import Payload
from tgbot.service.scene import Scene
from tgbot.service.secrets import GROUP, scene_place

Json = dict[str, Any]


def head(scene: Scene, seat: int, language: str) -> str:
    """Return the first lines of a seat's ephemeral message: that only he sees it, the game
    and group, then his secrets (the front's "mine" text)."""
    front = front_for(scene.game.kind)
    mine = front.mine_text(language, scene.engine, scene.state, seat)
    return "\n".join([t(language, "🔒 Only you see this message · {place}",
                        place=where(scene, language)), html.escape(mine)])


def ephemeral_fields(scene: Scene, seat: int, user_id: int, language: str) -> Payload:
    """Return `{"ephemeral": {...}}` for a seat's private row when his secrets go to the
    group, else {}."""
    if scene_place(scene, user_id) != GROUP:
        return {}
    game = scene.game
    return {"ephemeral": {"chat": game.chat_id, "topic": game.topic_id,
                          "head": head(scene, seat, language)}}


def view_text(payload: Any, fallback_head: str = "") -> str:
    """Return the ephemeral message for a private row's payload: its head, then the row's
    lead lines and text, fitted to Telegram's 4,096 visible characters."""
    shown = payload.get("ephemeral") or {}
    top = str(shown.get("head") or fallback_head)
    body = str(payload.get("text") or "")
    return fit_message([top, *(payload.get("lead") or [])], body)


def nothing_owed(language: str) -> str:
    """Return the line under a player's secrets when he owes no private choice."""
    return t(language, "Nothing to decide in private now: when you must choose, your "
                       "buttons appear here.")
