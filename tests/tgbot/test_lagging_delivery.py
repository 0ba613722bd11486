"""Games played to their end while the delivery loop lags behind the presses: rows are
handed to it only every few commands, so a message is often rewritten (posted anew,
then closed) before its previous revision was sent, as when a group's flood budget holds
its sends back. No command may fail on a row in such a state, and once everything is
delivered no "your move" ping stands for a seat that owes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from storage.models import Delivery, GameStatus
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot
from tests.tgbot.test_your_move import CHAT, GAMES, START, WINDOW, Table, choice
from tgbot.jobs.sweep import sweep
from tgbot.render.notices import GROUP_PING
from tgbot.service import reads
from tgbot.service.games import GameService

LAG = 3  # commands between two hand-overs to the delivery loop


@pytest.mark.parametrize(("kind", "options", "players"), GAMES,
                         ids=["dice_old_saloon", "colt", "cards", "cards_gold_rush"])
async def test_a_lagging_delivery_loop_never_breaks_a_command(
        kind: str, options: dict[str, Any], players: int) -> None:
    clock = HandClock(START)
    table = Table(GameService(fake_uow_factory(MemoryStore()), now=clock,
                              seed_source=lambda: 7), clock, FakeBot())
    deliverer = table.deliverer
    held: list[Delivery] = []
    table.games.deliver = held.extend
    await table.open(kind, options, players)
    games = table.games
    await games.start(table.game_id)
    current = await games.table(table.game_id)
    users = {row.seat: row.user_id for row in current.seats}
    engine = current.engine
    for count in range(3000):
        before = await games.table(table.game_id)
        if before.game.status is not GameStatus.RUNNING:
            break
        pressable = [p for p in engine.prompts(before.state) if p.public or p.private]
        if pressable:
            await games.play(table.game_id, users[pressable[0].seat], before.game.version,
                             choice(engine, before.state, pressable[0]))
        else:  # an identity window runs out
            clock.moment = before.game.deadline_at or clock.moment + WINDOW
            await sweep(table)
        if count % LAG == 0:
            deliverer.push(held)
            held.clear()
            await deliverer.idle()
    else:
        raise AssertionError("the game did not end")
    deliverer.push(held)
    await deliverer.idle()
    game = await reads.load_game(games.uow_factory, game_id=table.game_id)
    assert game.status is GameStatus.FINISHED
    async with games.uow_factory() as uow:
        rows = await uow.deliveries.of_chat(chat_id=CHAT)
    pings = [row for row in rows if row.key.startswith(GROUP_PING)]
    assert all(row.payload.get("close") for row in pings)
