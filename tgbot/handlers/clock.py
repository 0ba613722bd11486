"""Deadline commands: /back, /extend, /skip, and the clock part of /settings."""

from __future__ import annotations

from datetime import time, timedelta
from zoneinfo import ZoneInfo

from pydantic import ValidationError
from telegram import Update
from telegram.ext import ContextTypes

from tgbot.handlers.context import active_game_here, chat_language, game_here_or_say, services
from tgbot.handlers.lobby import is_admin
from tgbot.i18n import t
from tgbot.jobs.sweep import time_out
from tgbot.render.callbacks import number
from tgbot.service import notes, profiles
from tgbot.service import timeouts as store
from tgbot.service.deadlines import PRESETS, TimerSettings, clock_for, local_clock, timers_of
from tgbot.service.rows import Game, is_running


async def _running_game(update: Update, context: ContextTypes.DEFAULT_TYPE) -> Game | None:
    game = await active_game_here(context, update)
    return game if game is not None and is_running(game) else None


async def back(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Take your seat back from the bot that played it after your timeouts."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await chat_language(context, chat.id, update)
    game = await _running_game(update, context)
    found = services(context)
    table = await found.games.table(game.id) if game and game.id else None
    seat = table.seat_of(user.id) if table else None
    if table is None or seat is None or game is None or game.id is None:
        await message.reply_text(t(language, "You are not at this table."))
        return
    if not await found.games.set_bot(game.id, seat, bot=False):
        await message.reply_text(t(language, "You are already playing your seat."))
        return
    await message.reply_text(t(language, "Welcome back! Your seat is yours again."))


async def extend(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Add one more turn timer to the current deadline, once per turn."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await chat_language(context, chat.id, update)
    game = await _running_game(update, context)
    found = services(context)
    if game is None or game.id is None or game.deadline_at is None:
        await message.reply_text(t(language, "There is no clock running here."))
        return
    table = await found.games.table(game.id)
    owed = table.engine.to_act(table.state)
    on_clock = table.seat_of(user.id) in owed
    if not on_clock and not await is_admin(context, chat.id, user.id):
        await message.reply_text(t(language, "Only the player on the clock or an admin can do "
                                             "that."))
        return
    turn = table.engine.turn_marker(table.state)
    if game.lobby.get("extended_turn") == turn:
        await message.reply_text(t(language, "The clock was already extended this turn."))
        return
    # The running clock gets its own length again: a reaction or a window is not a turn.
    extra = timedelta(seconds=clock_for(game, table.state, table.engine))
    await found.games.run(notes.set_note, game_id=game.id, key="extended_turn",
                          value=turn)
    await found.games.run(store.set_times, game_id=game.id, version=game.version,
                          deadline_at=game.deadline_at + extra, remind_at=game.remind_at)
    zone = await chat_zone(context, chat.id, game)
    await message.reply_text(t(language, "⏳ Extended: the deadline is now {due}.",
                               due=local_clock(game.deadline_at + extra, zone)))


async def skip(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Apply the default move now for whoever is on the clock (admins only)."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await chat_language(context, chat.id, update)
    game = await game_here_or_say(context, update, language, running=True)
    if game is None or game.id is None:
        return
    if not await is_admin(context, chat.id, user.id):
        await message.reply_text(t(language, "Only an admin can do that."))
        return
    await time_out(services(context), game.id, game.version, skipped=True)


async def chat_zone(context: ContextTypes.DEFAULT_TYPE, chat_id: int, game: Game) -> str:
    """Return the time zone a chat's deadlines are written in (its /settings, else the
    table's own)."""
    found = services(context)
    stored = await found.games.run(profiles.get_or_create_chat, chat_id=chat_id,
                                   now=found.games.now)
    return str((stored.timer_settings or {}).get("timezone") or timers_of(game).timezone)


async def clock_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """Handle `/settings timer|reaction|strikes|quiet|tz ...`; return False if not a clock
    setting."""
    message, chat = update.effective_message, update.effective_chat
    args = context.args or []
    if message is None or chat is None or not args or args[0] not in (
            "timer", "reaction", "strikes", "quiet", "tz"):
        return False
    language = await chat_language(context, chat.id, update)
    found = services(context)
    stored = await found.games.run(profiles.get_or_create_chat, chat_id=chat.id,
                                   now=found.games.now)
    current = TimerSettings.model_validate(stored.timer_settings)
    try:
        changed = _apply(current, args)
    except EmptyQuietHours:
        await message.reply_text(t(language, "Quiet hours must start and end at different "
                                             "times, e.g. /settings quiet 23:00-08:00."))
        return True
    except (ValueError, ValidationError, KeyError, IndexError):
        await message.reply_text(t(language, "Clock settings: /settings timer 5m|1h|12h|24h|72h, "
                                             "/settings reaction 1h, /settings strikes 3 (0 = "
                                             "never), /settings quiet 23:00-08:00 "
                                             "America/Sao_Paulo, /settings quiet off, "
                                             "/settings tz Europe/Rome"))
        return True
    await found.games.run(profiles.set_chat_timers, chat_id=chat.id,
                          timers=changed.model_dump(mode="json"), now=found.games.now)
    if args[0] == "tz":
        await message.reply_text(t(language, "Time zone saved: deadlines are now written in "
                                             "{zone} time.", zone=changed.timezone))
        return True
    await message.reply_text(t(language, "Clock settings saved for new tables."))
    return True


class EmptyQuietHours(ValueError):
    """Quiet hours that start when they end (they would pause the clock for good)."""


def _apply(current: TimerSettings, args: list[str]) -> TimerSettings:
    """Return the settings after one `/settings` clock command; raise ValueError if wrong."""
    name, value = args[0], args[1]
    values = current.model_dump()
    if name in ("timer", "reaction"):
        seconds = PRESETS.get(value) or _duration(value)
        values["turn_seconds" if name == "timer" else "reaction_seconds"] = seconds
    elif name == "strikes":
        values["strikes_for_bot"] = _number(value)
    elif name == "tz":
        values["timezone"] = value
        ZoneInfo(value)  # raises for an unknown zone
    elif value == "off":
        values["quiet_start"] = values["quiet_end"] = None
    else:
        start, end = value.split("-")
        values["quiet_start"], values["quiet_end"] = time.fromisoformat(start), \
            time.fromisoformat(end)
        if values["quiet_start"].tzinfo or values["quiet_end"].tzinfo:
            raise ValueError("quiet hours take a zone name, not an offset")
        if values["quiet_start"] == values["quiet_end"]:
            raise EmptyQuietHours(value)
        values["timezone"] = args[2] if len(args) > 2 else "UTC"
        TimerSettings.model_validate(values).quiet()  # raises for an unknown zone
    return TimerSettings.model_validate(values)


def _duration(text: str) -> int:
    """Return seconds for `90m`, `2h`, `3d`; raise ValueError otherwise."""
    units = {"m": 60, "h": 3600, "d": 86_400}
    return _number(text[:-1]) * units[text[-1]]


def _number(text: str) -> int:
    """Return a count in ASCII digits; raise ValueError otherwise (int() takes "٣" or "1_0")."""
    found = number(text, most=10**6)
    if found is None:
        raise ValueError(f"not a number: {text!r}")
    return found

