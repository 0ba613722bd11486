"""DMs follow the user's Telegram language until the user picks one with /language."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from storage.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, context_for
from tgbot.context import forget_user, remember_user
from tgbot.service import profiles
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
