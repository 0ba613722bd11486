"""What a delivery row asks the delivery loop to show: the payload the outbox renders and
the loop sends, stored as JSON on the row. Typed here so that the outbox (the writer) and
the loop (the reader) agree on one set of keys; every key is optional.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

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
    anchor: NotRequired[int]
    """The turn (table anchor) of the message it closes; a closing stored without it is
    for whichever message the row shows."""


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
    closings: list[Closing]
    """Older closings still owed, one per turn: carried while revisions are unsent, as the
    message of a turn may be shown just when the next turn starts (`closing_for`)."""
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


CLOSINGS_KEPT = 4
"""Closings carried at most: turns whose messages were never shown need none."""

CLOSE: Payload = {"close": True}
"""Remove a message's buttons (a closed lobby, table, prompt or ping)."""


def closing_for(payload: Mapping[str, Any], anchor: int | None) -> Closing | None:
    """Return how the message showing turn `anchor` is to end, or None when the payload
    closes no message of that turn (then it only loses its buttons)."""
    newest: Closing | None = payload.get("closing")
    if anchor is None or newest is None:
        return newest
    candidates: list[Closing] = [newest, *reversed(payload.get("closings", []))]
    for closing in candidates:
        if closing.get("anchor", anchor) == anchor:
            return closing
    return None


def carried_closings(unsent: Mapping[str, Any], newest: Closing | None) -> list[Closing]:
    """Return the closings an unsent revision owed that a newer one keeps besides its own
    `newest`: the earliest for each turn, newest turn last, a few at most."""
    owed: dict[Any, Closing] = {}
    for closing in [*unsent.get("closings", []), *filter(None, [unsent.get("closing")])]:
        owed.setdefault(closing.get("anchor"), closing)
    if newest is not None:
        owed.pop(newest.get("anchor"), None)
    return list(owed.values())[-CLOSINGS_KEPT:]


def closed(payload: Mapping[str, Any]) -> bool:
    """Return whether a payload closes its message: a plain close, a closed prompt, or a
    close that also retires the messages an unsent revision was to replace."""
    return bool(payload.get("close"))
