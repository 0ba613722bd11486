"""What the durable inbox keeps of a pressed button's message: where it is and which it is."""

from __future__ import annotations

import copy
from typing import Any

from telegram import Bot, Update

from tgbot.botapi.inbox import slim_pressed_message
from tgbot.handlers.context import topic_of

PRESS: dict[str, Any] = {
    "update_id": 7,
    "callback_query": {
        "id": "q1", "chat_instance": "ci", "data": "p:12:3:S",
        "from": {"id": 501, "is_bot": False, "first_name": "Ana"},
        "message": {
            "message_id": 88, "date": 1764000000, "message_thread_id": 4,
            "is_topic_message": True,
            "chat": {"id": -100123, "type": "supergroup", "title": "Saloon", "is_forum": True},
            "from": {"id": 9, "is_bot": True, "first_name": "Bot"},
            "text": "🎲 <b>Table</b> " + "x" * 3000,
            "entities": [{"type": "bold", "offset": 3, "length": 5}],
            "reply_markup": {"inline_keyboard": [
                [{"text": f"Die {n}", "callback_data": f"t:12:3:{n}"} for n in range(5)],
                [{"text": "Done", "callback_data": "p:12:3:S"}]]},
        },
    },
}


def test_a_pressed_message_keeps_where_and_which_it_is_and_nothing_else() -> None:
    update = copy.deepcopy(PRESS)
    slim_pressed_message(update)
    message = update["callback_query"]["message"]
    assert set(message) == {"message_id", "date", "chat", "message_thread_id",
                            "is_topic_message"}
    assert update["callback_query"]["data"] == "p:12:3:S"  # the press itself is untouched
    assert update["callback_query"]["from"]["id"] == 501

    parsed = Update.de_json(update, Bot("1:x"))
    assert parsed is not None
    query = parsed.callback_query
    assert query is not None
    assert query.message is not None
    assert (query.message.chat.id, query.message.message_id) == (-100123, 88)
    assert parsed.effective_chat is not None
    assert parsed.effective_chat.id == -100123
    assert topic_of(parsed) == 4  # the forum topic a table lives in still routes the press


def test_other_updates_and_inaccessible_messages_are_left_as_they_are() -> None:
    command = {"update_id": 8, "message": {"message_id": 1, "date": 1, "text": "/status",
                                           "chat": {"id": -5, "type": "group"}}}
    before = copy.deepcopy(command)
    slim_pressed_message(command)
    assert command == before
    old = {"update_id": 9, "callback_query": {
        "id": "q2", "chat_instance": "ci", "data": "x",
        "from": {"id": 1, "is_bot": False, "first_name": "B"},
        "message": {"message_id": 3, "date": 0, "chat": {"id": -5, "type": "group"}}}}
    slim_pressed_message(old)
    parsed = Update.de_json(old, Bot("1:x"))
    assert parsed is not None
    assert parsed.callback_query is not None
    assert parsed.callback_query.message is not None
    assert parsed.callback_query.message.chat.id == -5
