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
