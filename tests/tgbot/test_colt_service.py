"""Colt Express through the service and the deadline machinery, with a controllable clock.

Every seat stays silent: the sweeps play each decision's timeout default (Schemin', the
expert discard, the 2-player team set-up, every Stealin' choice), strikes hand seats to
the bot, and the game finishes by itself. Every Colt Express decision is the owner's own
move, so its deadline is the table's turn timer (not the reaction or window timers).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from storage.action_log import logged_step
from storage.models import ActorKind, GameStatus
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, context_for, deliverer_of, press, wire
from tgbot.delivery.loop import Deliverer
from tgbot.handlers.lobby import lobby_button
from tgbot.i18n import t
from tgbot.jobs.sweep import sweep
from tgbot.render.callbacks import LobbyOp
from tgbot.service import lobby, reads
from tgbot.service.commands import Player
from tgbot.service.deadlines import clock_for, timers_of
from tgbot.service.games import GameService

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
TURN = timedelta(hours=1)
TIMERS = {"turn_seconds": 3600, "reaction_seconds": 7 * 3600, "window_seconds": 600,
          "remind_before_seconds": 0}
CHAT = -77
STEAL_DECISIONS = {"move", "fire", "punch", "punch_loot", "punch_push", "cheyenne_take",
                   "rob", "marshal", "pickpocket"}


@dataclass
class App:
    games: GameService
    bot: FakeBot
    deliverer: Deliverer

    async def bot_seats(self, game_id: int) -> set[int]:
        """Return the seats a bot plays now."""
        return {row.seat for row in (await self.games.table(game_id)).seats if row.is_bot}

    def group_texts(self) -> list[str]:
        """Return the texts of every message sent or edited in the group."""
        return [call.get("text", "") for call in self.bot.to(CHAT)]


def _app(clock: HandClock) -> App:
    games = GameService(fake_uow_factory(MemoryStore()), now=clock, seed_source=lambda: 2026)
    bot = FakeBot()
    return App(games, bot, wire(games, bot))


async def _running(app: App, players: int, options: dict[str, Any], strikes: int) -> int:
    games = app.games
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=CHAT, topic_id=None,
                                     kind="colt_express", options=options,
                                     creator=Player(1, "Ana"), now=games.now)
    for user in range(2, players + 1):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=games.now)
    await lobby.set_lobby(games.uow_factory, game_id=game_id,
                          lobby={"timers": {**TIMERS, "strikes_for_bot": strikes}})
    await games.start(game_id)
    await app.deliverer.idle()
    return game_id


async def _until_over(app: App, clock: HandClock, game_id: int) -> None:
    """Let the clock run an hour at a time, sweeping; each due decision times out."""
    for _ in range(1000):
        game = await reads.load_game(app.games.uow_factory, game_id=game_id)
        if game.status is not GameStatus.RUNNING:
            return
        table = await app.games.table(game_id)
        owed = set(table.engine.to_act(table.state))
        if owed <= await app.bot_seats(game_id):
            raise AssertionError("only bots owe the decision, yet they did not play")
        # The turn timer, from the moment the decision became pending (the last sweep).
        assert clock_for(game, table.state, table.engine) == TIMERS["turn_seconds"]
        assert game.deadline_at == clock() + TURN, (game.version, game.deadline_at)
        clock.advance(TURN - timedelta(seconds=1))
        assert await sweep(app) == 0  # a second early: nothing happens
        clock.advance(timedelta(seconds=1))
        told = len(app.group_texts())
        assert await sweep(app) >= 1
        await app.deliverer.idle()
        after = await reads.load_game(app.games.uow_factory, game_id=game_id)
        assert after.version > game.version
        timeout_line = t("pt-BR", "⏰ Time is up for {name}: the default move was played, "
                                  "and the rest of this turn is played the same way.",
                         name="")[:12]
        assert any(timeout_line in text for text in app.group_texts()[told:])
    raise AssertionError("the silent game did not finish")


async def _decisions(app: App, game_id: int) -> list[tuple[str, int, str, str, ActorKind]]:
    """Replay the log: (decision, seat, action, timeout default, actor) per action."""
    table = await app.games.table(game_id)
    engine, game = table.engine, table.game
    state = engine.setup(game.options, len(table.seats), game.seed).state
    out = []
    for record in await reads.action_log(app.games.uow_factory, game_id=game_id):
        decision = engine.view(state, None).decision
        default = engine.encode_action(engine.default_action(state, record.seat))
        out.append((decision, record.seat, record.action, default, record.actor))
        state = logged_step(engine, state, record.seat, record.action, checked=False).state
    return out


async def test_a_silent_colt_table_finishes_by_timeouts_on_the_turn_timer() -> None:
    """Nobody ever plays and no bot takes over: every decision gets its timeout default."""
    clock = HandClock(START)
    app = _app(clock)
    game_id = await _running(app, 4, {"expert": True}, strikes=0)
    await _until_over(app, clock, game_id)
    game = await reads.load_game(app.games.uow_factory, game_id=game_id)
    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    log = await _decisions(app, game_id)
    # a clock ran out, then the rest of that turn was played at once (absent)
    assert {actor for *_, actor in log} == {ActorKind.TIMEOUT, ActorKind.ABSENT}
    for decision, seat, action, default, _ in log:
        assert action == default, (decision, seat, action, default)
    kinds = Counter(decision for decision, *_ in log)
    assert kinds["scheme"] >= 5 * 4 * 3  # five rounds, four seats, at least three turns
    assert kinds["discard"] >= 5 * 4  # the expert discard: every seat, every round
    assert set(kinds) & STEAL_DECISIONS, kinds
    assert not await app.bot_seats(game_id)
    final = [call for call in app.bot.to(CHAT) if "text" in call][-1]["text"]
    assert t("pt-BR", "🏁 Game over. Scores:") in final


async def test_strikes_hand_silent_colt_seats_to_bots_that_finish_the_game() -> None:
    """Two players (the team set-up owed by both at once): after two timeouts in a row a
    seat is the bot's, and the bots play the game to its end."""
    clock = HandClock(START)
    app = _app(clock)
    game_id = await _running(app, 2, {}, strikes=2)
    await _until_over(app, clock, game_id)
    game = await reads.load_game(app.games.uow_factory, game_id=game_id)
    assert game.status is GameStatus.FINISHED
    log = await _decisions(app, game_id)
    assert log[0][0] == log[1][0] == "team_setup"  # both seats owe the set-up at once
    assert {seat for _, seat, *_ in log[:2]} == {0, 1}
    for decision, seat, action, default, actor in log:
        if actor is ActorKind.TIMEOUT:
            assert action == default, (decision, seat, action, default)
    for seat in (0, 1):
        actors = [actor for _, s, *_, actor in log if s == seat]
        assert actors[:2] == [ActorKind.TIMEOUT] * 2
        assert set(actors[2:]) == {ActorKind.BOT}
    assert await app.bot_seats(game_id) == {0, 1}
    note = t("pt-BR", "🤖 A bot now plays for {name}; /back brings the player back.",
             name="Ana")
    assert any(note in c.get("text", "") for c in app.bot.to(CHAT))  # the group is told


async def test_colt_decisions_run_on_the_turn_timer_and_dice_keeps_its_clocks() -> None:
    """clock_for asks the engine's prompts: every Colt decision is a turn; the dice game's
    reactions keep the reaction timer."""
    clock = HandClock(START)
    app = _app(clock)
    colt = await _running(app, 3, {}, strikes=3)
    table = await app.games.table(colt)
    assert clock_for(table.game, table.state, table.engine) == TIMERS["turn_seconds"]
    assert table.game.deadline_at == START + TURN
    dice = await lobby.open_lobby(app.games.uow_factory, chat_id=CHAT - 1, topic_id=None,
                                  kind="bang_dice", options={}, creator=Player(11, "D"),
                                  now=app.games.now)
    for user in (12, 13, 14):
        await lobby.join_lobby(app.games.uow_factory, game_id=dice,
                               player=Player(user, f"D{user}"), now=app.games.now)
    await lobby.set_lobby(app.games.uow_factory, game_id=dice, lobby={"timers": TIMERS})
    await app.games.start(dice)
    table = await app.games.table(dice)
    view = table.engine.view(table.state, None)
    expected = TIMERS["turn_seconds"] if view.active in table.engine.to_act(table.state) \
        else TIMERS["reaction_seconds"]
    assert clock_for(table.game, table.state, table.engine) == expected
    assert timers_of(table.game).turn_seconds == TIMERS["turn_seconds"]


async def test_a_colt_table_starts_with_two_to_six_players_and_says_so_otherwise() -> None:
    """The lobby takes the player counts from the engine: alone at the table, Start is
    refused with a translated pop-up naming them; with a second player it deals."""
    clock = HandClock(START)
    games = GameService(fake_uow_factory(MemoryStore()), now=clock, seed_source=lambda: 3)
    bot = FakeBot()
    context = context_for(games, bot)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=CHAT, topic_id=None,
                                     kind="colt_express", options={}, creator=Player(1, "Ana"),
                                     now=games.now)
    update, query = press(1)
    await lobby_button(update, context, LobbyOp(game_id, "start"))
    assert query.answers == [(t("pt-BR", "{game} is played by {least} to {most} players.",
                                game="Colt Express", least=2, most=6), True)]
    game = await reads.load_game(games.uow_factory, game_id=game_id)
    assert game.status is GameStatus.LOBBY
    await lobby.join_lobby(games.uow_factory, game_id=game_id, player=Player(2, "Bruno"),
                           now=games.now)
    update, query = press(1)
    await lobby_button(update, context, LobbyOp(game_id, "start"))
    await deliverer_of(context).idle()
    assert query.answers == [(None, False)]
    game = await reads.load_game(games.uow_factory, game_id=game_id)
    assert game.status is GameStatus.RUNNING
    assert bot.to(CHAT, "send")[-1]["text"].startswith("🚂 <b>Colt Express</b>")  # the table
