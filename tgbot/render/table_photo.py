"""The group table as a photo: what its delivery row stores, and the photo's caption.

A chat with pictures on (the default; `/settings pictures off` turns them off, stored as
`pictures: false` in the chat's `default_options`) gets its table as one photo message
whose caption is the turn's recent lines and whom the table waits for; the seats are in
the picture. The table's delivery payload keeps its full "text" (what is sent instead
when the picture cannot be drawn) and adds "caption" and "photo": the group view as JSON
(`GroupView.to_json()`) with the language and the seats' names, everything the picture is
a pure function of. The picture itself is never stored: the deliverer draws it from
"photo" at send time (tgbot/delivery/photos.py, cached per game version).

In the same chats, a seat's private prompt in a game with a hand picture (Colt Express,
the card game) is a photo of that seat's own hand with the prompt text as its caption:
its payload's "photo" holds the seat's `HandView` (`hand_photo_fields`), which only that
seat's private chat is ever sent. A prompt longer than a caption stays text.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from core.engine.registry import AnyGame
from tgbot.render.fit import CAPTION_LIMIT, cut_html, surely_fits, visible_length
from tgbot.render.images import group_view, hand_view, has_hand, has_picture
from tgbot.render.images.cache import table_key
from tgbot.render.images.group_view import view_digest
from tgbot.service.payloads import Payload
from tgbot.service.profiles import PICTURES


def pictures_on(options: Mapping[str, Any] | None) -> bool:
    """Return whether a chat with these default options gets table pictures."""
    return bool((options or {}).get(PICTURES, True))


def photo_fields(kind: str, engine: AnyGame, state: Any, language: str, names: Sequence[str],
                 lines: Sequence[str], waiting: str, view: Any = None) -> Payload:
    """Return the payload fields of a table shown as a photo ("caption", "photo"), or {}
    for a game without a picture; `view` is engine.view(state, None) when the caller has
    it."""
    if not has_picture(kind):
        return {}
    shown = group_view(kind, engine, state, view)
    return {"caption": "\n".join([*lines, "", waiting]) if lines else waiting,
            "photo": {**shown.to_json(), "language": language, "names": list(names)}}


def hand_photo_fields(kind: str, engine: AnyGame, state: Any, seat: int, language: str,
                      text: str) -> Payload:
    """Return the payload fields of a seat's private prompt shown as a photo of its hand
    ("caption": the prompt's text, "photo": the hand), or {} for a game without a hand
    picture or a text longer than a caption."""
    if not has_hand(kind) or visible_length(text) > CAPTION_LIMIT:
        return {}
    return {"caption": text,
            "photo": {**hand_view(kind, engine, state, seat).to_json(), "language": language}}


def is_hand(photo: Mapping[str, Any]) -> bool:
    """Return True when a stored "photo" is a seat's hand, not the group's table."""
    return "hand" in photo


def picture_key(photo: Mapping[str, Any]) -> tuple[Any, ...]:
    """Return what identifies the picture a stored "photo" draws: for a table what its
    view shows (its digest, without the game version), the language and the seats' names;
    for a hand the seat, the language and the hand's digest (a move that leaves the
    picture as it was keeps it). The photo sender and the drawer ask it of the same stored
    "photo" one after the other: the last answer is kept for that object."""
    if _LAST and _LAST[0][0] is photo:
        return _LAST[0][1]
    key = _picture_key(photo)
    _LAST[:] = [(photo, key)]
    return key


_LAST: list[tuple[Mapping[str, Any], tuple[Any, ...]]] = []
"""The last "photo" asked of `picture_key` (stored payloads are never changed in place) and
its key."""


def _picture_key(photo: Mapping[str, Any]) -> tuple[Any, ...]:
    if is_hand(photo):
        text = json.dumps(photo["hand"], sort_keys=True, separators=(",", ":"))
        return ("hand", photo["seat"], photo["language"],
                hashlib.blake2b(text.encode(), digest_size=16).digest())
    return table_key(view_digest(str(photo["kind"]), photo["view"], photo["public"]),
                     str(photo["language"]), [str(name) for name in photo["names"]])


def photo_caption(payload: Mapping[str, Any]) -> str:
    """Return the caption of a photo payload: its lead lines, then its caption, fitted."""
    return fit_caption(payload.get("lead") or [], str(payload.get("caption") or ""))


def fit_caption(lead: Sequence[str], body: str, limit: int = CAPTION_LIMIT) -> str:
    """Return the lead lines and the body as one caption of at most `limit` visible
    characters: the body's oldest lines go first, then the oldest lead lines; the body's
    last line (whom the table waits for) stays. A single line still too long is cut, its
    tags kept well formed."""
    kept_lead = list(lead)
    *head, last = body.split("\n")

    def joined() -> str:
        top = [*kept_lead, ""] if kept_lead and (head or last) else kept_lead
        return "\n".join([*top, *head, last]).strip("\n")

    if surely_fits(caption := joined(), limit):
        return caption
    while visible_length(joined()) > limit and (head or kept_lead):
        if any(head):
            head.pop(0)
            while head and not head[0]:
                head.pop(0)
        else:
            head = []
            kept_lead.pop(0)
    return cut_html(joined(), limit)
