"""Private-chat handlers: /start (welcome or deep-link join), /mygames, /language."""

from __future__ import annotations

import contextlib

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from core.engine.errors import GameOver
from tgbot.handlers.context import chat_language, forget_user, remember_user, services
from tgbot.handlers.lobby import add_player
from tgbot.i18n import LANGUAGES, t
from tgbot.render import notices
from tgbot.render.callbacks import game_id
from tgbot.service import profiles, reads
from tgbot.service.errors import StorageError
from tgbot.service.rows import is_running


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Greet a user; with a `j<game>` payload, seat them at that table."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    if chat.type != ChatType.PRIVATE:  # answered in the group's language, as the group reads it
        await remember_user(context, update)
        await message.reply_text(t(await chat_language(context, chat.id, update),
                                   "Send /newgame here to open a table."))
        return
    language = await remember_user(context, update, can_dm=True)
    lifecycle = services(context).lifecycle
    if lifecycle is not None and update.effective_user is not None:
        await lifecycle.reachable(update.effective_user.id)  # what he missed comes again
    payload = (context.args or [""])[0]
    if payload.startswith("j"):  # a join link: j<game id>
        wanted = game_id(payload[1:])
        if wanted is None:
            await message.reply_text(t(language, "This table does not exist."))
        elif await add_player(context, wanted, update, language):
            await message.reply_text(t(language, "You are at the table! Your secrets and private "
                                                 "choices will come here."))
        return
    await message.reply_text(t(language, "Hello! I host slow board games in groups. Add me to "
                                         "a group and send /newgame there. /help lists "
                                         "everything."))


async def mygames(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """List the tables the user sits at: the game, its group, the turn, whom it waits for,
    and a link to its table where Telegram has one."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    language = await remember_user(context, update)
    found = services(context)
    scenes = await found.games.run(reads.scenes_of_user, user_id=user.id)
    if not scenes:
        await message.reply_text(t(language, "You are not at any table right now."))
        return
    lines = [t(language, "Your tables:")]
    lines += [notices.table_line(scene, language) for scene in scenes]
    await message.reply_html("\n\n".join(lines))


async def language(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Set the user's language for private messages: /language pt-BR | en | it; his live
    private prompts are redrawn in it at once."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    current = await remember_user(context, update)
    wanted = (context.args or [""])[0]
    if wanted not in LANGUAGES:
        await message.reply_text(t(current, "Choose one: /language pt-BR, /language en, "
                                            "/language it"))
        return
    found = services(context)
    await found.games.run(profiles.set_user_language, user_id=user.id, language=wanted,
                          now=found.games.now)
    forget_user(context, user.id)
    await message.reply_text(t(wanted, "Language set."))
    for game in await found.games.run(reads.games_of_user, user_id=user.id):
        if is_running(game) and game.id is not None:
            with contextlib.suppress(StorageError, GameOver):  # ended or gone meanwhile
                await found.games.refresh(game.id)  # his live prompts, in the new language
