"""Admin seat commands: /botseat (a bot plays a player's seat) and /kick (remove a player).

The player is named by a seat number (as listed on the table, from 1), by name or
@username, or by replying to one of the player's messages with the bare command.
"""

from __future__ import annotations

from telegram import Message, MessageEntity, Update
from telegram.ext import ContextTypes

from core.engine.errors import GameOver
from tgbot.handlers.context import chat_language, game_here_or_say, services
from tgbot.handlers.lobby import is_admin
from tgbot.i18n import t
from tgbot.render.callbacks import number
from tgbot.service.errors import GameNotRunning, StaleGame
from tgbot.service.results import Table

NAME_SHOWN = 64  # a refusal quotes at most this much of the name it did not find


async def botseat(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Hand a player's seat to the bot; the player can come back with /back (admins only)."""
    found = await _admin_target(update, context, "/botseat")
    if found is None:
        return
    message, language, table, seat = found
    app = services(context)
    name = _plain_name(table, seat)
    played = await app.games.hand_to_bot(table.game.id or 0, seat)
    if played is None:
        await message.reply_text(t(language, "{name} is already played by the bot.", name=name))
        return
    await message.reply_text(t(language, "🤖 A bot now plays for {name}; /back brings the "
                                         "player back.", name=name))


async def kick(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Remove a player: the game's rule decides what it means (admins only)."""
    found = await _admin_target(update, context, "/kick")
    if found is None:
        return
    message, language, table, seat = found
    app = services(context)
    name = _plain_name(table, seat)
    try:
        removal = await app.games.remove(table.game.id or 0, seat, table.game.version)
    except StaleGame:
        await message.reply_text(t(language, "The table changed meanwhile; please try again."))
        return
    except (GameOver, GameNotRunning):
        await message.reply_text(t(language, "There is no game here. Start one with /newgame."))
        return
    note = (t(language, "🚪 {name} was removed from the game.", name=name) if removal.by_rule
            else t(language, "🚪 {name} is out of the game: this game keeps every seat, so a "
                             "bot plays {name}'s seat until the end.", name=name))
    await message.reply_text(note)


async def _admin_target(update: Update, context: ContextTypes.DEFAULT_TYPE,
                        command: str) -> tuple[Message, str, Table, int] | None:
    """Return (message, language, table, seat) for an admin naming a player's seat in a
    running game; otherwise answer politely why not and return None."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return None
    language = await chat_language(context, chat.id, update)
    game = await game_here_or_say(context, update, language, running=True)
    if game is None or game.id is None:
        return None
    if not await is_admin(context, chat.id, user.id):
        await message.reply_text(t(language, "Only an admin can do that."))
        return None
    table = await services(context).games.table(game.id)
    wanted = " ".join(context.args or []).strip()
    seat = await _named_seat(context, message, table, wanted)
    if seat is None:
        await message.reply_text(_unknown(language, command, wanted, len(table.seats)))
        return None
    if table.user_of(seat) is None:
        await message.reply_text(t(language, "{name} is a bot's seat, not a player's.",
                                   name=_plain_name(table, seat)))
        return None
    return message, language, table, seat


def _unknown(language: str, command: str, wanted: str, seats: int) -> str:
    """Return the answer to a command naming nobody (usage), a seat number the table does not
    have (how its `seats` are numbered), or nobody seated."""
    if not wanted:
        return t(language, "Usage: {command} <seat number or @name>, or reply to one of the "
                           "player's messages with {command}.", command=command)
    shown = wanted if len(wanted) <= NAME_SHOWN else wanted[:NAME_SHOWN - 1] + "…"
    if wanted.isascii() and wanted.isdigit():
        return t(language, "There is no seat {wanted} at this table: its seats are numbered "
                           "from 1 to {count}, as /status lists them.", wanted=shown, count=seats)
    return t(language, "Nobody at this table matches {wanted}.", wanted=shown)


async def _named_seat(context: ContextTypes.DEFAULT_TYPE, message: Message, table: Table,
                      wanted: str) -> int | None:
    """Return the seat the command names: by argument, else the replied-to author; or None."""
    if not wanted:
        replied = message.reply_to_message
        author = replied.from_user if replied is not None else None
        return table.seat_of(author.id) if author is not None else None
    if (index := number(wanted, least=1, most=len(table.seats))) is not None:
        return index - 1
    if wanted.isdigit():  # a seat number that is no seat, or not in ASCII digits
        return None
    for entity in message.parse_entities([MessageEntity.TEXT_MENTION]):
        if entity.user is not None:
            return table.seat_of(entity.user.id)
    return await _seat_by_name(context, table, wanted)


async def _seat_by_name(context: ContextTypes.DEFAULT_TYPE, table: Table,
                        wanted: str) -> int | None:
    """Return the seat whose display name, or whose holder's @username, is `wanted`."""
    key = wanted.removeprefix("@").casefold()
    for seat in table.seats:
        if _plain_name(table, seat.seat).casefold() == key:
            return seat.seat
    if not wanted.startswith("@"):
        return None
    for seat in table.seats:  # usernames are not stored: ask Telegram about each player
        if seat.user_id is None:
            continue
        member = await context.bot.get_chat_member(table.game.chat_id, seat.user_id)
        if (member.user.username or "").casefold() == key:
            return seat.seat
    return None


def _plain_name(table: Table, seat: int) -> str:
    """Return a seat's shown name without the bot mark."""
    return table.names[seat].removeprefix("🤖 ")
