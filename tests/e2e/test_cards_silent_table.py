"""End to end: four people open a BANG! card-game table in a group, then nobody presses.

As tests/e2e/test_silent_table.py for the dice game: the bot and the fake Telegram share
a manual clock, and the test runs the deadline sweep at each stored deadline. Every seat
times out on its turns and on the attacks aimed at it (each on its own clock) until the
strike limit hands it to the bot; the game finishes by itself. Timeouts are announced in
the group without a word about anyone's hand or role: every group message version is
checked by tests/e2e/cards_secrecy.py, and each seat's last prompt is closed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from storage.models import ActorKind, GameStatus
from tests.e2e.cards_secrecy import assert_group_kept_secrets, public_record
from tests.e2e.harness import pictures_off
from tests.e2e.test_silent_table import LANGUAGE, SilentBot, group_texts, silent_bot
from tests.fakebot import FakeMessage
from tgbot.i18n import t
from tgbot.service import reads

STRIKES = 2


async def open_cards_table(bot: SilentBot, strikes: int = STRIKES,
                           before_start: Callable[[FakeMessage], Awaitable[None]] | None = None,
                           ) -> int:
    """Seat the four at a new card-game table: Ana sets the strikes, `before_start` may act
    on the full lobby message (e.g. switch options), then Ana starts it. Return its id."""
    api, group, users = bot.api, bot.group, bot.users
    api.add_bot_to_group(group, by=users[0], as_admin=True)
    await bot.wait(lambda: any("/newgame" in (m.text or "") for m in bot.group_messages()))
    await pictures_off(users[0], group, api)  # the checks read the text table's seat lines
    for user in users:
        user.start()
        await bot.wait(lambda u=user: api.chat_log(u.private))
    assert await bot.say(users[0], f"/settings strikes {strikes}") == t(
        LANGUAGE, "Clock settings saved for new tables.")
    users[0].send(group, "/newgame bang_cards")
    lobby = await bot.wait(lambda: next(
        (m for m in bot.group_messages() if "▶️" in str(m.reply_markup)), None))
    for user in users[1:]:
        user.send(group, "/join")
    await bot.wait(lambda: all(u.first_name in (lobby.text or "") for u in users))
    if before_start is not None:
        await before_start(lobby)
    users[0].press_button(lobby, t(LANGUAGE, "▶️ Start"))
    await bot.wait(lambda: any("m:" in str(m.reply_markup) for m in bot.group_messages()))
    await bot.services.deliverer.idle()
    game = await reads.active_game(bot.services.games.uow_factory, chat_id=group.id,
                                   topic_id=None)
    assert game is not None
    assert game.id is not None
    return game.id


@pytest.mark.timeout(300)
async def test_a_silent_card_table_finishes_by_timeouts_and_tells_the_group_no_secret(
        tmp_path: Path) -> None:
    async with silent_bot(tmp_path, seed=11) as bot:
        game_id = await open_cards_table(bot)
        presses = len(bot.api.callback_answers)
        game = await bot.game(game_id)
        sweeps = 0
        while game.status is GameStatus.RUNNING:
            assert sweeps < 400, "the silent table did not finish"
            game = await bot.sweep(game_id)
            sweeps += 1
        assert game.outcome is not None
        assert game.deadline_at is None
        assert len(bot.api.callback_answers) == presses  # nobody pressed anything
        service = bot.services.games
        log = await reads.action_log(service.uow_factory, game_id=game_id)
        # a clock ran out, the rest of that turn was played at once (absent), then a bot
        assert {r.actor for r in log} == {ActorKind.TIMEOUT, ActorKind.ABSENT, ActorKind.BOT}
        table = await service.table(game_id)
        texts = group_texts(bot)
        reactions = 0
        for seat, name in enumerate(table.names):
            player = name.removeprefix("🤖 ")
            timeouts = [r for r in log if r.seat == seat and r.actor is ActorKind.TIMEOUT]
            assert len(timeouts) == STRIKES
            reactions += sum(not r.action.startswith(("e", "p", "x", "d", "k"))
                             for r in timeouts)
            timed_out = t(LANGUAGE, "⏰ Time is up for {name}: the default move was played, "
                                    "and the rest of this turn is played the same way.",
                          name=player)
            assert sum(timed_out in text for text in texts) == STRIKES
        assert reactions  # some seat timed out on an answer to an attack, in private
        record = await public_record(service.uow_factory, game_id, len(table.seats),
                                     table.game.options, table.game.seed)
        read = assert_group_kept_secrets(bot.api, bot.group, table.names, LANGUAGE, record)
        assert read.cards
        assert "🏁" in (bot.group_messages()[-1].text or "")
        for user in bot.users:  # the last DM prompt lost its buttons
            prompts = [m for m in bot.api.chat_log(user.private)
                       if any("p:" in str(v.reply_markup) for v in m.history)]
            assert prompts
            assert not prompts[-1].reply_markup
        print(f"\n{sweeps} sweeps, {len(log)} actions; {read}")
