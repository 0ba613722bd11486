"""Builds the python-telegram-bot Application: settings, storage, handlers, error handler."""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    Update,
)
from telegram.error import BadRequest, TelegramError
from telegram.ext import (
    Application,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from storage.clock import Clock, utc_now
from storage.database import make_engine
from storage.migrate import upgrade
from storage.uow import SqlUnitOfWorkFactory, sql_uow_factory
from tgbot.botapi.chat_order import ChatOrderedProcessor
from tgbot.botapi.inbox import Inbox, InboxBot
from tgbot.botapi.rate_limit import ChatRateLimiter
from tgbot.botapi.transport import StreamRequest
from tgbot.delivery.lifecycle import ChatLifecycle
from tgbot.delivery.loop import Deliverer
from tgbot.delivery.photos import TablePictures
from tgbot.handlers.archive import games_command
from tgbot.handlers.botstats import botstats
from tgbot.handlers.buttons import routes as button_routes
from tgbot.handlers.cancel import cancel
from tgbot.handlers.chat_changes import member_changed, migration_message
from tgbot.handlers.clock import back, extend, skip
from tgbot.handlers.context import SERVICES_KEY, Services, join_url
from tgbot.handlers.help import help_command, rules
from tgbot.handlers.help import settings as chat_settings
from tgbot.handlers.lobby import bot_added, join, newgame
from tgbot.handlers.members import member_message, member_update
from tgbot.handlers.mine import reads_only
from tgbot.handlers.play import history, status
from tgbot.handlers.private import language, mygames, start
from tgbot.handlers.seats import botseat, kick
from tgbot.handlers.stats import stats, top
from tgbot.handlers.undo import rearm_requests, undo_command
from tgbot.i18n import LANGUAGES, N_, pick_language, t
from tgbot.jobs.sweep import sweep
from tgbot.jobs.waker import Waker
from tgbot.ops import trace
from tgbot.ops.operator import Operator
from tgbot.ops.server import OpsServer
from tgbot.render.outbox import Outbox
from tgbot.service.games import GameService, random_seed
from tgbot.settings import Settings

log = logging.getLogger(__name__)
TOO_OLD = "query is too old"
"""Telegram's words for a press that can no longer be answered (about 15 s after it)."""
OPERATOR_KEY = "operator"
WEBHOOK_MEMORY = timedelta(hours=1)
"""How long, in webhook mode, an update's id is kept to drop a second delivery of it."""
GC_THRESHOLDS = (20_000, 20, 10)
"""The collector's thresholds once the bot runs: the young generation every 20,000 new
containers (Python's default: 700), the older ones as often relative to it as by default."""
ALLOWED_UPDATES = Update.ALL_TYPES
"""Every update type, `chat_member` included: Telegram sends it only when asked, and it is
how the bot learns that a player left the group."""

GROUP_COMMANDS = {
    "back": N_("Take your seat back from the bot"), "extend": N_("More time for this turn"),
    "skip": N_("Play the default move now (admins)"),
    "botseat": N_("Let the bot play a player's seat (admins)"),
    "kick": N_("Remove a player from the game (admins)"),
    "newgame": N_("Open a new table"), "join": N_("Join the open table"),
    "status": N_("Show the table again"), "history": N_("The last moves"),
    "rules": N_("The rules"), "settings": N_("Language, clocks and pictures"),
    "cancel": N_("End the table"),
    "undo": N_("Ask the table to take back your last move"),
    "stats": N_("Records of a player in this group"), "top": N_("The group's table"),
    "games": N_("The finished games: JSON, replay, animation"),
    "help": N_("Help"),
}
PRIVATE_COMMANDS = {
    "start": N_("Welcome"), "mygames": N_("My tables"), "language": N_("My language"),
    "stats": N_("My records in all my groups"),
    "help": N_("Help"),
}


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every handler error (the update's outcome is "error") and keep going. A press
    that failed is answered, so its button stops spinning, unless Telegram said it is too
    old to answer (the player pressed long ago: a line in the log is enough)."""
    trace.note_outcome("error")
    query = update.callback_query if isinstance(update, Update) else None
    if query is not None and isinstance(context.error, BadRequest) \
            and TOO_OLD in str(context.error).lower():
        log.info("update %s: the press is too old to answer", getattr(update, "update_id", "?"))
        return
    log.error("update %r failed", update, exc_info=context.error)
    if query is None:
        return
    found = context.application.bot_data.get(SERVICES_KEY)
    known = found.known_users.get(query.from_user.id) if isinstance(found, Services) else None
    language = known[1] if known else pick_language(query.from_user.language_code)
    try:  # the fault may have come after the move was saved: the player looks at the table
        await query.answer(t(language, "Sorry, something went wrong on our side. If the table "
                                       "did not change, please try again in a moment."),
                           show_alert=True)
    except TelegramError as error:  # answered already, or too late to answer
        log.info("could not answer the failed press: %s", error)


async def _register_commands(application: Application) -> None:  # type: ignore[type-arg]
    """Publish the command menus per scope and language (setMyCommands)."""
    for code in LANGUAGES:
        telegram_code = "" if code == "pt-BR" else code
        for scope, commands in ((BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
                                (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS)):
            await application.bot.set_my_commands(
                [BotCommand(name, t(code, text)) for name, text in commands.items()],
                scope=scope, language_code=telegram_code or None)


async def _sweep_job(context: ContextTypes.DEFAULT_TYPE) -> None:
    """Wake up: apply due timeouts and reminders, and deliver what nobody is delivering
    (the database holds every deadline and every delivery row)."""
    found = context.application.bot_data.get(SERVICES_KEY)
    if not isinstance(found, Services):
        return
    applied = await sweep(found, found.batch, found.parallel,
                          fired=found.ops.fired if found.ops is not None else None)
    if applied:
        log.info("applied %d timeouts", applied)
    await found.deliverer.sweep()
    if found.lifecycle is not None:
        await found.lifecycle.expire_paused()


class _Runtime:
    """What the application opens at start-up and closes at stop: storage, the services
    and the group tables' pictures (drawn at send time)."""

    def __init__(self, settings: Settings, now: Clock, seed_source: Callable[[], int],
                 limiter: ChatRateLimiter, inbox: Inbox, operator: Operator) -> None:
        self.settings, self.now, self.seed_source = settings, now, seed_source
        self.limiter, self.inbox, self.operator = limiter, inbox, operator
        self.engines: list[Any] = []
        self.factories: list[SqlUnitOfWorkFactory] = []
        self.pictures = TablePictures()
        self.servers: list[OpsServer] = []

    async def post_init(self, application: Application) -> None:  # type: ignore[type-arg]
        """Open storage, build the services, resume what a previous run left, start the
        deadline sweep."""
        settings, now = self.settings, self.now
        engine = make_engine(settings.database_url)
        self.engines.append(engine)
        await upgrade(engine)
        uow_factory = sql_uow_factory(engine)
        self.factories.append(uow_factory)
        self.inbox.uow_factory = uow_factory
        me = await application.bot.get_me()
        deliverer = Deliverer(application.bot, uow_factory, now,
                              ready_in=self.limiter.ready_in, pictures=self.pictures,
                              owner=settings.replica_id,
                              group_per_minute=settings.group_messages_per_minute)
        assert application.job_queue is not None
        waker = Waker(application.job_queue, _sweep_job, now)
        username = me.username or ""
        games = GameService(uow_factory, now=now, seed_source=self.seed_source,
                            outbox=Outbox(lambda game_id: join_url(username, game_id), now),
                            deliver=deliverer.push, wake=waker.wake_at,
                            owner=settings.replica_id)
        bot = application.bot
        lifecycle = ChatLifecycle(games, deliverer,
                                  reopened=bot.reopened if isinstance(bot, InboxBot) else None)
        deliverer.lifecycle = lifecycle
        operator = self.operator
        deliverer.on_table = operator.table_shown
        operator.uow_factory, operator.loop = uow_factory, deliverer
        # SQLite takes one writer at a time: parallel timeouts would only queue on its lock.
        parallel = 8 if settings.database_url.startswith("postgresql") else 1
        application.bot_data[SERVICES_KEY] = Services(
            games=games, deliverer=deliverer, lifecycle=lifecycle, bot_username=username,
            batch=settings.deadline_batch, parallel=parallel, pictures=self.pictures,
            ops=operator, admins=frozenset(settings.bot_admins))
        await _register_commands(application)
        if settings.metrics_port is not None and not settings.webhook_url:
            self.servers.append(OpsServer(operator))
            operator.port = self.servers[0].start(settings.metrics_listen, settings.metrics_port)
        await deliverer.sweep(everything=True)  # resume what a previous run left undelivered
        await self.inbox.replay(application)  # and handle what it received but did not finish
        await rearm_requests(application.job_queue, games)  # and end its open undo requests
        application.job_queue.run_repeating(_sweep_job, interval=settings.deadline_sweep_seconds,
                                            first=0, name="deadlines")
        # Start-up's objects (modules, handlers, compiled statements) live as long as the
        # process: frozen out of the collector's generations, a full collection no longer
        # walks them all (it took ~80 ms of a loaded bot's CPU each time it ran).
        gc.collect()
        gc.freeze()
        # A press makes a few hundred short-lived containers: at the default threshold
        # (700) the young generation was collected every few presses, 2 % of the bot's
        # CPU; at 20,000 about once every 90 presses (docs/benchmarks.md, "eleventh pass").
        gc.set_threshold(*GC_THRESHOLDS)

    async def post_stop(self, application: Application) -> None:  # type: ignore[type-arg]
        """Stop the metrics server and the delivery loop, store the inbox, close the
        pictures and storage."""
        for server in self.servers:
            await server.stop()
        self.servers.clear()
        found = application.bot_data.get(SERVICES_KEY)
        if isinstance(found, Services):
            await found.deliverer.stop()
        await self.inbox.flush()
        self.pictures.close()
        for factory in self.factories:
            factory.close()
        self.factories.clear()
        for engine in self.engines:  # its connections' threads must not outlive the loop
            await engine.dispose()
        self.engines.clear()


def _add_handlers(application: Application) -> None:  # type: ignore[type-arg]
    """Register the buttons', commands' and chat changes' handlers, and the error handler."""
    # Presses are most updates: their handler is asked first (a group tries its handlers in
    # order until one takes the update; a press matches no command, a command no press).
    for route in button_routes():  # one per callback form, by its pattern; then the rest
        application.add_handler(route)
    for name, handler in (("newgame", newgame), ("join", join), ("status", status),
                          ("history", history), ("rules", rules), ("settings", chat_settings),
                          ("cancel", cancel), ("help", help_command), ("start", start),
                          ("mygames", mygames), ("language", language), ("back", back),
                          ("extend", extend), ("skip", skip), ("botseat", botseat),
                          ("kick", kick), ("undo", undo_command), ("stats", stats),
                          ("top", top), ("games", games_command), ("botstats", botstats)):
        application.add_handler(CommandHandler(name, handler))
    application.add_handler(ChatMemberHandler(bot_added, ChatMemberHandler.MY_CHAT_MEMBER),
                            group=1)
    application.add_handler(ChatMemberHandler(member_changed, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(ChatMemberHandler(member_update, ChatMemberHandler.CHAT_MEMBER))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, migration_message))
    application.add_handler(MessageHandler(
        filters.StatusUpdate.LEFT_CHAT_MEMBER | filters.StatusUpdate.NEW_CHAT_MEMBERS,
        member_message))
    application.add_error_handler(on_error)


def build_application(settings: Settings, *, now: Clock = utc_now,
                      seed_source: Callable[[], int] = random_seed,
                      limiter_clock: Callable[[], float] | None = None,
                      ) -> Application:  # type: ignore[type-arg]
    """Return the configured Application (not yet running); storage opens in post_init.

    `now` and `seed_source` are test hooks, handed to the GameService: a clock the test
    moves by hand (deadlines are computed and claimed with it) and fixed deal seeds.
    `limiter_clock` is the flood budgets' clock (seconds; the running loop's time when
    None): a test skips a budget's refill with it instead of sleeping.
    Production passes none of them (the wall clock in UTC, random seeds, the loop's time).
    """
    # PTB 22 returns durations (a 429's retry_after) as timedelta when asked to, and warns
    # on every one otherwise; we read both (rate_limit.retry_seconds).
    os.environ.setdefault("PTB_TIMEDELTA", "true")

    # A handler's reply is retried after a 429 (twice, waiting only its chat); the delivery
    # loop's sends too, then it retries on its own.
    limiter = ChatRateLimiter(max_retries=2, group_per_minute=settings.group_messages_per_minute,
                              clock=limiter_clock)
    # storage opens in post_init; in webhook mode the inbox drops duplicate deliveries
    inbox = Inbox(None, now, remember=WEBHOOK_MEMORY if settings.webhook_url else None)
    operator = Operator(now, backlog_seconds=settings.ready_backlog_seconds)
    limiter.on_flood = operator.flood
    runtime = _Runtime(settings, now, seed_source, limiter, inbox, operator)
    bot = InboxBot(settings.bot_token, base_url=settings.bot_api_base_url,
                   base_file_url=settings.bot_api_base_url.replace("/bot", "/file/bot"),
                   request=StreamRequest(256), get_updates_request=StreamRequest(1),
                   rate_limiter=limiter, inbox=inbox, watch=operator.api_call,
                   remember_refusals=not settings.webhook_url)
    application = (
        Application.builder()
        .bot(bot)
        .concurrent_updates(ChatOrderedProcessor(256, on_done=inbox.handled, tracer=operator,
                                                 unordered=reads_only))
        .post_init(runtime.post_init)
        .post_stop(runtime.post_stop)
        .build()
    )
    _add_handlers(application)
    application.bot_data[OPERATOR_KEY] = operator
    return application
