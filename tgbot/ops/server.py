"""The bot's small HTTP server (tornado, which python-telegram-bot's webhooks use too):
`/metrics` (Prometheus' text format), `/healthz` (ready: 200, else 503, with each check's
reading as JSON), `/healthz/live` (the process answers), and, in webhook mode, Telegram's
updates posted to any other path (checked against the secret token when one is set).

In polling mode it serves the first three on METRICS_PORT; in webhook mode everything on
WEBHOOK_PORT (tgbot/__main__.py).
"""

from __future__ import annotations

import json
import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web
from prometheus_client import CONTENT_TYPE_LATEST
from telegram import Update

from tgbot.botapi.inbox import Inbox, slim_pressed_message
from tgbot.ops.operator import Operator

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


@dataclass(frozen=True)
class Webhook:
    """Where Telegram's posted updates go: the application (its bot, with the inbox that
    drops duplicates, and its update queue), the secret token Telegram sends with them
    (None: not checked), and whom to tell of a duplicate dropped."""

    application: Any
    secret: str | None = None
    duplicate: Callable[[], None] = lambda: None


class _Metrics(tornado.web.RequestHandler):
    def initialize(self, operator: Operator) -> None:
        self.operator = operator

    async def get(self) -> None:
        await self.operator.health()  # the gauges read now (the counters are kept as counted)
        self.set_header("Content-Type", CONTENT_TYPE_LATEST)
        self.write(self.operator.metrics.exposition())


class _Health(tornado.web.RequestHandler):
    def initialize(self, operator: Operator) -> None:
        self.operator = operator

    async def get(self) -> None:
        health = await self.operator.health()
        self.set_status(200 if health.ready else 503)
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps(health.to_json()))


class _Live(tornado.web.RequestHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps({"status": "ok", "live": True}))


class _Updates(tornado.web.RequestHandler):
    def initialize(self, webhook: Webhook) -> None:
        self.webhook = webhook

    async def post(self) -> None:
        secret = self.webhook.secret
        if secret is not None and self.request.headers.get(SECRET_HEADER) != secret:
            raise tornado.web.HTTPError(403)
        try:
            data = json.loads(self.request.body)
        except ValueError as error:
            raise tornado.web.HTTPError(400) from error
        if not isinstance(data, dict):
            raise tornado.web.HTTPError(400)
        application = self.webhook.application
        inbox = getattr(application.bot, "inbox", None)
        if isinstance(inbox, Inbox) and inbox.remember is not None \
                and isinstance(data.get("update_id"), int) \
                and not await inbox.first_time(data["update_id"]):
            self.webhook.duplicate()
            return  # another delivery of an update already taken (here or by a replica)
        slim_pressed_message(data)
        update = Update.de_json(data, application.bot)
        if update is not None:
            await application.update_queue.put(update)


class OpsServer:
    """Serves the operator's endpoints, and Telegram's webhook when given one."""

    def __init__(self, operator: Operator, webhook: Webhook | None = None) -> None:
        routes: list[Any] = [(r"/metrics", _Metrics, {"operator": operator}),
                             (r"/healthz/live", _Live), (r"/healthz", _Health,
                                                         {"operator": operator})]
        if webhook is not None:
            routes.append((r"/.*", _Updates, {"webhook": webhook}))
        self._app = tornado.web.Application(routes)
        self._server: tornado.httpserver.HTTPServer | None = None

    def start(self, listen: str, port: int) -> int:
        """Listen on `listen`:`port` (0: any free port); return the port."""
        sockets = tornado.netutil.bind_sockets(port, listen, family=socket.AF_INET)
        self._server = tornado.httpserver.HTTPServer(self._app)
        self._server.add_sockets(sockets)
        return int(sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Stop listening and close open connections."""
        if self._server is not None:
            server, self._server = self._server, None
            server.stop()
            await server.close_all_connections()
