"""Undo by consent on every store (memory, SQLite, PostgreSQL): a move taken back is logged
as "<" and replays exactly (`storage.replay`, and an export replayed with
`storage.action_log.replay_log`); one refusal keeps the move; a roll or a private draw is
never offered; the deadline returns to what it was before the move; a request about a move
the game has moved past is refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.engine.registry import get_game
from storage.action_log import UNDO, replay_log
from storage.clock import Clock
from storage.errors import StaleGame
from storage.export import export_games
from storage.models import ActorKind, Game
from storage.replay import check_games
from tests.storage.conftest import Backend
from tests.storage.play import play_to_end
from tests.support.clock import HandClock
from tgbot.service.commands import Applied, Player, apply_action, create_game
from tgbot.service.deadlines import seated_deadline_rule
from tgbot.service.scene import Hooks
from tgbot.service.undo import (
    UndoRefused,
    answer_undo,
    ask_undo,
    expire_undo,
    open_requests,
)
from tgbot.service.undo_offer import ASKED, EXPIRED, REFUSED, UNDONE, offer_of

COLT = get_game("colt_express")
USERS = (100, 101, 102)  # seat 0, 1, 2
SEED = 1  # Colt Express, 3 players: seat 2 schemes first and may play a card face up


def hooks(clock: Clock) -> Hooks:
    """The service's deadline rule (nothing rendered)."""
    return Hooks(deadline=seated_deadline_rule(clock, get_game))


async def _colt(backend: Backend, clock: Clock, *, bots: int = 0) -> int:
    players = [Player(user, f"P{user}") for user in USERS[:3 - bots]] + [Player(None)] * bots
    game_id = await create_game(backend.uow, chat_id=-5, kind="colt_express", options={},
                                seed=SEED, players=players, now=clock)
    # the first decision gets its clock, as after every command
    await apply_action(backend.uow, game_id=game_id, seat=2, action_text="p2r",
                       expected_version=0, actor=ActorKind.HUMAN, now=clock, hooks=hooks(clock))
    return game_id


async def _game(backend: Backend, game_id: int) -> Game:
    async with backend.uow() as uow:
        return await uow.games.get(game_id=game_id)


async def _play(backend: Backend, clock: Clock, game_id: int, action: str | None = None,
                ) -> Applied:
    """Have the seat owing the decision make `action` (its default when None), as a human."""
    game = await _game(backend, game_id)
    assert game.snapshot is not None
    state = COLT.load_state(game.snapshot)
    seat = min(COLT.to_act(state))
    text = action or COLT.encode_action(COLT.default_action(state, seat))
    return await apply_action(backend.uow, game_id=game_id, seat=seat, action_text=text,
                              expected_version=game.version, actor=ActorKind.HUMAN,
                              now=clock, hooks=hooks(clock))


async def test_allowed_when_everyone_agrees_and_the_log_replays_exactly(
    backend: Backend, clock: Clock
) -> None:
    game_id = await _colt(backend, clock)
    before = await _game(backend, game_id)  # seat 0 schemes now, on its clock
    moved = await _play(backend, clock, game_id, "p0r")  # a card face up [R-CE-20]
    assert moved.version == before.version + 1
    after_move = await _game(backend, game_id)
    assert after_move.deadline_at != before.deadline_at  # seat 1 got a fresh clock

    asked = await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0],
                           version=moved.version, now=clock, hooks=hooks(clock))
    offer = offer_of(asked.game)  # type: ignore[arg-type]
    assert offer is not None
    assert offer.status == ASKED
    assert offer.asked == (1, 2)
    await answer_undo(backend.uow, game_id=game_id, user_id=USERS[1], version=moved.version,
                      agree=True, now=clock, hooks=hooks(clock))
    assert (await _game(backend, game_id)).version == moved.version  # one still to answer
    done = await answer_undo(backend.uow, game_id=game_id, user_id=USERS[2],
                             version=moved.version, agree=True, now=clock, hooks=hooks(clock))

    game = await _game(backend, game_id)
    assert game.version == moved.version + 1
    assert offer_of(game) is not None
    assert offer_of(game).status == UNDONE
    assert (game.deadline_at, game.remind_at) == (before.deadline_at, before.remind_at)
    assert COLT.to_act(done.state) == frozenset({0})  # seat 0 schemes again
    assert before.snapshot is not None
    assert game.snapshot is not None
    assert game.snapshot.replace(f'"version":{game.version}', '"version":0') == \
        before.snapshot.replace(f'"version":{before.version}', '"version":0')
    async with backend.uow() as uow:
        log = await uow.actions.list(game_id=game_id)
    assert (log[-1].version, log[-1].seat, log[-1].action, log[-1].actor) == (
        game.version, 0, UNDO, ActorKind.HUMAN)
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()

    await play_to_end(backend.uow, clock, game_id)  # the game goes on to its end
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()
    [exported] = await export_games(backend.uow, game_id=game_id)
    final = await _game(backend, game_id)
    dealt = COLT.setup(exported["options"], len(exported["seats"]), exported["seed"]).state
    replayed = replay_log(COLT, dealt, [(a["seat"], a["action"]) for a in exported["actions"]])
    assert COLT.dump_state(replayed.state) == final.snapshot
    assert [a["action"] for a in exported["actions"]].count(UNDO) == 1


async def test_one_refusal_keeps_the_move(backend: Backend, clock: Clock) -> None:
    game_id = await _colt(backend, clock)
    moved = await _play(backend, clock, game_id, "p0r")
    snapshot = (await _game(backend, game_id)).snapshot
    await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=None, now=clock,
                   hooks=hooks(clock))
    await answer_undo(backend.uow, game_id=game_id, user_id=USERS[1], version=moved.version,
                      agree=True, now=clock, hooks=hooks(clock))
    await answer_undo(backend.uow, game_id=game_id, user_id=USERS[2], version=moved.version,
                      agree=False, now=clock, hooks=hooks(clock))
    game = await _game(backend, game_id)
    assert (game.version, game.snapshot) == (moved.version, snapshot)
    offer = offer_of(game)
    assert offer is not None
    assert (offer.status, offer.by) == (REFUSED, 2)
    with pytest.raises(UndoRefused) as asked_again:  # a refusal ends it: no second request
        await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=None,
                       now=clock, hooks=hooks(clock))
    assert asked_again.value.code == "not_undoable"
    with pytest.raises(UndoRefused) as late:
        await answer_undo(backend.uow, game_id=game_id, user_id=USERS[1],
                          version=moved.version, agree=True, now=clock, hooks=hooks(clock))
    assert late.value.code == "ended"
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()


async def test_not_offered_after_a_private_draw_or_a_roll(backend: Backend,
                                                         clock: Clock) -> None:
    game_id = await _colt(backend, clock)
    await _play(backend, clock, game_id, "d")  # drawing three cards shows them to him
    with pytest.raises(UndoRefused) as refused:
        await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=None,
                       now=clock, hooks=hooks(clock))
    assert refused.value.code == "not_undoable"

    dice = get_game("bang_dice")
    dice_id = await create_game(backend.uow, chat_id=-6, kind="bang_dice", options={},
                                seed=3, players=[Player(200 + i, f"D{i}") for i in range(4)],
                                now=clock)
    state = dice.setup({}, 4, 3).state
    seat = min(dice.to_act(state))
    reroll = next(a for a in dice.legal_actions(state, seat) if type(a).__name__ == "Reroll")
    await apply_action(backend.uow, game_id=dice_id, seat=seat,
                       action_text=dice.encode_action(reroll), expected_version=0,
                       actor=ActorKind.HUMAN, now=clock)
    with pytest.raises(UndoRefused) as rolled:
        await ask_undo(backend.uow, game_id=dice_id, user_id=200 + seat, version=None,
                       now=clock)
    assert rolled.value.code == "not_undoable"


async def test_the_next_move_ends_the_request(backend: Backend, clock: Clock) -> None:
    """The next player does not wait for the table: his press wins, the request is over,
    and a press made for the move taken back would be stale."""
    game_id = await _colt(backend, clock)
    moved = await _play(backend, clock, game_id, "p0r")
    await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=moved.version,
                   now=clock, hooks=hooks(clock))
    await _play(backend, clock, game_id)  # seat 1 schemes meanwhile
    with pytest.raises(UndoRefused) as ended:
        await answer_undo(backend.uow, game_id=game_id, user_id=USERS[1],
                          version=moved.version, agree=True, now=clock, hooks=hooks(clock))
    assert ended.value.code == "ended"
    with pytest.raises(StaleGame):  # the ↩️ of the older table
        await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=moved.version,
                       now=clock, hooks=hooks(clock))


async def test_only_the_mover_asks_and_only_the_others_answer(backend: Backend,
                                                             clock: Clock) -> None:
    game_id = await _colt(backend, clock)
    moved = await _play(backend, clock, game_id, "p0r")
    for user, code in ((USERS[1], "not_yours"), (999, "not_yours")):
        with pytest.raises(UndoRefused) as wrong:
            await ask_undo(backend.uow, game_id=game_id, user_id=user, version=None,
                           now=clock, hooks=hooks(clock))
        assert wrong.value.code == code
    await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=None, now=clock,
                   hooks=hooks(clock))
    with pytest.raises(UndoRefused) as twice:
        await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=None,
                       now=clock, hooks=hooks(clock))
    assert twice.value.code == "asked"
    for user in (USERS[0], 999):  # the asker himself, someone not at the table
        with pytest.raises(UndoRefused) as not_asked:
            await answer_undo(backend.uow, game_id=game_id, user_id=user,
                              version=moved.version, agree=True, now=clock,
                              hooks=hooks(clock))
        assert not_asked.value.code == "not_asked"
    await answer_undo(backend.uow, game_id=game_id, user_id=USERS[1], version=moved.version,
                      agree=True, now=clock, hooks=hooks(clock))
    with pytest.raises(UndoRefused) as again:
        await answer_undo(backend.uow, game_id=game_id, user_id=USERS[1],
                          version=moved.version, agree=True, now=clock, hooks=hooks(clock))
    assert again.value.code == "agreed"


async def test_silence_ends_the_request_and_the_move_stands(backend: Backend) -> None:
    clock = HandClock(datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
    game_id = await _colt(backend, clock)
    moved = await _play(backend, clock, game_id, "p0r")
    await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=None, now=clock,
                   hooks=hooks(clock))
    assert await expire_undo(backend.uow, game_id=game_id, version=moved.version,
                             now=clock, hooks=hooks(clock)) is None  # not yet
    clock.moment += timedelta(minutes=10)
    ended = await expire_undo(backend.uow, game_id=game_id, version=moved.version, now=clock,
                              hooks=hooks(clock))
    assert ended is not None
    assert ended.version == moved.version
    offer = offer_of(await _game(backend, game_id))
    assert offer is not None
    assert offer.status == EXPIRED
    with pytest.raises(UndoRefused) as late:
        await answer_undo(backend.uow, game_id=game_id, user_id=USERS[1],
                          version=moved.version, agree=True, now=clock, hooks=hooks(clock))
    assert late.value.code == "ended"


async def test_the_requests_still_open_are_found_for_a_restarted_bot(backend: Backend) -> None:
    clock = HandClock(datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
    asked_id, offered_id = await _colt(backend, clock), await _colt(backend, clock)
    moved = await _play(backend, clock, asked_id, "p0r")
    await _play(backend, clock, offered_id, "p0r")  # an offer nobody asked about
    assert await open_requests(backend.uow) == []
    await ask_undo(backend.uow, game_id=asked_id, user_id=USERS[0], version=None, now=clock,
                   hooks=hooks(clock))
    offer = offer_of(await _game(backend, asked_id))
    assert offer is not None
    assert offer.until is not None
    until = datetime.fromisoformat(offer.until)
    assert until == clock() + timedelta(minutes=10)
    assert await open_requests(backend.uow) == [(asked_id, moved.version, until)]
    clock.moment += timedelta(minutes=10)
    await expire_undo(backend.uow, game_id=asked_id, version=moved.version, now=clock,
                      hooks=hooks(clock))
    assert await open_requests(backend.uow) == []


async def test_with_nobody_else_to_ask_the_move_is_taken_back_at_once(
    backend: Backend, clock: Clock
) -> None:
    game_id = await _colt(backend, clock, bots=2)  # seat 0 is the only human
    moved = await _play(backend, clock, game_id, "p0r")
    done = await ask_undo(backend.uow, game_id=game_id, user_id=USERS[0], version=None,
                          now=clock, hooks=hooks(clock))
    assert done.version == moved.version + 1
    assert COLT.to_act(done.state) == frozenset({0})
    [report] = await check_games(backend.uow, game_id=game_id)
    assert report.ok, report.line()
