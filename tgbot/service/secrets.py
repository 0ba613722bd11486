"""Where a player's secrets and private choices go: in the group, as ephemeral messages
only he sees (the default), or in his private chat with the bot (docs/secrets_in_group.md).

The group's admins choose for the chat (`/settings secrets group|private`, kept as
`Chat.default_options["secrets"]`: no migration); a player may override it for himself in
private (`User.settings["secrets"]`). `private_view` reads what a "🔒 Mine" press shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from storage.uow import UnitOfWorkFactory
from tgbot.service.payloads import closed
from tgbot.service.scene import Scene, load_scene

SECRETS = "secrets"
"""The setting's key, in the chat's default options and in a user's settings."""
GROUP, PRIVATE = "group", "private"
SECRETS_CHOICES = (GROUP, PRIVATE)


def secrets_place(chat_options: Mapping[str, Any] | None,
                  user_settings: Mapping[str, Any] | None) -> str:
    """Return GROUP or PRIVATE: the player's own choice, else the chat's, else GROUP."""
    for found in ((user_settings or {}).get(SECRETS), (chat_options or {}).get(SECRETS)):
        if found in SECRETS_CHOICES:
            return str(found)
    return GROUP


def scene_place(scene: Scene, user_id: int) -> str:
    """Return where a seated user's secrets go for the scene's game (GROUP or PRIVATE)."""
    user = scene.users.get(user_id)
    return secrets_place(scene.chat.default_options if scene.chat is not None else None,
                         user.settings if user else None)


@dataclass(frozen=True)
class PrivateView:
    """What one seated player may see of his own: the game, his seat, where his secrets
    go, whether the bot may write to him in private, and his live private prompt's
    payload (None when he owes no private choice)."""

    scene: Scene
    seat: int
    place: str
    can_dm: bool
    prompt: dict[str, Any] | None


async def private_view(uow_factory: UnitOfWorkFactory, *, game_id: int,
                       user_id: int) -> PrivateView | None:
    """Return the player's view of a dealt game, or None when he holds no seat there (or
    it is not dealt). Raise GameNotFound."""
    async with uow_factory() as uow:
        scene = await load_scene(uow, game_id, lock=False)
    seat = scene.seat_of(user_id)
    if seat is None or scene.state is None:
        return None
    user = scene.users.get(user_id)
    row = scene.deliveries.get(f"prompt:{seat}")
    prompt = None if row is None or closed(row.payload) else dict(row.payload)
    return PrivateView(scene, seat, scene_place(scene, user_id), bool(user and user.can_dm),
                       prompt)


async def place_for(uow_factory: UnitOfWorkFactory, *, chat_id: int, user_id: int) -> str:
    """Return where a user's secrets go for games of a chat (GROUP or PRIVATE)."""
    async with uow_factory() as uow:
        chat = await uow.chats.get(chat_id=chat_id)
        user = await uow.users.get(user_id=user_id)
    return secrets_place(chat.default_options if chat else None,
                         user.settings if user else None)
