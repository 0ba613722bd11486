"""The card game through the service: /newgame offers it, each seat gets its role and hand
by DM, and a tapped card opens in the DM prompt (a `k:` press) without changing the game."""

from __future__ import annotations

from datetime import UTC, datetime

from core.bang_cards.cards import CARD
from core.engine.registry import get_game
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, wire
from tgbot.render.cards import CardsFront
from tgbot.render.cards.prompts import focus_keep
from tgbot.render.cards.rules import card_help
from tgbot.render.front import front_for, playable_kinds
from tgbot.service import lobby
from tgbot.service.commands import Player
from tgbot.service.games import GameService

GAME = get_game("bang_cards")


def test_the_card_game_is_offered() -> None:
    assert "bang_cards" in playable_kinds()
    assert isinstance(front_for("bang_cards"), CardsFront)


async def test_a_tapped_card_opens_in_the_dm_prompt_and_back_closes_it() -> None:
    clock = datetime(2026, 1, 1, tzinfo=UTC)
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: clock,
                        seed_source=lambda: 3)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=-1, topic_id=None,
                                     kind="bang_cards", options={},
                                     creator=Player(1, "Ana"), now=games.now)
    for user in range(2, 6):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=games.now)
    bot = FakeBot()
    deliverer = wire(games, bot)
    await games.start(game_id)
    await deliverer.idle()
    table = await games.table(game_id)
    for user in range(1, 6):  # every seat learns its role and its hand by DM, in one message
        texts = [sent["text"] for sent in bot.to(user, "send")]  # (after the game it is in)
        assert any(text.startswith("🃏 ") and "\n🤫" in text and "\n🃏" in text
                   for text in texts), texts
    active = GAME.view(table.state, None).active
    user = table.user_of(active)
    assert user is not None
    prompt = bot.to(user, "send")[-1]
    assert "👉" in prompt["text"]
    await games.mark(game_id, user, table.game.version, focus_keep(1))
    await deliverer.idle()
    edited = bot.to(user, "edit")[-1]
    first = table.state.seats[active].hand[0]
    assert card_help("pt-BR", CARD[first].kind.value) in edited["text"]
    await games.mark(game_id, user, table.game.version, frozenset())
    await deliverer.idle()
    assert "👉" in bot.to(user, "edit")[-1]["text"]
    assert card_help("pt-BR", CARD[first].kind.value) not in bot.to(user, "edit")[-1]["text"]
    assert (await games.table(game_id)).game.version == table.game.version
