"""A refused lobby command is answered with what went wrong, in the player's language."""

from __future__ import annotations

import pytest

from tgbot.handlers.lobby import lobby_error
from tgbot.i18n import LANGUAGES, t
from tgbot.service.errors import (
    AlreadySeated,
    GameNotFound,
    LobbyFull,
    NotInLobby,
    NotSeated,
    StorageError,
    TableBusy,
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("error", "text"), [
    (AlreadySeated("x"), "You are already at this table."),
    (GameNotFound("x"), "This table does not exist."),
    (LobbyFull("x"), "This table is full."),
    (NotInLobby("x"), "This table has already started or ended."),
    (NotSeated("x"), "You are not at this table."),
    (TableBusy("x", game_id=7), "This chat already has a game."),
    (StorageError("x"), "That is not possible now."),
])
def test_each_refusal_says_why(language: str, error: Exception, text: str) -> None:
    assert lobby_error(language, error) == t(language, text)
