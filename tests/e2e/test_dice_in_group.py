"""End to end: five people play BANG! The Dice Game in a group, by pressing buttons only.

The real application (handlers, service, storage on SQLite, python-telegram-bot's HTTP
stack and rate limiter) talks to the fake Bot API of tests/fakebot, which behaves like
Telegram where it matters (403 before /start, identical edits refused, flood limits).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from storage.models import GameStatus
from tests.e2e.harness import BotAtTable, group_economy, pictures_off, shown
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser, RateLimits
from tests.support.bot import running_bot, sqlite_url
from tests.support.speed import telegram_speed
from tgbot.i18n import pick_language, t
from tgbot.service import reads

ROOT = Path(__file__).resolve().parents[2]
HIDDEN_ROLE_WORDS = ("Fora-da-lei", "Renegado", "Assistente")  # the group speaks pt-BR


@dataclass
class Table(BotAtTable):
    """The running bot and the people around the table."""

    database: str
    pictures: bool = True

    def live_table(self) -> FakeMessage:
        for message in reversed(self.group_messages()):
            datas = [b.get("callback_data", "") for row in message.reply_markup or []
                     for b in row]
            if any(d.startswith(("p:", "k:", "m:")) for d in datas):
                return message
        raise LookupError("no live table message")


SPEED = telegram_speed()  # the per-group window scaled down, unless --real-limits
SEED = int(os.environ.get("DICE_E2E_SEED", "2027"))  # the players follow the engine's bot


# The text tables' whole game is a long run (--long, docs/testing.md): the same game as the
# pictures' run; text tables play to the end by default in test_group_refusals.py.
@pytest.fixture(params=[True, pytest.param(False, marks=pytest.mark.long)],
                ids=["pictures", "text"])
async def table(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Table]:
    async with FakeBotApi(limits=RateLimits(per_group_window=60 / SPEED)) as api:
        names = ["Ana", "Bruno", "Carla", "Davi", "Eva"]
        languages = ["pt-BR", "en", "it", "pt-BR", "en"]
        users = [api.add_user(1000 + i, name, language_code=lang)
                 for i, (name, lang) in enumerate(zip(names, languages, strict=True))]
        group = api.add_group(-1001234, "Saloon", admins=(1000,),
                              members=tuple(u.id for u in users))
        database = sqlite_url(tmp_path)
        async with running_bot(api, database, seed_source=lambda: SEED,
                               settings={"group_messages_per_minute": 20 * SPEED}) as app:
            yield Table(api, app, group, users, database, request.param)


async def _open_table(table: Table) -> int:
    api, group, users = table.api, table.group, table.users
    api.add_bot_to_group(group, by=users[0], as_admin=True)
    await table.wait(lambda: any("/newgame" in m.text for m in table.group_messages()))
    if not table.pictures:
        await pictures_off(users[0], group, api)
    users[0].start()
    users[4].start()
    users[0].send(group, "/newgame bang_dice")
    lobby_message = await table.wait(lambda: next(
        (m for m in table.group_messages() if m.reply_markup and "🙋" in str(m.reply_markup)),
        None))
    join_url = next(b["url"] for row in lobby_message.reply_markup for b in row if "url" in b)
    payload = join_url.split("start=")[1]
    users[1].start(payload)
    users[2].start(payload)
    # never started the bot: with secrets in the group (the default) he joins at once
    # (docs/secrets_in_group.md); he starts the bot later, so his identity comes by DM too
    users[3].send(group, "/join")
    await table.wait(lambda: "Davi" in (lobby_message.text or ""))
    users[3].start(payload)
    users[4].send(group, "/join")  # started the bot before: joins directly
    game = await reads.active_game(table.services.games.uow_factory, chat_id=group.id,
                                   topic_id=None)
    assert game is not None
    assert game.id is not None

    async def seated() -> int:
        return len(await reads.seats_of(table.services.games.uow_factory, game_id=game.id))

    for _ in range(200):
        if await seated() == 5:
            break
        await asyncio.sleep(0.05)  # a true predicate would return at once: really wait
    assert await seated() == 5
    users[0].press_button(lobby_message_now(table), "▶️ Começar")
    await table.wait(lambda: any(m.reply_markup and "m:" in str(m.reply_markup)
                                 for m in table.group_messages()))
    return game.id


def lobby_message_now(table: Table) -> FakeMessage:
    return next(m for m in reversed(table.group_messages())
                if m.reply_markup and "▶️" in str(m.reply_markup))


@pytest.mark.timeout(900)  # Telegram's group limit (20 messages a minute) paces the game
async def test_five_players_play_a_full_game_by_pressing_buttons(table: Table) -> None:
    game_id = await _open_table(table)
    started_at = max(call.at for call in table.api.calls("sendMessage"))
    service = table.services.games
    start_table = await service.table(game_id)
    for user in table.users:  # each one got their identity by DM
        seat = start_table.seat_of(user.id)
        assert seat is not None
        texts = [m.text for m in table.api.chat_log(user.private)]
        assert any("🤫" in text for text in texts)
    presses = refusals = 0
    for _ in range(3000):
        current = await service.table(game_id)
        if current.game.status is not GameStatus.RUNNING:
            break
        owed = sorted(current.engine.to_act(current.state))
        owner = next(u for u in table.users if u.id == current.user_of(owed[0]))
        await table.wait(lambda v=current.game.version: _newest_version(table) == v)
        message = table.live_table()
        if presses % 17 == 3:  # somebody else presses: refused, nothing changes
            intruder = next(u for u in table.users if u is not owner)
            intruder.press_button(message, _choice(message))
            refusals += 1
            await table.wait(lambda n=refusals: len(_refusal_answers(table)) >= n)
            assert (await service.table(game_id)).game.version == current.game.version
        if presses == 5:
            await _forged_and_stale_presses_change_nothing(table, owner, message, game_id,
                                                           current.game.version)
        for data in _sensible_presses(current, owed[0], message):
            owner.press(message, data)
        presses += 1
        version = current.game.version
        await table.wait(lambda v=version: _newest_version(table) > v or _over(table))
    final = await service.table(game_id)
    assert final.game.status is GameStatus.FINISHED
    assert final.game.outcome is not None
    assert "🏁" in shown(table.group_messages()[-1])
    _assert_no_hidden_role_in_group(table)
    assert not [e for e in table.api.errors if "not modified" in json.dumps(e.response)]
    turns = final.state.turn_number
    sends = [r for r in [*table.api.calls("sendMessage"), *table.api.calls("sendPhoto")]
             if str(r.params.get("chat_id")) == str(table.group.id) and r.ok
             and r.at >= started_at]
    _assert_tables_are_shown_as_chosen(table)
    # one message a turn, and one more that says the result (a short game must not fail
    # for it: a nine-turn game sends ten)
    per_turn = (len(sends) - 1) / turns
    print(f"\ngroup messages after the start: {len(sends)} for {turns} turns "
          f"= {per_turn:.2f} per turn")
    assert per_turn <= 1.1
    calls, accepted = group_economy(table.api, table.group, since=started_at)
    print(f"\ngroup calls: {calls} for {accepted} accepted presses = "
          f"{calls / accepted:.2f} a press")
    assert calls <= accepted  # at most one call to the group per accepted press, on average
    export = subprocess.run([sys.executable, "-m", "storage.export", "--game", str(game_id),
                             "--database-url", table.database], capture_output=True,
                            text=True, cwd=ROOT, timeout=60, check=True)
    exported = json.loads(export.stdout)
    game_json = exported[0] if isinstance(exported, list) else exported["games"][0]
    assert len(game_json["actions"]) == final.game.version - 1 or len(
        game_json["actions"]) >= presses


async def _forged_and_stale_presses_change_nothing(table: Table, owner: FakeUser,
                                                   message: FakeMessage, game_id: int,
                                                   version: int) -> None:
    """A press with data no button carries, or on an old version, is refused politely."""
    service = table.services.games
    before = (await service.table(game_id)).game.snapshot
    language = pick_language(owner.language_code)
    illegal = t(language, "That move is not possible now.")
    stale = t(language, "This prompt is outdated: the game has moved on.")
    invalid = t(language, "This button is not valid.")
    for data, expected in ((f"p:{game_id}:{version}:t9", illegal),
                           (f"p:{game_id}:{version - 1}:s", stale),
                           ("p:99999:2:s", invalid), ("hello", invalid)):
        update = table.api.world.updates.push("callback_query", {
            "id": f"forged-{data}", "from": owner.to_json(),
            "message": table.api.world.message_json(message), "chat_instance": "1",
            "data": data})
        assert update
        table.api.world.queries[f"forged-{data}"] = type(
            next(iter(table.api.world.queries.values())))(
            f"forged-{data}", owner.id, message, data, table.api.world.clock())
        answer = await table.wait(lambda d=data: table.api.callback_answers.get(f"forged-{d}"))
        assert answer.text == expected
    assert (await service.table(game_id)).game.snapshot == before


def _choice(message: FakeMessage) -> str:
    labels = [b["text"] for row in message.reply_markup or [] for b in row
              if b.get("callback_data", "").startswith("p:")]
    for label in labels:
        if label.startswith("✅"):
            return label
    return labels[0]


def _sensible_presses(current: Any, seat: int, message: FakeMessage) -> list[str]:
    """Return the callback data a sensible player presses for the engine bot's choice: on a
    re-roll, each die he wants again (marked one by one), then "Re-roll" ("Done" when he
    keeps them all); anything else, its own button (the first one if the table lacks it)."""
    data = [b["callback_data"] for row in message.reply_markup or [] for b in row
            if "callback_data" in b]
    wanted = current.engine.bot_action(current.state, seat)
    dice = getattr(wanted, "dice", None)
    if dice and any(d.startswith("d:") for d in data):
        marks = {int(d.rsplit(":", 1)[1]): d for d in data
                 if d.startswith("d:") and not d.endswith(":r")}
        reroll = next(d for d in data if d.startswith("d:"))
        reroll = reroll.rsplit(":", 1)[0] + ":r"
        return [*(marks[i] for i in sorted(dice)), reroll]
    action = current.engine.encode_action(wanted)
    plays = [d for d in data if d.startswith("p:")]
    return [next((d for d in plays if d.split(":", 3)[3] == action), plays[0])]


def _refusal_answers(table: Table) -> list[Any]:
    return [a for a in table.api.callback_answers.values() if a.text and a.show_alert]


def _newest_version(table: Table) -> int:
    try:
        message = table.live_table()
    except LookupError:
        return -1
    versions = [int(b["callback_data"].split(":")[2]) for row in message.reply_markup or []
                for b in row if b.get("callback_data", "").startswith(("p:", "k:", "d:"))]
    return max(versions, default=-1)


def _over(table: Table) -> bool:
    return bool(table.group_messages()) and "🏁" in shown(table.group_messages()[-1])


def _assert_no_hidden_role_in_group(table: Table) -> None:
    for message in table.group_messages():
        if "🏁" in shown(message):
            continue
        for version in [*message.history, message]:
            text = shown(version)
            for line in text.splitlines():
                if "❤️" in line and "/" in line:  # a living player's seat line
                    assert not any(word in line for word in HIDDEN_ROLE_WORDS), line


def _assert_tables_are_shown_as_chosen(table: Table) -> None:
    """With pictures on, every table message is a photo (uploaded, then replaced through
    editMessageMedia or its caption edited) with a caption Telegram accepts; with them
    off, no photo at all."""
    api, group = table.api, str(table.group.id)
    photos = [m for m in table.group_messages() if m.media is not None]
    uploads = [c for c in api.calls("sendPhoto") if str(c.params.get("chat_id")) == group]
    replaced = [c for c in api.calls("editMessageMedia") if c.ok]
    if not table.pictures:
        assert not photos
        assert not uploads
        return
    assert uploads
    assert all(c.ok and str(c.params["photo"]).startswith("<upload") for c in uploads)
    assert replaced
    assert all(str(c.params["media"]).find("attach://") >= 0 for c in replaced)
    tables = [m for m in table.group_messages() if "🔒" in str(m.reply_markup or "")
              or (m.history and "🔒" in str(m.history[0].reply_markup or ""))]
    assert tables
    assert all(m.media is not None and m.text is None for m in tables)
    assert all(len(v.caption or "") <= 1024 for m in photos for v in m.history)
