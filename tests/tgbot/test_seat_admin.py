"""The service's admin seat commands: a bot takes a seat (and gives it back), a removal."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.bang_dice.game import BangDice
from core.bang_dice.ids import Role
from storage.action_log import REMOVAL
from storage.errors import StaleGame
from storage.models import ActorKind, GameStatus
from storage.replay import check_games
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tgbot.service import lobby, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService
from tgbot.service.results import Table

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
TURN = timedelta(hours=24)  # the default turn timer


def _service() -> GameService:
    return GameService(fake_uow_factory(MemoryStore()), now=lambda: START,
                       seed_source=lambda: 4321)


async def _running(service: GameService, players: int = 5) -> int:
    game_id = await lobby.open_lobby(service.uow_factory, chat_id=-7, topic_id=None,
                                     kind="bang_dice", options={}, creator=Player(1, "P1"),
                                     now=service.now)
    for user in range(2, players + 1):
        await lobby.join_lobby(service.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=service.now)
    await service.start(game_id)
    return game_id


def _not_sheriff(table: Table) -> int:
    """Return a living seat that is not the Sheriff's (its removal does not end the game)."""
    return next(i for i, seat in enumerate(table.state.seats)
                if seat.alive and seat.role is not Role.SHERIFF)


def _owing(table: Table) -> int:
    return min(table.engine.to_act(table.state))


async def _bots(service: GameService, game_id: int) -> set[int]:
    """Return the seats a bot plays now."""
    return {row.seat for row in (await service.table(game_id)).seats if row.is_bot}


async def test_a_bot_takes_the_seat_on_the_clock_and_back_returns_it() -> None:
    service = _service()
    game_id = await _running(service)
    table = await service.table(game_id)
    seat = _owing(table)
    played = await service.hand_to_bot(game_id, seat)
    assert played is not None
    assert played.steps  # the bot answered at once what the seat owed
    log = await reads.action_log(service.uow_factory, game_id=game_id)
    assert {record.actor for record in log if record.seat == seat} == {ActorKind.BOT}
    assert seat in await _bots(service, game_id)
    assert played.table.names[seat].startswith("🤖 ")
    assert await service.hand_to_bot(game_id, seat) is None  # already a bot's
    assert await service.set_bot(game_id, seat, bot=False)  # /back
    assert seat not in await _bots(service, game_id)


async def test_a_bot_takes_a_seat_that_owes_nothing_and_the_clock_stays() -> None:
    service = _service()
    game_id = await _running(service)
    table = await service.table(game_id)
    seat = next(s for s in range(5) if s not in table.engine.to_act(table.state))
    played = await service.hand_to_bot(game_id, seat)
    assert played is not None
    assert played.steps == []
    assert played.table.game.deadline_at == START + TURN
    assert played.table.game.version == table.game.version


async def test_removing_the_player_on_the_clock_logs_it_and_the_game_goes_on() -> None:
    service = _service()
    game_id = await _running(service)
    table = await service.table(game_id)
    sheriff = _owing(table)  # the Sheriff plays first [BD-SETUP-4]
    seat = _not_sheriff(table)
    played = await service.play(game_id, table.user_of(sheriff) or 0, table.game.version, "s")
    version = played.table.game.version
    removal = await service.remove(game_id, seat, version)
    assert removal.by_rule
    assert removal.played.steps[0].action == REMOVAL
    assert removal.played.table.state.seats[seat].alive is False
    assert removal.played.table.game.status is GameStatus.RUNNING
    assert removal.played.table.game.deadline_at == START + TURN
    log = await reads.action_log(service.uow_factory, game_id=game_id)
    assert (log[-1].seat, log[-1].action, log[-1].actor) == (seat, REMOVAL, ActorKind.ADMIN)
    history = [event["kind"] for event in await service.history(game_id)]
    assert "seat_removed" in history
    [report] = await check_games(service.uow_factory, game_id=game_id)
    assert report.ok, report.line()
    assert not await service.set_bot(game_id, seat, bot=False)  # /back: nothing to give back
    with pytest.raises(StaleGame):
        await service.remove(game_id, _not_sheriff(removal.played.table), version)


async def test_removing_a_bot_played_seat_clears_the_bot() -> None:
    service = _service()
    game_id = await _running(service)
    seat = _not_sheriff(await service.table(game_id))
    await service.hand_to_bot(game_id, seat)
    table = await service.table(game_id)
    removal = await service.remove(game_id, seat, table.game.version)
    assert removal.by_rule
    assert seat not in await _bots(service, game_id)
    assert not removal.played.table.names[seat].startswith("🤖")


async def test_a_game_without_removal_gives_the_seat_to_a_bot_for_good(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(BangDice, "remove_seat")
    service = _service()
    game_id = await _running(service)
    table = await service.table(game_id)
    seat = _owing(table)
    removal = await service.remove(game_id, seat, table.game.version)
    assert not removal.by_rule
    assert removal.played.steps  # the bot played what the seat owed
    assert removal.played.table.user_of(seat) is None
    assert removal.played.table.seat_of(table.user_of(seat) or 0) is None
    assert not await service.set_bot(game_id, seat, bot=False)  # /back cannot undo it
    log = await reads.action_log(service.uow_factory, game_id=game_id)
    assert ActorKind.ADMIN not in {record.actor for record in log}


async def test_a_seat_the_game_cannot_remove_goes_to_a_bot_for_good() -> None:
    service = _service()
    game_id = await _running(service)
    table = await service.table(game_id)
    seat = _not_sheriff(table)
    first = await service.remove(game_id, seat, table.game.version)
    again = await service.remove(game_id, seat, first.played.table.game.version)
    assert not again.by_rule  # already out [core/bang_dice/removal.py]
    assert again.played.table.user_of(seat) is None
