"""Each turn's table message ends with its own turn's last words.

When a turn starts, the outbox writes the new table with a "closing": the old message's
text and how its turn ended. While a revision is unsent, `merge` carries that closing over
so coalescing never drops it. But a revision being sent when the next turn starts is
unsent in the database and shown a moment later: its message must then end with its own
closing, not with the closing the revision carried for the message before it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from storage.models import Delivery, Game, GameStatus
from tgbot.delivery.retire import Retirer
from tgbot.service.scene import Outbound, merge

AT = datetime(2031, 5, 1, tzinfo=UTC)


def _game() -> Game:
    return Game(id=7, chat_id=-1, kind="colt_express", options={}, seed=1,
                status=GameStatus.RUNNING, version=3, created_at=AT, updated_at=AT)


def _turn(anchor: int, closing: str | None) -> Outbound:
    """Return the table of turn `anchor`, closing the turn before's message with `closing`."""
    payload: dict[str, Any] = {"text": f"table of turn {anchor}\n⏳ waiting", "anchor": anchor}
    if closing is not None:
        payload["closing"] = {"text": closing, "as_photo": False, "anchor": anchor - 1}
    return Outbound("table", -1, payload)


class Edits:
    """A fake `post_raw`: the texts each message was edited to."""

    def __init__(self) -> None:
        self.texts: dict[int, str] = {}

    async def __call__(self, method: str, data: dict[str, Any]) -> Any:
        if method == "editMessageText":
            self.texts[data["message_id"]] = data["text"]
        return True


def _shown(row: Delivery, message_id: int, anchor: int) -> None:
    """What the delivery loop knows once Telegram shows the row's revision."""
    row.sent_revision, row.message_id, row.sent_anchor = row.revision, message_id, anchor


def _turn_one_shown() -> Delivery:
    """Return the table row with turn 1 shown in message 101."""
    row = merge(None, _game(), _turn(1, None), AT)
    assert row is not None
    _shown(row, 101, 1)
    return row


async def test_a_message_posted_while_the_next_turn_began_ends_with_its_own_turn() -> None:
    row = _turn_one_shown()
    row = merge(row, _game(), _turn(2, "turn 1 is over"), AT)  # being sent: message 102
    assert row is not None
    row = merge(row, _game(), _turn(3, "turn 2 is over"), AT)  # before 102 was written
    assert row is not None
    first = Edits()
    await Retirer(first).retire(row)  # as if the send of turn 2 had failed: 101 is shown
    assert first.texts == {101: "turn 1 is over"}
    _shown(row, 102, 2)  # the send of turn 2 went through: 102 is shown, 101 is closed
    second = Edits()
    await Retirer(second).retire(row)
    assert second.texts == {102: "turn 2 is over"}


async def test_turns_coalesced_away_close_the_message_still_shown_with_its_turn() -> None:
    row = _turn_one_shown()
    for anchor in (2, 3, 4):  # none of them shown
        row = merge(row, _game(), _turn(anchor, f"turn {anchor - 1} is over"), AT)
        assert row is not None
    edits = Edits()
    await Retirer(edits).retire(row)
    assert edits.texts == {101: "turn 1 is over"}


async def test_a_closing_stored_before_closings_named_their_turn_still_closes() -> None:
    row = _turn_one_shown()
    row = merge(row, _game(), Outbound("table", -1, {
        "text": "table of turn 2", "anchor": 2,
        "closing": {"text": "turn 1 is over", "as_photo": False}}), AT)
    assert row is not None
    edits = Edits()
    await Retirer(edits).retire(row)
    assert edits.texts == {101: "turn 1 is over"}
