"""DMs follow the user's Telegram language until the user picks one with /language, which
redraws his live private prompts at once."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, context_for, deliverer_of
from tgbot.handlers import private
from tgbot.handlers.context import forget_user, remember_user
from tgbot.i18n import t
from tgbot.service import lobby, profiles
from tgbot.service.commands import Player
from tgbot.service.games import GameService


def _update(user_id: int, code: str | None) -> Any:
    return SimpleNamespace(effective_user=SimpleNamespace(id=user_id, full_name="Bruno",
                                                          language_code=code))


async def test_the_client_language_is_remembered_for_later_dms() -> None:
    games = GameService(fake_uow_factory(MemoryStore()),
                        now=lambda: datetime(2026, 3, 2, tzinfo=UTC))
    context = context_for(games, FakeBot())

    async def language_of_user(user_id: int) -> str:
        user = await profiles.get_user(games.uow_factory, user_id=user_id)
        return user.language if user is not None and user.language else "pt-BR"

    assert await remember_user(context, _update(7, "en-GB")) == "en"
    assert await language_of_user(7) == "en"

    await profiles.set_user_language(games.uow_factory, user_id=7, language="it", now=games.now)
    forget_user(context, 7)  # as /language does: the process's memory of the user is dropped
    assert await remember_user(context, _update(7, "en-GB")) == "it"  # a choice wins

    assert await remember_user(context, _update(8, None)) == "pt-BR"
    assert await language_of_user(8) == "pt-BR"


async def test_language_redraws_the_players_live_prompt_in_the_new_language() -> None:
    games = GameService(fake_uow_factory(MemoryStore()),
                        now=lambda: datetime(2026, 3, 2, tzinfo=UTC), seed_source=lambda: 3)
    bot = FakeBot()
    context = context_for(games, bot)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=-9, topic_id=None,
                                     kind="colt_express", options={},
                                     creator=Player(1, "Ana"), now=games.now)
    for user in (2, 3):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=games.now)
    await games.start(game_id)
    await deliverer_of(context).idle()
    table = await games.table(game_id)
    user = table.user_of(min(table.engine.to_act(table.state)))
    assert user is not None
    hand = t("en", "🂠 Your hand: {cards}").split("{")[0]
    assert hand not in bot.to(user)[-1]["text"]  # pt-BR until he asks
    replies: list[str] = []
    update = SimpleNamespace(
        effective_user=SimpleNamespace(id=user, full_name="Ana", language_code="pt-BR"),
        effective_message=SimpleNamespace(reply_text=_record(replies)))
    context.args = ["en"]
    await private.language(update, context)
    await deliverer_of(context).idle()
    assert replies == ["Language set."]
    latest = bot.to(user)[-1]
    assert latest["text"].split("\n")[1].startswith(hand)  # after the game it is in
    assert bot.to(user, "edit")[-1] is latest  # the live prompt, edited in place


def _record(replies: list[str]) -> Any:
    async def reply_text(text: str, **_: Any) -> None:
        replies.append(text)
    return reply_text
