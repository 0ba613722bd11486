"""The service commands: create a game, apply actions, play a whole game through storage."""

from __future__ import annotations

import pytest

from core.engine.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn, StaleVersion
from core.engine.registry import get_game
from storage.clock import Clock
from storage.errors import CorruptGame, StaleGame
from storage.models import ActorKind, GameStatus
from tests.storage.conftest import Backend, ticking_clock
from tests.storage.play import KIND, actor_for, new_game, play_one, play_to_end
from tgbot.service.commands import apply_action

ENGINE = get_game(KIND)


async def test_create_game_stores_the_dealt_state_and_seats(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock, seed=11, seats=6, bots=2)
    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
        seats = await uow.seats.list(game_id=game_id)
        log = await uow.actions.list(game_id=game_id)
    dealt = ENGINE.setup({}, 6, 11).state
    assert game.snapshot == ENGINE.dump_state(dealt)
    assert (game.status, game.version, game.seed, game.kind) == (GameStatus.RUNNING, 0, 11, KIND)
    assert [(s.user_id is None, s.is_bot) for s in seats] == [(False, False)] * 4 + [
        (True, True)
    ] * 2
    assert log == []


async def test_full_game_round_trips_through_the_unit_of_work(backend: Backend) -> None:
    clock = ticking_clock()
    game_id = await new_game(backend.uow, clock, seed=3, seats=5)
    state = ENGINE.setup({}, 5, 3).state
    applied = 0
    while ENGINE.to_act(state):
        result = await play_one(backend.uow, clock, game_id)
        assert result is not None
        seat = min(ENGINE.to_act(state))
        policy = ENGINE.bot_action if actor_for(applied) is ActorKind.BOT else ENGINE.default_action
        state = ENGINE.apply(state, seat, policy(state, seat)).state
        applied += 1
        assert result.version == applied
        assert result.events  # every step reports what happened
    assert await play_one(backend.uow, clock, game_id) is None

    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
        log = await uow.actions.list(game_id=game_id)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert game.status is GameStatus.FINISHED
    assert game.outcome == outcome.to_json()
    assert game.version == applied == len(log)
    assert game.snapshot == ENGINE.dump_state(state)
    assert [record.version for record in log] == list(range(1, applied + 1))
    # Every actor this loop applies: an admin's removal is tests/storage/test_removal.py,
    # the shell's absent and standing answers tests/tgbot/test_absent_and_windows.py.
    assert {record.actor for record in log} == set(ActorKind) - {
        ActorKind.ADMIN, ActorKind.ABSENT, ActorKind.STANDING}
    times = [record.applied_at for record in log]
    assert times == sorted(times)
    assert all(at.utcoffset() is not None for at in times)
    assert game.updated_at == times[-1]


async def test_refused_actions_write_nothing(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    state = ENGINE.setup({}, 5, 7).state
    seat = min(ENGINE.to_act(state))
    other = (seat + 1) % 5
    good = ENGINE.encode_action(ENGINE.default_action(state, seat))
    illegal = "k1"  # discarding an arrow is no answer to "roll or stop"
    assert _is_illegal(state, seat, illegal)
    cases: list[tuple[int, str, int, type[Exception]]] = [
        (seat, good, 1, StaleGame),
        (other, good, 0, NotYourTurn),
        (seat, "nonsense", 0, MalformedAction),
        (seat, illegal, 0, IllegalAction),
    ]
    for who, text, version, error in cases:
        with pytest.raises(error):
            await apply_action(
                backend.uow,
                game_id=game_id,
                seat=who,
                action_text=text,
                expected_version=version,
                actor=ActorKind.HUMAN,
                now=clock,
            )
    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
        assert (game.version, await uow.actions.list(game_id=game_id)) == (0, [])


def _is_illegal(state: object, seat: int, text: str) -> bool:
    try:
        action = ENGINE.decode_action(text)
    except MalformedAction:
        return False
    return action not in ENGINE.legal_actions(state, seat)


async def test_stale_error_is_the_engines_stale_version(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    await play_one(backend.uow, clock, game_id)
    with pytest.raises(StaleVersion):
        await apply_action(
            backend.uow,
            game_id=game_id,
            seat=0,
            action_text="s",
            expected_version=0,
            actor=ActorKind.HUMAN,
            now=clock,
        )


async def test_finished_games_refuse_actions(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock, seed=5, seats=3)
    actions = await play_to_end(backend.uow, clock, game_id)
    with pytest.raises(GameOver):
        await apply_action(
            backend.uow,
            game_id=game_id,
            seat=0,
            action_text="s",
            expected_version=actions,
            actor=ActorKind.HUMAN,
            now=clock,
        )


async def test_timeouts_count_strikes(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    state = ENGINE.setup({}, 5, 7).state
    seat = min(ENGINE.to_act(state))
    await apply_action(
        backend.uow,
        game_id=game_id,
        seat=seat,
        action_text=ENGINE.encode_action(ENGINE.default_action(state, seat)),
        expected_version=0,
        actor=ActorKind.TIMEOUT,
        now=clock,
    )
    async with backend.uow() as uow:
        seats = await uow.seats.list(game_id=game_id)
        log = await uow.actions.list(game_id=game_id)
    assert [s.strikes for s in seats] == [1 if s.seat == seat else 0 for s in seats]
    assert [(r.seat, r.actor) for r in log] == [(seat, ActorKind.TIMEOUT)]


async def test_a_corrupt_snapshot_is_never_used(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
        game.snapshot = '{"not": "a state"}'
        await uow.games.save(game=game, expected_version=0)
        await uow.commit()
    with pytest.raises(CorruptGame):
        await apply_action(
            backend.uow,
            game_id=game_id,
            seat=0,
            action_text="s",
            expected_version=0,
            actor=ActorKind.HUMAN,
            now=clock,
        )
