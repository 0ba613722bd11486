"""Chat lifecycle events: a group upgraded to a supergroup, the bot removed, a chat forgotten.

Each function changes the `World` and queues the updates Telegram sends the bot. Afterwards
every method naming the chat answers as Telegram does (see `MessageMethods.chat`):
- migrated group: 400 "Bad Request: group chat was upgraded to a supergroup chat" with
  `parameters.migrate_to_chat_id` (PTB raises `ChatMigrated` with `new_chat_id`);
- bot kicked: 403 "Forbidden: bot was kicked from the group chat" (PTB `Forbidden`);
- bot left: 403 "Forbidden: bot is not a member of the group chat" (PTB `Forbidden`);
- forgotten private chat: 400 "Bad Request: chat not found" (PTB `BadRequest`) until the user
  writes to the bot again.
"""

from __future__ import annotations

from tests.fakebot.model import FakeGroup, FakeUser, Json
from tests.fakebot.world import World

SUPERGROUP_BASE = 1_000_000_000_000  # -100xxxxxxxxxx


def migrate_group(
    world: World, group: FakeGroup, by: FakeUser | None = None, new_id: int | None = None
) -> FakeGroup:
    """Upgrade a basic group to a new supergroup (members, admins and the bot move along).

    Queues, if the bot is in the group, the service messages Telegram sends: one in the old
    group with `migrate_to_chat_id`, then one in the supergroup with `migrate_from_chat_id`.
    `by` defaults to the group's owner; `new_id` to -100 followed by the old id's digits.
    Returns the supergroup; ValueError if the group cannot be upgraded or the id is taken.
    """
    if group.type != "group" or group.migrated_to is not None:
        raise ValueError(f"{group.title!r} is not a basic group (already a supergroup?)")
    if by is None:
        if not group.admins:
            raise ValueError("a group without an owner needs `by` to upgrade it")
        by = world.users[group.admins[0]]
    if new_id is None:
        new_id = -(SUPERGROUP_BASE + abs(group.id))
    if not str(new_id).startswith("-100"):
        raise ValueError(f"a supergroup id starts with -100, not {new_id}")
    supergroup = world.add_group(
        new_id, group.title, admins=group.admins, members=group.members | {by.id}
    )
    supergroup.bot_status = group.bot_status
    group.migrated_to = supergroup.id
    if group.bot_in:
        for chat, service in (
            (group, {"migrate_to_chat_id": supergroup.id}),
            (supergroup, {"migrate_from_chat_id": group.id}),
        ):
            message = world.new_message(chat, by.id, from_bot=False, service=service)
            world.updates.push("message", world.message_json(message))
    world.on_change()
    return supergroup


def remove_bot(world: World, group: FakeGroup, by: FakeUser, *, kicked: bool = True) -> Json:
    """Remove the bot from a group (kicked, or left); returns the queued my_chat_member update.

    ValueError if the bot is not in the group. `World.add_bot_to_group` re-adds it.
    """
    if group.migrated_to is not None or not group.bot_in:
        raise ValueError(f"the bot is not in {group.title!r}")
    old = world.member_json(group, world.bot.id)
    group.bot_status = "kicked" if kicked else "left"
    update = world.updates.push(
        "my_chat_member",
        {
            "chat": group.to_json(),
            "from": by.to_json(),
            "date": world.now(),
            "old_chat_member": old,
            "new_chat_member": world.member_json(group, world.bot.id),
        },
    )
    world.on_change()
    return update


def forget_chat(world: World, user: FakeUser) -> None:
    """Make the bot lose access to a user's private chat: calls naming it get chat not found."""
    world.private_chat(user).forgotten = True
    world.on_change()
