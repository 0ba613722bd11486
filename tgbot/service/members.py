"""Players who leave the group during a game, and come back.

A player who leaves (or is removed from) the group of a running game he sits at is treated
as absent at once, as the chat's `leavers` setting says (`/settings leavers bot|kick`):

- "bot" (the default): a bot plays his seat; the group is told; if he comes back to the
  group before the game ends, his seat is his again;
- "kick": he is removed from the game as an admin's `/kick` would (by the game's own rule,
  or a bot for good where the game cannot remove a player).

A player who leaves a lobby simply loses his place in it.
"""

from __future__ import annotations

from storage.errors import StorageError
from storage.models import GameStatus
from tgbot.service import lobby, reads
from tgbot.service.follow import follow
from tgbot.service.games import GameService, Unchanged
from tgbot.service.scene import Scene

LEFT = "left_group"
"""The users of a game who left its group, whose seats a bot plays (kept in `lobby`)."""
LEAVERS = "leavers"
"""The chat setting in `Chat.default_options`: "bot" (the default) or "kick"."""
LEAVER_CHOICES = ("bot", "kick")


async def player_left(games: GameService, *, chat_id: int, user_id: int,
                      kick: bool) -> list[int]:
    """Treat a player who left a group as absent in every game of that group he sits at;
    return the ids of the running games changed."""
    changed = []
    for game in await reads.games_of_user(games.uow_factory, user_id=user_id):
        if game.chat_id != chat_id or game.id is None:
            continue
        if game.status is GameStatus.LOBBY:
            try:
                await lobby.leave_lobby(games.uow_factory, game_id=game.id, user_id=user_id,
                                        now=games.now)
            except StorageError:
                continue
            await games.lobby_changed(game.id)
        elif await _leave_running(games, game.id, user_id, kick=kick):
            changed.append(game.id)
    return changed


async def _leave_running(games: GameService, game_id: int, user_id: int, *,
                         kick: bool) -> bool:
    """Hand a leaver's seat to the bot (or remove him); return False if nothing changed."""
    if kick:
        table = await games.table(game_id)
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            return False
        try:
            await games.remove(game_id, seat, table.game.version)
        except StorageError:
            return False
        await games.refresh(game_id, left=seat, removed=True)
        return True

    def work(scene: Scene) -> None:
        seat = scene.seat_of(user_id)
        left = scene.game.lobby.get(LEFT, [])
        if seat is None or user_id in left:
            raise Unchanged
        scene.game.lobby = {**scene.game.lobby, LEFT: [*left, user_id]}
        for row in scene.seats:
            if row.seat == seat:
                row.is_bot, row.strikes = True, 0
        scene.notes.left, scene.notes.dirty = seat, True
        follow(scene)

    try:
        await games.command(game_id, work)
    except (Unchanged, StorageError):
        return False
    return True


async def player_returned(games: GameService, *, chat_id: int, user_id: int) -> list[int]:
    """Give a player who came back to a group the seats a bot took when he left; return
    the ids of the games changed."""
    changed = []
    for game in await reads.games_of_user(games.uow_factory, user_id=user_id):
        if game.chat_id != chat_id or game.id is None or game.status is not GameStatus.RUNNING \
                or user_id not in game.lobby.get(LEFT, []):
            continue

        def work(scene: Scene) -> None:
            seat = scene.seat_of(user_id)
            left = scene.game.lobby.get(LEFT, [])
            if seat is None or user_id not in left:
                raise Unchanged
            scene.game.lobby = {**scene.game.lobby, LEFT: [u for u in left if u != user_id]}
            for row in scene.seats:
                if row.seat == seat:
                    row.is_bot, row.strikes = False, 0
            scene.notes.returned, scene.notes.dirty = seat, True

        try:
            await games.command(game.id, work)
        except (Unchanged, StorageError):
            continue
        changed.append(game.id)
    return changed
