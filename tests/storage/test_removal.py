"""An admin's removal of a seat: logged as "~" by actor admin, replayed exactly, atomic."""

from __future__ import annotations

import pytest

from core.bang_dice.ids import Role
from core.engine.errors import GameOver, IllegalAction
from core.engine.registry import get_game
from storage.action_log import REMOVAL
from storage.clock import Clock
from storage.errors import StaleGame
from storage.export import export_games
from storage.models import ActorKind, Game, GameStatus
from storage.replay import check_games
from tests.storage.conftest import Backend
from tests.storage.play import KIND, new_game, play_one, play_to_end
from tgbot.service.commands import release_seat, remove_seat

ENGINE = get_game(KIND)


async def _game(backend: Backend, game_id: int) -> Game:
    async with backend.uow() as uow:
        return await uow.games.get(game_id=game_id)


async def _state(backend: Backend, game_id: int) -> object:
    game = await _game(backend, game_id)
    assert game.snapshot is not None
    return ENGINE.load_state(game.snapshot)


def _victim(state: object, *, sheriff: bool) -> int:
    """Return the seat owing the decision, or the first living seat of the wanted kind."""
    seats = state.seats  # type: ignore[attr-defined]
    owed = sorted(ENGINE.to_act(state))
    for seat in [*owed, *range(len(seats))]:
        if seats[seat].alive and (seats[seat].role is Role.SHERIFF) == sheriff:
            return seat
    raise AssertionError("no such seat")


async def test_a_removal_is_logged_and_the_log_replays_to_the_live_state(
    backend: Backend, clock: Clock
) -> None:
    game_id = await new_game(backend.uow, clock, seed=11, seats=6)
    for _ in range(6):
        await play_one(backend.uow, clock, game_id)
    before = await _game(backend, game_id)
    seat = _victim(await _state(backend, game_id), sheriff=False)
    applied = await remove_seat(backend.uow, game_id=game_id, seat=seat,
                                expected_version=before.version, now=clock)
    assert applied.version == before.version + 1
    assert [e.kind for e in applied.events][:2] == ["seat_removed", "eliminated"]
    async with backend.uow() as uow:
        log = await uow.actions.list(game_id=game_id)
    assert (log[-1].version, log[-1].seat, log[-1].action, log[-1].actor) == (
        applied.version, seat, REMOVAL, ActorKind.ADMIN)
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()
    assert ENGINE.dump_state(applied.state) == (await _game(backend, game_id)).snapshot
    await play_to_end(backend.uow, clock, game_id)
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()
    [exported] = await export_games(backend.uow, game_id=game_id)
    assert {"version": applied.version, "seat": seat, "action": "~", "actor": "admin"}.items() \
        <= exported["actions"][applied.version - 1].items()


async def test_removing_the_sheriff_finishes_the_game_and_replays(
    backend: Backend, clock: Clock
) -> None:
    game_id = await new_game(backend.uow, clock, seed=5, seats=5)
    await play_one(backend.uow, clock, game_id)
    game = await _game(backend, game_id)
    seat = _victim(await _state(backend, game_id), sheriff=True)
    applied = await remove_seat(backend.uow, game_id=game_id, seat=seat,
                                expected_version=game.version, now=clock)
    assert applied.status is GameStatus.FINISHED
    finished = await _game(backend, game_id)
    assert (finished.status, finished.deadline_at) == (GameStatus.FINISHED, None)
    assert finished.outcome is not None
    assert finished.outcome["reason"] == "sheriff_eliminated"
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()
    with pytest.raises(GameOver):
        await remove_seat(backend.uow, game_id=game_id, seat=(seat + 1) % 5,
                          expected_version=finished.version, now=clock)


async def test_refused_removals_write_nothing(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock, seed=3, seats=5)
    game = await _game(backend, game_id)
    seat = _victim(await _state(backend, game_id), sheriff=False)
    with pytest.raises(StaleGame):
        await remove_seat(backend.uow, game_id=game_id, seat=seat,
                          expected_version=game.version + 1, now=clock)
    await remove_seat(backend.uow, game_id=game_id, seat=seat, expected_version=game.version,
                      now=clock)
    with pytest.raises(IllegalAction):  # already out
        await remove_seat(backend.uow, game_id=game_id, seat=seat,
                          expected_version=game.version + 1, now=clock)
    after = await _game(backend, game_id)
    assert after.version == game.version + 1
    async with backend.uow() as uow:
        assert len(await uow.actions.list(game_id=game_id)) == 1


async def test_a_released_seat_is_a_bot_for_good(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock, seats=4)
    assert await release_seat(backend.uow, game_id=game_id, seat=2)
    assert not await release_seat(backend.uow, game_id=game_id, seat=2)
    async with backend.uow() as uow:
        row = (await uow.seats.list(game_id=game_id))[2]
    assert (row.user_id, row.is_bot, row.strikes) == (None, True, 0)
