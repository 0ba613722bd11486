"""What every handler needs, kept in one typed place of the application."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import Update
from telegram.ext import ContextTypes

from storage import lobby
from storage.commands import Player
from storage.models import Game, GameStatus
from tgbot.i18n import pick_language, t
from tgbot.publish import Publisher
from tgbot.service import GameService

SERVICES_KEY = "services"


@dataclass
class Services:
    """The service shell and the publisher, shared by every handler."""

    games: GameService
    publisher: Publisher
    bot_username: str = ""

    def join_url(self, game_id: int) -> str:
        """Return the deep link that joins a game (it also lets the bot DM the player)."""
        return f"https://t.me/{self.bot_username}?start=j{game_id}"


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
    stored = await lobby.upsert_user(found.games.uow_factory, user_id=user.id,
                                     display_name=user.full_name[:64] or str(user.id),
                                     language=None, can_dm=can_dm, now=found.games.now)
    if stored.language is not None:
        return stored.language
    language = pick_language(user.language_code)
    if user.language_code:
        await lobby.set_user_language(found.games.uow_factory, user_id=user.id,
                                      language=language, now=found.games.now)
    return language


async def active_game_here(context: ContextTypes.DEFAULT_TYPE, update: Update) -> Game | None:
    """Return the lobby or running game of the update's chat and forum topic, or None."""
    chat = update.effective_chat
    if chat is None:
        return None
    return await lobby.active_game(services(context).games.uow_factory, chat_id=chat.id,
                                   topic_id=topic_of(update))


async def game_here_or_say(context: ContextTypes.DEFAULT_TYPE, update: Update, language: str,
                          *, running: bool = False) -> Game | None:
    """Return the chat's game (only a running one when `running`), or reply that there is
    none and return None."""
    game = await active_game_here(context, update)
    if game is None or game.id is None or (running and game.status is not GameStatus.RUNNING):
        message = update.effective_message
        if message is not None:
            await message.reply_text(t(language, "There is no game here. Start one with "
                                                 "/newgame."))
        return None
    return game


def topic_of(update: Update) -> int | None:
    """Return the forum topic an update came from (None outside forum topics)."""
    message = update.effective_message
    return message.message_thread_id if message and message.is_topic_message else None


async def chat_language(context: ContextTypes.DEFAULT_TYPE, chat_id: int) -> str:
    """Return a chat's language."""
    return await services(context).publisher.language_of_chat(chat_id)
