"""End to end: five people play the BANG! card game in a group, by pressing buttons only.

The real application (handlers, service, storage on SQLite, python-telegram-bot's HTTP
stack and rate limiter) talks to the fake Bot API of tests/fakebot with Telegram's
limits on; the per-group window is scaled down ten times on both sides, as in the dice
and Colt Express games (a card game edits its table a few hundred times).

Ana opens the table from the /newgame menu; the others join by the deep link. Each one
gets a role and a hand by DM. Every decision is pressed where the bot puts it: the hand
in the active player's DM (a card is tapped first, then its target), an attack's answer
in the target's DM, a public choice (where to draw from, the General Store) on the group
table. Who presses what follows the engine's bot, as a sensible player would. At the
end the export says the game finished, and every version of every group message is
checked for secrets (tests/e2e/cards_secrecy.py).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.bang_cards.actions import Play, Sid
from storage.models import ActorKind, GameStatus
from tests.e2e.cards_secrecy import assert_group_kept_secrets, public_record
from tests.e2e.harness import BotAtTable, group_economy, shown
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser, RateLimits
from tests.support.bot import running_bot, sqlite_url
from tests.support.speed import telegram_speed
from tgbot.i18n import pick_language, t
from tgbot.render.callbacks import Focus, HandMenu
from tgbot.service import reads

ROOT = Path(__file__).resolve().parents[2]
GROUP = "pt-BR"
SPEED = telegram_speed()  # the per-group window scaled down, unless --real-limits
SEED = int(os.environ.get("CARDS_E2E_SEED", "2027"))
NAMES = ["Ana", "Bruno", "Carla", "Davi <&>", "Eva"]


class Table(BotAtTable):
    """The running bot and the people around the table."""

    WAIT_SECONDS = 30.0
    database = ""


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with FakeBotApi(limits=RateLimits(per_group_window=60 / SPEED)) as api:
        languages = ["pt-BR", "en", "it", "pt-BR", "en"]
        users = [api.add_user(4000 + i, name, language_code=lang)
                 for i, (name, lang) in enumerate(zip(NAMES, languages, strict=True))]
        group = api.add_group(-1009876, "Saloon", admins=(4000,),
                              members=tuple(u.id for u in users))
        database = sqlite_url(tmp_path)
        async with running_bot(api, database, seed_source=lambda: SEED,
                               settings={"group_messages_per_minute": 20 * SPEED}) as app:
            found = Table(api, app, group, users)
            found.database = database
            yield found


def _data(message: FakeMessage) -> list[str]:
    return [b.get("callback_data", "") for b in message.buttons]


def _with_data(messages: list[FakeMessage], wanted: str) -> FakeMessage | None:
    return next((m for m in reversed(messages) if not m.deleted and wanted in _data(m)), None)


def _with_prefix(messages: list[FakeMessage], prefix: str) -> FakeMessage | None:
    return next((m for m in reversed(messages) if not m.deleted
                 and any(d.startswith(prefix) for d in _data(m))), None)


async def _open_table(table: Table) -> int:
    """Ana opens a card-game table from the /newgame menu; the others join by the deep
    link; Ana starts it."""
    api, group, users = table.api, table.group, table.users
    api.add_bot_to_group(group, by=users[0], as_admin=True)
    await table.wait(lambda: any("/newgame" in m.text for m in table.group_messages()))
    users[0].start()
    users[0].send(group, "/newgame")
    title = t(GROUP, "BANG! card game")
    menu = await table.wait(lambda: next((m for m in reversed(table.group_messages())
                                          if any(b["text"] == title for b in m.buttons)),
                                         None))
    users[0].press_button(menu, title)
    join = t(GROUP, "🙋 Join")
    lobby = await table.wait(lambda: next((m for m in reversed(table.group_messages())
                                           if any(b["text"] == join for b in m.buttons)),
                                          None))
    payload = next(b["url"] for b in lobby.buttons if "url" in b).split("start=")[1]
    for user in users[1:]:
        user.start(payload)
    await table.wait(lambda: "5/8" in lobby.text)
    game = await reads.active_game(table.services.games.uow_factory, chat_id=group.id,
                                   topic_id=None)
    assert game is not None
    assert game.id is not None
    users[0].press_button(lobby, t(GROUP, "▶️ Start"))
    await table.wait(lambda: _with_data(table.group_messages(), f"m:{game.id}"))
    return game.id


async def _press(table: Table, user: FakeUser, message: FakeMessage, data: str) -> None:
    """Press a button and wait for its answer: accepted, no refusal pop-up."""
    query = user.press(message, data)["callback_query"]["id"]
    answer = await table.wait(lambda: table.api.callback_answers.get(query))
    assert answer.text is None, (data, answer.text)


@pytest.mark.timeout(900)
async def test_five_players_play_the_card_game_by_buttons_and_secrets_stay_private(
        table: Table) -> None:
    game_id = await _open_table(table)
    started_at = table.api.clock()  # the table is dealt: play starts
    service = table.services.games
    start = await service.table(game_id)
    for user in table.users:  # a role and a hand by DM, in the player's language
        language = pick_language(user.language_code)
        messages = [shown(m) for m in table.api.chat_log(user.private)]  # prompts: photos
        texts = [line for message in messages for line in message.splitlines()]
        assert any(text.startswith(t(language, "🤫 Your role: <b>{role}</b>")
                                   .split("<b>")[0]) for text in texts), texts
        assert any(text.startswith(t(language, "🃏 You get: {cards}").split("{")[0])
                   for text in texts), texts
        # the deal's secrets (the role, the cards drawn) come in one message, under the
        # line that names the game and the group
        role_line = t(language, "🤫 Your role: <b>{role}</b>").split("<b>")[0]
        assert any(t(language, "🃏 You get: {cards}").split("{")[0] in message
                   and message.splitlines()[1].startswith(role_line)
                   and "Saloon" in message.splitlines()[0] for message in messages), messages
    rng = random.Random(SEED)
    presses: Counter[str] = Counter()
    ordered = False
    for _ in range(5000):
        current = await service.table(game_id)
        if current.game.status is not GameStatus.RUNNING:
            break
        engine, state, version = current.engine, current.state, current.game.version
        seat = rng.choice(sorted(engine.to_act(state)))
        user = next(u for u in table.users if u.id == current.user_of(seat))
        action = engine.bot_action(state, seat)
        text = engine.encode_action(action)
        prefix = f":{game_id}:{version}:"
        prompt = next(p for p in engine.prompts(state) if p.seat == seat)
        if text in prompt.public and (not prompt.private or rng.random() < 0.5):
            message = await table.wait(
                lambda d=f"p{prefix}{text}": _with_data(table.group_messages(), d))
            await _press(table, user, message, f"p{prefix}{text}")
            presses["group"] += 1
            continue
        dm = await table.wait(lambda u=user, p=prefix: _with_prefix(
            table.api.chat_log(u.private), "p" + p) or _with_prefix(
            table.api.chat_log(u.private), "k" + p))
        if prompt.decision == "play" and not ordered and f"p{prefix}om1" in _data(dm):
            await _press(table, user, dm, f"p{prefix}om1")  # a standing order, by DM
            ordered = True
            presses["order"] += 1
            await table.wait(lambda u=user, old=dm: "📜" in shown(_with_prefix(
                table.api.chat_log(u.private), "p:") or old))
            assert (await service.table(game_id)).state.seats[seat].order_missed
            continue
        wanted = f"p{prefix}{text}"
        if wanted not in _data(dm) and isinstance(action, Play | Sid):
            hand = list(state.seats[seat].hand)
            focus = Focus(game_id, version, menu=HandMenu.SID) if isinstance(action, Sid) \
                else Focus(game_id, version, hand.index(action.card) + 1)
            if presses["card opened"] == 0:  # a keyboard sent before the h: form: k: bits
                old = f"k{prefix}" + "".join(str(d) for d in sorted(focus.keep()))
                dm.reply_markup = [*(dm.reply_markup or []),
                                   [{"text": "old", "callback_data": old}]]
                await _press(table, user, dm, old)
            else:
                await _press(table, user, dm, focus.data())
            presses["card opened"] += 1
            if isinstance(action, Sid):  # one button per pair of kinds
                dm = await table.wait(lambda u=user, p=prefix: _with_prefix(
                    table.api.chat_log(u.private), f"p{p}s"))
                wanted = next(d for d in _data(dm) if d.startswith(f"p{prefix}s"))
            else:
                dm = await table.wait(lambda u=user, w=wanted: _with_data(
                    table.api.chat_log(u.private), w))
        await _press(table, user, dm, wanted)
        presses["dm"] += 1
        presses[prompt.decision] += 1
    final = await service.table(game_id)
    assert final.game.status is GameStatus.FINISHED
    assert final.game.outcome is not None
    over = t(GROUP, "🏁 Game over — victory for {side}. {winners}").split("{")[0]
    await table.wait(lambda: any(over in shown(m) for m in table.group_messages()))
    tables = [m for m in table.group_messages() if m.media is not None]
    assert tables  # the table is a photo (pictures are on by default)
    assert all(m.text is None and len(v.caption or "") <= 1024 for m in tables
               for v in m.history)
    assert [c for c in table.api.calls("editMessageMedia") if c.ok]
    records = await reads.action_log(service.uow_factory, game_id=game_id)
    assert {r.actor for r in records} == {ActorKind.HUMAN}
    assert presses["group"]
    assert presses["card opened"]
    assert presses["order"] == 1
    assert {"play", "dodge"} <= set(presses)
    assert not table.api.internal_errors
    assert not [e for e in table.api.errors if e.status != 429], table.api.errors
    export = subprocess.run([sys.executable, "-m", "storage.export", "--game", str(game_id),
                             "--database-url", table.database], capture_output=True,
                            text=True, cwd=ROOT, timeout=60, check=True)
    [exported] = json.loads(export.stdout)
    assert exported["kind"] == "bang_cards"
    assert exported["status"] == "finished"
    assert exported["outcome"] == final.game.outcome
    assert len(exported["actions"]) == final.game.version
    record = await public_record(service.uow_factory, game_id, len(start.seats),
                                 start.game.options, start.game.seed)
    read = assert_group_kept_secrets(table.api, table.group, final.names, GROUP, record)
    assert read.cards
    assert read.roles
    print(f"\nseed {SEED}: {len(records)} actions, presses {dict(presses)}; {read}")
    calls, accepted = group_economy(table.api, table.group, since=started_at)
    print(f"\ngroup calls: {calls} for {accepted} accepted presses = "
          f"{calls / accepted:.2f} a press")
    assert calls <= accepted  # at most one call to the group per accepted press, on average
