"""Acceptance: nobody is lost, at Telegram's real limits, for every game.

The creator who typed /newgame in the group but never opened the bot's private chat is
seated (the lobby seats its creator), so at Start his secrets cannot reach him: the group
is told once, by name, with a button that opens the bot's private chat, Telegram is asked
only once, and after he presses Start there he has his secrets and, when it is his move,
his buttons. The real
application runs against the fake Bot API with its default `RateLimits` (Telegram's).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.faults_helpers import (
    GAMES,
    SEED,
    WAIT,
    assert_no_secret_in_group,
    assert_player_can_act,
    people,
)
from tests.e2e.harness import BotAtTable
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser
from tests.support.bot import running_bot, sqlite_url
from tests.support.waiting import until
from tgbot.i18n import t
from tgbot.service import reads

pytestmark = pytest.mark.timeout(240)
GROUP_LANGUAGE = "pt-BR"


@dataclass
class Table(BotAtTable):
    """The running bot, the group and its four players (Ana, its owner, never started
    the bot)."""

    kind: str = ""

    def lobby_message(self) -> FakeMessage | None:
        return next((m for m in reversed(self.group_messages())
                     if any(b.get("callback_data", "").endswith(":start")
                            for b in m.buttons)), None)

    def unreachable_notes(self, user: FakeUser) -> list[FakeMessage]:
        """Return the group's notes naming `user` as unreachable, with the button."""
        opens = t(GROUP_LANGUAGE, "💬 Open my private chat")
        return [m for m in self.group_messages() if m.text and "📭" in m.text
                and user.first_name in m.text
                and any(b.get("text") == opens and b.get("url") for b in m.buttons)]


@pytest.fixture(params=GAMES)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with FakeBotApi() as api:
        group, users = people(api)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED) as app:
            yield Table(api, app, group, users, kind=request.param)
            assert not api.internal_errors


async def test_a_creator_who_never_opened_the_private_chat_is_not_lost(table: Table) -> None:
    api, group, users = table.api, table.group, table.users
    ana = users[0]
    api.add_bot_to_group(group, by=ana, as_admin=True)
    for user in users[1:]:
        user.start()
    await table.wait(lambda: all(api.chat_log(u.private) for u in users[1:]))
    ana.send(group, f"/newgame {table.kind}")
    lobby = await table.wait(table.lobby_message)
    join = next(b["url"] for b in lobby.buttons if "url" in b)
    for user in users[1:]:
        user.start(join.split("start=")[1])
    games = table.services.games
    found = await reads.active_game(games.uow_factory, chat_id=group.id, topic_id=None)
    assert found is not None
    assert found.id is not None
    game_id = found.id

    async def seated() -> bool:
        return len(await reads.seats_of(games.uow_factory, game_id=game_id)) == 4

    await until(seated, timeout=10)  # the three joins are handled in their private chats
    ana.press_button(table.lobby_message() or lobby, t(GROUP_LANGUAGE, "▶️ Start"))
    # His secrets cannot reach him: the group is told once, with the button.
    await table.wait(lambda: table.unreachable_notes(ana), timeout=WAIT)
    assert not api.chat_log(ana.private)
    await assert_no_secret_in_group(api, games, game_id, group.id)
    # Telegram was asked once: every later message for his private chat was held back
    # without a call, each call counting against the bot's overall budget
    await table.services.deliverer.idle()
    asked = [r for r in api.requests if str(r.params.get("chat_id")) == str(ana.id)]
    assert [r.status for r in asked] == [403]
    ana.start()  # he opens the private chat (the button's link) and presses Start
    await table.wait(lambda: len(api.chat_log(ana.private)) >= 2, timeout=WAIT)
    table_now = await games.table(game_id)
    seat = table_now.seat_of(ana.id)
    assert seat is not None
    secret = table_now.engine.view_json(table_now.engine.view(table_now.state, seat))
    texts = [m.text or m.caption or "" for m in api.chat_log(ana.private)]
    # his secrets: an identity (🤫), a hand dealt (🃏) or shown (🂠)
    assert any(mark in text for text in texts for mark in ("🤫", "🃏", "🂠")), texts
    turn = await assert_player_can_act(api, games, game_id)  # whoever owes has his buttons
    assert turn.version == table_now.game.version
    assert len(table.unreachable_notes(ana)) == 1  # told once for the game
    assert secret  # his own view exists
