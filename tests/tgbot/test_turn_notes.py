"""Once-per-turn notes on a running game: the reminder's group mention and /extend."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, context_for, deliverer_of
from tgbot.handlers.clock import extend
from tgbot.i18n import t
from tgbot.service import lobby, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService

CHAT = -77
START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@dataclass
class Message:
    """A command message that records the bot's replies."""

    replies: list[str] = field(default_factory=list)
    message_thread_id: None = None
    is_topic_message: bool = False

    async def reply_text(self, text: str, **_: Any) -> None:
        self.replies.append(text)


def _command(user_id: int) -> tuple[Any, Message]:
    message = Message()
    update = SimpleNamespace(effective_message=message, effective_user=SimpleNamespace(id=user_id),
                             effective_chat=SimpleNamespace(id=CHAT, type="supergroup"))
    return update, message


async def _running(games: GameService) -> int:
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=CHAT, topic_id=None,
                                     kind="bang_dice", options={}, creator=Player(1, "Ana"),
                                     now=games.now)
    for user, name in ((2, "Bia"), (3, "Caio")):
        await lobby.join_lobby(games.uow_factory, game_id=game_id, player=Player(user, name),
                               now=games.now)
    await games.start(game_id)
    return game_id


async def test_a_reminder_mentions_the_group_once_per_turn_and_dms_each_time() -> None:
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: START,
                        seed_source=lambda: 5)
    bot = FakeBot()
    deliverer = deliverer_of(context_for(games, bot))
    game_id = await _running(games)
    game = await reads.load_game(games.uow_factory, game_id=game_id)
    await games.remind(game_id, game.version)
    await games.remind(game_id, game.version)
    await deliverer.idle()
    waiting = t("pt-BR", "⏳ {names}: your move is waiting.", names="")[2:12]
    mentions = [c for c in bot.to(CHAT, "send")
                if "tg://user" in c["text"] and waiting in c["text"]]
    dms = [c for name, c in bot.calls
           if name == "send" and c["chat_id"] > 0 and "⏳" in c["text"]]
    assert len(mentions) == 1
    assert len(dms) == 2
    stored = await reads.load_game(games.uow_factory, game_id=game_id)
    assert stored.lobby["mentioned_turn"] == 1


async def test_extend_adds_one_turn_timer_once_per_turn() -> None:
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: START,
                        seed_source=lambda: 5)
    context = context_for(games, FakeBot())
    game_id = await _running(games)
    table = await games.table(game_id)
    on_clock = table.user_of(min(table.engine.to_act(table.state)))
    before = (await reads.load_game(games.uow_factory, game_id=game_id)).deadline_at
    assert before is not None
    assert on_clock is not None

    update, first = _command(on_clock)
    await extend(update, context)
    update, second = _command(on_clock)
    await extend(update, context)

    after = (await reads.load_game(games.uow_factory, game_id=game_id)).deadline_at
    assert after is not None
    turn = (await reads.load_game(games.uow_factory, game_id=game_id)).lobby
    assert after - before == timedelta(hours=24)
    assert "⏳" in first.replies[0]
    assert second.replies == [t("pt-BR", "The clock was already extended this turn.")]
    assert "extended_turn" in turn
