"""What a delivery row asks the delivery loop to show: the payload the outbox renders and
the loop sends, stored as JSON on the row. Typed here so that the outbox (the writer) and
the loop (the reader) agree on one set of keys; every key is optional.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

ButtonRows = list[list[list[str]]]
"""Inline keyboard rows: [[label, data or URL], ...] per row."""


class Ephemeral(TypedDict):
    """Where a seat's private row is also shown as an ephemeral message only he sees (his
    secrets go to the group: tgbot/service/secrets.py), and that message's head."""

    chat: int
    topic: int | None
    head: str


class Closing(TypedDict):
    """How a turn's table message is left once the next turn's is posted."""

    text: str
    as_photo: bool


class Payload(TypedDict, total=False):
    """One rendering of a message: a group table, a lobby, a private prompt or a note."""

    text: str
    """The message text (HTML), or the text the caption is cut from."""
    buttons: ButtonRows
    lead: list[str]
    """Lines that open a new message (what ended the last turn, timeouts)."""
    anchor: int
    """The table's turn counter: a new anchor posts the table as a new message."""
    recent: list[dict[str, Any]]
    """The turn's public events the table lists (to continue them on the next edit)."""
    mention: list[int]
    """Seats the text mentions (so they are told of their move)."""
    closing: Closing
    silent: bool
    """Send without a notification."""
    close: bool
    """Remove the message's buttons (and, with `text`, leave these last words)."""
    as_photo: bool
    """A closed message that is a photo: its caption is edited, not its text."""
    caption: str
    photo: dict[str, Any]
    """The picture to draw at send time (a table's or a hand's view)."""
    seats: list[int]
    """The seats a ping names (it is deleted once none of them owes any more)."""
    retire: list[int]
    """Messages an unsent new message replaces: retired once it is posted."""
    ephemeral: Ephemeral
    """A seat's private row shown in the group too (tgbot/render/secrets_view.py)."""
    settle: float
    """Seconds the delivery loop waits before sending this revision, so that a newer one
    (made by the press that follows) is sent instead: a mark shows only if the player
    pauses after it."""


CLOSE: Payload = {"close": True}
"""Remove a message's buttons (a closed lobby, table, prompt or ping)."""


def closed(payload: Mapping[str, Any]) -> bool:
    """Return whether a payload closes its message: a plain close, a closed prompt, or a
    close that also retires the messages an unsent revision was to replace."""
    return bool(payload.get("close"))
