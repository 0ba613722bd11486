"""Each owed decision rings its player exactly once, and nobody else (the service's outbox
and delivery loop, a recording fake Telegram, a hand-moved clock).

A "ring" is what makes a phone ring on Telegram: a new private message sent without
`disable_notification`, or a new group message that mentions the user. Edits never ring.
The games are played to their end by their players pressing buttons (a bot's choice
among the buttons they were shown); only the decisions nobody can press (Old Saloon's
identity windows, for seats without the card) are left to their clock.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest

from core.engine.protocol import Prompt
from storage.models import GameStatus
from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, wire
from tests.tgbot.rings import MENTION, Told, rings_of
from tgbot.i18n import t
from tgbot.jobs.sweep import sweep
from tgbot.service import lobby, profiles, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
CHAT = -100777
WINDOW = timedelta(seconds=600)  # the identity windows' grace (the default)
TIME_IS_UP = t("pt-BR", "⏰ Time is up for {name}: the default move was played, "
                        "and the rest of this turn is played the same way.", name="")[:8]
ALL_MODULES = {"modules": ["saloon_dice", "chief_arrow", "special_identities", "new_characters",
                           "ghost"]}
GAMES = [("bang_dice", ALL_MODULES, 5), ("colt_express", {}, 4), ("bang_cards", {}, 5),
         ("bang_cards", {"gold_rush": True}, 4)]


@dataclass
class Table:
    """A running game of human players, the service, the fake Telegram and the clock."""

    games: GameService
    clock: HandClock
    bot: FakeBot = field(default_factory=FakeBot)
    game_id: int = 0
    rings: int = 0
    turns: int = 0
    windows: int = 0

    def __post_init__(self) -> None:
        self.deliverer = wire(self.games, self.bot)

    async def open(self, kind: str, options: dict[str, Any], players: int,
                   timers: dict[str, Any] | None = None, *, reachable: bool = True) -> None:
        """Open the lobby of `players`, who opened the bot's private chat (`reachable`) or
        never did."""
        uow, now = self.games.uow_factory, self.games.now
        self.game_id = await lobby.open_lobby(uow, chat_id=CHAT, topic_id=None, kind=kind,
                                              options=options, creator=Player(1, "P1"),
                                              now=now)
        for user in range(2, players + 1):
            await lobby.join_lobby(uow, game_id=self.game_id, player=Player(user, f"P{user}"),
                                   now=now)
        await lobby.set_lobby(uow, game_id=self.game_id, lobby={"timers": timers or {}})
        for user in range(1, players + 1):
            await profiles.upsert_user(uow, user_id=user, display_name=f"P{user}",
                                       language=None, can_dm=reachable, now=now)

    def mark(self) -> int:
        return len(self.bot.calls)

    async def rung(self, since: int) -> Counter[int]:
        """Return how many times each user was rung by the calls made since `since`."""
        await self.deliverer.idle()
        return rings_of(self.bot.calls[since:])


def choice(engine: Any, state: Any, prompt: Prompt) -> str:
    """Return the button a player presses: the bot's choice if it is one of his buttons."""
    shown = (*prompt.public, *prompt.private)
    wanted = engine.encode_action(engine.bot_action(state, prompt.seat))
    return wanted if wanted in shown else shown[0]


async def play_to_the_end(table: Table, *, limit: int = 3000) -> int:
    """Play the table to its end, checking the rings of every command; return the number
    of commands."""
    games = table.games
    since = table.mark()
    await games.start(table.game_id)
    current = await games.table(table.game_id)
    users = {row.seat: row.user_id for row in current.seats}
    engine = current.engine
    told = Told(users)
    assert await table.rung(since) == told.expected(engine, None, current.state)
    for count in range(limit):
        before = await games.table(table.game_id)
        if before.game.status is not GameStatus.RUNNING:
            return count
        since = table.mark()
        pressable = [p for p in engine.prompts(before.state) if p.public or p.private]
        if pressable:
            prompt = pressable[0]
            await games.play(table.game_id, users[prompt.seat], before.game.version,
                             choice(engine, before.state, prompt))
        else:  # nobody can press: an identity window runs its grace out, whoever holds what
            assert before.game.deadline_at == table.clock.moment + WINDOW
            table.clock.moment = before.game.deadline_at
            assert await sweep(table) == 0  # a window's end times nobody out
            await table.deliverer.idle()
            assert not any(TIME_IS_UP in call.get("text", "") for _, call in
                           table.bot.calls[since:])  # and names nobody
            table.windows += 1
        after = await games.table(table.game_id)
        rung = await table.rung(since)
        assert rung == told.expected(engine, before.state, after.state), \
            (count, [p.decision for p in engine.prompts(after.state)])
        table.rings += sum(rung.values())
        table.turns += engine.turn_marker(after.state) != engine.turn_marker(before.state)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("kind", "options", "players"), GAMES,
                         ids=["dice_old_saloon", "colt", "cards", "cards_gold_rush"])
async def test_every_owed_decision_rings_its_player_once(
        kind: str, options: dict[str, Any], players: int) -> None:
    clock = HandClock(START)
    table = Table(GameService(fake_uow_factory(MemoryStore()), now=clock,
                              seed_source=lambda: 7), clock)
    await table.open(kind, options, players)
    commands = await play_to_the_end(table)
    assert commands > 20
    assert table.rings >= table.turns > 5  # each turn rang its player, and the reactions
    assert table.windows > 0 or kind != "bang_dice"
    game = await reads.load_game(table.games.uow_factory, game_id=table.game_id)
    assert game.status is GameStatus.FINISHED
    seats = await reads.seats_of(table.games.uow_factory, game_id=table.game_id)
    assert [row.strikes for row in seats] == [0] * players  # no window struck anyone
    assert not any(row.is_bot for row in seats)


async def _dice_table(clock: HandClock, notify: dict[int, str] | None = None,
                      timers: dict[str, Any] | None = None) -> Table:
    table = Table(GameService(fake_uow_factory(MemoryStore()), now=clock,
                              seed_source=lambda: 3), clock)
    await table.open("bang_dice", {}, 4, timers)
    for user, value in (notify or {}).items():
        await profiles.set_user_setting(table.games.uow_factory, user_id=user, name="notify",
                                        value=value, now=clock)
    return table


async def _first_player(table: Table) -> tuple[int, int]:
    """Return the seat and user the started dice table waits for."""
    current = await table.games.table(table.game_id)
    [seat] = current.engine.to_act(current.state)
    user = current.user_of(seat)
    assert user is not None
    return seat, user


async def test_a_turn_start_is_a_mention_in_the_new_table_message_and_rerolls_ring_no_more(
        ) -> None:
    clock = HandClock(START)
    table = await _dice_table(clock)
    since = table.mark()
    await table.games.start(table.game_id)
    _, user = await _first_player(table)
    assert await table.rung(since) == Counter({user: 1})
    [table_post] = [c for name, c in table.bot.calls[since:]
                    if name == "send" and c["chat_id"] == CHAT and "tg://user" in c["text"]]
    assert MENTION.findall(table_post["text"]) == [str(user)]
    assert "⏰" in table_post["text"]  # the table says until when its clock runs
    current = await table.games.table(table.game_id)
    since = table.mark()
    await table.games.play(table.game_id, user, current.game.version, "r01")  # a re-roll
    assert await table.rung(since) == Counter()  # still his move: not rung again


async def test_a_player_who_asked_for_dm_is_told_in_private_and_off_rings_nobody() -> None:
    clock = HandClock(START)
    table = await _dice_table(clock, notify={1: "dm", 2: "dm", 3: "dm", 4: "dm"})
    since = table.mark()
    await table.games.start(table.game_id)
    _, user = await _first_player(table)
    assert await table.rung(since) == Counter({user: 1})
    [dm] = [c for name, c in table.bot.calls[since:]
            if name == "send" and c["chat_id"] == user and "🔔" in c["text"]]
    assert "BANG!" in dm["text"]  # it names the game
    silent = await _dice_table(HandClock(START), notify={1: "off", 2: "off", 3: "off",
                                                         4: "off"})
    since = silent.mark()
    await silent.games.start(silent.game_id)
    assert await silent.rung(since) == Counter()


async def test_in_quiet_hours_the_ring_waits_for_their_end() -> None:
    clock = HandClock(datetime(2026, 3, 2, 23, 30, tzinfo=UTC))
    quiet = {"quiet_start": time(23, 0).isoformat(), "quiet_end": time(8, 0).isoformat(),
             "timezone": "UTC"}
    table = await _dice_table(clock, timers=quiet)
    since = table.mark()
    await table.games.start(table.game_id)
    assert await table.rung(since) == Counter()
    _, user = await _first_player(table)
    game = await reads.load_game(table.games.uow_factory, game_id=table.game_id)
    morning = datetime(2026, 3, 3, 8, 0, tzinfo=UTC)
    assert game.remind_at == morning
    clock.moment = morning
    since = table.mark()
    await sweep(table)
    assert await table.rung(since) == Counter({user: 1})
    game = await reads.load_game(table.games.uow_factory, game_id=table.game_id)
    assert game.remind_at is not None
    assert game.remind_at > morning
    since = table.mark()
    await sweep(table)
    assert await table.rung(since) == Counter()



@pytest.mark.parametrize("reachable", [True, False], ids=["private-chat-open", "never-opened"])
async def test_a_player_the_bot_cannot_write_to_is_mentioned_in_the_group(
        reachable: bool) -> None:
    clock = HandClock(START)
    table = Table(GameService(fake_uow_factory(MemoryStore()), now=clock,
                              seed_source=lambda: 7), clock)
    await table.open("colt_express", {}, 3, reachable=reachable)
    since = table.mark()
    await table.games.start(table.game_id)
    current = await table.games.table(table.game_id)
    [prompt] = [p for p in current.engine.prompts(current.state) if p.private]
    assert not prompt.public  # a decision made in private (a hand of cards)
    user = current.user_of(prompt.seat)
    assert user is not None
    await table.deliverer.idle()
    calls = table.bot.calls[since:]
    in_group = rings_of([(name, call) for name, call in calls if call.get("chat_id") == CHAT])
    prompted = [call for name, call in calls if name == "send" and call.get("chat_id") == user]
    assert prompted  # his prompt is written to his private chat either way (kept till he opens it)
    # who never opened the private chat hears of his move in the group; the others there
    assert in_group == (Counter() if reachable else Counter({user: 1}))


async def test_a_window_never_names_its_holder_in_the_group_though_he_has_no_private_chat(
        ) -> None:
    clock = HandClock(START)
    table = Table(GameService(fake_uow_factory(MemoryStore()), now=clock,
                              seed_source=lambda: 7), clock)
    await table.open("bang_dice", ALL_MODULES, 5, reachable=False)
    games = table.games
    await games.start(table.game_id)
    asked_by_windows = 0
    for _ in range(3000):
        before = await games.table(table.game_id)
        if before.game.status is not GameStatus.RUNNING:
            break
        engine, since = before.engine, table.mark()
        pressable = [p for p in engine.prompts(before.state) if p.public or p.private]
        if pressable:
            user = before.user_of(pressable[0].seat) or 0
            await games.play(table.game_id, user, before.game.version,
                             choice(engine, before.state, pressable[0]))
        else:  # an identity window nobody can press runs its grace out
            clock.moment = before.game.deadline_at or clock.moment
            await sweep(table)
        after = await games.table(table.game_id)
        await table.deliverer.idle()
        prompts = engine.prompts(after.state)
        turns = {after.user_of(p.seat) for p in prompts if p.clock != "window"}
        windows = {after.user_of(p.seat) for p in prompts
                   if p.clock == "window" and (p.public or p.private)} - turns
        asked_by_windows += bool(windows)
        in_group = rings_of([(name, call) for name, call in table.bot.calls[since:]
                             if call.get("chat_id") == CHAT])
        assert not set(in_group) & windows  # the group never learns whom a window asks
    assert asked_by_windows > 0
