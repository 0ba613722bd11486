"""Users leaving and joining a group, and the updates Telegram sends the bot about it.

- the group's member list changes (a leaving admin is no admin any more);
- a `chat_member` update (old and new ChatMember of the user) is queued only while the bot
  is an administrator of the group, and the queue drops it unless the bot's
  `allowed_updates` name "chat_member" (it is not among the default ones), as on Telegram;
- a service message with `left_chat_member` (the user) or `new_chat_members` (a list) is
  posted by the user; bots receive service messages, privacy mode or not.
Nothing reaches the bot while it is not in the group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.fakebot.model import FakeGroup, FakeUser, Json

if TYPE_CHECKING:
    from tests.fakebot.world import World


def leave(world: World, user: FakeUser, group: FakeGroup) -> Json | None:
    """`user` leaves `group`; return the service message update (None: the bot is not
    there). ValueError if he is not a member."""
    if user.id not in group.members:
        raise ValueError(f"{user.first_name} is not in {group.title!r}")
    old = world.member_json(group, user.id)
    group.members.discard(user.id)
    if user.id in group.admins:
        group.admins.remove(user.id)
    return _announce(world, user, group, old, {"left_chat_member": user.to_json()})


def join(world: World, user: FakeUser, group: FakeGroup) -> Json | None:
    """`user` joins `group`; return the service message update (None: the bot is not
    there). ValueError if he is a member already."""
    if user.id in group.members:
        raise ValueError(f"{user.first_name} is in {group.title!r} already")
    old = world.member_json(group, user.id)
    group.members.add(user.id)
    return _announce(world, user, group, old, {"new_chat_members": [user.to_json()]})


def _announce(world: World, user: FakeUser, group: FakeGroup, old: Json,
              service: Json) -> Json | None:
    """Queue the chat_member update (an administrator bot only) and post the service
    message; return its update."""
    if group.bot_status == "administrator":
        world.updates.push("chat_member", {
            "chat": group.to_json(), "from": user.to_json(), "date": world.now(),
            "old_chat_member": old, "new_chat_member": world.member_json(group, user.id)})
    message = world.new_message(group, user.id, from_bot=False, service=service)
    world.on_change()
    if not group.bot_in:
        return None
    return world.updates.push("message", world.message_json(message))
