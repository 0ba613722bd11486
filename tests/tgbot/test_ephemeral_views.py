"""A player's live ephemeral message is edited by one mirror at a time
(tgbot/delivery/views.py): a mirror that arrives just as another ends still waits for the
one already waiting, so no edit is sent twice with the same text (Telegram answers
"message is not modified")."""

from __future__ import annotations

import asyncio
from typing import Any

from storage.models import Delivery
from tgbot.delivery.views import EphemeralViews

GROUP, USER, GAME = -1001, 42, 7


class GatedBot:
    """Answers sends at once and each edit when the test opens its gate."""

    def __init__(self) -> None:
        self.edits: list[str] = []
        self.gates: list[asyncio.Event] = []

    async def do_api_request(self, endpoint: str, api_kwargs: dict[str, Any] | None = None
                             ) -> Any:
        if endpoint == "sendMessage":
            return {"ephemeral_message_id": 9}
        self.edits.append(str((api_kwargs or {}).get("text")))
        gate = asyncio.Event()
        self.gates.append(gate)
        await gate.wait()
        return True


def _row(revision: int, text: str) -> Delivery:
    payload = {"text": text, "ephemeral": {"chat": GROUP, "head": "🤫 Your hand"}}
    return Delivery(id=1, game_id=GAME, key="prompt:0", chat_id=USER, revision=revision,
                    payload=payload)


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_mirror_arriving_as_another_ends_waits_for_the_one_already_waiting() -> None:
    bot = GatedBot()
    views = EphemeralViews(bot, lambda rows: None)
    await views.show(GAME, USER, chat_id=GROUP, topic_id=None, head="🤫 Your hand",
                     body={"text": "turn 1"})
    views.mirror(_row(2, "turn 2"))  # edits, held at the gate
    await _settle()
    views.mirror(_row(3, "turn 3"))  # waits for the first
    await _settle()
    bot.gates[0].set()  # the first edit ends...
    views.mirror(_row(4, "turn 4"))  # ...as a third row comes
    for _ in range(10):
        await _settle()
        for gate in bot.gates:
            gate.set()
    await views.idle()
    assert len(bot.edits) == len(set(bot.edits)), bot.edits  # never the same text twice
    assert bot.edits[-1].endswith("turn 4")
    assert not views._locks  # forgotten once every mirror is done


async def test_a_refresh_edits_the_live_message_once_and_only_when_it_changed() -> None:
    bot = GatedBot()
    views = EphemeralViews(bot, lambda rows: None)
    await views.show(GAME, USER, chat_id=GROUP, topic_id=None, head="🤫 Your hand",
                     body={"text": "turn 1"})
    views.refresh(GAME, USER, head="🤫 Your hand", body={"text": "turn 2"})  # moved meanwhile
    views.refresh(GAME, USER, head="🤫 Your hand", body={"text": "turn 2"})  # the same again
    views.refresh(GAME, USER + 1, head="🤫 Another hand", body={"text": "x"})  # nothing live
    for _ in range(10):
        await _settle()
        for gate in bot.gates:
            gate.set()
    await views.idle()
    assert len(bot.edits) == 1
    assert "turn 2" in bot.edits[0]
