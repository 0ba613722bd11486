"""Help and chat settings: /help, /rules, /settings, /cancel."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from core.engine.registry import get_game
from tgbot.handlers.clock import clock_settings
from tgbot.handlers.context import active_game_here, chat_language, remember_user, services
from tgbot.handlers.lobby import is_admin
from tgbot.handlers.pictures import picture_settings
from tgbot.handlers.preferences import leaver_settings, personal_settings
from tgbot.handlers.secrets_setting import secrets_settings, secrets_usage
from tgbot.i18n import LANGUAGES, t
from tgbot.render.front import front_for, playable_kinds
from tgbot.render.glossary import rules_reply
from tgbot.service import profiles


async def help_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """List the commands."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = (await remember_user(context, update) if chat.type == ChatType.PRIVATE
                else await chat_language(context, chat.id, update))
    await message.reply_text("\n".join([t(language, "The games:"), *games_lines(language)])
                             + "\n\n" + t(
        language,
        "In a group: /newgame opens a table, /join sits you down, /status shows the table "
        "again, /history the last moves, /rules the rules, /settings the chat language, "
        "/cancel ends the table. In private: /mygames, /language.") + "\n\n" + t(
        language,
        "Records: /stats shows yours in this group (/stats @name someone's, or reply to "
        "one of his messages), /top the group's table, /games its finished games (each as "
        "JSON, step by step or as an animation, sent to you in private). In private, /stats "
        "shows your records in all your groups. A finished table offers 🔁 Rematch: the "
        "same seats and options, each player tapping once.") + "\n\n" + t(
        language,
        "During a game: /extend gives the player on the clock more time, /back takes your "
        "seat back from the bot. Admins: /skip plays the default move now, /botseat <seat> "
        "lets the bot play a player's seat, /kick <seat> removes a player (name the seat by "
        "number, name or @username, or reply to the player's message).") + "\n\n" + t(
        language,
        "Took a wrong move? /undo (or ↩️ under the table) asks the other players to let you "
        "take back your last move, while nobody has moved since and it showed nothing "
        "hidden (no dice rolled, no card drawn or shown privately). One refusal keeps "
        "it.") + "\n\n" + t(
        language,
        "Table pictures: the table is shown as a picture, its latest lines below it. An "
        "admin can switch to text only with /settings pictures off (and back with "
        "/settings pictures on).") + "\n\n" + secrets_usage(language)
        + _operators(language, update, context))


def _operators(language: str, update: Update, context: ContextTypes.DEFAULT_TYPE) -> str:
    """Return the bot operators' line of /help, for them only, in private."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None or chat.type != ChatType.PRIVATE \
            or user.id not in services(context).admins:
        return ""
    return "\n\n" + t(language, "Bot operators: /botstats shows the bot's health and figures.")


def games_lines(language: str) -> list[str]:
    """Return one line per game: its name, player counts, how to open it, its options."""
    lines = []
    for kind in playable_kinds():
        engine, front = get_game(kind), front_for(kind)
        options = [label.split(" ", 1)[1] for row in front.option_buttons(language, 0, {})
                   for label, _ in row]
        line = t(language, "• {game} ({least}–{most} players): /newgame {kind}",
                 game=front.title(language), least=engine.min_players,
                 most=engine.max_players, kind=kind)
        if options:
            line += "\n  " + t(language, "options in the lobby: {options}",
                               options=", ".join(options))
        lines.append(line)
    return lines


async def rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Summarise the rules of the chat's game (with none, name the three games and how to
    ask about each) or of a game named, or explain any role, character, card or equipment
    of the three games by name."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await chat_language(context, chat.id, update)
    game = await active_game_here(context, update)
    kind = game.kind if game is not None else None
    await message.reply_text(rules_reply(language, " ".join(context.args or ())[:60], kind,
                                         private=chat.type == ChatType.PRIVATE))


def settings_menu(language: str, *, private: bool) -> str:
    """Return what `/settings` sets: a player's own settings in private, a group's (its
    admins') in a group."""
    if private:
        return t(language, "⚙️ Your own settings:\n"
                           "• how I tell you it is your move: /settings notify group, dm or off\n"
                           "• Old Saloon identity windows: /settings windows pass or ask\n"
                           "• where your secrets go: /settings secrets group or private\n"
                           "• the language of this chat: /settings pt-BR, /settings en or "
                           "/settings it")
    return t(language, "⚙️ What an admin can set in this group:\n"
                       "• the language: /settings pt-BR, /settings en or /settings it\n"
                       "• the clocks: /settings timer 12h, reaction, strikes, quiet hours, time "
                       "zone (/settings timer alone explains them)\n"
                       "• table pictures: /settings pictures on or off\n"
                       "• where players see their secrets: /settings secrets group or private\n"
                       "• a player who leaves the group: /settings leavers bot or kick")


async def settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Set the chat language (/settings pt-BR | en | it), its clocks or its table
    pictures (admins only)."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return
    if chat.type == ChatType.PRIVATE and (await personal_settings(update, context)
                                          or await secrets_settings(update, context)):
        return
    language = await chat_language(context, chat.id, update)
    if chat.type != ChatType.PRIVATE and not await is_admin(context, chat.id, user.id):
        await message.reply_text(t(language, "Only an admin can change the chat settings."))
        return
    if await clock_settings(update, context) or await picture_settings(update, context) \
            or await leaver_settings(update, context) or await secrets_settings(update, context):
        return
    wanted = (context.args or [""])[0]
    if wanted not in LANGUAGES:  # no setting named: what can be set, and how
        await message.reply_text(settings_menu(language, private=chat.type == ChatType.PRIVATE))
        return
    found = services(context)
    await found.games.run(profiles.set_chat_language, chat_id=chat.id, language=wanted,
                          now=found.games.now)
    await message.reply_text(t(wanted, "Language set."))
