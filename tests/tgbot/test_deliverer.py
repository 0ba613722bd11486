"""The delivery loop's memory of what it showed, across a group's move to a supergroup."""

from __future__ import annotations

from typing import Any

from storage.models import Delivery
from tests.tgbot.fakes import FakeBot
from tgbot.delivery import Deliverer


def _table(chat_id: int, revision: int) -> Delivery:
    return Delivery(id=1, game_id=1, key="table", chat_id=chat_id, revision=revision,
                    payload={"text": f"table r{revision}", "buttons": [[["Go", "p:1:1:x"]]]},
                    updated_at=None)  # type: ignore[arg-type]


async def test_a_row_shown_in_the_old_group_is_posted_in_the_supergroup_it_moved_to() -> None:
    """The group became a supergroup before the old send's result was written: the row as
    stored says nothing was shown, and the new chat must get the table (not be skipped as
    shown already)."""
    bot = FakeBot()
    deliverer = Deliverer(bot, None, lambda: None)  # type: ignore[arg-type,return-value]

    async def unwritten() -> None:  # the results never reach the database in this test
        deliverer._results.clear()

    deliverer._flush = unwritten  # type: ignore[method-assign]
    deliverer.push([_table(-1, 1)])
    await deliverer.idle()
    deliverer.push([_table(-1, 1)])  # the same revision again, same chat: shown already
    await deliverer.idle()
    assert [call["text"] for call in bot.to(-1, "send")] == ["table r1"]
    deliverer.push([_table(-100, 1)])  # moved, at the revision shown in the old group
    await deliverer.idle()
    sent: list[dict[str, Any]] = bot.to(-100, "send")
    assert [call["text"] for call in sent] == ["table r1"]
    assert sent[0]["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "p:1:1:x"
