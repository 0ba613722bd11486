"""The lobby commands: open, join, leave, bots, start, cancel; users and chats."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime

import pytest

from core.engine.errors import GameOver, InvalidSetup
from core.engine.registry import get_game
from storage.clock import Clock
from storage.errors import (
    AlreadySeated,
    GameNotFound,
    LobbyFull,
    NotInLobby,
    NotSeated,
    StorageError,
    TableBusy,
)
from storage.models import ActorKind, Game, GameStatus, Seat
from storage.replay import check_games
from storage.uow import UnitOfWorkFactory
from tests.storage.conftest import Backend
from tests.storage.play import KIND, play_one
from tgbot.service import game_status, lobby, notes, profiles, reads
from tgbot.service.commands import Player, apply_action
from tgbot.service.scene import Hooks, Outbound, Scene

ENGINE = get_game(KIND)
CHAT = -100200
DEADLINE = datetime(2031, 1, 1, tzinfo=UTC)


def user(n: int) -> Player:
    return Player(100 + n, f"player {n}")


async def _open(
    uow: UnitOfWorkFactory, clock: Clock, *, chat_id: int = CHAT, topic_id: int | None = None
) -> int:
    return await lobby.open_lobby(
        uow,
        chat_id=chat_id,
        topic_id=topic_id,
        kind=KIND,
        options={},
        creator=user(0),
        now=clock,
    )


async def _holders(uow: UnitOfWorkFactory, game_id: int) -> list[tuple[int, int | None, bool]]:
    return [(s.seat, s.user_id, s.is_bot) for s in await reads.seats_of(uow, game_id=game_id)]


async def _lobby_of(uow: UnitOfWorkFactory, clock: Clock, players: int) -> int:
    """Open a lobby and seat `players` users in all (the creator included)."""
    game_id = await _open(uow, clock)
    for n in range(1, players):
        await lobby.join_lobby(uow, game_id=game_id, player=user(n), now=clock)
    return game_id


async def test_full_lobby_flow(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    game_id = await _open(uow, clock)
    game = await reads.load_game(uow, game_id=game_id)
    assert (game.status, game.seed, game.version, game.snapshot) == (GameStatus.LOBBY, 0, 0, None)
    assert (game.creator_id, game.lobby, game.chat_id, game.topic_id) == (100, {}, CHAT, None)
    assert await _holders(uow, game_id) == [(0, 100, False)]

    indices = [
        await lobby.join_lobby(uow, game_id=game_id, player=user(n), now=clock)
        for n in (1, 2, 3, 4)
    ]
    assert indices == [1, 2, 3, 4]
    await lobby.leave_lobby(uow, game_id=game_id, user_id=102, now=clock)
    assert await _holders(uow, game_id) == [
        (0, 100, False),
        (1, 101, False),
        (2, 103, False),
        (3, 104, False),
    ]
    assert await lobby.add_bot(uow, game_id=game_id, now=clock) == 4
    await lobby.leave_lobby(uow, game_id=game_id, user_id=100, now=clock)  # the creator
    assert await _holders(uow, game_id) == [
        (0, 101, False),
        (1, 103, False),
        (2, 104, False),
        (3, None, True),
    ]
    game = await reads.load_game(uow, game_id=game_id)
    assert (game.creator_id, game.status) == (100, GameStatus.LOBBY)
    assert game.updated_at > game.created_at

    applied = await game_status.start_game(uow, game_id=game_id, seed=42, now=clock)
    dealt = ENGINE.setup({}, 4, 42)
    assert (applied.game_id, applied.status, applied.outcome) == (game_id, GameStatus.RUNNING, None)
    assert applied.version == ENGINE.version(dealt.state)
    assert [e.to_json() for e in applied.events] == [e.to_json() for e in dealt.events]
    game = await reads.load_game(uow, game_id=game_id)
    assert (game.status, game.seed, game.version) == (GameStatus.RUNNING, 42, applied.version)
    assert game.snapshot == ENGINE.dump_state(dealt.state)
    assert [report.ok for report in await check_games(uow, game_id=game_id)] == [True]

    step = await play_one(uow, clock, game_id)
    assert step is not None
    assert step.version == applied.version + 1
    assert [report.ok for report in await check_games(uow, game_id=game_id)] == [True]


async def test_a_table_is_busy_per_chat_and_topic(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    first = await _open(uow, clock)
    with pytest.raises(TableBusy) as busy:
        await _open(uow, clock)
    assert busy.value.game_id == first
    in_topic = await _open(uow, clock, topic_id=7)
    with pytest.raises(TableBusy) as busy:
        await _open(uow, clock, topic_id=7)
    assert busy.value.game_id == in_topic
    await _open(uow, clock, topic_id=8)
    await _open(uow, clock, chat_id=CHAT - 1)

    assert await reads.active_game(uow, chat_id=CHAT, topic_id=None) == await reads.load_game(
        uow, game_id=first
    )
    assert await _active_id(uow, topic_id=7) == in_topic
    assert await _active_id(uow, topic_id=9) is None

    # A running game keeps the table busy; an aborted one frees it.
    for n in (1, 2):
        await lobby.join_lobby(uow, game_id=first, player=user(n), now=clock)
    await game_status.start_game(uow, game_id=first, seed=1, now=clock)
    with pytest.raises(TableBusy):
        await _open(uow, clock)
    assert await _active_id(uow, topic_id=None) == first
    await game_status.cancel_game(uow, game_id=first, now=clock)
    assert await _active_id(uow, topic_id=None) is None
    assert await _open(uow, clock) != first


async def _active_id(uow: UnitOfWorkFactory, *, topic_id: int | None) -> int | None:
    game = await reads.active_game(uow, chat_id=CHAT, topic_id=topic_id)
    return None if game is None else game.id


async def test_open_lobby_refuses_an_unknown_kind(backend: Backend, clock: Clock) -> None:
    with pytest.raises(InvalidSetup):
        await lobby.open_lobby(
            backend.uow,
            chat_id=CHAT,
            topic_id=None,
            kind="chess",
            options={},
            creator=user(0),
            now=clock,
        )
    assert await reads.active_game(backend.uow, chat_id=CHAT, topic_id=None) is None


async def test_seat_errors(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    game_id = await _open(uow, clock)
    with pytest.raises(AlreadySeated):
        await lobby.join_lobby(uow, game_id=game_id, player=user(0), now=clock)
    with pytest.raises(NotSeated):
        await lobby.leave_lobby(uow, game_id=game_id, user_id=999, now=clock)
    with pytest.raises(NotSeated):
        await lobby.remove_seat(uow, game_id=game_id, seat=3, now=clock)
    with pytest.raises(GameNotFound):
        await lobby.join_lobby(uow, game_id=game_id + 1000, player=user(1), now=clock)
    with pytest.raises(ValueError, match="add_bot"):
        await lobby.join_lobby(uow, game_id=game_id, player=Player(None), now=clock)

    for n in range(1, 7):
        await lobby.join_lobby(uow, game_id=game_id, player=user(n), now=clock)
    assert await lobby.add_bot(uow, game_id=game_id, now=clock) == 7
    assert ENGINE.max_players == 8
    with pytest.raises(LobbyFull):
        await lobby.join_lobby(uow, game_id=game_id, player=user(8), now=clock)
    with pytest.raises(LobbyFull):
        await lobby.add_bot(uow, game_id=game_id, now=clock)
    with pytest.raises(AlreadySeated):  # a seated user hears that first, even when full
        await lobby.join_lobby(uow, game_id=game_id, player=user(3), now=clock)
    assert len(await reads.seats_of(uow, game_id=game_id)) == 8

    await game_status.start_game(uow, game_id=game_id, seed=3, now=clock)
    not_in_lobby: list[Callable[[], Awaitable[object]]] = [
        lambda: lobby.join_lobby(uow, game_id=game_id, player=user(9), now=clock),
        lambda: lobby.add_bot(uow, game_id=game_id, now=clock),
        lambda: lobby.leave_lobby(uow, game_id=game_id, user_id=101, now=clock),
        lambda: lobby.remove_seat(uow, game_id=game_id, seat=7, now=clock),
        lambda: game_status.start_game(uow, game_id=game_id, seed=4, now=clock),
        lambda: lobby.set_options(uow, game_id=game_id, options={}),
        lambda: lobby.set_lobby(uow, game_id=game_id, lobby={}),
    ]
    for command in not_in_lobby:
        with pytest.raises(NotInLobby):
            await command()
    # Front notes (a reminder's mention, /extend) may change on a running game.
    await notes.set_note(uow, game_id=game_id, key="extended_turn", value=2)
    stored = await reads.load_game(uow, game_id=game_id)
    assert stored.lobby["extended_turn"] == 2
    assert stored.status is GameStatus.RUNNING
    assert len(await reads.seats_of(uow, game_id=game_id)) == 8
    assert (await reads.load_game(uow, game_id=game_id)).seed == 3


def test_lobby_errors_are_storage_errors_with_codes() -> None:
    codes = {
        error.code
        for error in (TableBusy("x", game_id=1), NotInLobby(), AlreadySeated(), NotSeated())
    }
    assert codes == {"table_busy", "not_in_lobby", "already_seated", "not_seated"}
    assert issubclass(LobbyFull, StorageError)
    assert LobbyFull.code == "lobby_full"


async def test_too_few_players_cannot_start(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    game_id = await _lobby_of(uow, clock, ENGINE.min_players - 1)
    with pytest.raises(InvalidSetup, match=f"played by {ENGINE.min_players} to"):
        await game_status.start_game(uow, game_id=game_id, seed=1, now=clock)
    game = await reads.load_game(uow, game_id=game_id)
    assert (game.status, game.snapshot, game.seed) == (GameStatus.LOBBY, None, 0)
    await lobby.add_bot(uow, game_id=game_id, now=clock)
    assert (await game_status.start_game(uow, game_id=game_id, seed=1, now=clock)).status is (
        GameStatus.RUNNING
    )


async def test_options_refused_by_the_engine_leave_the_lobby_open(
    backend: Backend, clock: Clock
) -> None:
    uow = backend.uow
    game_id = await _lobby_of(uow, clock, 4)
    await lobby.set_options(uow, game_id=game_id, options={"no such option": True}, now=clock)
    assert (await reads.load_game(uow, game_id=game_id)).options == {"no such option": True}
    with pytest.raises(InvalidSetup):
        await game_status.start_game(uow, game_id=game_id, seed=1, now=clock)
    assert (await reads.load_game(uow, game_id=game_id)).status is GameStatus.LOBBY
    await lobby.set_options(uow, game_id=game_id, options={})
    await lobby.set_lobby(uow, game_id=game_id, lobby={"max_players": 6, "bots": 1}, now=clock)
    applied = await game_status.start_game(uow, game_id=game_id, seed=9, now=clock)
    game = await reads.load_game(uow, game_id=game_id)
    assert game.lobby == {"max_players": 6, "bots": 1}
    assert game.snapshot == ENGINE.dump_state(ENGINE.setup({}, 4, 9).state)
    assert applied.status is GameStatus.RUNNING


async def test_remove_seat_renumbers(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    game_id = await _lobby_of(uow, clock, 2)
    await lobby.add_bot(uow, game_id=game_id, now=clock)
    await lobby.join_lobby(uow, game_id=game_id, player=user(5), now=clock)
    await lobby.remove_seat(uow, game_id=game_id, seat=2, now=clock)
    assert await _holders(uow, game_id) == [(0, 100, False), (1, 101, False), (2, 105, False)]
    await lobby.leave_lobby(uow, game_id=game_id, user_id=105, now=clock)  # the last seat
    assert await _holders(uow, game_id) == [(0, 100, False), (1, 101, False)]


async def test_cancel(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    in_lobby = await _lobby_of(uow, clock, 2)
    await game_status.cancel_game(uow, game_id=in_lobby, now=clock)
    assert (await reads.load_game(uow, game_id=in_lobby)).status is GameStatus.ABORTED
    with pytest.raises(GameOver):
        await game_status.cancel_game(uow, game_id=in_lobby, now=clock)
    with pytest.raises(NotInLobby):
        await lobby.join_lobby(uow, game_id=in_lobby, player=user(7), now=clock)

    running = await _lobby_of(uow, clock, 3)
    applied = await game_status.start_game(uow, game_id=running, seed=2, now=clock)
    await game_status.cancel_game(uow, game_id=running, now=clock)
    game = await reads.load_game(uow, game_id=running)
    assert (game.status, game.version) == (GameStatus.ABORTED, applied.version)
    with pytest.raises(GameOver):
        await apply_action(
            uow,
            game_id=running,
            seat=0,
            action_text="s",
            expected_version=applied.version,
            actor=ActorKind.HUMAN,
            now=clock,
        )
    with pytest.raises(GameNotFound):
        await game_status.cancel_game(uow, game_id=running + 1000, now=clock)


async def test_games_of_user(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    running = await _lobby_of(uow, clock, 3)
    await game_status.start_game(uow, game_id=running, seed=1, now=clock)
    waiting = await _open(uow, clock, topic_id=5)
    other_chat = await _open(uow, clock, chat_id=CHAT - 9)
    await lobby.join_lobby(uow, game_id=other_chat, player=user(1), now=clock)
    aborted = await _open(uow, clock, topic_id=6)
    await lobby.join_lobby(uow, game_id=aborted, player=user(1), now=clock)
    await game_status.cancel_game(uow, game_id=aborted, now=clock)

    async def ids(user_id: int) -> list[int | None]:
        return [game.id for game in await reads.games_of_user(uow, user_id=user_id)]

    assert await ids(100) == [running, waiting, other_chat]
    assert await ids(101) == [running, other_chat]
    assert await ids(555) == []


async def test_start_game_lets_bots_follow_and_writes_the_outbox(
    backend: Backend, clock: Clock
) -> None:
    uow = backend.uow
    game_id = await _open(uow, clock)
    for _ in range(3):
        await lobby.add_bot(uow, game_id=game_id, now=clock)
    dealt = ENGINE.setup({}, 4, 1)
    assert sorted(ENGINE.to_act(dealt.state)) == [1]  # a bot owes the first decision
    seen: list[tuple[int | None, list[bool]]] = []

    def rule(game: Game, seats: Sequence[Seat], state: object) -> tuple[datetime, None]:
        seen.append((game.id, [row.is_bot for row in seats]))
        return DEADLINE, None

    def outbox(scene: Scene) -> list[Outbound]:
        return [Outbound("table", scene.game.chat_id, {"version": scene.game.version,
                                                       "events": len(scene.events)})]

    applied = await game_status.start_game(uow, game_id=game_id, seed=1, now=clock,
                                     hooks=Hooks(deadline=rule, outbox=outbox))
    log = await reads.action_log(uow, game_id=game_id)
    assert log
    assert {record.actor for record in log} == {ActorKind.BOT}
    assert 0 not in {record.seat for record in log}
    assert [record.version for record in log] == \
        list(range(ENGINE.version(dealt.state) + 1, applied.version + 1))
    assert [e.to_json() for e in applied.events][:len(dealt.events)] == \
        [e.to_json() for e in dealt.events]
    assert len(applied.events) > len(dealt.events)
    game = await reads.load_game(uow, game_id=game_id)
    assert game.version == applied.version
    assert applied.status is GameStatus.RUNNING
    assert sorted(ENGINE.to_act(applied.state)) == [0]  # the bots stop at the human
    assert seen == [(game_id, [False, True, True, True])]
    assert game.deadline_at == DEADLINE
    async with uow() as work:
        [row] = await work.deliveries.of_game(game_id=game_id)
    assert (row.key, row.chat_id, row.revision, row.sent_revision) == ("table", CHAT, 1, 0)
    assert row.payload == {"version": applied.version, "events": len(applied.events)}
    assert row.due_at is not None
    assert row.due_at > game.updated_at
    assert applied.scene is not None
    assert applied.scene.written == [row]
    [report] = await check_games(uow, game_id=game_id)
    assert report.ok, report.line()


async def test_upsert_user_keeps_what_is_not_given(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    made = await profiles.upsert_user(
        uow, user_id=7, display_name="Ana", language=None, can_dm=True, now=clock
    )
    assert (made.id, made.display_name, made.language, made.can_dm) == (7, "Ana", None, True)
    kept = await profiles.upsert_user(
        uow, user_id=7, display_name="Ana B", language="en", can_dm=None, now=clock
    )
    assert (kept.display_name, kept.language, kept.can_dm) == ("Ana B", "en", True)
    await profiles.upsert_user(
        uow, user_id=7, display_name="Ana B", language=None, can_dm=False, now=clock
    )
    stored = await profiles.get_user(uow, user_id=7)
    assert stored is not None
    assert (stored.display_name, stored.language, stored.can_dm) == ("Ana B", "en", False)
    assert stored.created_at == made.created_at

    long = await profiles.upsert_user(
        uow, user_id=8, display_name="x" * 200, language=None, can_dm=None, now=clock
    )
    assert (len(long.display_name), long.can_dm) == (128, False)
    with pytest.raises(ValueError, match="language"):
        await profiles.upsert_user(
            uow, user_id=8, display_name="x", language="y" * 17, can_dm=None, now=clock
        )

    await profiles.set_user_language(uow, user_id=7, language="pt-BR", now=clock)
    await profiles.set_user_language(uow, user_id=9, language="es", now=clock)  # unknown: stored
    assert [
        (u.language if u else None)
        for u in [await profiles.get_user(uow, user_id=i) for i in (7, 8, 9)]
    ] == ["pt-BR", None, "es"]
    await profiles.set_user_language(uow, user_id=7, language=None, now=clock)
    assert (await profiles.get_user(uow, user_id=7) or made).language is None
    assert await profiles.get_user(uow, user_id=404) is None


async def test_upsert_user_writes_only_changes(clock: Clock) -> None:
    from tests.support.fake_uow import MemoryStore, fake_uow_factory

    store = MemoryStore()
    uow = fake_uow_factory(store)
    for _ in range(3):
        await profiles.upsert_user(
            uow, user_id=7, display_name="Ana", language=None, can_dm=None, now=clock
        )
    await profiles.get_or_create_chat(uow, chat_id=1, now=clock)
    await profiles.get_or_create_chat(uow, chat_id=1, now=clock)
    assert store.commits == 2


async def test_chats(backend: Backend, clock: Clock) -> None:
    uow = backend.uow
    chat = await profiles.get_or_create_chat(uow, chat_id=CHAT, now=clock)
    again = await profiles.get_or_create_chat(uow, chat_id=CHAT, now=clock)
    assert (chat.id, chat.language) == (CHAT, "pt-BR")
    assert again.created_at == chat.created_at
    await profiles.set_chat_language(uow, chat_id=CHAT, language="en", now=clock)
    await profiles.set_chat_language(uow, chat_id=CHAT + 1, language="es", now=clock)
    assert (await profiles.get_or_create_chat(uow, chat_id=CHAT, now=clock)).language == "en"
    assert (await profiles.get_or_create_chat(uow, chat_id=CHAT + 1, now=clock)).language == "es"
    with pytest.raises(ValueError, match="language"):
        await profiles.set_chat_language(uow, chat_id=CHAT, language="", now=clock)

    # A lobby keeps the chat's settings; opening one in a new chat stores the chat.
    await _open(uow, clock)
    assert (await profiles.get_or_create_chat(uow, chat_id=CHAT, now=clock)).language == "en"
    await _open(uow, clock, chat_id=CHAT + 2)
    async with uow() as work:
        assert await work.chats.get(chat_id=CHAT + 2) is not None


async def test_racing_joins_get_distinct_seats(backend: Backend, clock: Clock) -> None:
    """PostgreSQL serialises racing joins on the row lock: all succeed. SQLite has no row
    locks: a join that loses the race fails with a database error (the bot handles updates
    one at a time on SQLite), but no seat is ever given twice or skipped."""
    uow = backend.uow
    game_id = await _open(uow, clock)
    for n in range(1, 8):
        await profiles.upsert_user(
            uow, user_id=100 + n, display_name=f"p{n}", language=None, can_dm=True, now=clock
        )
    results = await asyncio.gather(
        *(lobby.join_lobby(uow, game_id=game_id, player=user(n), now=clock) for n in range(1, 8)),
        return_exceptions=True,
    )
    seats = [r for r in results if isinstance(r, int)]
    failures = [r for r in results if not isinstance(r, int)]
    if backend.name != "sqlite":
        assert failures == []
    assert all(type(f).__name__ in ("IntegrityError", "OperationalError") for f in failures)
    assert len(seats) == len(set(seats)) >= 1
    assert [s.seat for s in await reads.seats_of(uow, game_id=game_id)] == list(
        range(len(seats) + 1))


async def test_racing_opens_leave_one_table(backend: Backend, clock: Clock) -> None:
    """However the race goes, one table is open; the others are refused (on SQLite a loser
    may also get a database busy error instead of TableBusy)."""
    uow = backend.uow
    await profiles.get_or_create_chat(uow, chat_id=CHAT, now=clock)
    results = await asyncio.gather(*(_open(uow, clock) for _ in range(5)), return_exceptions=True)
    opened = [result for result in results if isinstance(result, int)]
    assert len(opened) == 1
    allowed = (TableBusy,) if backend.name != "sqlite" else (TableBusy, Exception)
    assert all(isinstance(result, allowed) for result in results if result not in opened)
    assert await _active_id(uow, topic_id=None) == opened[0]
