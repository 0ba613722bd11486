"""A table's own turn timer: cycled by a lobby button, shown, and used for its deadlines."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from storage.models import GameStatus
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, context_for, deliverer_of, press
from tgbot.handlers.lobby import lobby_button, with_next_turn_timer
from tgbot.i18n import LANGUAGES, t
from tgbot.render.callbacks import LobbyOp, parse
from tgbot.render.front import front_for
from tgbot.render.lobby import duration_text, setup_refusal
from tgbot.render.lobby import lobby as render_lobby
from tgbot.service import lobby, profiles, reads
from tgbot.service.commands import Player
from tgbot.service.deadlines import timers_of
from tgbot.service.games import GameService

CHAT = -300
START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def test_the_timer_cycles_through_the_presets_and_keeps_other_settings() -> None:
    settings = {"mentioned_turn": 2, "timers": {"reaction_seconds": 600}}
    seen = []
    for _ in range(5):
        settings = with_next_turn_timer(settings)
        seen.append(settings["timers"]["turn_seconds"])
    assert seen == [259_200, 300, 3_600, 43_200, 86_400]  # from the default, 24 h
    assert settings["timers"]["reaction_seconds"] == 600
    assert settings["mentioned_turn"] == 2
    custom = with_next_turn_timer({"timers": {"turn_seconds": 5_400}})  # /settings timer 90m
    assert custom["timers"]["turn_seconds"] == 43_200


def test_the_lobby_shows_the_timer_and_its_button_only_with_the_options() -> None:
    def render(language: str, show: bool) -> tuple[str, list[tuple[str, str]]]:
        rendered = render_lobby(language, front=front_for("bang_dice"), game_id=7,
                                names=["Ana"], options={}, turn_seconds=43_200, max_players=8,
                                join_url="https://t.me/bot?start=j7", show_options=show)
        return rendered.text, [b for row in rendered.buttons for b in row]

    text, buttons = render("en", False)
    assert "⏱ Turn timer: 12 h" in text
    assert not any(data == "l:7:timer" for _, data in buttons)
    text, buttons = render("pt-BR", True)
    assert "⏱ Tempo por turno: 12 h" in text
    assert ("⏱ Tempo por turno: 12 h", "l:7:timer") in buttons
    assert parse("l:7:timer") == LobbyOp(7, "timer")
    assert duration_text("it", 300) == "5 min"
    assert duration_text("en", 259_200) == "72 h"


async def _lobby_with_chat_timer(games: GameService, turn_seconds: int) -> int:
    await profiles.set_chat_timers(games.uow_factory, chat_id=CHAT,
                                timers={"turn_seconds": turn_seconds}, now=games.now)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=CHAT, topic_id=None,
                                     kind="bang_dice", options={}, creator=Player(1, "Ana"),
                                     now=games.now)
    for user in (2, 3):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=games.now)
    return game_id


async def test_the_table_timer_overrides_the_chats_for_that_tables_deadlines() -> None:
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: START,
                        seed_source=lambda: 5)
    bot = FakeBot()
    context = context_for(games, bot)
    game_id = await _lobby_with_chat_timer(games, 3_600)
    update, query = press(2)  # not the creator, not an admin
    await lobby_button(update, context, LobbyOp(game_id, "timer"))
    assert query.answers[-1][1]  # refused with an alert
    game = await reads.load_game(games.uow_factory, game_id=game_id)
    assert timers_of(game).turn_seconds == 3_600
    update, query = press(1)
    await lobby_button(update, context, LobbyOp(game_id, "timer"))
    assert query.answers == [(None, False)]
    game = await reads.load_game(games.uow_factory, game_id=game_id)
    assert timers_of(game).turn_seconds == 43_200
    await deliverer_of(context).idle()
    shown = bot.to(CHAT, "send")[-1]
    assert "⏱ Tempo por turno: 12 h" in shown["text"]  # the group speaks pt-BR
    chat = await profiles.get_or_create_chat(games.uow_factory, chat_id=CHAT, now=games.now)
    assert chat.timer_settings["turn_seconds"] == 3_600  # the chat's own setting is kept
    played = await games.start(game_id)
    assert played.table.game.deadline_at == START + timedelta(hours=12)


async def test_module_toggles_still_use_their_callback_ops() -> None:
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: START)
    context = context_for(games, FakeBot())
    game_id = await _lobby_with_chat_timer(games, 3_600)
    for op in ("mghost", "mchief_arrow", "mghost", "opt", "mnothing"):
        update, _ = press(1)
        await lobby_button(update, context, LobbyOp(game_id, op))
    game = await reads.load_game(games.uow_factory, game_id=game_id)
    assert game.options == {"modules": ["chief_arrow"]}


async def test_options_the_players_do_not_fit_are_refused_in_their_language() -> None:
    """Three players, special identities on: ▶️ Start says, translated, what to change
    (the engine's reason is English and never shown as it is) [R-OS-02]."""
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: START)
    context = context_for(games, FakeBot())
    game_id = await _lobby_with_chat_timer(games, 3_600)
    update, _ = press(1)
    await lobby_button(update, context, LobbyOp(game_id, "mspecial_identities"))
    for language in LANGUAGES:
        await profiles.set_chat_language(games.uow_factory, chat_id=CHAT, language=language,
                                         now=games.now)
        update, query = press(1)
        await lobby_button(update, context, LobbyOp(game_id, "start"))
        told = t(language, "Special identities need 4 or more players: seat another player "
                           "(or 🤖 Add a bot), or turn them off in ⚙️ Options.")
        assert query.answers == [(told, True)]
        assert "not used with" not in told
    game = await reads.load_game(games.uow_factory, game_id=game_id)
    assert game.status is GameStatus.LOBBY
    assert setup_refusal("it", "a reason no table is told") == t(
        "it", "The game cannot start with these options and players: change them in ⚙️ "
              "Options, or seat more players.")
