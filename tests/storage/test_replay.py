"""Replay: every stored game rebuilds exactly from options + seed + log; corruption is caught."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import text

from core.engine.registry import get_game
from storage.clock import Clock
from storage.models import ActionRecord, ActorKind, Game, GameStatus
from storage.replay import check_games, first_difference, replay_game
from tests.storage.conftest import Backend
from tests.storage.play import KIND, new_game, play_one, play_to_end

ENGINE = get_game(KIND)


async def _finished_game(backend: Backend, clock: Clock, seed: int = 9) -> tuple[int, int]:
    game_id = await new_game(backend.uow, clock, seed=seed, seats=4)
    return game_id, await play_to_end(backend.uow, clock, game_id)


async def _tamper_log(
    backend: Backend, game_id: int, version: int, *, action: str | None = None
) -> None:
    """Overwrite (or with action None, delete) one logged action behind storage's back."""
    if backend.memory is not None:
        if action is None:
            del backend.memory.actions[(game_id, version)]
        else:
            backend.memory.actions[(game_id, version)].action = action
        return
    assert backend.db is not None
    sql = (
        "DELETE FROM actions WHERE game_id = :game AND version = :version"
        if action is None
        else "UPDATE actions SET action = :action WHERE game_id = :game AND version = :version"
    )
    async with backend.db.engine.begin() as connection:
        await connection.execute(text(sql), {"game": game_id, "version": version, "action": action})


async def _tamper_snapshot(backend: Backend, game_id: int, snapshot: str) -> None:
    if backend.memory is not None:
        backend.memory.games[game_id].snapshot = snapshot
        return
    assert backend.db is not None
    async with backend.db.engine.begin() as connection:
        await connection.execute(
            text("UPDATE games SET snapshot = :snapshot WHERE id = :game"),
            {"snapshot": snapshot, "game": game_id},
        )


async def test_every_finished_game_of_a_batch_replays_exactly(
    backend: Backend, clock: Clock
) -> None:
    seeds = random.Random(2026).sample(range(10**9), 20)
    game_ids = [
        await new_game(backend.uow, clock, seed=seed, seats=3 + i % 6, bots=i % 3, chat_id=-i)
        for i, seed in enumerate(seeds)
    ]
    # Interleave the games, as a busy bot would.
    await asyncio.gather(*(play_to_end(backend.uow, clock, game_id) for game_id in game_ids))
    reports = await check_games(backend.uow)
    assert [report.game_id for report in reports] == game_ids
    assert all(report.ok for report in reports), [r.line() for r in reports if not r.ok]
    assert all(report.actions > 0 for report in reports)
    async with backend.uow() as uow:
        finished = await uow.games.list(status=GameStatus.FINISHED)
    assert len(finished) == 20


async def test_a_running_game_replays_too(backend: Backend, clock: Clock) -> None:
    game_id = await new_game(backend.uow, clock)
    for _ in range(10):
        await play_one(backend.uow, clock, game_id)
    [report] = await check_games(backend.uow, game_id=game_id)
    assert (report.ok, report.actions) == (True, 10)


async def test_corrupted_snapshot_is_reported(backend: Backend, clock: Clock) -> None:
    game_id, actions = await _finished_game(backend, clock)
    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
    assert game.snapshot is not None
    tampered = game.snapshot.replace('"arrows":0', '"arrows":1', 1)
    assert tampered != game.snapshot
    await _tamper_snapshot(backend, game_id, tampered)
    [report] = await check_games(backend.uow, game_id=game_id)
    assert not report.ok
    assert report.mismatch_version == actions
    assert "arrows" in report.detail


async def test_unreadable_snapshot_is_reported(backend: Backend, clock: Clock) -> None:
    game_id, actions = await _finished_game(backend, clock)
    await _tamper_snapshot(backend, game_id, "{broken")
    [report] = await check_games(backend.uow, game_id=game_id)
    assert (report.ok, report.mismatch_version) == (False, actions)
    assert "unreadable" in report.detail


async def test_corrupted_log_action_is_reported_at_its_version(
    backend: Backend, clock: Clock
) -> None:
    game_id, _ = await _finished_game(backend, clock)
    await _tamper_log(backend, game_id, 5, action="k9")
    [report] = await check_games(backend.uow, game_id=game_id)
    assert (report.ok, report.mismatch_version) == (False, 5)
    assert "'k9' refused" in report.detail


async def test_a_legal_but_different_log_action_is_reported(backend: Backend, clock: Clock) -> None:
    game_id, _ = await _finished_game(backend, clock)
    async with backend.uow() as uow:
        log = await uow.actions.list(game_id=game_id)
    # The first roll decision: "stop" instead of what was played is legal, but not what happened.
    first = log[0]
    replacement = "s" if first.action != "s" else "r0"
    await _tamper_log(backend, game_id, first.version, action=replacement)
    [report] = await check_games(backend.uow, game_id=game_id)
    assert not report.ok
    assert report.mismatch_version is not None


async def test_a_missing_log_row_is_reported(backend: Backend, clock: Clock) -> None:
    game_id, _ = await _finished_game(backend, clock)
    await _tamper_log(backend, game_id, 7)
    [report] = await check_games(backend.uow, game_id=game_id)
    assert (report.ok, report.mismatch_version) == (False, 7)
    assert "version 8 where 7 belongs" in report.detail


async def test_replay_game_checks_the_row_version(backend: Backend, clock: Clock) -> None:
    game_id, actions = await _finished_game(backend, clock)
    async with backend.uow() as uow:
        game = await uow.games.get(game_id=game_id)
        log = await uow.actions.list(game_id=game_id)
    report = replay_game(game, 4, log[:-1])
    assert (report.ok, report.mismatch_version) == (False, actions)


def test_first_difference_names_the_path() -> None:
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "a.1.b"
    assert first_difference({"a": [1]}, {"a": [1, 2]}) == "a.length"
    assert first_difference({"a": 1}, {"a": 1}) is None


def test_a_card_game_stored_in_the_older_state_form_still_replays() -> None:
    # Snapshots written before the card game's frames became one record per decision and
    # its Gold Rush turn flags a sub-record (#28) replay: the codec of today rewrites them.
    stored = Path(__file__).parents[1] / "core" / "bang_cards" / "stored" / "stored_before_28.json"
    record = max(json.loads(stored.read_text()), key=lambda r: len(r["actions"]))
    now = datetime(2026, 1, 1, tzinfo=UTC)
    log = [ActionRecord(game_id=1, version=i, seat=seat, action=text, actor=ActorKind.HUMAN,
                        applied_at=now) for i, (seat, text) in enumerate(record["actions"], 1)]
    game = Game(id=1, chat_id=-1, kind="bang_cards", options=record["options"],
                seed=record["seed"], status=GameStatus.RUNNING, version=len(log),
                snapshot=record["snapshot"], created_at=now, updated_at=now)
    assert replay_game(game, record["players"], log).ok
    tampered = record["snapshot"].replace('"bangs":', '"bangs":9', 1)
    game.snapshot = tampered
    assert not replay_game(game, record["players"], log).ok
