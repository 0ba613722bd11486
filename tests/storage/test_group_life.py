"""The rematch and the archive use cases on every store (memory, SQLite, PostgreSQL)."""

from __future__ import annotations

import pytest

from core.engine.registry import get_game
from storage.clock import Clock
from storage.errors import GameNotFound, NotInLobby, NotSeated, TableBusy
from storage.models import GameStatus
from tests.storage.conftest import Backend
from tests.storage.play import new_game, play_one, play_to_end
from tgbot.service import archive, game_status, lobby
from tgbot.service.commands import Player
from tgbot.service.rematch import REMATCH, ask_rematch

GROUP = -4242


async def _ended(backend: Backend, clock: Clock, *, seed: int = 3, seats: int = 4,
                 bots: int = 1) -> int:
    game_id = await new_game(backend.uow, clock, seed=seed, seats=seats, bots=bots,
                             chat_id=GROUP)
    await play_to_end(backend.uow, clock, game_id)
    return game_id


async def _seats(backend: Backend, game_id: int) -> list[tuple[int, int | None, bool]]:
    async with backend.uow() as uow:
        return [(s.seat, s.user_id, s.is_bot) for s in await uow.seats.list(game_id=game_id)]


async def test_a_rematch_copies_seats_and_options_and_waits_for_each_player(
        backend: Backend, clock: Clock) -> None:
    old = await _ended(backend, clock)  # players 100, 101, 102 and a bot
    async with backend.uow() as uow:  # the table's clocks, and its own running state
        game = await uow.games.get(game_id=old)
        game.lobby = {"timers": {"turn_seconds": 600}, "left": [102], "mentioned_turn": 9}
        await uow.games.save(game=game, expected_version=game.version)
        await uow.commit()
    opened = await ask_rematch(backend.uow, game_id=old, user_id=101, now=clock)
    assert opened.opened
    assert not opened.ready
    assert await _seats(backend, opened.game_id) == [(0, 100, False), (1, 101, False),
                                                     (2, 102, False), (3, None, True)]
    again = await ask_rematch(backend.uow, game_id=old, user_id=101, now=clock)
    assert (again.game_id, again.opened, again.ready, again.again) == (
        opened.game_id, False, False, True)
    second = await ask_rematch(backend.uow, game_id=opened.game_id, user_id=100, now=clock)
    assert not second.ready
    last = await ask_rematch(backend.uow, game_id=old, user_id=102, now=clock)
    assert last.ready
    async with backend.uow() as uow:
        new = await uow.games.get(game_id=opened.game_id)
        previous = await uow.games.get(game_id=old)
    assert (new.kind, new.options, new.chat_id, new.status) == (
        previous.kind, previous.options, GROUP, GameStatus.LOBBY)
    assert new.lobby == {"timers": {"turn_seconds": 600},
                         REMATCH: {"of": old, "ready": [101, 100, 102]}}
    await game_status.start_game(backend.uow, game_id=opened.game_id, seed=5, now=clock)
    with pytest.raises(NotInLobby):  # a late press on the old table
        await ask_rematch(backend.uow, game_id=old, user_id=100, now=clock)


async def test_a_rematch_refuses_outsiders_busy_tables_and_running_games(
        backend: Backend, clock: Clock) -> None:
    old = await _ended(backend, clock)
    with pytest.raises(NotSeated):
        await ask_rematch(backend.uow, game_id=old, user_id=999, now=clock)
    running = await new_game(backend.uow, clock, seed=9, seats=3, chat_id=GROUP)
    with pytest.raises(TableBusy):
        await ask_rematch(backend.uow, game_id=old, user_id=100, now=clock)
    with pytest.raises(NotInLobby):
        await ask_rematch(backend.uow, game_id=running, user_id=100, now=clock)
    with pytest.raises(GameNotFound):
        await ask_rematch(backend.uow, game_id=987654, user_id=100, now=clock)
    async with backend.uow() as uow:  # nothing was opened
        assert [g.id for g in await uow.games.active_in(chat_id=GROUP, topic_id=None)] == [
            running]


async def test_a_player_alone_with_bots_is_ready_at_once(backend: Backend,
                                                         clock: Clock) -> None:
    old = await _ended(backend, clock, seats=3, bots=2)
    result = await ask_rematch(backend.uow, game_id=old, user_id=100, now=clock)
    assert result.opened
    assert result.ready
    assert await _seats(backend, result.game_id) == [(0, 100, False), (1, None, True),
                                                     (2, None, True)]


async def test_the_archive_lists_finished_games_newest_first_by_page(
        backend: Backend, clock: Clock) -> None:
    ended = [await _ended(backend, clock, seed=seed) for seed in (3, 4, 5)]
    await new_game(backend.uow, clock, seed=6, seats=3, chat_id=GROUP)  # running
    await _ended_elsewhere(backend, clock)
    cancelled = await lobby.open_lobby(backend.uow, chat_id=-5, topic_id=None,
                                       kind="bang_dice", options={},
                                       creator=Player(100, "p"), now=clock)
    await game_status.cancel_game(backend.uow, game_id=cancelled, now=clock)
    first = await archive.ended_games(backend.uow, chat_id=GROUP, limit=2)
    second = await archive.ended_games(backend.uow, chat_id=GROUP, page=1, limit=2)
    assert [e.game.id for e in first] == [ended[2], ended[1]]
    assert [e.game.id for e in second] == [ended[0]]
    assert first[0].names == ["player 0", "player 1", "player 2", "🤖 Bot 4"]
    assert await archive.ended_games(backend.uow, chat_id=-5) == []


async def _ended_elsewhere(backend: Backend, clock: Clock) -> None:
    other = await new_game(backend.uow, clock, seed=8, seats=3, chat_id=-77)
    await play_to_end(backend.uow, clock, other)


async def test_an_archived_game_replays_to_its_stored_snapshot(backend: Backend,
                                                               clock: Clock) -> None:
    game_id = await _ended(backend, clock, seed=12)
    found = await archive.archived(backend.uow, game_id=game_id)
    engine = get_game("bang_dice")
    assert len(found.states) == len(found.log) + 1
    assert engine.dump_state(found.states[-1]) == found.game.snapshot
    assert engine.outcome(found.states[-1]) is not None
    assert all(engine.outcome(state) is None for state in found.states[:-1])
    assert found.players == frozenset({100, 101, 102})
    exported = await archive.exported(backend.uow, game_id=game_id)
    assert [a["action"] for a in exported["actions"]] == [r.action for r in found.log]


async def test_a_game_still_played_is_never_archived(backend: Backend, clock: Clock) -> None:
    running = await new_game(backend.uow, clock, seed=13, seats=3, chat_id=GROUP)
    await play_one(backend.uow, clock, running)
    with pytest.raises(GameNotFound):
        await archive.archived(backend.uow, game_id=running)
    with pytest.raises(GameNotFound):
        await archive.exported(backend.uow, game_id=running)
