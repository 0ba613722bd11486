"""Help and chat settings: /help, /rules, /settings, /cancel."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from core.engine.errors import GameOver
from storage.errors import StorageError
from tgbot.context import active_game_here, chat_language, game_here_or_say, remember_user, services
from tgbot.handlers.clock import clock_settings
from tgbot.handlers.lobby import is_admin
from tgbot.handlers.pictures import picture_settings
from tgbot.handlers.preferences import leaver_settings, personal_settings
from tgbot.i18n import LANGUAGES, t
from tgbot.render.glossary import rules_reply
from tgbot.service import game_status, profiles


async def help_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """List the commands."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = (await remember_user(context, update) if chat.type == ChatType.PRIVATE
                else await chat_language(context, chat.id))
    await message.reply_text(t(
        language,
        "In a group: /newgame opens a table, /join sits you down, /status shows the table "
        "again, /history the last moves, /rules the rules, /settings the chat language, "
        "/cancel ends the table. In private: /mygames, /language.") + "\n\n" + t(
        language,
        "During a game: /extend gives the player on the clock more time, /back takes your "
        "seat back from the bot. Admins: /skip plays the default move now, /botseat <seat> "
        "lets the bot play a player's seat, /kick <seat> removes a player (name the seat by "
        "number, name or @username, or reply to the player's message).") + "\n\n" + t(
        language,
        "Table pictures: the table is shown as a picture, its latest lines below it. An "
        "admin can switch to text only with /settings pictures off (and back with "
        "/settings pictures on)."))


async def rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Summarise the rules of the chat's game (BANG! dice when none) or of a game named,
    or explain any role, character, card or equipment of the three games by name."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await chat_language(context, chat.id)
    game = await active_game_here(context, update)
    kind = game.kind if game is not None else None
    await message.reply_text(rules_reply(language, " ".join(context.args or ())[:60], kind))


async def settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Set the chat language (/settings pt-BR | en | it), its clocks or its table
    pictures (admins only)."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return
    if chat.type == ChatType.PRIVATE and await personal_settings(update, context):
        return
    language = await chat_language(context, chat.id)
    if chat.type != ChatType.PRIVATE and not await is_admin(context, chat.id, user.id):
        await message.reply_text(t(language, "Only an admin can change the chat settings."))
        return
    if await clock_settings(update, context) or await picture_settings(update, context) \
            or await leaver_settings(update, context):
        return
    wanted = (context.args or [""])[0]
    if wanted not in LANGUAGES:
        await message.reply_text(t(language, "Chat language: /settings pt-BR, /settings en or "
                                             "/settings it"))
        return
    found = services(context)
    await profiles.set_chat_language(found.games.uow_factory, chat_id=chat.id, language=wanted,
                                  now=found.games.now)
    await message.reply_text(t(wanted, "Language set."))


async def cancel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """End the chat's table (its creator or an admin)."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return
    language = await chat_language(context, chat.id)
    found = services(context)
    game = await game_here_or_say(context, update, language)
    if game is None or game.id is None:
        return
    if user.id != game.creator_id and not await is_admin(context, chat.id, user.id):
        await message.reply_text(t(language, "Only the table's creator or an admin can do "
                                             "that."))
        return
    try:
        await game_status.cancel_game(found.games.uow_factory, game_id=game.id, now=found.games.now)
    except (GameOver, StorageError):  # a press or another /cancel got there first
        await message.reply_text(t(language, "This table has already ended."))
        return
    await message.reply_text(t(language, "Table cancelled."))
    await found.games.lobby_changed(game.id)  # its lobby or table loses its buttons
