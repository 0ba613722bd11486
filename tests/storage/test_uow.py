"""The unit of work: one explicit commit, rollback by default, optimistic game writes.

Runs on the in-memory fake, SQLite and PostgreSQL alike: the fake must behave as the SQL one.
"""

from __future__ import annotations

import pytest

from storage.clock import Clock
from storage.errors import GameNotFound, StaleGame
from storage.models import Chat, MessagePurpose, MessageRef, User
from tests.storage.conftest import Backend
from tests.storage.play import new_game


async def test_nothing_is_kept_without_commit(backend: Backend, clock: Clock) -> None:
    async with backend.uow() as uow:
        await uow.chats.add(chat=Chat(id=-1, created_at=clock()))
    async with backend.uow() as uow:
        assert await uow.chats.get(chat_id=-1) is None


async def test_a_unit_of_work_commits_once(backend: Backend, clock: Clock) -> None:
    async with backend.uow() as uow:
        await uow.chats.add(chat=Chat(id=-1, created_at=clock()))
        await uow.commit()
        with pytest.raises(RuntimeError, match="commits once"):
            await uow.commit()


async def test_chat_user_and_message_rows_round_trip(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    async with backend.uow() as uow:
        chat = await uow.chats.get(chat_id=-1001)
        assert chat is not None
        chat.language = "it"
        chat.default_options = {"modules": []}
        chat.timer_settings = {"turn_seconds": 3600, "reminder_seconds": 1800}
        await uow.chats.save(chat=chat)
        await uow.users.add(
            user=User(id=5, display_name="Ana", language="pt-BR", created_at=clock())
        )
        ref = await uow.messages.add(
            ref=MessageRef(
                game_id=game_id,
                chat_id=-1001,
                message_id=77,
                purpose=MessagePurpose.TABLE,
                created_at=clock(),
            )
        )
        await uow.messages.add(
            ref=MessageRef(
                game_id=game_id,
                chat_id=5,
                message_id=78,
                purpose=MessagePurpose.PROMPT,
                seat=2,
                created_at=clock(),
            )
        )
        await uow.commit()
    async with backend.uow() as uow:
        chat = await uow.chats.get(chat_id=-1001)
        assert chat is not None
        assert (chat.language, chat.timer_settings["turn_seconds"]) == ("it", 3600)
        user = await uow.users.get(user_id=5)
        assert user is not None
        assert (user.display_name, user.can_dm, user.stats) == ("Ana", False, {})
        user.can_dm = True
        user.stats = {"bang_dice": {"played": 1, "won": 1}}
        await uow.users.save(user=user)
        refs = await uow.messages.list(game_id=game_id)
        assert [(r.message_id, r.purpose, r.seat) for r in refs] == [
            (77, MessagePurpose.TABLE, None),
            (78, MessagePurpose.PROMPT, 2),
        ]
        found = await uow.messages.find(chat_id=-1001, message_id=77)
        assert found is not None
        assert found.id == ref.id
        assert ref.id is not None
        await uow.messages.remove(ref_id=ref.id)
        await uow.commit()
    async with backend.uow() as uow:
        user = await uow.users.get(user_id=5)
        assert user is not None
        assert user.can_dm
        assert user.stats["bang_dice"]["won"] == 1
        assert await uow.messages.find(chat_id=-1001, message_id=77) is None
        seats = await uow.seats.list(game_id=game_id)
    assert [(s.seat, s.user_id, s.is_bot) for s in seats] == [(i, 100 + i, False) for i in range(5)]


async def test_unknown_game_is_a_typed_error(backend: Backend) -> None:
    async with backend.uow() as uow:
        with pytest.raises(GameNotFound):
            await uow.games.get(game_id=12345)


async def test_save_at_a_wrong_version_is_stale(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
        game.version += 1
        with pytest.raises(StaleGame):
            await uow.games.save(game=game, expected_version=game.version)


async def test_second_writer_from_the_same_version_is_stale(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    async with backend.uow() as first, backend.uow() as second:
        mine = await first.games.get(game_id=game_id)
        theirs = await second.games.get(game_id=game_id)
        mine.version = theirs.version = 1
        await first.games.save(game=mine, expected_version=0)
        await first.commit()
        with pytest.raises(StaleGame):
            await second.games.save(game=theirs, expected_version=0)
    async with backend.uow() as uow:
        assert (await uow.games.get(game_id=game_id)).version == 1


async def test_fake_refuses_a_commit_after_another_unit_committed_past_it(clock: Clock) -> None:
    # SQL blocks the second writer on the row until the first commits; the fake, which never
    # blocks, must refuse at commit instead.
    from storage.fake_uow import MemoryStore, fake_uow_factory

    uow = fake_uow_factory(MemoryStore())
    game_id = await new_game(uow, clock)
    async with uow() as first, uow() as second:
        mine = await first.games.get(game_id=game_id)
        theirs = await second.games.get(game_id=game_id)
        mine.version = theirs.version = 1
        await first.games.save(game=mine, expected_version=0)
        await second.games.save(game=theirs, expected_version=0)
        await first.commit()
        with pytest.raises(StaleGame):
            await second.commit()
