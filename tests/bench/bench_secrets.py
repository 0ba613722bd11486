"""Benchmark (#29): Bot API calls per turn with secrets in the group or in private, per game.

    python -m tests.bench.bench_secrets [--games bang_dice,colt_express,bang_cards]
        [--seed 2029] [--json]

For each game and each place of secrets (`/settings secrets group`, the default, and
`/settings secrets private`), four players who all started the bot play one seeded game
through the fake Bot API (tests/fakebot, Telegram's limits with the per-group window
scaled down ten times on both sides, as in the e2e games) and the in-process bot, pressing
what the engine's bot would: public choices on the group table; private ones on their
ephemeral message in the group (asked for with "🔒 Mine" when they have none) or in their
private chat. The same seed deals the same game in both runs, so the moves are the same.

Counted: every Bot API call the bot made from /newgame to the last delivery
(getUpdates left out), by method, divided by the game's turns (`turn_marker` at the end:
the dice and card games' turns, Colt Express's Schemin' turns and Stealin' phases) and by
its actions. One line per run; `--json` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from storage.models import GameStatus
from tests.e2e.secrets_in_group import GroupTable, play_in_group
from tests.fakebot import FakeBotApi, RateLimits
from tests.support.bot import running_bot, sqlite_url

SPEED = 10
GAMES = ("bang_dice", "colt_express", "bang_cards")


async def _play(table: GroupTable, seed: int) -> dict[str, Any]:
    """Open, play and finish one game; return the calls it cost."""
    first = len(table.api.requests)
    game_id = await table.open(table.kind, settings=("/settings secrets private",)
                               if table.in_private else ())
    service = table.services.games
    await play_in_group(table, game_id, seed)
    final = await service.table(game_id)
    calls = Counter(r.method for r in table.api.requests[first:] if r.method != "getUpdates")
    turns = final.engine.turn_marker(final.state)
    total = sum(calls.values())
    return {"game": table.kind, "secrets": "private" if table.in_private else "group",
            "finished": final.game.status is GameStatus.FINISHED, "turns": turns,
            "actions": final.game.version, "calls": total,
            "per_turn": round(total / max(1, turns), 2),
            "per_action": round(total / max(1, final.game.version), 2),
            "ephemeral": sum(n for m, n in calls.items() if "phemeral" in m)
            + sum(1 for r in table.api.requests[first:]
                  if r.params.get("ephemeral_message_parameters")),
            "mine_presses": sum(table.mine_presses.values()), "by_method": dict(calls)}


async def run(kind: str, *, in_private: bool, seed: int) -> dict[str, Any]:
    """Return the figures of one game of `kind`, secrets in private or in the group."""
    with tempfile.TemporaryDirectory() as folder:
        async with FakeBotApi(limits=RateLimits(per_group_window=60 / SPEED)) as api:
            users = [api.add_user(8000 + i, name, language_code=language)
                     for i, (name, language) in enumerate(
                         [("Ana", "pt-BR"), ("Bruno", "en"), ("Carla", "it"), ("Davi", "pt-BR")])]
            group = api.add_group(-1008888, "Saloon", admins=(8000,),
                                  members=tuple(u.id for u in users))
            async with running_bot(api, sqlite_url(Path(folder)), seed_source=lambda: seed,
                                   settings={"group_messages_per_minute": 20 * SPEED}) as app:
                table = GroupTable(api, app, group, users, kind=kind, in_private=in_private)
                table.WAIT_SECONDS = 60.0
                for user in users:  # everyone has a private chat, in both runs
                    user.start()
                await table.wait(lambda: all(api.chat_log(u.private) for u in users))
                return await _play(table, seed)


def main() -> None:
    """Run the benchmark and print one line per game and place."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=2029)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for kind in args.games.split(","):
        for in_private in (False, True):
            found = asyncio.run(run(kind, in_private=in_private, seed=args.seed))
            if args.json:
                print(json.dumps(found))
            else:
                print(f"{found['game']:13} secrets {found['secrets']:7} turns {found['turns']:3} "
                      f"actions {found['actions']:4} calls {found['calls']:5} "
                      f"per turn {found['per_turn']:6} per action {found['per_action']:5} "
                      f"ephemeral {found['ephemeral']:4} Mine {found['mine_presses']:3} "
                      f"finished {found['finished']}")


if __name__ == "__main__":
    main()
