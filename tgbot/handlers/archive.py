"""A group's finished games: `/games` lists them; each one's buttons send it to the presser
in private as JSON (`storage.export`'s form), step by step (◀ ▶ edit that private message)
or as an animation of its table pictures (one per turn).

Only finished games are shown, and only to someone who may see them: a press in the
game's own group, or in private by one of its players or a member of its group.
"""

from __future__ import annotations

import asyncio
import json
import logging

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, Forbidden
from telegram.ext import ContextTypes

from tgbot.handlers.context import chat_language, services
from tgbot.i18n import t
from tgbot.render.archive import animation, day, games_list, step_view
from tgbot.render.callbacks import Animate, Export, Replay, number
from tgbot.render.front import front_for
from tgbot.render.rendered import Rendered
from tgbot.service import archive
from tgbot.service.archive import Archived
from tgbot.service.errors import GameNotFound

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE
MEMBERS = ("creator", "administrator", "member", "restricted")
MAX_PAGE = 10_000


def markup(rendered: Rendered) -> InlineKeyboardMarkup | None:
    """Return the inline keyboard of a rendering (None: no buttons)."""
    if not rendered.buttons:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=data)
                                  for label, data in row] for row in rendered.buttons])


async def games_command(update: Update, context: Context) -> None:
    """List the group's finished games (`/games 2` for the next page)."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await chat_language(context, chat.id, update)
    if chat.type == ChatType.PRIVATE:
        await message.reply_text(t(language, "In a group, /games lists its finished games."))
        return
    wanted = " ".join(context.args or ()).strip()
    page = number(wanted, least=1, most=MAX_PAGE) if wanted else 1
    if page is None:
        await message.reply_text(t(language, "Usage: /games, or /games 2 for older games."))
        return
    ended = await services(context).games.run(archive.ended_games, chat_id=chat.id,
                                              page=page - 1)
    rendered = games_list(language, ended, page - 1)
    await message.reply_html(rendered.text, reply_markup=markup(rendered))


async def _seen(update: Update, context: Context, game_id: int,
                language: str) -> Archived | None:
    """Return the finished game if the presser may see it; else answer why not."""
    query = update.callback_query
    assert query is not None
    try:
        found = await services(context).games.run(archive.archived, game_id=game_id)
    except GameNotFound:
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return None
    chat_id = query.message.chat.id if query.message is not None else None
    user_id = query.from_user.id
    if chat_id == found.game.chat_id or user_id in found.players:
        return found
    try:
        member = await context.bot.get_chat_member(found.game.chat_id, user_id)
        if member.status in MEMBERS:
            return found
    except (BadRequest, Forbidden):
        pass
    await query.answer(t(language, "Only the group's members can see its games."),
                       show_alert=True)
    return None


async def _unreachable(update: Update, language: str) -> None:
    query = update.callback_query
    assert query is not None
    await query.answer(t(language, "I cannot write to you in private yet: open a chat with "
                                   "me, press Start, then tap again."), show_alert=True)


async def exported(update: Update, context: Context, press: Export, language: str) -> None:
    """Send the presser a finished game as a JSON document, in private."""
    query = update.callback_query
    assert query is not None
    found = await _seen(update, context, press.game_id, language)
    if found is None:
        return
    data = await services(context).games.run(archive.exported, game_id=press.game_id)
    title = front_for(found.game.kind).title(language)
    try:
        await context.bot.send_document(
            query.from_user.id, json.dumps(data, indent=2, ensure_ascii=False).encode(),
            filename=f"game-{day(found.game)}.json",
            caption=t(language, "📄 {game} of {day}: the whole game as JSON (seats, options, "
                                "seed and every move).", game=title, day=day(found.game)))
    except (BadRequest, Forbidden):
        await _unreachable(update, language)
        return
    await query.answer(t(language, "Sent to you in private."))


async def replayed(update: Update, context: Context, press: Replay, language: str) -> None:
    """Show a finished game's table after a number of moves: a new private message when
    pressed in the group, that message edited when pressed in private."""
    query = update.callback_query
    assert query is not None
    found = await _seen(update, context, press.game_id, language)
    if found is None:
        return
    if press.step > len(found.log):
        await query.answer(t(language, "This button is not valid."), show_alert=True)
        return
    rendered = step_view(language, found, press.step)
    in_private = query.message is not None and query.message.chat.type == ChatType.PRIVATE
    try:
        if in_private:
            await query.edit_message_text(rendered.text, parse_mode=ParseMode.HTML,
                                          reply_markup=markup(rendered))
        else:
            await context.bot.send_message(query.from_user.id, rendered.text,
                                           parse_mode=ParseMode.HTML,
                                           reply_markup=markup(rendered))
    except Forbidden:
        await _unreachable(update, language)
        return
    except BadRequest as error:
        if in_private and "not modified" in str(error):
            await query.answer()
            return
        await _unreachable(update, language)
        return
    await query.answer(None if in_private else t(language, "Sent to you in private."))


async def animated(update: Update, context: Context, press: Animate, language: str) -> None:
    """Send the presser a finished game as an animation of its table, in private."""
    query = update.callback_query
    assert query is not None
    found = await _seen(update, context, press.game_id, language)
    if found is None:
        return
    pictures = services(context).pictures
    if pictures is not None:
        gif = await pictures.drawn(lambda: animation(language, found))
    else:
        gif = await asyncio.to_thread(animation, language, found)
    if gif is None:
        await query.answer(t(language, "This game has no table pictures to animate."),
                           show_alert=True)
        return
    title = front_for(found.game.kind).title(language)
    try:
        await context.bot.send_animation(
            query.from_user.id, gif, filename=f"game-{day(found.game)}.gif",
            caption=t(language, "🎞 {game} of {day}, one picture per turn.", game=title,
                      day=day(found.game)))
    except (BadRequest, Forbidden):
        await _unreachable(update, language)
        return
    await query.answer(t(language, "Sent to you in private."))
