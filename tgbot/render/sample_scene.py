"""A game scene built in memory for the sample screens (`python -m tgbot.render.screens`):
a dice game in a supergroup called "Saloon", its seats held by the sample players, its
clock running, its table message posted."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from storage.models import Chat, Delivery, Game, GameStatus, Seat, User, built
from tgbot.service.scene import Scene

GROUP = -1001234567890
MOMENT = datetime(2026, 12, 6, 17, 30, tzinfo=UTC)


def sample_scene(language: str, state: Any, names: Sequence[str]) -> Scene:
    """Return a scene of the dice game at `state`, everyone speaking `language`."""
    game = built(Game, {"id": 1, "chat_id": GROUP, "kind": "bang_dice", "options": {},
                        "lobby": {}, "seed": 7, "status": GameStatus.RUNNING, "version": 3,
                        "deadline_at": MOMENT, "created_at": MOMENT, "updated_at": MOMENT})
    seats = [built(Seat, {"game_id": 1, "seat": seat, "user_id": 100 + seat, "is_bot": False,
                          "strikes": 0}) for seat in range(len(names))]
    users = {100 + seat: built(User, {"id": 100 + seat, "display_name": name,
                                      "language": language, "can_dm": True,
                                      "settings": {}, "created_at": MOMENT})
             for seat, name in enumerate(names)}
    chat = built(Chat, {"id": GROUP, "language": language, "title": "Saloon",
                        "timer_settings": {"timezone": "America/Sao_Paulo"},
                        "created_at": MOMENT})
    table = built(Delivery, {"id": 1, "game_id": 1, "key": "table", "chat_id": GROUP,
                             "revision": 1, "sent_revision": 1, "message_id": 42,
                             "updated_at": MOMENT})
    return Scene(game, seats, users, chat, {"table": table}, state=state)
