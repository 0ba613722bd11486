"""Fair clocks (the service with a hand-moved clock): an absent player costs one clock per
turn, an admin's /skip is not his strike, /extend adds the running clock's own length, and
identity windows close at once when every seat passes them by standing answer."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from core.engine.protocol import Clock
from storage.models import ActorKind, GameStatus
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, context_for, wire
from tests.tgbot.test_turn_notes import Message
from tests.tgbot.test_your_move import ALL_MODULES, choice
from tgbot.handlers.clock import extend
from tgbot.jobs.sweep import sweep, time_out
from tgbot.service import lobby, profiles, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
TURN = timedelta(minutes=5)
ABSENT_USER = 3


class App:
    """The service on a fake Telegram (as the sweeps use it) and a hand clock."""

    def __init__(self, seed: int = 11) -> None:
        self.clock = HandClock(START)
        self.games = GameService(fake_uow_factory(MemoryStore()), now=self.clock,
                                 seed_source=lambda: seed)
        self.bot = FakeBot()
        self.deliverer = wire(self.games, self.bot)

    async def open(self, kind: str, options: dict[str, Any], players: int,
                   timers: dict[str, Any]) -> int:
        uow, now = self.games.uow_factory, self.games.now
        game_id = await lobby.open_lobby(uow, chat_id=-9, topic_id=None, kind=kind,
                                         options=options, creator=Player(1, "P1"), now=now)
        for user in range(2, players + 1):
            await lobby.join_lobby(uow, game_id=game_id, player=Player(user, f"P{user}"),
                                   now=now)
        await lobby.set_lobby(uow, game_id=game_id, lobby={"timers": timers})
        await self.games.start(game_id)
        return game_id

    async def step(self, game_id: int, *, absent: set[int]) -> bool:
        """Let one present player press, or the clock run out; return False once over."""
        table = await self.games.table(game_id)
        if table.game.status is not GameStatus.RUNNING:
            return False
        engine, state = table.engine, table.state
        present = [p for p in engine.prompts(state) if (p.public or p.private)
                   and table.user_of(p.seat) not in absent]
        if present:
            prompt = present[0]
            user = table.user_of(prompt.seat)
            assert user is not None
            await self.games.play(game_id, user, table.game.version,
                                  choice(engine, state, prompt))
        else:
            assert table.game.deadline_at is not None
            self.clock.moment = table.game.deadline_at
            await sweep(self)
        return True


async def test_an_absent_card_player_costs_one_clock_per_turn() -> None:
    app = App()
    game_id = await app.open("bang_cards", {}, 5, {"turn_seconds": 300,
                                                   "reaction_seconds": 300,
                                                   "strikes_for_bot": 0})
    for _ in range(5000):
        if not await app.step(game_id, absent={ABSENT_USER}):
            break
    game = await reads.load_game(app.games.uow_factory, game_id=game_id)
    assert game.status is GameStatus.FINISHED
    table = await app.games.table(game_id)
    seat = table.seat_of(ABSENT_USER)
    log = await reads.action_log(app.games.uow_factory, game_id=game_id)
    assert {r.actor for r in log if r.seat == seat} <= {ActorKind.TIMEOUT, ActorKind.ABSENT}
    assert any(r.actor is ActorKind.ABSENT for r in log)  # several decisions, one clock
    # Replay the log: the turn each clock ran out in.
    engine = table.engine
    state = engine.setup(game.options, len(table.seats), game.seed).state
    clocks: Counter[int] = Counter()
    for record in log:
        if record.actor is ActorKind.TIMEOUT:
            clocks[engine.turn_marker(state)] += 1
        state = engine.apply(state, record.seat, engine.decode_action(record.action)).state
    assert clocks
    assert max(clocks.values()) == 1  # an absent player costs one clock per turn
    assert app.clock.moment - START == TURN * sum(clocks.values())


async def test_an_admin_skip_is_not_the_players_strike() -> None:
    app = App()
    game_id = await app.open("bang_dice", {}, 4, {"turn_seconds": 300})
    table = await app.games.table(game_id)
    [seat] = table.engine.to_act(table.state)
    assert await time_out(app, game_id, table.game.version, skipped=True) == 1
    table = await app.games.table(game_id)
    assert [row.strikes for row in table.seats] == [0, 0, 0, 0]
    assert seat not in table.engine.to_act(table.state)  # the rest of his turn went at once
    await app.deliverer.idle()
    skipped = [c["text"] for _, c in app.bot.calls if "⏭" in c.get("text", "")]
    assert len(skipped) == 1


async def _saloon(app: App, passing: set[int]) -> int:
    for user in passing:
        await profiles.set_user_setting(app.games.uow_factory, user_id=user, name="windows",
                                        value="pass", now=app.clock)
    return await app.open("bang_dice", ALL_MODULES, 5, {})


async def _windows_waited(app: App, game_id: int) -> tuple[int, Counter[ActorKind]]:
    """Play the game out (nobody presses a window's button); return how many windows ran
    their clock and the log's actors."""
    waited = 0
    for _ in range(3000):
        table = await app.games.table(game_id)
        if table.game.status is not GameStatus.RUNNING:
            break
        prompts = table.engine.prompts(table.state)
        if prompts and all(p.clock is Clock.WINDOW for p in prompts):
            waited += 1
            assert table.game.deadline_at is not None
            app.clock.moment = table.game.deadline_at
            await sweep(app)
            continue
        await app.step(game_id, absent=set())
    log = await reads.action_log(app.games.uow_factory, game_id=game_id)
    return waited, Counter(record.actor for record in log)


async def test_windows_every_seat_passes_by_standing_answer_close_at_once() -> None:
    app = App(seed=21)
    game_id = await _saloon(app, passing={1, 2, 3, 4, 5})
    waited, actors = await _windows_waited(app, game_id)
    assert waited == 0
    assert actors[ActorKind.STANDING] > 0
    mixed = App(seed=21)
    game_id = await _saloon(mixed, passing={1, 2, 3, 4})  # one player decides each time
    waited, actors = await _windows_waited(mixed, game_id)
    assert waited > 0
    assert actors[ActorKind.STANDING] > 0


async def test_extend_adds_the_running_clocks_own_length() -> None:
    app = App(seed=21)
    game_id = await app.open("bang_dice", ALL_MODULES, 5,
                             {"turn_seconds": 86_400, "window_seconds": 600})
    for _ in range(500):
        table = await app.games.table(game_id)
        prompts = table.engine.prompts(table.state)
        if prompts and all(p.clock is Clock.WINDOW for p in prompts):
            break
        await app.step(game_id, absent=set())
    else:
        raise AssertionError("no identity window opened")
    before = table.game.deadline_at
    assert before is not None
    message = Message()
    update = SimpleNamespace(effective_message=message, effective_user=SimpleNamespace(id=1),
                             effective_chat=SimpleNamespace(id=-9, type="supergroup"))
    await extend(update, context_for(app.games, app.bot))
    after = await reads.load_game(app.games.uow_factory, game_id=game_id)
    assert after.deadline_at == before + timedelta(seconds=600)  # a window, not a turn
    assert "⏳" in message.replies[0]
