"""Engine states by game: parsed from the game row's snapshot, and kept in memory (bounded
in bytes) so the next command on a game need not parse it again."""

from __future__ import annotations

from typing import Any

from core.engine.registry import AnyGame
from storage.errors import CorruptGame
from storage.models import Game
from tgbot.service.lru import ENTRY_BYTES, Lru

STATES_BUDGET = 12 * 1024 * 1024  # parsed states kept: the ~600 games played lately
STATE_BYTES_PER_CHAR = 9  # a state holds 3-7.5 bytes per character of its snapshot, + it


def state_weight(kept: tuple[str, Any]) -> int:
    """Return the bytes a kept (snapshot, state) holds, estimated from the snapshot."""
    return STATE_BYTES_PER_CHAR * len(kept[0]) + ENTRY_BYTES


_STATES: Lru[int | None, tuple[str, Any]] = Lru(STATES_BUDGET, state_weight)  # by game id


def keep_state(game: Game, state: Any) -> None:
    """Remember the state whose snapshot the game row now holds, so the next command on
    the game need not parse it again (up to `STATES_BUDGET` bytes, the least recently
    used game forgotten first)."""
    if game.snapshot is None:
        return
    _STATES.keep(game.id, (game.snapshot, state))


def load_engine_state(engine: AnyGame, game: Game) -> Any:
    """Return the engine state of a stored game; raise CorruptGame if it cannot be trusted.

    A snapshot identical to the text a state was remembered with (`keep_state`) gives that
    state again: engines never change a state in place, and equal text is an equal state,
    whoever wrote it.
    """
    if game.snapshot is None:
        raise CorruptGame(f"game {game.id} has no snapshot")
    kept = _STATES.get(game.id)  # now the most recently used: forgotten last
    if kept is not None and kept[0] == game.snapshot:
        state = kept[1]
    else:
        try:
            state = engine.load_state(game.snapshot)
        except ValueError as error:
            raise CorruptGame(f"game {game.id}: unreadable snapshot: {error}") from error
        keep_state(game, state)
    if engine.version(state) != game.version:
        raise CorruptGame(
            f"game {game.id}: snapshot is at version {engine.version(state)}, row at {game.version}"
        )
    return state
