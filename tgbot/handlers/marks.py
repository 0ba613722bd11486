"""The dice game's re-roll marks: a die's button (`d:<game>:<version>:<die>`) marks or
unmarks it, and "Re-roll" (`d:…:r`) rolls the dice marked then. The marks are kept with
the game, so each press counts from what is stored, not from the keyboard it was made on:
while the group's flood budget delays the table's edit, presses still add up, and each one
is answered at once with what a re-roll would roll."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from core.engine.errors import GameError
from tgbot.handlers.answers import refusal
from tgbot.handlers.context import services
from tgbot.i18n import t
from tgbot.render.callbacks import Die
from tgbot.render.dice.front import marked_line, reroll_text, rerollable
from tgbot.service.errors import StorageError


async def die_pressed(update: Update, context: ContextTypes.DEFAULT_TYPE, callback: Die,
                      language: str) -> None:
    """Mark or unmark a die (answering with what a re-roll would roll), or re-roll."""
    query = update.callback_query
    assert query is not None
    games = services(context).games
    user = query.from_user.id
    try:
        table = await games.table(callback.game_id)
        if table.state is None or table.game.kind != "bang_dice":
            raise StorageError("not a dice game")
        engine = table.engine
        seat = table.seat_of(user)
        legal = [engine.encode_action(a) for a in engine.legal_actions(table.state, seat)] \
            if seat is not None and table.game.version == callback.version else []
        if callback.die is None:
            marked = await games.marks(callback.game_id)
            if not marked:
                await query.answer(t(language, "Mark the dice to re-roll first."),
                                   show_alert=True)
                return
            await games.play(callback.game_id, user, callback.version, reroll_text(marked),
                             chat_id=query.message.chat.id if query.message else None)
            await query.answer()
            return
        die = callback.die
        if legal and die not in rerollable(legal):
            await query.answer(t(language, "That die cannot be re-rolled."), show_alert=True)
            return
        marked = await games.toggle_mark(callback.game_id, user, callback.version, die)
    except (GameError, StorageError) as error:
        await query.answer(refusal(language, error), show_alert=True)
        return
    view = engine.view(table.state, None)
    await query.answer(marked_line(language, view, marked))
