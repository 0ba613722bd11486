"""`python -m tgbot`: run the bot with long polling (or a webhook when WEBHOOK_URL is set)."""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

from tgbot.i18n import t
from tgbot.settings import Settings


def main() -> int:
    """Run the bot until interrupted; return 2 with a clear message if BOT_TOKEN is missing."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # its request lines carry the token
    try:
        settings = Settings()
    except ValidationError:
        print(t("en", "Set BOT_TOKEN (the token from @BotFather) in the environment or .env."),
              file=sys.stderr)
        return 2
    from tgbot.app import ALLOWED_UPDATES, build_application

    application = build_application(settings)
    if settings.webhook_url:
        application.run_webhook(listen=settings.webhook_listen, port=settings.webhook_port,
                                webhook_url=settings.webhook_url,
                                secret_token=settings.webhook_secret,
                                allowed_updates=ALLOWED_UPDATES)
    else:
        application.run_polling(allowed_updates=ALLOWED_UPDATES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
