"""The errors a use case raises besides the engine's, as the handlers catch them.

storage/errors.py defines them (a unit of work raises them); the handlers import them from
here, so that they reach storage/ only through the service layer (tests/test_layers.py).
"""

from __future__ import annotations

from storage.errors import (
    AlreadySeated,
    GameNotFound,
    GameNotRunning,
    LobbyFull,
    NotInLobby,
    NotSeated,
    StaleGame,
    StorageError,
    TableBusy,
)

__all__ = ["AlreadySeated", "GameNotFound", "GameNotRunning", "LobbyFull", "NotInLobby",
           "NotSeated", "StaleGame", "StorageError", "TableBusy"]
