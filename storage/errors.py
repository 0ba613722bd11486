"""Typed errors of the storage layer."""

from __future__ import annotations

from core.engine.errors import StaleVersion


class StorageError(Exception):
    """Base of the errors storage raises on its own account."""

    code = "storage_error"


class StaleGame(StaleVersion):
    """The game moved on: its version is not the one the command was based on.

    A subclass of the engine's StaleVersion, so the front maps both to "this prompt is outdated".
    """

    code = "stale_version"


class GameNotFound(StorageError):
    """No game has the requested id."""

    code = "game_not_found"


class GameNotRunning(StorageError):
    """The game is in the lobby, finished or aborted: no action can be applied to it."""

    code = "game_not_running"


class CorruptGame(StorageError):
    """The stored snapshot cannot be loaded or disagrees with the game row."""

    code = "corrupt_game"


class TableBusy(StorageError):
    """The chat (or forum topic) already has a game in the lobby or running: `game_id`."""

    code = "table_busy"

    def __init__(self, message: str, *, game_id: int) -> None:
        super().__init__(message)
        self.game_id = game_id


class NotInLobby(StorageError):
    """The game has left the lobby (running, finished or aborted): seats are fixed."""

    code = "not_in_lobby"


class AlreadySeated(StorageError):
    """The user already holds a seat of this game."""

    code = "already_seated"


class NotSeated(StorageError):
    """The user (or seat index) holds no seat of this game."""

    code = "not_seated"


class LobbyFull(StorageError):
    """Every seat the game allows (the engine's max_players) is taken."""

    code = "lobby_full"
