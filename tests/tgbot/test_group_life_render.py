"""What /stats and /top say for a seeded history: the exact numbers, in each language."""

from __future__ import annotations

from datetime import UTC, datetime

from storage.models import User
from tests.storage.test_records import GROUP, HISTORY, A, B, C
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tgbot.render.stats import stats_text, top_text
from tgbot.service import standings

AT = datetime(2026, 12, 1, tzinfo=UTC)


async def _seeded() -> MemoryStore:
    store = MemoryStore()
    uow = fake_uow_factory(store)
    async with uow() as work:
        for user, name in ((A, "Ana"), (B, "Bia"), (C, "Caio <3>")):
            await work.users.add(user=User(id=user, display_name=name, created_at=AT))
        for game in HISTORY:
            await work.records.tally(results=game)
        await work.commit()
    return store


async def test_a_players_records_read_exactly() -> None:
    uow = fake_uow_factory(await _seeded())
    ana = await standings.player_stats(uow, chat_id=GROUP, user_id=A)
    assert stats_text("en", ana, everywhere=False).splitlines() == [
        "<b>📊 Ana in this group</b>",
        "All games: 5 played · 3 won (60%) · average place 1.4 · winning streak 1 (best 2)",
        "• <b>BANG! The Dice Game</b>: 4 played · 3 won (75%) · average place 1.2 · "
        "winning streak 1 (best 2)",
        "  by role: Sheriff 2/3 (67%) · Outlaw 1/1 (100%)",
        "• <b>Colt Express</b>: 1 played · 0 won (0%) · average place 2.0 · winning streak 0 "
        "(best 0)",
        "  places: place 2: 1",
    ]
    everywhere = await standings.player_stats(uow, chat_id=None, user_id=A)
    text = stats_text("pt-BR", everywhere, everywhere=True)
    assert text.splitlines()[1] == ("Todos os jogos: 6 jogadas · 4 vitórias (67%) · colocação "
                                    "média 1,3 · sequência de vitórias 2 (melhor 2)")
    assert "1º lugar: 1 · 2º lugar: 1" in text


async def test_the_group_table_and_a_player_without_games() -> None:
    uow = fake_uow_factory(await _seeded())
    table = await standings.group_table(uow, chat_id=GROUP)
    assert top_text("en", table).splitlines()[1:4] == [
        "1. Ana: 3 won of 5 (60%), best streak 2",
        "2. Bia: 2 won of 5 (40%), best streak 2",
        "3. Caio &lt;3&gt;: 2 won of 5 (40%), best streak 1",
    ]
    nobody = await standings.player_stats(uow, chat_id=-1, user_id=A)
    assert stats_text("it", nobody, everywhere=False) == \
        "Ana non ha ancora partite finite in questo gruppo."
    assert top_text("en", []) == "No finished game here yet: start one with /newgame."
