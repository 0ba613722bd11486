"""End to end (#29): where "🔒 Mine" puts a player's secrets when the group cannot.

- the group takes no ephemeral messages → the secrets come to his private chat, and the
  pop-up says so once (a short toast after);
- no private chat either (he never started the bot) → a pop-up with his secrets and, the
  first time, the link that opens the private chat;
- `/settings secrets private` → today's pop-up, nothing sent anywhere;
- the group takes them → an ephemeral message only he sees, never in the group's history.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.faults_helpers import assert_player_can_act
from tests.e2e.harness import shown
from tests.e2e.secrets_in_group import GroupTable
from tests.fakebot import CallbackAnswer, FakeBotApi, FakeUser
from tests.support.bot import running_bot, sqlite_url
from tgbot.i18n import t


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[GroupTable]:
    async with FakeBotApi() as api:
        users = [api.add_user(7000 + i, name, language_code=language) for i, (name, language)
                 in enumerate([("Ana", "pt-BR"), ("Bruno", "en"), ("Davi", "it")])]
        group = api.add_group(-1007777, "Saloon", admins=(7000,),
                              members=tuple(u.id for u in users))
        for user in users[:2]:
            user.started = True  # Davi never started the bot
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: 7) as app:
            yield GroupTable(api, app, group, users, kind="bang_dice")
            assert not api.internal_errors


async def _mine(table: GroupTable, user: FakeUser) -> CallbackAnswer:
    message = table.newest(f"m:{table.game_id}")
    assert message is not None
    query = user.press(message, f"m:{table.game_id}")["callback_query"]["id"]
    answer: CallbackAnswer = await table.wait(lambda: table.api.callback_answers.get(query))
    return answer


async def test_a_group_that_refuses_them_sends_the_secrets_to_the_private_chat(
        table: GroupTable) -> None:
    table.group.takes_ephemeral = False
    await table.open("bang_dice")
    await _sent_in_private_said_once(table, table.users[1], "Telegram would not show your "
                                     "secrets in the group, so I sent them to our private chat.")
    assert table.api.ephemeral_log(table.group) == []


async def _sent_in_private_said_once(table: GroupTable, user: FakeUser, why: str) -> None:
    """Two Mine presses: the secrets come to the private chat each time; the first press
    gets the pop-up `why` (in English), the second a toast."""
    before = len(table.api.chat_log(user.private))
    first = await _mine(table, user)
    assert first.show_alert
    assert first.text == t("en", why)
    sent = await table.wait(lambda: table.api.chat_log(user.private)[before:])
    assert shown(sent[-1]).startswith("🔒")
    second = await _mine(table, user)  # said once: a toast now
    assert not second.show_alert
    assert second.text == t("en", "Sent to our private chat.")


def _make_the_group_busy(table: GroupTable, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the bot's limiter say a message to the group would now wait 30 s."""
    limiter = table.app.bot.rate_limiter
    assert limiter is not None
    group = table.group.id
    real = limiter.queued_wait  # type: ignore[attr-defined]
    monkeypatch.setattr(limiter, "queued_wait",
                        lambda chat: 30.0 if int(chat) == group else real(chat))


async def test_a_busy_group_sends_them_to_the_private_chat_and_says_why_once(
        table: GroupTable, monkeypatch: pytest.MonkeyPatch) -> None:
    await table.open("bang_dice")
    await table.services.deliverer.idle()
    bruno = table.users[1]
    _make_the_group_busy(table, monkeypatch)
    await _sent_in_private_said_once(table, bruno, "Your group is busy with many messages "
                                     "right now, so I sent your secrets to our private chat.")
    assert not [m for m in table.api.ephemeral_log(table.group) if m.receiver_id == bruno.id]


async def test_told_once_whatever_the_reason_the_secrets_go_private(
        table: GroupTable, monkeypatch: pytest.MonkeyPatch) -> None:
    """Refused first, busy next (seen on a slow CI machine): one pop-up, then toasts."""
    table.group.takes_ephemeral = False
    await table.open("bang_dice")
    bruno = table.users[1]
    first = await _mine(table, bruno)
    assert first.show_alert
    _make_the_group_busy(table, monkeypatch)
    second = await _mine(table, bruno)
    assert not second.show_alert
    assert second.text == t("en", "Sent to our private chat.")


async def test_no_private_chat_either_gives_the_pop_up_and_the_link_once(
        table: GroupTable) -> None:
    table.group.takes_ephemeral = False
    await table.open("bang_dice")
    davi = table.users[2]
    first = await _mine(table, davi)
    assert first.show_alert
    assert first.url is not None
    assert first.url.startswith("https://t.me/")
    assert "?start=" in first.url
    assert t("it", "Open my private chat for your buttons.") in (first.text or "")
    assert len(first.text or "") <= 200
    second = await _mine(table, davi)
    assert second.show_alert
    assert second.url is None
    assert table.api.chat_log(davi.private) == []
    assert table.api.ephemeral_log(table.group) == []


async def test_secrets_set_private_keep_the_pop_up(table: GroupTable) -> None:
    ana, bruno = table.users[0], table.users[1]
    await table.open("bang_dice")
    before = len(table.group_messages())
    ana.send(table.group, "/settings secrets private")
    await table.wait(lambda: len(table.group_messages()) > before)
    assert table.group_messages()[-1].text == t(
        "pt-BR", "Saved: in this group, secrets and private choices go to each player's "
                 "private chat.")
    in_private = len(table.api.chat_log(bruno.private))
    answer = await _mine(table, bruno)
    assert answer.show_alert
    assert answer.url is None
    assert answer.text
    assert len(table.api.chat_log(bruno.private)) == in_private
    # (Davi, whom the bot cannot write to, was shown his identity at the start, when the
    # group still said "group")
    assert not [m for m in table.api.ephemeral_log(table.group) if m.receiver_id == bruno.id]


async def test_a_group_that_takes_them_shows_them_to_the_presser_alone(
        table: GroupTable) -> None:
    ana, bruno = table.users[0], table.users[1]
    await table.open("bang_dice")
    history = len(table.group_messages())
    answer = await _mine(table, bruno)
    assert answer.text is None  # answered by the ephemeral message itself
    view = await table.wait(lambda: table.view_of(bruno))
    assert view.text is not None
    assert view.text.startswith(t("en", "🔒 Only you see this message · {place}").split("{")[0])
    assert view in table.api.member_view(table.group, bruno)
    assert view not in table.api.member_view(table.group, ana)
    assert len(table.group_messages()) == history
    sends = [c.params["ephemeral_message_parameters"]
             for c in table.api.calls("sendMessage") if "ephemeral_message_parameters" in c.params]
    assert sends[-1].get("callback_query_id")  # it answered the press


async def test_with_secrets_private_a_player_who_never_started_the_bot_gets_the_link(
        table: GroupTable) -> None:
    ana, davi = table.users[0], table.users[2]
    table.api.add_bot_to_group(table.group, by=ana, as_admin=True)
    await table.wait(lambda: table.group_messages())
    ana.send(table.group, "/settings secrets private")
    ana.send(table.group, "/newgame bang_dice")
    lobby = await table.wait(lambda: table.newest("l:"))
    davi.send(table.group, "/join")
    reply = await table.wait(lambda: next((m for m in table.group_messages()
                                           if "start=" in str(m.reply_markup)
                                           and m is not lobby), None))
    assert reply.text == t("pt-BR", "To join, open a private chat with me first (your "
                                    "secret cards and choices come there):")
    assert "Davi" not in (lobby.text or "")


async def test_everybody_pressing_mine_at_once_holds_no_move_back(
        table: GroupTable, caplog: pytest.LogCaptureFixture) -> None:
    """Each ephemeral message counts against the group's 20 a minute: six at once would
    hold the group's later updates for ~15 s if they waited in its queue, and the move
    pressed after them would be answered too late. They run beside the group's queue, and
    a press the group cannot show in time gets the secrets in private instead."""
    await table.open("bang_dice")
    turn = await assert_player_can_act(table.api, table.services.games, table.game_id)
    message = table.newest(f"m:{table.game_id}")
    assert message is not None
    mines = [user.press(message, f"m:{table.game_id}")["callback_query"]["id"]
             for user in table.users for _ in range(2)]
    played = turn.press()
    answer = await table.api.wait_for(lambda: table.api.callback_answers.get(played),
                                      timeout=8)
    assert answer.text is None  # accepted, long before Telegram's 15 s
    await table.wait(lambda: all(query in table.api.callback_answers for query in mines),
                     timeout=14)
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


async def test_a_private_chat_that_fails_for_a_moment_gives_the_pop_up(
        table: GroupTable) -> None:
    table.group.takes_ephemeral = False
    await table.open("bang_dice")
    bruno = table.users[1]
    await table.services.deliverer.idle()  # the table's own private messages are out
    private = len(table.api.chat_log(bruno.private))
    table.api.fail("sendMessage", chat_id=bruno.id, kind="bad_gateway")
    answer = await _mine(table, bruno)
    assert answer.show_alert
    assert answer.url is not None  # his secrets, with the link to the private chat
    assert "Sorry" not in (answer.text or "")
    assert table.api.failures()  # the private message was tried, and failed
    assert len(table.api.chat_log(bruno.private)) == private


async def test_mine_tapped_three_times_at_once_shows_the_secrets_once(
        table: GroupTable) -> None:
    await table.open("bang_dice")
    bruno = table.users[1]
    message = table.newest(f"m:{table.game_id}")
    assert message is not None
    private = len(table.api.chat_log(bruno.private))
    taps = [bruno.press(message, f"m:{table.game_id}")["callback_query"]["id"]
            for _ in range(3)]
    await table.wait(lambda: all(query in table.api.callback_answers for query in taps))
    await table.services.deliverer.idle()
    in_group = [call for call in table.api.calls("sendMessage") if call.ok and str(bruno.id)
                in str(call.params.get("ephemeral_message_parameters"))]
    in_private = table.api.chat_log(bruno.private)[private:]
    assert len(in_group) + len(in_private) == 1  # his secrets once, not once a tap
