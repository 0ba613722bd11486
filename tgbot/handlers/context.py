"""What every handler needs, kept in one typed place of the application."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from telegram import CallbackQuery, Message, Update
from telegram.ext import ContextTypes

from tgbot.botapi.inbox import InboxBot
from tgbot.delivery.lifecycle import ChatLifecycle
from tgbot.delivery.loop import Deliverer
from tgbot.i18n import pick_language, t
from tgbot.ops.operator import Operator
from tgbot.service import profiles, reads
from tgbot.service.commands import Player
from tgbot.service.games import GameService
from tgbot.service.rows import Game, is_running

SERVICES_KEY = "services"
KNOWN_SECONDS = 600.0
"""How long a user seen under the same name is not written again (a press costs no write)."""


async def answer_quietly(context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery) -> None:
    """Answer a press with nothing to say (the button stops spinning), as JSON straight to
    Telegram (`InboxBot.post_raw`): PTB's own call builds objects a bare answer does not
    need. Raises what `CallbackQuery.answer` raises."""
    bot = context.bot
    if isinstance(bot, InboxBot):
        await bot.post_raw("answerCallbackQuery", {"callback_query_id": query.id})
    else:
        await query.answer()


def join_url(bot_username: str, game_id: int) -> str:
    """Return the deep link that joins a game (it also lets the bot DM the player)."""
    return f"https://t.me/{bot_username}?start=j{game_id}"


@dataclass
class Services:
    """The service shell, the delivery loop and the chat lifecycle, shared by handlers."""

    games: GameService
    deliverer: Deliverer
    lifecycle: ChatLifecycle | None = None
    bot_username: str = ""
    pictures: Any = None
    """The table pictures' drawer (`TablePictures`: its thread draws animations too)."""
    batch: int = 50
    parallel: int = 1
    known_users: dict[int, tuple[str, str, float]] = field(default_factory=dict)
    ops: Operator | None = None
    admins: frozenset[int] = frozenset()
    """The bot's operators (BOT_ADMINS): they may ask /botstats."""

    def join_url(self, game_id: int) -> str:
        """Return the deep link that joins a game (it also lets the bot DM the player)."""
        return join_url(self.bot_username, game_id)


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    """Return the shared services of the application."""
    found = context.application.bot_data[SERVICES_KEY]
    assert isinstance(found, Services)
    return found


def player_of(update: Update) -> Player:
    """Return the player who sent an update."""
    user = update.effective_user
    assert user is not None
    return Player(user_id=user.id, display_name=user.full_name[:64] or str(user.id))


async def remember_user(context: ContextTypes.DEFAULT_TYPE, update: Update, *,
                        can_dm: bool | None = None) -> str:
    """Store the user's name (and whether a DM works); return the user's language.

    A user who never chose one with /language gets the Telegram client's language, stored
    once so that DMs sent later (prompts, reminders) use it too.
    """
    user = update.effective_user
    assert user is not None
    found = services(context)
    name = user.full_name[:64] or str(user.id)
    known = found.known_users.get(user.id)
    if can_dm is None and known is not None and known[0] == name \
            and known[2] > time.monotonic():
        return known[1]  # seen lately under this name: nothing to store
    language = await _stored_language(found, user, name, can_dm)
    if len(found.known_users) > 50_000:
        found.known_users.clear()
    found.known_users[user.id] = (name, language, time.monotonic() + KNOWN_SECONDS)
    return language


def forget_user(context: ContextTypes.DEFAULT_TYPE, user_id: int) -> None:
    """Drop what the process remembers of a user (after he changed his language)."""
    services(context).known_users.pop(user_id, None)


async def _stored_language(found: Services, user: Any, name: str, can_dm: bool | None) -> str:
    stored = await found.games.run(profiles.upsert_user, user_id=user.id,
                                     display_name=name, language=None, can_dm=can_dm,
                                     now=found.games.now)
    if stored.language is not None:
        return stored.language
    language = pick_language(user.language_code)
    if user.language_code:
        await found.games.run(profiles.set_user_language, user_id=user.id,
                                      language=language, now=found.games.now)
    return language


async def active_game_here(context: ContextTypes.DEFAULT_TYPE, update: Update) -> Game | None:
    """Return the lobby or running game of the update's chat and forum topic, or None."""
    chat = update.effective_chat
    if chat is None:
        return None
    return await services(context).games.run(reads.active_game, chat_id=chat.id,
                                   topic_id=topic_of(update))


async def game_here_or_say(context: ContextTypes.DEFAULT_TYPE, update: Update, language: str,
                          *, running: bool = False) -> Game | None:
    """Return the chat's game (only a running one when `running`), or reply that there is
    none and return None."""
    game = await active_game_here(context, update)
    if game is None or game.id is None or (running and not is_running(game)):
        message = update.effective_message
        if message is not None:
            await message.reply_text(t(language, "There is no game here. Start one with "
                                                 "/newgame."))
        return None
    return game


@dataclass(frozen=True)
class GameCommand:
    """A group command about the chat's game: who sent it, where, in which language."""

    message: Message
    user_id: int
    chat_id: int
    language: str
    game: Game
    game_id: int


async def game_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> GameCommand | None:
    """Return a command's sender, chat, language and the chat's game, or None when there is
    nothing to act on (an update without a sender, or no game here: the sender is told)."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return None
    language = await chat_language(context, chat.id, update)
    game = await game_here_or_say(context, update, language)
    if game is None or game.id is None:
        return None
    return GameCommand(message, user.id, chat.id, language, game, game.id)


def topic_of(update: Update) -> int | None:
    """Return the forum topic an update came from (None outside forum topics)."""
    message = update.effective_message
    return message.message_thread_id if message and message.is_topic_message else None


async def chat_language(context: ContextTypes.DEFAULT_TYPE, chat_id: int,
                        update: Update | None = None) -> str:
    """Return a chat's language. A chat first met in `update` starts in its sender's
    language when it is one of ours (the default otherwise)."""
    games = services(context).games
    user = getattr(update, "effective_user", None)
    speaker = getattr(user, "language_code", None)
    first = pick_language(speaker) if speaker else None
    chat = await games.run(profiles.get_or_create_chat, chat_id=chat_id, now=games.now,
                                             language=first)
    return chat.language
