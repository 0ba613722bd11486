"""Acceptance: a game whose forum topic is closed or deleted goes on in the group's main
thread, and a table too long for a message is cut, never refused (issue #26, item 4).

- Closed topic: the bot, a plain member, gets 400 "TOPIC_CLOSED" for its next new message
  there; deleted topic: its messages are gone and it gets 400 "message thread not found".
  Either way the game and its delivery rows lose the topic, and its table is posted in the
  main thread with a line, in the group's language, saying the game goes on there.
- Colt Express whose last player hands his seat to the bot before his table was shown:
  the bots play the game to its end in that one command, and the final table carries
  every line of it, thousands of characters over Telegram's 4,096; it is sent cut.
The fake Telegram runs at Telegram's real flood limits.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.models import GameStatus
from tests.e2e.refusals_helpers import WAIT, solo_table
from tests.fakebot import errors as E
from tests.fakebot.markup import parse_html
from tests.fakebot.messages import MAX_TEXT
from tgbot.delivery.markup import message_text
from tgbot.i18n import t
from tgbot.render.fit import TEXT_LIMIT, visible_length

pytestmark = pytest.mark.timeout(300)
MOVED = "📌 This game's topic was closed or deleted, so the game goes on here."


# -- a forum topic closed or deleted ---------------------------------------------------------
@pytest.mark.parametrize("gone", ["closed", "deleted"])
async def test_a_game_whose_topic_is_gone_goes_on_in_the_main_thread(
        tmp_path: Path, gone: str) -> None:
    async with solo_table(tmp_path, forum=True) as table:
        ana, thread = table.users[0], table.topic
        assert thread is not None
        await table.games.start(table.game_id)
        turn = await table.can_act()
        assert turn.message.thread_id == thread
        turn = await table.play(turn) or turn
        await table.services.deliverer.idle()  # what it showed is stored
        if gone == "closed":
            table.api.close_topic(table.group, thread, by=ana)
            ana.send(table.group, "/status", topic=thread)  # an admin may still write there
        else:
            table.api.delete_topic(table.group, thread)
            await table.games.refresh(table.game_id, fresh=True)  # as /status or a timeout
        moved = await table.wait(lambda: (m := table.table_message()) is not None
                                 and m.thread_id is None and m, timeout=WAIT)
        refusal = E.TOPIC_CLOSED if gone == "closed" else E.THREAD_NOT_FOUND
        assert [r for r in table.api.errors if r.response["description"] == refusal]
        assert t("pt-BR", MOVED) in (moved.caption or moved.text or "")
        assert (await table.game()).topic_id is None
        assert all(row.topic_id is None for row in await table.rows())
        turn = await table.can_act()
        assert turn.message is moved
        await table.play(turn)  # presses in the main thread play on
        assert all(m.thread_id is None for m in table.group_messages()
                   if m.sent_at >= moved.sent_at)


# -- a text too long -------------------------------------------------------------------------
async def test_a_final_table_too_long_for_a_message_is_cut_not_refused(tmp_path: Path) -> None:
    async with solo_table(tmp_path, "colt_express", pictures=False) as table:
        ana = table.users[0]
        # The start's table meets a 429: it waits 15 s while the rest of the game happens.
        fault = table.api.fail("sendMessage", chat_id=table.group.id, kind="flood",
                               retry_after=15)
        await table.games.start(table.game_id)
        await table.wait(lambda: fault.remaining == 0, timeout=WAIT)
        ana.send(table.group, "/botseat 1")  # the bots play the game to its end
        final = await table.wait(table.final_message, timeout=WAIT)
        assert (await table.game()).status is GameStatus.FINISHED
        [row] = [row for row in await table.rows() if row.key == "table"]
        wanted = "\n".join([*row.payload.get("lead", []), "", row.payload["text"]])
        assert len(parse_html(wanted)[0]) > MAX_TEXT  # Telegram would refuse it whole
        assert len(final.text or "") <= MAX_TEXT
        assert visible_length(message_text(row.payload)) <= TEXT_LIMIT
        assert final.text is not None
        assert final.text.endswith(row.payload["text"].rsplit("\n", 1)[-1])  # the scores
        assert not [r for r in table.api.errors if "too long" in r.response["description"]]
