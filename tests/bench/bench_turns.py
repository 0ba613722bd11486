"""`python -m tests.bench.bench_turns [--games N] [--players P]`: what a group receives per
turn, and how long an absent player holds a table.

For each game (the dice game with every Old Saloon module, Colt Express, the card game),
N seeded games of P human players are played through the service (tgbot/service) with its
real outbox and delivery loop, sending to a recording fake Telegram, the clock moved by
hand:

- **present**: every player presses at once (a bot's choice among his buttons); only
  decisions nobody can press (identity windows) run their clock. Reported: decisions that
  passed to a player who had nothing to press ("owed"), rings (a private message without
  `disable_notification`, or a group message mentioning the user) per owed decision, group
  calls per turn (sends, edits, deletions) and per accepted press (a press the service
  applied), new group messages per turn, and new private
  messages per player per turn. A turn is a change of the engine's `turn_marker`.
- **absent**: the same, but one player never presses, at a 5-minute turn and reaction
  clock, strikes off (no bot takes his seat): the game's wall time, his clocks that ran
  out (a turn's or a reaction's), the most of them in one turn, and the identity windows
  that ran their grace (10 minutes, whoever is absent: a window is never his clock).

Only service calls that the code of earlier sessions also had are used, so the bench can
be run on an older checkout (copy this file and tests/tgbot/rings.py there) for a
before/after comparison.
Prints Markdown; not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from storage.models import GameStatus
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, wire
from tests.tgbot.rings import Told, rings_of
from tgbot.jobs.sweep import sweep
from tgbot.service import lobby, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService

CHAT = -100500
START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
GAMES = (("bang_dice", {"modules": ["saloon_dice", "chief_arrow", "special_identities",
                                    "new_characters", "ghost"]}),
         ("colt_express", {}), ("bang_cards", {}))
FIVE_MINUTES = {"turn_seconds": 300, "reaction_seconds": 300, "strikes_for_bot": 0}


@dataclass
class Run:
    """What one game cost."""

    owed: int = 0
    rings: int = 0
    turns: int = 0
    presses: int = 0
    group_calls: int = 0
    group_sends: int = 0
    private_sends: int = 0
    players: int = 0
    clocks: int = 0
    clocks_per_turn: Counter[int] = field(default_factory=Counter)
    windows: int = 0
    waited: timedelta = timedelta(0)
    wall: timedelta = timedelta(0)


class Table:
    """A game of human players on the service and a recording fake Telegram."""

    def __init__(self, seed: int) -> None:
        self.clock = HandClock(START)
        self.games = GameService(fake_uow_factory(MemoryStore()), now=self.clock,
                                 seed_source=lambda: seed)
        self.bot = FakeBot()
        self.deliverer = wire(self.games, self.bot)

    async def open(self, kind: str, options: dict[str, Any], players: int,
                   timers: dict[str, Any]) -> int:
        uow, now = self.games.uow_factory, self.games.now
        game_id = await lobby.open_lobby(uow, chat_id=CHAT, topic_id=None, kind=kind,
                                         options=options, creator=Player(1, "P1"), now=now)
        for user in range(2, players + 1):
            await lobby.join_lobby(uow, game_id=game_id, player=Player(user, f"P{user}"),
                                   now=now)
        await lobby.set_lobby(uow, game_id=game_id, lobby={"timers": timers})
        return game_id


def pressable(engine: Any, state: Any) -> list[Any]:
    return [p for p in engine.prompts(state) if p.public or p.private]


def choice(engine: Any, state: Any, prompt: Any) -> str:
    shown = (*prompt.public, *prompt.private)
    wanted = engine.encode_action(engine.bot_action(state, prompt.seat))
    return wanted if wanted in shown else shown[0]


def count(run: Run, calls: Sequence[tuple[str, dict[str, Any]]]) -> None:
    """Add one command's calls to the run."""
    run.rings += sum(rings_of(calls).values())
    for name, call in calls:
        if call.get("chat_id", 0) == CHAT:
            run.group_calls += 1
            run.group_sends += name == "send"
        elif name == "send":
            run.private_sends += 1


async def play(kind: str, options: dict[str, Any], players: int, seed: int, *,
               absent: int | None) -> Run:
    """Play one game to its end; return what it cost."""
    table = Table(seed)
    timers = FIVE_MINUTES if absent is not None else {}
    game_id = await table.open(kind, options, players, timers)
    run = Run(players=players)
    await table.games.start(game_id)
    await table.deliverer.idle()
    count(run, table.bot.calls)
    current = await table.games.table(game_id)
    engine = current.engine
    users = {row.seat: row.user_id for row in current.seats}
    told = Told(users)
    run.owed += sum(told.expected(engine, None, current.state).values())
    marker = engine.turn_marker(current.state)
    for _ in range(20_000):
        await table.deliverer.idle()
        before = await table.games.table(game_id)
        if before.game.status is not GameStatus.RUNNING:
            break
        state = before.state
        turn = engine.turn_marker(state)
        if turn != marker:
            run.turns, marker = run.turns + 1, turn
        present = [p for p in pressable(engine, state) if users[p.seat] != absent]
        since = len(table.bot.calls)
        if present:
            prompt = present[0]
            await table.games.play(game_id, users[prompt.seat], before.game.version,
                                   choice(engine, state, prompt))
            run.presses += 1
        else:
            assert before.game.deadline_at is not None
            run.waited += before.game.deadline_at - table.clock.moment
            table.clock.moment = before.game.deadline_at
            window = all(p.clock == "window" for p in engine.prompts(state))
            run.windows += window
            if not window and absent in {users[s] for s in engine.to_act(state)}:
                run.clocks += 1
                run.clocks_per_turn[turn] += 1
            await sweep(table)
        await table.deliverer.idle()
        count(run, table.bot.calls[since:])
        after = await table.games.table(game_id)
        run.owed += sum(told.expected(engine, state, after.state).values())
    run.turns += 1
    run.wall = table.clock.moment - START
    game = await reads.load_game(table.games.uow_factory, game_id=game_id)
    assert game.status is GameStatus.FINISHED, game.status
    return run


def report(kind: str, players: int, present: list[Run], absent: list[Run]) -> str:
    """Return the table row of one game."""
    owed = sum(r.owed for r in present)
    turns = sum(r.turns for r in present)
    hours = statistics.median(r.wall.total_seconds() / 3600 for r in absent)
    windows = statistics.median(r.windows for r in absent)
    return (f"| {kind} | {players} | {owed / len(present):.0f} | "
            f"{sum(r.rings for r in present) / max(owed, 1):.2f} | "
            f"{sum(r.group_calls for r in present) / turns:.2f} | "
            f"{sum(r.group_calls for r in present) / sum(r.presses for r in present):.2f} | "
            f"{sum(r.group_sends for r in present) / turns:.2f} | "
            f"{sum(r.private_sends for r in present) / turns / players:.2f} | "
            f"{hours:.1f} h | {sum(r.clocks for r in absent) / len(absent):.0f} | "
            f"{max(max(r.clocks_per_turn.values(), default=0) for r in absent)} | "
            f"{windows:.0f} |")


async def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args(argv)
    print("| Game | Players | Owed decisions per game | Rings per owed decision | "
          "Group calls per turn | Group calls per accepted press | New group messages "
          "per turn | New DMs per player per turn | Wall time, one absent player, "
          "5-min clock (median) | His clocks that ran out (mean) | Most of his clocks in "
          "one turn | Identity windows waited (median) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for kind, options in GAMES:
        present = [await play(kind, options, args.players, seed, absent=None)
                   for seed in range(1, args.games + 1)]
        absent = [await play(kind, options, args.players, seed, absent=3)
                  for seed in range(1, args.games + 1)]
        print(report(kind, args.players, present, absent))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
