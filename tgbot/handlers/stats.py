"""The group's records and the rematch: `/stats` (yours, or a player's named by @name, by
name or by replying to one of his messages), `/top` (the group's table), `/stats` in
private (yours across all your groups), and the "🔁 Rematch" / "I'm in" button.
"""

from __future__ import annotations

from telegram import Message, MessageEntity, Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from core.engine.errors import InvalidSetup
from tgbot.handlers.context import chat_language, remember_user, services
from tgbot.i18n import t
from tgbot.render.callbacks import Again
from tgbot.render.stats import stats_text, top_text
from tgbot.service import standings
from tgbot.service.errors import GameNotFound, NotInLobby, NotSeated, StorageError, TableBusy
from tgbot.service.rematch import ask_rematch

Context = ContextTypes.DEFAULT_TYPE
NAME_SHOWN = 64
USERNAMES_ASKED = 30
"""How many of the group's players Telegram is asked about to find an @username."""


async def stats(update: Update, context: Context) -> None:
    """Answer a player's records: in a group, the sender's or the named player's there; in
    private, the sender's across all his groups."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return
    found = services(context)
    if chat.type == ChatType.PRIVATE:
        language = await remember_user(context, update)
        mine = await found.games.run(standings.player_stats, chat_id=None, user_id=user.id)
        await message.reply_html(stats_text(language, mine, everywhere=True))
        return
    language = await chat_language(context, chat.id, update)
    wanted = " ".join(context.args or ()).strip()
    user_id = await _named(context, message, chat.id, wanted) if wanted or \
        _replied(message) is not None else user.id
    if user_id is None:
        shown = wanted if len(wanted) <= NAME_SHOWN else wanted[:NAME_SHOWN - 1] + "…"
        await message.reply_text(t(language, "Nobody with records in this group matches "
                                             "{wanted}. Name a player as @name or by his "
                                             "name, or reply to one of his messages with "
                                             "/stats.", wanted=shown or "—"))
        return
    theirs = await found.games.run(standings.player_stats, chat_id=chat.id, user_id=user_id)
    await message.reply_html(stats_text(language, theirs, everywhere=False))


async def top(update: Update, context: Context) -> None:
    """Answer the group's table: its players with the most wins."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await chat_language(context, chat.id, update)
    if chat.type == ChatType.PRIVATE:
        await message.reply_text(t(language, "In a group, /top shows its table; here /stats "
                                             "shows your records in all your groups."))
        return
    table = await services(context).games.run(standings.group_table, chat_id=chat.id)
    await message.reply_html(top_text(language, table))


async def _named(context: Context, message: Message, chat_id: int, wanted: str) -> int | None:
    """Return the user a /stats names: the replied-to author, a text mention, a player
    with records here by name, or by @username (Telegram asked about the best players)."""
    if not wanted:
        replied = _replied(message)
        author = replied.from_user if replied is not None else None
        return author.id if author is not None and not author.is_bot else None
    for entity in message.parse_entities([MessageEntity.TEXT_MENTION]):
        if entity.user is not None:
            return entity.user.id
    players = await services(context).games.run(standings.recorded_players, chat_id=chat_id)
    key = wanted.removeprefix("@").casefold()
    for user_id, name in players:
        if name.casefold() == key:
            return user_id
    if not wanted.startswith("@"):
        return None
    for user_id, _ in players[:USERNAMES_ASKED]:  # usernames are not stored
        member = await context.bot.get_chat_member(chat_id, user_id)
        if (member.user.username or "").casefold() == key:
            return user_id
    return None


def _replied(message: Message) -> Message | None:
    """Return the message replied to (in a forum topic, not the topic's first message,
    which every message of the topic answers)."""
    replied = message.reply_to_message
    return None if replied is None or replied.forum_topic_created is not None else replied


async def rematch_pressed(update: Update, context: Context, press: Again,
                          language: str) -> None:
    """Confirm the presser for a finished table's rematch (opening its lobby on the first
    press); deal it once every player is in."""
    query = update.callback_query
    assert query is not None
    found = services(context)
    refusals: list[tuple[type[StorageError], str]] = [
        (NotSeated, t(language, "Only the players of that game sit at its rematch.")),
        (TableBusy, t(language, "Another table is open here: finish or cancel it first.")),
        (NotInLobby, t(language, "This rematch has already started or was cancelled.")),
        (GameNotFound, t(language, "This button is not valid."))]
    try:
        result = await found.games.run(ask_rematch, game_id=press.game_id,
                                       user_id=query.from_user.id, now=found.games.now)
    except StorageError as error:
        text = next((text for kind, text in refusals if isinstance(error, kind)),
                    t(language, "This button is not valid."))
        await query.answer(text, show_alert=True)
        return
    if result.ready:
        try:
            await found.games.start(result.game_id)
        except (InvalidSetup, StorageError):
            await query.answer(t(language, "The rematch cannot start: open a new table with "
                                           "/newgame."), show_alert=True)
            return
        await query.answer(t(language, "🔁 Everyone is in: the rematch starts."))
        return
    await found.games.lobby_changed(result.game_id, fresh=result.opened)
    await query.answer(t(language, "🔁 You were already in: waiting for the others.")
                       if result.again else
                       t(language, "🔁 You are in: the rematch starts when every player has "
                                   "tapped “I'm in”."))
