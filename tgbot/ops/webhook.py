"""Webhook mode: Telegram posts updates to the bot's HTTP server, which also serves
/metrics and /healthz on the same port (tgbot/ops/server.py). Run as python-telegram-bot's
`run_webhook` runs an application: initialize, post_init, start, set the webhook, serve
until SIGINT or SIGTERM, then stop, post_stop, shut down."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

from tgbot.ops.operator import Operator
from tgbot.ops.server import OpsServer, Webhook
from tgbot.settings import Settings

log = logging.getLogger(__name__)


async def serve_webhook(application: Any, operator: Operator, settings: Settings,
                        allowed_updates: list[str]) -> None:
    """Run the application on a webhook until the process is asked to stop."""
    assert settings.webhook_url is not None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sign in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sign, stop.set)
    await application.initialize()
    if application.post_init is not None:
        await application.post_init(application)
    await application.start()
    server = OpsServer(operator, Webhook(application, settings.webhook_secret,
                                         operator.metrics.duplicates.inc))
    try:
        port = operator.port = server.start(settings.webhook_listen, settings.webhook_port)
        await application.bot.set_webhook(settings.webhook_url, allowed_updates=allowed_updates,
                                          secret_token=settings.webhook_secret)
        log.info("webhook %s served on port %d", settings.webhook_url, port)
        await stop.wait()
    finally:
        await server.stop()
        await application.stop()
        if application.post_stop is not None:
            await application.post_stop(application)
        await application.shutdown()
