"""What the group is told when an undo request ends without the move taken back: its time
ran out, or the game went on. The service with the real outbox and delivery loop, a hand-moved
clock, and a recorder of the Bot API calls (tests/tgbot/fakes.py)."""

from __future__ import annotations

from datetime import timedelta

from tests.support.clock import HandClock
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, wire
from tgbot.delivery.loop import Deliverer
from tgbot.i18n import t
from tgbot.service import lobby
from tgbot.service.commands import Player
from tgbot.service.games import GameService
from tgbot.service.undo import ask_undo, expire_undo
from tgbot.service.undo_offer import REQUEST_WINDOW

CHAT = -4242
NAMES = ["Ana", "Bruno", "Carla"]
LANGUAGE = "pt-BR"


async def _table(clock: HandClock) -> tuple[GameService, FakeBot, Deliverer, int, int]:
    """Deal Colt Express to three people, have the first schemer play a card face up and
    ask to take it back; return the service, the recorder, the delivery loop, the game and
    the mover's user id."""
    games = GameService(fake_uow_factory(MemoryStore()), now=clock, seed_source=lambda: 1)
    bot = FakeBot()
    deliverer = wire(games, bot)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=CHAT, topic_id=None,
                                     kind="colt_express", options={},
                                     creator=Player(1, NAMES[0]), now=clock)
    for user, name in ((2, NAMES[1]), (3, NAMES[2])):
        await lobby.join_lobby(games.uow_factory, game_id=game_id, player=Player(user, name),
                               now=clock)
    await games.start(game_id)
    table = await games.table(game_id)
    seat = min(table.engine.to_act(table.state))
    play = next(a for a in table.engine.legal_actions(table.state, seat)
                if table.engine.encode_action(a).startswith("p"))
    mover = table.user_of(seat)
    assert mover is not None
    await games.play(game_id, mover, table.game.version, table.engine.encode_action(play))
    applied = await games.run(ask_undo, game_id=game_id, user_id=mover, version=None,
                              now=clock, hooks=games.hooks)
    games.done(applied)
    await deliverer.idle()
    return games, bot, deliverer, game_id, mover


def _request_texts(bot: FakeBot, asked: str) -> list[str]:
    """Return every text of the group's message that opened with `asked` (the request), in
    order: as posted, then each edit."""
    posted = next(call for call in bot.to(CHAT, "send") if call["text"].startswith(asked))
    return [posted["text"], *(call["text"] for call in bot.to(CHAT, "edit")
                              if call["message_id"] == posted["message_id"])]


def _asked(name: str) -> str:
    return t(LANGUAGE, "↩️ <b>{game}</b>: {name} asks to take back their last move.",
             game="Colt Express", name=name)


async def test_silence_ends_the_request_and_the_group_is_told() -> None:
    clock = HandClock()
    games, bot, deliverer, game_id, mover = await _table(clock)
    name = NAMES[mover - 1]
    assert len(_request_texts(bot, _asked(name))) == 1  # posted, not ended
    clock.advance(REQUEST_WINDOW + timedelta(seconds=1))
    version = (await games.table(game_id)).game.version
    applied = await games.run(expire_undo, game_id=game_id, version=version, now=clock,
                              hooks=games.hooks)
    assert applied is not None
    games.done(applied)
    await deliverer.idle()
    expired = t(LANGUAGE, "⌛ <b>{game}</b>: not everyone answered in time, so {name}'s move "
                          "stands.", game="Colt Express", name=name)
    assert _request_texts(bot, _asked(name))[1:] == [expired]


async def test_the_next_move_ends_the_request_and_the_group_is_told() -> None:
    clock = HandClock()
    games, bot, deliverer, game_id, mover = await _table(clock)
    table = await games.table(game_id)
    seat = min(table.engine.to_act(table.state))
    user = table.user_of(seat)
    assert user is not None
    default = table.engine.encode_action(table.engine.default_action(table.state, seat))
    await games.play(game_id, user, table.game.version, default)
    await deliverer.idle()
    name = NAMES[mover - 1]
    went_on = t(LANGUAGE, "⏭ <b>{game}</b>: the game went on, so {name}'s move stands.",
                game="Colt Express", name=name)
    assert _request_texts(bot, _asked(name))[1:] == [went_on]
