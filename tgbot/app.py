"""Builds the python-telegram-bot Application: settings, rate limiter, handlers, errors."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import AIORateLimiter, Application, CommandHandler, ContextTypes

from tgbot.i18n import text
from tgbot.settings import Settings

log = logging.getLogger(__name__)


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Greet a user who opened the bot."""
    if update.effective_message and update.effective_user:
        language = update.effective_user.language_code
        await update.effective_message.reply_text(text("welcome", language))


async def help_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Explain what the bot can do."""
    if update.effective_message and update.effective_user:
        language = update.effective_user.language_code
        await update.effective_message.reply_text(text("help", language))


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every handler error and keep going."""
    log.error("update %r failed", update, exc_info=context.error)


def build_application(settings: Settings) -> Application:  # type: ignore[type-arg]
    """Return the configured Application (not yet running)."""
    application = (
        Application.builder()
        .token(settings.bot_token)
        .base_url(settings.bot_api_base_url)
        .rate_limiter(AIORateLimiter(max_retries=3))
        .build()
    )
    application.add_handler(CommandHandler("start", start))
    application.add_handler(CommandHandler("help", help_command))
    application.add_error_handler(on_error)
    return application
