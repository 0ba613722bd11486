"""Games as JSON: status, seats, options, outcome and the full action log with actors and times.

python -m storage.export [--chat ID] [--game ID] [--database-url URL]

The log is exported as stored: an admin's removal of a seat is the action "~"
(storage.action_log.REMOVAL) with actor "admin", and a move taken back by the table's consent
(/undo) stays in the log, followed by the action "<" (storage.action_log.UNDO) that returns
the game to the state before it. Replay it with `storage.action_log.replay_log` (or
`logged_step`, passing the state before the last record as `previous`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from storage.database import make_engine
from storage.uow import UnitOfWorkFactory, sql_uow_factory


async def export_games(
    uow_factory: UnitOfWorkFactory, *, chat_id: int | None = None, game_id: int | None = None
) -> list[dict[str, Any]]:
    """Return the matching games, by id, as JSON-ready dicts (times in ISO 8601, UTC)."""
    exported: list[dict[str, Any]] = []
    async with uow_factory() as uow:
        for game in await uow.games.list(chat_id=chat_id, game_id=game_id):
            assert game.id is not None
            seats = await uow.seats.list(game_id=game.id)
            log = await uow.actions.list(game_id=game.id)
            exported.append(
                {
                    "id": game.id,
                    "chat_id": game.chat_id,
                    "topic_id": game.topic_id,
                    "kind": game.kind,
                    "status": str(game.status),
                    "options": game.options,
                    "seed": game.seed,
                    "version": game.version,
                    "outcome": game.outcome,
                    "created_at": game.created_at.isoformat(),
                    "updated_at": game.updated_at.isoformat(),
                    "seats": [
                        {
                            "seat": seat.seat,
                            "user_id": seat.user_id,
                            "is_bot": seat.is_bot,
                            "strikes": seat.strikes,
                        }
                        for seat in seats
                    ],
                    "actions": [
                        {
                            "version": record.version,
                            "seat": record.seat,
                            "action": record.action,
                            "actor": str(record.actor),
                            "at": record.applied_at.isoformat(),
                        }
                        for record in log
                    ],
                }
            )
    return exported


async def _run(url: str, chat_id: int | None, game_id: int | None) -> list[dict[str, Any]]:
    engine = make_engine(url)
    try:
        factory = sql_uow_factory(engine)
        return await export_games(factory, chat_id=chat_id, game_id=game_id)
    finally:
        await engine.dispose()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI: print the JSON list of games; return 0."""
    from storage.settings import database_url

    parser = argparse.ArgumentParser(prog="python -m storage.export", description=__doc__)
    parser.add_argument("--chat", type=int, default=None, help="only games of this chat id")
    parser.add_argument("--game", type=int, default=None, help="only this game id")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args(argv)
    games = asyncio.run(_run(database_url(args.database_url), args.chat, args.game))
    print(json.dumps(games, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
