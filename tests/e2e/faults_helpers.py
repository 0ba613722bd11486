"""Helpers of tests/e2e/test_delivery_faults.py: a seated table, "the owing player can act",
and "no secret in the group".

A table is seeded through storage (the lobby's UI is not what those tests are about) and
started through the bot's GameService, so the start's delivery rows go through the real
delivery loop; the players have pressed Start in private before, as they do when they
join by the deep link.
"""

from __future__ import annotations

import asyncio
import functools
import re
from dataclasses import dataclass
from typing import Any

from storage.models import GameStatus
from tests.fakebot import FakeBotApi, FakeGroup, FakeMessage, FakeUser
from tgbot.i18n import LANGUAGES, t
from tgbot.render.dice.front import role_name
from tgbot.service import lobby, profiles
from tgbot.service.commands import Player
from tgbot.service.games import GameService

GAMES = ("bang_dice", "colt_express", "bang_cards")
SEED = 3  # both games: seat 0 owes the first decision (dice: on the group table; Colt: by DM)
NAMES = ("Ana", "Bruno", "Carla", "Davi")
LANGUAGES_OF = ("pt-BR", "en", "it", "pt-BR")
GROUP_ID = -4242
WAIT = 60.0  # a group gets ~1 message per 3 s: generous
PRIVATE_TEXTS = (  # the opening words of every text only its owner may read
    "🤫 Your secret identity: <b>{role}</b>", "🎭 A secret choice in your game: {decision}",
    "🂠 Your hand: {cards}", "🃏 You drew: {cards}", "🂠 Your face-down cards: {cards}",
    "👛 The purse holds ${value}", "👛 Your purses ({name}): {values}",
    "🂠 Hand: {hand} · 👛 {purses}")
MONEY = re.compile(r"\$\s?\d")


def people(api: FakeBotApi) -> tuple[FakeGroup, list[FakeUser]]:
    """Add the four players and their group (Ana its owner); the bot is not in it yet."""
    users = [api.add_user(5000 + i, name, language_code=language)
             for i, (name, language) in enumerate(zip(NAMES, LANGUAGES_OF, strict=True))]
    group = api.add_group(GROUP_ID, "Saloon", admins=(users[0].id,),
                          members=tuple(u.id for u in users))
    return group, users


async def seat_players(api: FakeBotApi, games: GameService, group: FakeGroup,
                       users: list[FakeUser], kind: str) -> int:
    """Open a `kind` lobby in the group with every user seated; return the game id.

    The bot joins the group, every user presses Start in private (the bot must be
    running to answer), then the lobby is written to storage."""
    api.add_bot_to_group(group, by=users[0], as_admin=True)
    for user in users:
        user.start()
    await api.wait_for(lambda: api.chat_log(group) and all(
        api.chat_log(user.private) for user in users), timeout=WAIT)
    return await seed_lobby(games, group, users, kind)


async def seed_lobby(games: GameService, group: FakeGroup, users: list[FakeUser],
                     kind: str) -> int:
    """Write a `kind` lobby of the group with every user seated; return the game id. The
    group's table pictures are off: these tests fault the text messages' methods."""
    await profiles.set_chat_pictures(games.uow_factory, chat_id=group.id, on=False,
                                     now=games.now)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=group.id, topic_id=None,
                                     kind=kind, options={},
                                     creator=Player(users[0].id, users[0].first_name),
                                     now=games.now)
    for user in users[1:]:
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user.id, user.first_name), now=games.now)
    return game_id


def game_buttons(message: FakeMessage, prefix: str) -> list[dict[str, Any]]:
    """Return the message's buttons whose callback data starts with `prefix`."""
    return [b for b in message.buttons if b.get("callback_data", "").startswith(prefix)]


def newest_with(messages: list[FakeMessage], prefix: str) -> FakeMessage | None:
    """Return the newest undeleted message with a button starting with `prefix`."""
    return next((m for m in reversed(messages) if not m.deleted and game_buttons(m, prefix)),
                None)


@dataclass(frozen=True)
class CanAct:
    """Who owes the decision, where his buttons are, at which version."""

    user: FakeUser
    message: FakeMessage
    prefix: str  # "p:<game>:<version>:"
    version: int
    where: str  # "group" or "dm"

    def press(self) -> str:
        """Press the first button of the decision (a card, "Done"); return the query id."""
        data = game_buttons(self.message, self.prefix)[0]["callback_data"]
        return str(self.user.press(self.message, data)["callback_query"]["id"])


@dataclass(frozen=True)
class Owed:
    """Who owes a game's decision now, and where his buttons belong."""

    user: FakeUser
    where: str  # "group": the group's live table; "dm": his private prompt
    chat_id: int  # the game's group
    prefix: str  # "p:<game>:<version>:"
    version: int
    legal: frozenset[str]

    def shown(self, api: FakeBotApi) -> FakeMessage | None:
        """Return the message with his buttons at this version where he looks for them:
        the newest group message with play buttons (the live table) or his newest DM
        prompt; None when they are not there."""
        chat: Any = self.chat_id if self.where == "group" else self.user.private
        message = newest_with(api.chat_log(chat), "p:")
        return message if message is not None and game_buttons(message, self.prefix) else None


async def owing(api: FakeBotApi, games: GameService, game_id: int) -> Owed:
    """Return who owes the game's decision now (the seat the group table prompts, else
    a seat with a private prompt), read through the service."""
    table = await games.table(game_id)
    assert table.game.status is GameStatus.RUNNING, table.game.status
    engine, state, version = table.engine, table.state, table.game.version
    prompts = engine.prompts(state)
    group_seat = next((p.seat for p in prompts if p.public), None)
    private = {p.seat for p in prompts if p.private}
    owed = sorted(engine.to_act(state))
    assert owed, "a running game owes a decision"
    seat = group_seat if group_seat is not None else next(s for s in owed if s in private)
    user_id = table.user_of(seat)
    assert user_id is not None
    legal = frozenset(engine.encode_action(a) for a in engine.legal_actions(state, seat))
    return Owed(api.user(user_id), "group" if seat == group_seat else "dm",
                table.game.chat_id, f"p:{game_id}:{version}:", version, legal)


async def assert_player_can_act(api: FakeBotApi, games: GameService, game_id: int, *,
                                timeout: float = WAIT) -> CanAct:
    """Wait until the player who owes the game's decision sees his buttons at the game's
    current version (the group's live table, or his newest private prompt), nobody
    typing anything; return them. The buttons play only that player's legal actions."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        owed = await owing(api, games, game_id)
        try:
            message = await api.wait_for(functools.partial(owed.shown, api),
                                         timeout=min(2.0, max(0.1, deadline - loop.time())))
        except TimeoutError:
            if loop.time() >= deadline:
                raise
            continue  # the game may have moved on meanwhile (a bot seat, a timeout)
        if message is None or (await games.table(game_id)).game.version != owed.version:
            continue
        shown = {b["callback_data"].removeprefix(owed.prefix)
                 for b in game_buttons(message, owed.prefix)}
        assert shown, message
        assert shown <= owed.legal, (shown, owed.legal)
        return CanAct(owed.user, message, owed.prefix, owed.version, owed.where)


async def press_and_wait(api: FakeBotApi, games: GameService, game_id: int,
                         turn: CanAct) -> None:
    """Press the owner's first button; wait until it is accepted and the game moved on."""
    query = turn.press()
    answer = await api.wait_for(lambda: api.callback_answers.get(query), timeout=WAIT)
    assert answer is not None
    assert answer.text is None, answer.text  # accepted: no refusal pop-up
    assert (await games.table(game_id)).game.version > turn.version


def group_texts(api: FakeBotApi, *chat_ids: int) -> list[str]:
    """Return every version of every bot message (and its button labels) in these chats."""
    texts = []
    for chat_id in chat_ids:
        for message in api.chat_log(chat_id):
            for version in message.history:
                texts.append(version.text or "")
                texts.extend(b["text"] for row in version.reply_markup or [] for b in row)
    return texts


async def assert_no_secret_in_group(api: FakeBotApi, games: GameService, game_id: int,
                                    *chat_ids: int) -> None:
    """No version of any group message shows a private text (an identity, a hand, a draw,
    a purse), a purse's value, or the name of a role the table does not show."""
    marks = {re.split(r"[{<]", t(language, text))[0].strip() for language in LANGUAGES
             for text in PRIVATE_TEXTS}
    table = await games.table(game_id)
    hidden: set[str] = set()
    if table.game.kind == "bang_dice":
        engine, state = table.engine, table.state
        public = engine.view_json(engine.view(state, None))["seats"]
        shown = {role_name(language, s["role"]) for s in public if s["role"]
                 for language in LANGUAGES}
        for seat in (s["seat"] for s in public if not s["role"]):
            role = engine.view_json(engine.view(state, seat))["role"]
            hidden |= {role_name(language, role) for language in LANGUAGES} - shown
    for text in group_texts(api, *chat_ids):
        for mark in marks:
            assert mark not in text, (mark, text)
        for role in hidden:
            assert role not in text, (role, text)
        assert not MONEY.search(text), text
