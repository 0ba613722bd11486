"""`python -m tgbot`: run the bot with long polling (or a webhook when WEBHOOK_URL is set)."""

from __future__ import annotations

import asyncio
import logging
import sys

from pydantic import ValidationError

from tgbot.i18n import t
from tgbot.settings import Settings


def main() -> int:
    """Run the bot until interrupted; return 2 with a clear message if BOT_TOKEN is missing."""
    try:
        settings = Settings()
    except ValidationError:
        print(t("en", "Set BOT_TOKEN (the token from @BotFather) in the environment or .env."),
              file=sys.stderr)
        return 2
    _logging(json_lines=settings.log_json)
    from tgbot.app import ALLOWED_UPDATES, OPERATOR_KEY, build_application
    from tgbot.ops.webhook import serve_webhook

    application = build_application(settings)
    log = logging.getLogger("tgbot")
    log.info("event loop: %s", use_fast_loop())
    if settings.webhook_url:
        asyncio.run(serve_webhook(application, application.bot_data[OPERATOR_KEY], settings,
                                  list(ALLOWED_UPDATES)))
    else:
        application.run_polling(allowed_updates=ALLOWED_UPDATES)
    return 0


def use_fast_loop() -> str:
    """Make uvloop's loop the one new event loops are (its scheduling, timers and sockets
    are C; docs/benchmarks.md, "eleventh pass"); return the name of the loop the bot will
    run on ("asyncio" where uvloop is not installed)."""
    try:
        import uvloop
    except ImportError:
        return "asyncio"
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return "uvloop"


def _logging(*, json_lines: bool) -> None:
    """Log at INFO to stderr, as text or (LOG_JSON) one JSON object a line."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    if json_lines:
        from tgbot.ops.trace import JsonFormatter

        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
    logging.getLogger("httpx").setLevel(logging.WARNING)  # its request lines carry the token
    logging.getLogger("tornado.access").setLevel(logging.WARNING)  # a line per scrape


if __name__ == "__main__":
    sys.exit(main())
