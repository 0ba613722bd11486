"""Acceptance (issue #26 b): an Old Saloon game with every module in which the players play
their turns but nobody answers an identity window. Each window runs its fixed grace and
closes: nobody is struck (the table allows a single strike), nobody is handed to the bot,
nobody is named or written to because a window ran out.

The real application runs against the fake Bot API on the manual clock of
tests/e2e/test_silent_table.py; players press the first button of the decisions on their
table or in their private prompt, except a window's.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from core.engine.protocol import Clock
from storage.models import ActorKind, GameStatus
from tests.e2e.faults_helpers import game_buttons, newest_with
from tests.e2e.test_silent_table import LANGUAGE, open_table, silent_bot
from tests.support.waiting import until
from tgbot.i18n import t
from tgbot.service import reads

MODULES = ("saloon_dice", "chief_arrow", "special_identities", "new_characters")  # ghost: 5+
WINDOWS = 8  # windows that ran their grace before the test looks


@pytest.mark.timeout(300)
async def test_windows_nobody_answers_strike_nobody_and_name_nobody(tmp_path: Path) -> None:
    async with silent_bot(tmp_path) as bot:
        game_id = await open_table(bot, strikes=1, modules=MODULES)
        games = bot.services.games
        lapsed = 0
        for _ in range(400):
            table = await games.table(game_id)
            if table.game.status is not GameStatus.RUNNING or lapsed >= WINDOWS:
                break
            prompts = table.engine.prompts(table.state)
            if prompts and all(p.clock is Clock.WINDOW for p in prompts):
                await bot.sweep(game_id)  # the window's grace runs out
                lapsed += 1
                continue
            prompt = next(p for p in prompts if p.public or p.private)
            user = bot.api.user(table.user_of(prompt.seat) or 0)
            chat = bot.group if prompt.public else user.private
            prefix = f"p:{game_id}:{table.game.version}:"
            message = await bot.wait(lambda c=chat, p=prefix: (
                m if (m := newest_with(bot.api.chat_log(c), p)) is not None
                and game_buttons(m, p) else None))
            user.press(message, game_buttons(message, prefix)[0]["callback_data"])

            async def moved(before: int = table.game.version) -> bool:
                return (await reads.load_game(games.uow_factory, game_id=game_id)).version \
                    > before

            with contextlib.suppress(TimeoutError):  # unhandled: the next round presses again
                await until(moved, timeout=20, every=0.05)  # the press is handled
        assert lapsed >= WINDOWS
        await bot.services.deliverer.idle()
        table = await games.table(game_id)
        assert [row.strikes for row in table.seats] == [0] * len(table.seats)
        assert not any(row.is_bot for row in table.seats)
        log = await reads.action_log(games.uow_factory, game_id=game_id)
        assert ActorKind.TIMEOUT in {r.actor for r in log}  # the windows' passes
        time_is_up = t(LANGUAGE, "⏰ Time is up for {name}: the default move was played, "
                                 "and the rest of this turn is played the same way.",
                       name="")[:8]
        ran_out = t(LANGUAGE, "⏰ Your time ran out: the default move was played for you, "
                              "and the rest of this turn is played the same way.")
        for message in bot.api.chat_log(bot.group):
            assert all(time_is_up not in (v.text or v.caption or "") for v in message.history)
        for user in bot.users:
            assert all(ran_out not in (m.text or "") for m in bot.api.chat_log(user.private))

