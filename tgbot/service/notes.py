"""Front-only notes kept on a game row in any status (e.g. the turn a reminder or an
/extend mentioned); the engine never sees them."""

from __future__ import annotations

from typing import Any

from storage.uow import UnitOfWorkFactory


async def set_note(
    uow_factory: UnitOfWorkFactory,
    *,
    game_id: int,
    key: str,
    value: Any,
) -> None:
    """Set one front-only note of a game in any status (e.g. the turn a reminder mentioned).

    Raise GameNotFound.
    """
    async with uow_factory() as uow:
        game = await uow.games.get(game_id=game_id)
        game.lobby = {**game.lobby, key: value}
        await uow.games.save(game=game, expected_version=game.version)  # version unchanged
        await uow.commit()
