"""Lobby handlers: /newgame, /join, the lobby buttons, and the bot joining a group."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

from telegram import CallbackQuery, ChatMemberUpdated, Update
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.ext import ContextTypes

from core.engine.errors import GameOver, InvalidSetup
from core.engine.registry import get_game
from tgbot.delivery.group_rights import is_in
from tgbot.delivery.markup import markup
from tgbot.handlers.context import (
    Services,
    active_game_here,
    chat_language,
    player_of,
    remember_user,
    services,
    topic_of,
)
from tgbot.i18n import t
from tgbot.render.callbacks import LobbyOp, newgame_data
from tgbot.render.front import front_for, playable_kinds
from tgbot.render.lobby import busy_text, setup_refusal
from tgbot.service import game_status, lobby, profiles, secrets
from tgbot.service.deadlines import PRESETS, TimerSettings
from tgbot.service.errors import (
    AlreadySeated,
    GameNotFound,
    LobbyFull,
    NotInLobby,
    NotSeated,
    StorageError,
    TableBusy,
)
from tgbot.service.results import Table
from tgbot.service.rows import is_lobby

log = logging.getLogger(__name__)


ADMIN_CACHE_SECONDS = 600.0


async def is_admin(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int) -> bool:
    """Return True if the user administers the chat (asked of Telegram at most once per
    ADMIN_CACHE_SECONDS per user and chat, so presses spend no flood budget on it)."""
    now = time.monotonic()
    admins: dict[tuple[int, int], tuple[bool, float]] = context.bot_data.setdefault(
        "admins", {})  # this bot's, not the process's
    cached = admins.get((chat_id, user_id))
    if cached is not None and cached[1] > now:
        return cached[0]
    member = await context.bot.get_chat_member(chat_id, user_id)
    admin = member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
    if len(admins) > 10_000:
        admins.clear()
    admins[(chat_id, user_id)] = (admin, now + ADMIN_CACHE_SECONDS)
    return admin


async def show_lobby(context: ContextTypes.DEFAULT_TYPE, game_id: int, *,
                     show_options: bool = False, new_message: bool = False) -> None:
    """Store the lobby's new rendering (posted anew when `new_message`); the delivery loop
    shows it."""
    await services(context).games.lobby_changed(game_id, options=show_options,
                                                fresh=new_message)


async def newgame(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Open a lobby in a group (`/newgame bang_dice`), or offer the games as buttons (or
    say the chat already has a game)."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await remember_user(context, update)
    if chat.type == ChatType.PRIVATE:
        await message.reply_text(t(language, "Games are played in groups: add me to a group "
                                             "and send /newgame there."))
        return
    group_language = await chat_language(context, chat.id, update)
    if not context.args:
        here = await active_game_here(context, update)
        if here is not None:
            await message.reply_text(busy_text(group_language, here))
            return
        await message.reply_text(
            t(group_language, "Which game?"),
            reply_markup=markup(tuple(((front_for(kind).title(group_language),
                                        newgame_data(kind)),) for kind in playable_kinds())))
        return
    kind = context.args[0]
    if kind not in playable_kinds():
        await message.reply_text(t(group_language, "Unknown game. Available: {games}",
                                   games=", ".join(playable_kinds())))
        return
    await open_table(update, context, kind, group_language)


async def open_table(update: Update, context: ContextTypes.DEFAULT_TYPE, kind: str,
                     language: str) -> bool:
    """Open a lobby of `kind` in the update's chat, the sender as its creator; return False
    (having said so) when the chat has a game already."""
    message, chat = update.effective_message, update.effective_chat
    assert message is not None
    assert chat is not None
    found = services(context)
    await found.games.run(profiles.set_chat_title, chat_id=chat.id, title=chat.title,
                          now=found.games.now)
    try:
        game_id = await found.games.run(lobby.open_lobby, chat_id=chat.id,
                                        topic_id=topic_of(update), kind=kind, options={},
                                        creator=player_of(update), now=found.games.now)
    except StorageError:
        await message.reply_text(busy_text(language, await active_game_here(context, update)))
        return False
    await show_lobby(context, game_id, new_message=True)
    return True


async def join(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Join the chat's open lobby; a user the bot cannot DM yet gets the deep link."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return
    await remember_user(context, update)
    language = await chat_language(context, chat.id, update)
    found = services(context)
    game = await active_game_here(context, update)
    if game is None or game.id is None or not is_lobby(game):
        await message.reply_text(t(language, "There is no open table here. Start one with "
                                             "/newgame."))
        return
    stored = await found.games.run(profiles.get_user, user_id=user.id)
    in_group = await found.games.run(secrets.place_for, chat_id=chat.id,
                                     user_id=user.id) == secrets.GROUP
    if (stored is None or not stored.can_dm) and not in_group:  # his secrets come by DM
        await message.reply_text(
            t(language, "To join, open a private chat with me first (your secret cards and "
                        "choices come there):"),
            reply_markup=markup((((t(language, "🙋 Join"), found.join_url(game.id)),),)))
        return
    await add_player(context, game.id, update, language)


async def add_player(context: ContextTypes.DEFAULT_TYPE, game_id: int, update: Update,
                     language: str) -> bool:
    """Seat the sender at a lobby; answer politely when that is not possible."""
    message = update.effective_message
    found = services(context)
    try:
        await found.games.run(lobby.join_lobby, game_id=game_id,
                              player=player_of(update), now=found.games.now)
    except StorageError as error:
        if message:
            await message.reply_text(lobby_error(language, error))
        return False
    await show_lobby(context, game_id)
    return True


def lobby_error(language: str, error: Exception) -> str:
    """Return the polite text for a refused lobby command."""
    texts: list[tuple[type[Exception], str]] = [
        (AlreadySeated, t(language, "You are already at this table.")),
        (GameNotFound, t(language, "This table does not exist.")),
        (LobbyFull, t(language, "This table is full.")),
        (NotInLobby, t(language, "This table has already started or ended.")),
        (NotSeated, t(language, "You are not at this table.")),
        (TableBusy, t(language, "This chat already has a game.")),
    ]
    return next((text for kind, text in texts if isinstance(error, kind)),
                t(language, "That is not possible now."))


async def lobby_button(update: Update, context: ContextTypes.DEFAULT_TYPE,
                       callback: LobbyOp) -> None:
    """Handle Leave / Add a bot / Options / the turn timer / a game option / Start / Cancel.

    Everything but Leave and Add a bot is for the table's creator or a chat admin. The
    buttons act only in a group, on a table still in the lobby: a press on an old lobby
    message of a running, finished or cancelled table is answered and changes nothing.
    """
    query, user, chat = update.callback_query, update.effective_user, update.effective_chat
    assert query is not None
    assert user is not None
    found = services(context)
    table = await found.games.table(callback.game_id)
    game = table.game
    language = await chat_language(context, game.chat_id)
    if chat is None or chat.type == ChatType.PRIVATE:  # its route checked it is the game's
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return
    if not is_lobby(game):
        await query.answer(t(language, "This table has already started or ended."),
                           show_alert=True)
        return
    op = callback.op
    manager = user.id == game.creator_id or await is_admin(context, game.chat_id, user.id)
    if op not in ("leave", "bot") and not manager:
        await query.answer(t(language, "Only the table's creator or an admin can do that."),
                           show_alert=True)
        return
    try:
        if await _lobby_op(found, query, table, op, user.id, language):
            return
    except InvalidSetup as error:
        await query.answer(setup_refusal(language, str(error)), show_alert=True)
        return
    except GameOver:  # cancelled by a press or /cancel that got there first
        await query.answer(t(language, "This table has already ended."), show_alert=True)
        return
    except StorageError as error:
        await query.answer(lobby_error(language, error), show_alert=True)
        return
    await query.answer()
    await show_lobby(context, callback.game_id, show_options=op not in ("leave", "bot"))


async def _lobby_op(found: Services, query: CallbackQuery, table: Table, op: str, user_id: int,
                    language: str) -> bool:
    """Apply a lobby button's op; return True if the press is answered and the lobby needs
    no redraw (a cancelled or started table, a refused start). Raise what the use cases
    raise."""
    game_id, game = table.game.id, table.game
    assert game_id is not None
    if op == "leave":
        await found.games.run(lobby.leave_lobby, game_id=game_id, user_id=user_id,
                              now=found.games.now)
    elif op == "bot":
        await found.games.run(lobby.add_bot, game_id=game_id, now=found.games.now)
    elif op == "cancel":
        await found.games.run(game_status.cancel_game, game_id=game_id, now=found.games.now)
        await query.answer(t(language, "Table cancelled."))
        await found.games.lobby_changed(game_id)
        return True
    elif op == "start":
        engine = get_game(game.kind)
        if not engine.min_players <= len(table.seats) <= engine.max_players:
            await query.answer(t(language, "{game} is played by {least} to {most} players.",
                                 game=front_for(game.kind).title(language),
                                 least=engine.min_players, most=engine.max_players),
                               show_alert=True)
            return True
        await found.games.start(game_id)
        await query.answer()
        return True
    elif op == "timer":
        await found.games.run(lobby.set_lobby, game_id=game_id,
                              lobby=with_next_turn_timer(game.lobby))
    elif (options := front_for(game.kind).toggle_option(game.options, op)) is not None:
        await found.games.run(lobby.set_options, game_id=game_id, options=options)
    return False


def with_next_turn_timer(settings: Mapping[str, Any]) -> dict[str, Any]:
    """Return a table's front settings with its turn timer at the next preset.

    The table's timers start as a copy of the chat's (`/settings`), so this overrides the
    chat's turn timer for this table only; after the longest preset comes the shortest.
    """
    timers = dict(settings.get("timers", {}))
    current = TimerSettings.model_validate(timers).turn_seconds
    presets = sorted(PRESETS.values())
    timers["turn_seconds"] = next((p for p in presets if p > current), presets[0])
    return {**settings, "timers": timers}


async def bot_added(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Introduce the bot when it is added to a group."""
    change: ChatMemberUpdated | None = update.my_chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return
    if not is_in(change.new_chat_member) or is_in(change.old_chat_member):
        return  # not joining: leaving, or its rights changed
    language = await chat_language(context, change.chat.id, update)
    found = services(context)
    await found.games.run(profiles.set_chat_title, chat_id=change.chat.id,
                          title=change.chat.title, now=found.games.now)
    await context.bot.send_message(
        change.chat.id,
        t(language, "Hello! I host slow board games here. Send /newgame to open a table; "
                    "/help lists everything.") + "\n" +
        t(language, "🌐 I speak English here: an admin changes it with /settings pt-BR, "
                    "/settings en or /settings it."),
        parse_mode=ParseMode.HTML)
