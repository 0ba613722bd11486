"""Acceptance (issue #27): every message explains itself, through the fake Bot API at
Telegram's real limits.

- the group speaks the language of whoever added the bot, and the welcome says how to
  change it;
- the lobby's last version shows who sat down and says the game started;
- every private message names its game (opening with the game's icon) and its group;
  /mygames lists each table with its group, its turn and whom it waits for;
- a die's button is answered at once with what a re-roll would roll, even while the group's
  flood budget holds the table's edits back, and presses on a keyboard shown late add up;
- a turn's table message says how the turn ended once the next turn's is posted;
- a private prompt no longer owed keeps its hand but loses its buttons and its call to act;
- /cancel on a running game asks first; /history reads the last finished game;
- the "Which game?" menu loses its buttons once a game is chosen, and says which and by
  whom;
- /newgame in a chat that has a game names it, says whether it is under way, and how to
  see or end it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from storage.models import GameStatus
from tests.e2e.faults_helpers import WAIT, people, seat_players
from tests.e2e.harness import BotAtTable
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser
from tests.support.bot import running_bot, sqlite_url
from tgbot.handlers.help import settings_menu
from tgbot.i18n import t
from tgbot.render.glossary import rules_reply
from tgbot.service import game_status, reads

pytestmark = pytest.mark.timeout(300)
SEED = 3


@dataclass
class Group(BotAtTable):
    """The running bot, the group "Saloon" and its four players (Ana its owner)."""

    def newest(self, chat: object, data_start: str) -> FakeMessage | None:
        return next((m for m in reversed(self.api.chat_log(chat))  # type: ignore[arg-type]
                     if any(b.get("callback_data", "").startswith(data_start)
                            for b in m.buttons)), None)

    async def reply_to(self, user: FakeUser, text: str, *, private: bool = False) -> str:
        """Send a command; return the bot's answer (its reply, or its next private message)."""
        chat = user.private if private else self.group
        seen = len(self.api.chat_log(chat))
        update = user.send(chat, text)
        assert update is not None
        sent = update["message"]["message_id"]
        found = await self.wait(lambda: next(
            (m for m in self.api.chat_log(chat)[seen:]
             if m.from_bot and (private or m.reply_to == sent)), None))
        return found.text or ""


@pytest.fixture
async def group(tmp_path: Path) -> AsyncIterator[Group]:
    async with FakeBotApi() as api:
        chat, users = people(api)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED) as app:
            yield Group(api, app, chat, users)
            assert not api.internal_errors


async def test_the_group_speaks_the_language_of_whoever_added_the_bot(group: Group) -> None:
    bruno = group.users[1]  # his Telegram speaks English
    group.api.add_bot_to_group(group.group, by=bruno, as_admin=True)
    welcome = await group.wait(lambda: next((m for m in group.group_messages()
                                             if m.from_bot and m.text), None))
    assert t("en", "Hello! I host slow board games here. Send /newgame to open a table; "
                   "/help lists everything.") in (welcome.text or "")
    assert "/settings pt-BR" in (welcome.text or "")  # how to change it
    ana = group.users[0]  # her Telegram speaks Portuguese; the group reads English
    assert await group.reply_to(ana, "/start") == t("en", "Send /newgame here to open a table.")
    # /settings alone lists what can be set: the group's in the group, his own in private
    assert await group.reply_to(ana, "/settings") == settings_menu("en", private=False)
    ana.start()
    await group.wait(lambda: group.api.chat_log(ana.private))  # the greeting first
    assert await group.reply_to(ana, "/settings", private=True) == settings_menu(
        "pt-BR", private=True)
    # /rules in private: games are opened in a group, not "no game in this chat"
    assert await group.reply_to(ana, "/rules", private=True) == rules_reply(
        "pt-BR", "", None, private=True)
    assert await group.reply_to(ana, "/rules") == rules_reply("en", "", None)
    reply = await group.reply_to(bruno, "/help")
    assert reply.startswith(t("en", "The games:"))
    assert "/newgame colt_express" in reply  # every game, with its player counts


async def test_a_dice_game_in_context(group: Group) -> None:
    api, chat, users = group.api, group.group, group.users
    games = group.services.games
    game_id = await seat_players(api, games, chat, users, "bang_dice")
    await games.lobby_changed(game_id, fresh=True)  # the lobby is posted in the group
    lobby_message = await group.wait(lambda: group.newest(chat, f"l:{game_id}:start"))
    users[0].press(lobby_message, f"l:{game_id}:start")
    started = t("pt-BR", "▶️ The game has started: its table is below.")
    await group.wait(lambda: started in (lobby_message.text or ""), timeout=WAIT)
    assert not lobby_message.reply_markup
    assert (lobby_message.text or "").startswith("🎲 ")
    assert all(user.first_name in (lobby_message.text or "") for user in users)
    # every private message names its game and its group
    for user in users:
        secret = await group.wait(lambda u=user: next(
            (m for m in api.chat_log(u.private) if "🤫" in (m.text or "")), None))
        assert "Saloon" in (secret.text or "")
        assert (secret.text or "").startswith("🎲 ")  # the dice game's own icon
    mine = await group.reply_to(users[0], "/mygames", private=True)
    assert "Saloon" in mine
    assert t("pt-BR", "Turn {turn}", turn=1) in mine
    assert "⏳" in mine  # whom the table waits for
    # a die's button is answered at once, what a re-roll would roll; presses add up
    table = await games.table(game_id)
    owner = api.user(table.user_of(min(table.engine.to_act(table.state))) or 0)
    table_message = await group.wait(lambda: group.newest(chat, f"p:{game_id}:"))
    await _wait_for_reroll(group, game_id, owner)
    table_message = group.newest(chat, f"d:{game_id}:") or table_message
    version = (await games.table(game_id)).game.version
    answers = []
    for die in (0, 1):
        query = owner.press(table_message, f"d:{game_id}:{version}:{die}")["callback_query"]
        answer = await group.wait(lambda q=query: api.callback_answers.get(q["id"]),
                                  timeout=2)  # at once, whatever the group's budget
        answers.append(answer.text or "")
    assert answers[0].startswith("🎲")
    assert "(1)" in answers[0]
    assert "(2)" in answers[1]  # the second press counted the first, on the same keyboard
    assert await games.marks(game_id) == frozenset({0, 1})
    # the turn goes on to its end; its message then says how it ended
    first = await group.wait(lambda: group.newest(chat, f"p:{game_id}:"))
    turn = (await games.table(game_id)).engine.turn_marker((await games.table(game_id)).state)
    for _ in range(40):
        table = await games.table(game_id)
        if table.engine.turn_marker(table.state) != turn:
            break
        seat = min(table.engine.to_act(table.state))
        action = table.engine.encode_action(table.engine.default_action(table.state, seat))
        await games.play(game_id, table.user_of(seat) or 0, table.game.version, action)
    over = t("pt-BR", "⏭ This turn is over.")
    await group.wait(lambda: over in (first.text or first.caption or ""), timeout=WAIT)
    assert not first.reply_markup


async def test_newgame_in_a_chat_with_a_game_says_so_instead_of_offering_games(
        group: Group) -> None:
    api, chat, users = group.api, group.group, group.users
    group.api.add_bot_to_group(chat, by=users[0], as_admin=True)
    offer = await group.reply_to(users[1], "/newgame")
    assert offer == t("pt-BR", "Which game?")  # no game yet: the games, as buttons
    menu = group.newest(chat, "n:")
    assert menu is not None
    users[1].press(menu, "n:colt_express")  # the menu, once used, keeps no buttons
    chosen = t("pt-BR", "Which game? {icon} {game}, chosen by {name}.", icon="🚂",
               game=t("pt-BR", "Colt Express"), name=users[1].first_name)
    await group.wait(lambda: menu.text == chosen and not menu.reply_markup)
    lobby = await group.services.games.run(reads.active_game, chat_id=chat.id, topic_id=None)
    assert lobby is not None
    assert lobby.kind == "colt_express"
    await group.services.games.run(game_status.cancel_game, game_id=lobby.id,
                                   now=group.services.games.now)
    game_id = await seat_players(api, group.services.games, chat, users, "bang_dice")
    title = t("pt-BR", "BANG! The Dice Game")
    busy = await group.reply_to(users[1], "/newgame")
    assert busy == t("pt-BR", "This chat already has a game: {game}, still taking players. "
                              "Use /status to see it or /cancel to end it.", game=title)
    await group.services.games.start(game_id)
    for asked in ("/newgame", "/newgame colt_express"):  # named, even when another is asked
        busy = await group.reply_to(users[1], asked)
        assert busy == t("pt-BR", "This chat already has a game: {game}, under way. Use "
                                  "/status to see it or /cancel to end it.", game=title)


async def test_a_private_prompt_no_longer_owed_loses_its_call_to_act(group: Group) -> None:
    api, chat, users = group.api, group.group, group.users
    games = group.services.games
    game_id = await seat_players(api, games, chat, users, "colt_express")
    await games.start(game_id)
    table = await games.table(game_id)
    seat = min(table.engine.to_act(table.state))
    owner = api.user(table.user_of(seat) or 0)
    prompt = await group.wait(lambda: group.newest(owner.private, f"p:{game_id}:"))
    assert "Saloon" in (prompt.text or prompt.caption or "")  # the game and its group
    assert (prompt.text or prompt.caption or "").startswith("🚂 ")  # told apart at a glance
    assert "👉" in (prompt.text or prompt.caption or "")
    data = next(b["callback_data"] for b in prompt.buttons
                if b.get("callback_data", "").startswith(f"p:{game_id}:"))
    owner.press(prompt, data)
    done = t("pt-BR", "✔️ Nothing to decide here any more.")
    await group.wait(lambda: done in (prompt.text or prompt.caption or ""), timeout=WAIT)
    assert not prompt.reply_markup
    assert "👉" not in (prompt.text or prompt.caption or "")


async def _wait_for_reroll(group: Group, game_id: int, owner: FakeUser) -> None:
    """Press the owner's buttons until his table offers the dice to re-roll."""
    games = group.services.games
    for _ in range(20):
        table = await games.table(game_id)
        view = table.engine.view(table.state, None)
        if view.decision == "reroll":
            await group.wait(lambda: group.newest(group.group, f"d:{game_id}:"))
            return
        message = await group.wait(lambda: group.newest(group.group, f"p:{game_id}:"))
        data = next(b["callback_data"] for b in message.buttons
                    if b.get("callback_data", "").startswith(f"p:{game_id}:"))
        owner.press(message, data)
        await asyncio.sleep(0.5)
    raise AssertionError("no re-roll offered")


async def test_cancel_asks_first_and_history_reads_the_last_finished_game(
        group: Group) -> None:
    api, chat, users = group.api, group.group, group.users
    games = group.services.games
    ana = users[0]
    game_id = await seat_players(api, games, chat, users, "bang_dice")
    await games.start(game_id)
    asking = await group.reply_to(ana, "/cancel")
    assert asking.startswith(t("pt-BR", "End the game of {game} now? Everything played so "
                                        "far is kept in its history, but nobody can go on.",
                               game="")[:10])
    question = await group.wait(lambda: group.newest(chat, f"l:{game_id}:keep"))
    ana.press(question, f"l:{game_id}:keep")
    await group.wait(lambda: not question.reply_markup)
    assert (await reads.load_game(games.uow_factory, game_id=game_id)).status \
        is GameStatus.RUNNING
    # the game is played to its end (through the service), then /history still answers
    for _ in range(3000):
        table = await games.table(game_id)
        if table.game.status is not GameStatus.RUNNING:
            break
        seat = min(table.engine.to_act(table.state))
        action = table.engine.encode_action(table.engine.bot_action(table.state, seat))
        await games.play(game_id, table.user_of(seat) or 0, table.game.version, action)
    assert (await reads.load_game(games.uow_factory, game_id=game_id)).status \
        is GameStatus.FINISHED
    history = await group.reply_to(ana, "/history")
    assert history.startswith(t("pt-BR", "📜 {game}, the last game here: its last moves",
                                game=f"🎲 {t('pt-BR', 'BANG! The Dice Game')}"))
    assert len(history.split("\n")) > 1  # the moves under it
