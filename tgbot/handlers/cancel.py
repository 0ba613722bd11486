"""/cancel: end the chat's table (its creator or an admin). A table still in the lobby
ends at once; a running game asks first, with two buttons (`l:<game>:end` ends it,
`l:<game>:keep` keeps it), so a slip of the finger does not throw away days of play."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from core.engine.errors import GameOver
from tgbot.delivery.markup import markup
from tgbot.handlers.context import chat_language, game_here_or_say, services
from tgbot.handlers.lobby import is_admin
from tgbot.i18n import t
from tgbot.render.callbacks import LobbyOp, lobby_data
from tgbot.render.front import front_for
from tgbot.service import game_status, reads
from tgbot.service.errors import StorageError
from tgbot.service.rows import is_running

CONFIRM_OPS = ("end", "keep")


async def cancel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """End the chat's table (its creator or an admin); a running game asks first."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return
    language = await chat_language(context, chat.id, update)
    game = await game_here_or_say(context, update, language)
    if game is None or game.id is None:
        return
    if user.id != game.creator_id and not await is_admin(context, chat.id, user.id):
        await message.reply_text(t(language, "Only the table's creator or an admin can do "
                                             "that."))
        return
    if is_running(game):
        await message.reply_text(
            t(language, "End the game of {game} now? Everything played so far is kept in "
                        "its history, but nobody can go on.",
              game=front_for(game.kind).title(language)),
            reply_markup=markup((((t(language, "✖️ Yes, end the game"),
                                   lobby_data(game.id, "end")),
                                  (t(language, "↩️ No, keep playing"),
                                   lobby_data(game.id, "keep"))),)))
        return
    await _end(update, context, game.id, language)


async def confirmed(update: Update, context: ContextTypes.DEFAULT_TYPE,
                    callback: LobbyOp) -> None:
    """Answer a press on the confirmation's buttons: end the game, or keep it."""
    query, user = update.callback_query, update.effective_user
    assert query is not None
    assert user is not None
    found = services(context)
    game = await found.games.run(reads.load_game, game_id=callback.game_id)
    language = await chat_language(context, game.chat_id)
    if user.id != game.creator_id and not await is_admin(context, game.chat_id, user.id):
        await query.answer(t(language, "Only the table's creator or an admin can do that."),
                           show_alert=True)
        return
    if callback.op == "keep":
        await query.answer(t(language, "The game goes on."))
        await query.edit_message_text(t(language, "↩️ The game goes on."))
        return
    if not is_running(game) or not await _end(update, context,
                                                                callback.game_id, language):
        await query.answer(t(language, "This table has already ended."), show_alert=True)
        return
    await query.answer(t(language, "Table cancelled."))
    await query.edit_message_text(t(language, "✖️ The game was ended by {name}.",
                                    name=user.full_name[:64]))


async def _end(update: Update, context: ContextTypes.DEFAULT_TYPE, game_id: int,
               language: str) -> bool:
    """Cancel the game; return False when it had already ended (a command replies so)."""
    message = update.effective_message
    command = message is not None and update.callback_query is None
    found = services(context)
    try:
        await found.games.run(game_status.cancel_game, game_id=game_id,
                              now=found.games.now)
    except (GameOver, StorageError):  # a press or another /cancel got there first
        if command and message is not None:
            await message.reply_text(t(language, "This table has already ended."))
        return False
    if command and message is not None:
        await message.reply_text(t(language, "Table cancelled."))
    await found.games.lobby_changed(game_id)  # its lobby or table loses its buttons
    return True
