"""End to end: four people open a BANG! card-game table with Gold Rush and the Shadow
Gunslingers switched on by the lobby's toggles. While a seat's DM prompt offers the shop,
its player opens it and presses a Gold Rush action (up to three presses); otherwise the
table runs on timeouts and bot seats to the end (as tests/e2e/test_cards_silent_table.py,
to keep the runtime lean).

The group must show the shop and the nuggets, and never a hand: every group message
version is checked by tests/e2e/cards_secrecy.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.bang_cards.actions import Buy, Force, Sell, Use, decode
from storage.models import GameStatus
from tests.e2e.cards_secrecy import assert_group_kept_secrets, public_record
from tests.e2e.test_cards_silent_table import open_cards_table
from tests.e2e.test_silent_table import LANGUAGE, SilentBot, group_texts, silent_bot
from tests.fakebot import FakeMessage
from tgbot.i18n import t
from tgbot.render.cards.front import option_name

STRIKES = 3
SEED = 11  # a seed whose first seat can sell a Beer, then buy with the nugget


def _buttons(message: Any) -> list[dict[str, Any]]:
    return [b for row in message.reply_markup or [] for b in row]


async def _press_gold_rush_action(bot: SilentBot, game_id: int) -> str | None:
    """Have a seat whose DM prompt offers the shop open it and press its first Gold Rush
    action; return the action text pressed, or None when no prompt offers the shop."""
    shop = t(LANGUAGE, "🛒 Shop, nuggets and equipment")
    back = t(LANGUAGE, "◀️ Back to the hand")
    for user in bot.users:
        prompts = [m for m in bot.api.chat_log(user.private)
                   if any(b["text"] == shop for b in _buttons(m))]
        if not prompts:
            continue
        prompt = prompts[-1]
        user.press_button(prompt, shop)
        await bot.wait(lambda p=prompt: not any(b["text"] == shop for b in _buttons(p)))
        choice = next(b for b in _buttons(prompt) if b["text"] != back)
        before = (await bot.game(game_id)).version
        answers = len(bot.api.callback_answers)
        user.press(prompt, choice["callback_data"])
        await bot.wait(lambda n=answers: len(bot.api.callback_answers) > n)
        await bot.services.deliverer.idle()
        assert (await bot.game(game_id)).version > before
        return str(choice["callback_data"]).rsplit(":", 1)[-1]
    return None


async def _switch_both_expansions_on(bot: SilentBot, lobby: FakeMessage) -> None:
    """Ana switches Gold Rush and the Shadow Gunslingers on by the lobby's buttons."""
    bot.users[0].press_button(lobby, t(LANGUAGE, "⚙️ Options"))
    for option in ("gold_rush", "shadow_gunslingers"):
        label = option_name(LANGUAGE, option)
        await bot.wait(lambda o=label: f"▫️ {o}" in str(lobby.reply_markup))
        bot.users[0].press_button(lobby, f"▫️ {label}")
        await bot.wait(lambda o=label: f"✅ {o}" in str(lobby.reply_markup))
    assert t(LANGUAGE, "Expansions: {options}", options=", ".join(
        option_name(LANGUAGE, o) for o in ("gold_rush", "shadow_gunslingers"))) in (
        lobby.text or "")


@pytest.mark.timeout(300)
async def test_a_gold_rush_table_with_shadows_runs_to_the_end_keeping_hands_secret(
        tmp_path: Path) -> None:
    async with silent_bot(tmp_path, seed=SEED) as bot:
        game_id = await open_cards_table(
            bot, STRIKES, lambda lobby: _switch_both_expansions_on(bot, lobby))
        game = await bot.game(game_id)
        assert game.options == {"gold_rush": True, "shadow_gunslingers": True}
        sweeps, pressed = 0, []
        while game.status is GameStatus.RUNNING:
            assert sweeps < 400, "the Gold Rush table did not finish"
            action = await _press_gold_rush_action(bot, game_id) if len(pressed) < 3 else None
            if action is not None:
                pressed.append(action)
                game = await bot.game(game_id)
                continue
            game = await bot.sweep(game_id)
            sweeps += 1
        assert pressed, "no seat's prompt ever offered the shop"
        assert all(isinstance(decode(a), Buy | Force | Sell | Use) for a in pressed)
        assert game.outcome is not None
        service = bot.services.games
        table = await service.table(game_id)
        texts = group_texts(bot)
        assert any("🛒" in text and "🏦" in text for text in texts)  # the shop line
        assert any("💰" in text for text in texts)
        record = await public_record(service.uow_factory, game_id, len(table.seats),
                                     table.game.options, table.game.seed)
        read = assert_group_kept_secrets(bot.api, bot.group, table.names, LANGUAGE, record)
        assert read.cards
        assert "🏁" in (bot.group_messages()[-1].text or "")
        print(f"\n{sweeps} sweeps, pressed {pressed}; {read}")
