"""The error handler's answer to a press that failed inside the bot (tgbot/app.py)."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest
from telegram import CallbackQuery, Update, User
from telegram.error import BadRequest

from tgbot.app import on_error
from tgbot.i18n import t

SORRY = "Sorry, something went wrong on our side. If the table did not change, please try " \
        "again in a moment."


class AnsweringBot:
    """Records the callback answers PTB's CallbackQuery.answer asks for."""

    def __init__(self) -> None:
        self.answers: list[dict[str, Any]] = []

    async def answer_callback_query(self, callback_query_id: str, **kwargs: Any) -> bool:
        self.answers.append({"id": callback_query_id, **kwargs})
        return True


def _failed_press(error: Exception, language: str) -> tuple[Update, Any, AnsweringBot]:
    bot = AnsweringBot()
    query = CallbackQuery("q1", User(7, "Ana", False, language_code=language), "chat",
                          data="p:1:3:s")
    query.set_bot(bot)  # type: ignore[arg-type]
    context = SimpleNamespace(error=error, application=SimpleNamespace(bot_data={}))
    return Update(11, callback_query=query), context, bot


async def test_a_press_that_raised_is_answered_in_the_players_language(
        caplog: pytest.LogCaptureFixture) -> None:
    update, context, bot = _failed_press(RuntimeError("a fault"), "it")
    await on_error(update, context)
    assert [(a["text"], a["show_alert"]) for a in bot.answers] == [(t("it", SORRY), True)]
    assert any(record.levelname == "ERROR" for record in caplog.records)


async def test_a_press_too_old_to_answer_is_a_log_line_and_no_answer(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    update, context, bot = _failed_press(BadRequest(
        "Query is too old and response timeout expired or query id is invalid"), "en")
    await on_error(update, context)
    assert bot.answers == []
    assert not [record for record in caplog.records if record.levelname == "ERROR"]
    assert any("too old" in record.getMessage() for record in caplog.records)
