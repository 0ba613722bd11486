"""/botstats: the operator's numbers at a glance, in private, for the bot's admins only
(BOT_ADMINS): health, open games, updates, latencies, the Bot API, deliveries, deadlines
and memory (the same figures as /metrics, tgbot/ops)."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from tgbot.handlers.context import remember_user, services
from tgbot.i18n import t
from tgbot.ops.operator import Health, Operator
from tgbot.render.front import front_for


async def botstats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer a bot admin in private with the bot's figures; anyone else politely."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return
    found = services(context)
    if chat.type != ChatType.PRIVATE:
        language = await remember_user(context, update)
        await message.reply_text(t(language, "Send /botstats to me in a private chat."))
        return
    language = await remember_user(context, update)
    if user.id not in found.admins or found.ops is None:
        await message.reply_text(t(language, "Only the bot's operators can see its "
                                             "statistics."))
        return
    health = await found.ops.health()
    await message.reply_text("\n".join(stats_lines(language, found.ops, health)))


def stats_lines(language: str, ops: Operator, health: Health) -> list[str]:
    """Return /botstats' lines in `language`."""
    metrics = ops.metrics
    total = metrics.total
    lines = [t(language, "📊 The bot: ready.") if health.ready else
             t(language, "📊 The bot: NOT ready (database reachable: {database}, delivery "
                         "stalled for {stalled} s).", database=_yes(language, health.database),
               stalled=round(health.stalled_seconds))]
    for kind, running in sorted(_open(health).items()):
        lines.append(t(language, "{game}: {lobby} in the lobby, {running} running",
                       game=front_for(kind).title(language), lobby=running[0],
                       running=running[1]))
    lines.append(t(language, "Updates: {total} handled, {refused} refused, {errors} failed.",
                   total=int(total("bgb_updates_total")),
                   refused=int(total("bgb_updates_total", outcome="refused")),
                   errors=int(total("bgb_updates_total", outcome="error"))))
    lines.append(t(language, "A press is answered in {answer} ms and shown on the table in "
                             "{table} ms on average.",
                   answer=_ms(metrics.mean("bgb_press_answer_seconds")),
                   table=_ms(metrics.mean("bgb_press_table_seconds"))))
    lines.append(t(language, "Telegram: {calls} calls, {errors} errors, {waits} flood waits "
                             "({seconds} s).", calls=int(total("bgb_api_calls_total")),
                   errors=int(total("bgb_api_errors_total")),
                   waits=int(total("bgb_flood_waits_total")),
                   seconds=round(total("bgb_flood_wait_seconds_total"))))
    lines.append(t(language, "Waiting for delivery: {backlog} (the oldest for {age} s).",
                   backlog=health.backlog, age=round(health.oldest_seconds)))
    lines.append(t(language, "Clocks: {fired} ran out, {late} of them late; {due} overdue "
                             "now.", fired=int(total("bgb_deadlines_fired_total")),
                   late=int(total("bgb_deadlines_late_total")),
                   due=health.gauges.deadlines_due if health.gauges else 0))
    lines.append(t(language, "Memory: {megabytes} MB.", megabytes=round(
        total("process_resident_memory_bytes") / 2**20)))
    return lines


def _open(health: Health) -> dict[str, tuple[int, int]]:
    """Return the open games by kind: (in the lobby, running)."""
    found: dict[str, tuple[int, int]] = {}
    for (kind, status), count in (health.gauges.open_games if health.gauges else {}).items():
        lobby, running = found.get(kind, (0, 0))
        found[kind] = (lobby + count, running) if status == "lobby" else (lobby,
                                                                           running + count)
    return found


def _ms(seconds: float | None) -> str:
    """Return seconds as whole milliseconds (a dash before the first)."""
    return "–" if seconds is None else str(round(seconds * 1000))


def _yes(language: str, value: bool) -> str:
    return t(language, "yes") if value else t(language, "no")
