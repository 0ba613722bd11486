"""Exact replay: rebuild each game from options + seed + action log and compare the snapshot.

    python -m storage.replay [--game ID] [--database-url URL]

Prints one line per game and exits 1 if any game disagrees with its log.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.engine.errors import GameError
from core.engine.registry import get_game
from storage.action_log import UNDO, logged_step
from storage.database import make_engine
from storage.models import ActionRecord, Game, GameStatus
from storage.uow import UnitOfWorkFactory, sql_uow_factory


@dataclass(frozen=True)
class ReplayReport:
    """The verdict on one game: `mismatch_version` is the first version that disagrees."""

    game_id: int
    actions: int
    mismatch_version: int | None = None
    detail: str = ""

    @property
    def ok(self) -> bool:
        """True when the log replays exactly to the stored snapshot."""
        return self.mismatch_version is None

    def line(self) -> str:
        """Return a one-line human summary."""
        if self.ok:
            return f"game {self.game_id}: ok ({self.actions} actions)"
        return f"game {self.game_id}: MISMATCH at version {self.mismatch_version}: {self.detail}"


def first_difference(left: Any, right: Any, path: str = "") -> str | None:
    """Return the dotted path of the first place two JSON values differ, or None if equal."""
    if isinstance(left, dict) and isinstance(right, dict):
        for key in sorted(set(left) | set(right)):
            if key not in left or key not in right:
                return f"{path}{key}"
            found = first_difference(left[key], right[key], f"{path}{key}.")
            if found is not None:
                return found
        return None
    if isinstance(left, list) and isinstance(right, list):
        for index, (a, b) in enumerate(zip(left, right, strict=False)):
            found = first_difference(a, b, f"{path}{index}.")
            if found is not None:
                return found
        return None if len(left) == len(right) else f"{path}length"
    return None if left == right else path.rstrip(".") or "(root)"


def replay_game(game: Game, seats: int, log: Sequence[ActionRecord]) -> ReplayReport:
    """Return the verdict of replaying a game's log from its options and seed.

    Checks, in order: the log has versions 1..n without gap or duplicate, every action is
    legal for its seat when replayed (a removal is replayed by the engine's `remove_seat`, a
    move taken back by its `rewind`),
    the game row's version and outcome match, and the replayed `dump_state` equals the
    stored snapshot text.
    """
    assert game.id is not None
    engine = get_game(game.kind)

    def mismatch(version: int, detail: str) -> ReplayReport:
        return ReplayReport(game.id or 0, len(log), version, detail)

    try:
        state = engine.setup(dict(game.options), seats, game.seed).state
    except GameError as error:
        return mismatch(0, f"setup refused: {error}")
    previous = None  # the state before the last record: where an UNDO returns to
    for expected, record in enumerate(log, start=1):
        if record.version != expected:
            return mismatch(expected, f"log has version {record.version} where {expected} belongs")
        try:
            step = logged_step(engine, state, record.seat, record.action, expected - 1,
                               previous=previous)
        except GameError as error:
            return mismatch(expected, f"seat {record.seat} {record.action!r} refused: {error}")
        previous, state = (None if record.action == UNDO else state), step.state
    final = len(log)
    if game.version != final:
        return mismatch(min(game.version, final) + 1, f"row version {game.version}, log {final}")
    if game.snapshot is None:
        return mismatch(final, "no snapshot stored")
    replayed = engine.dump_state(state)
    if replayed != game.snapshot:
        try:
            where = first_difference(json.loads(replayed), json.loads(game.snapshot))
        except ValueError:
            where = "unreadable snapshot"
        return mismatch(final, f"snapshot differs from replay at {where}")
    outcome = engine.outcome(state)
    stored_outcome = None if outcome is None else json.loads(json.dumps(outcome.to_json()))
    if stored_outcome != game.outcome:
        return mismatch(final, f"outcome {game.outcome} stored, replay gives {stored_outcome}")
    if (outcome is not None) != (game.status is GameStatus.FINISHED):
        return mismatch(final, f"status {game.status} stored, replay over: {outcome is not None}")
    return ReplayReport(game.id, final)


async def check_games(
    uow_factory: UnitOfWorkFactory, *, game_id: int | None = None
) -> list[ReplayReport]:
    """Return the replay verdict of every game that has a snapshot (or of one game), by id."""
    reports: list[ReplayReport] = []
    async with uow_factory() as uow:
        for game in await uow.games.list(game_id=game_id):
            if game.snapshot is None or game.id is None:
                continue
            seats = await uow.seats.list(game_id=game.id)
            log = await uow.actions.list(game_id=game.id)
            reports.append(replay_game(game, len(seats), log))
    return reports


async def _run(url: str, game_id: int | None) -> list[ReplayReport]:
    engine = make_engine(url)
    try:
        return await check_games(sql_uow_factory(engine), game_id=game_id)
    finally:
        await engine.dispose()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return 0 when every game replays exactly, 1 otherwise."""
    from storage.settings import database_url

    parser = argparse.ArgumentParser(prog="python -m storage.replay", description=__doc__)
    parser.add_argument("--game", type=int, default=None, help="only this game id")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args(argv)
    reports = asyncio.run(_run(database_url(args.database_url), args.game))
    for report in reports:
        print(report.line())
    bad = sum(not report.ok for report in reports)
    print(f"{len(reports)} games replayed, {bad} mismatches", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
