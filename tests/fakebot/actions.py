"""`WorldActions`: what a test does to the fake Telegram's world, as its users and admins.

Mixed into `FakeBotApi`: building the world (users, groups, the bot added), the chat
lifecycle (a group upgraded, the bot removed, a private chat blocked or forgotten), the
bot's rights in a group (rights.py), forum topics (topics.py), members leaving and
joining (members.py), and whose phone the bot's messages made ring (notify.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from tests.fakebot import lifecycle, members, rights, topics
from tests.fakebot.model import BotIdentity, FakeGroup, FakeMessage, FakeTopic, FakeUser, Json
from tests.fakebot.world import World


class WorldActions:
    """What users and admins do; `self.world` is the fake Telegram's state."""

    world: World

    # -- building the world --------------------------------------------------------------------
    @property
    def bot(self) -> BotIdentity:
        """The bot's identity (getMe)."""
        return self.world.bot

    def add_user(
        self,
        user_id: int,
        first_name: str,
        *,
        username: str | None = None,
        language_code: str | None = "pt-BR",
    ) -> FakeUser:
        """Add a user; they can write to the bot and press its buttons."""
        return self.world.add_user(
            user_id, first_name, username=username, language_code=language_code
        )

    def add_group(
        self,
        chat_id: int,
        title: str,
        *,
        admins: Iterable[FakeUser | int] = (),
        is_forum: bool = False,
        members: Iterable[FakeUser | int] = (),
    ) -> FakeGroup:
        """Add a group (negative id; -100… ids are supergroups); the first admin is its owner."""
        ids = [a.id if isinstance(a, FakeUser) else a for a in admins]
        member_ids = [m.id if isinstance(m, FakeUser) else m for m in members]
        return self.world.add_group(
            chat_id, title, admins=ids, is_forum=is_forum, members=member_ids
        )

    def add_bot_to_group(self, group: FakeGroup, by: FakeUser, *, as_admin: bool = False) -> Json:
        """Add the bot to a group: queues my_chat_member and a new_chat_members message."""
        return self.world.add_bot_to_group(group, by, as_admin=as_admin)

    def user(self, user_id: int) -> FakeUser:
        """Return a user by id."""
        return self.world.users[user_id]

    # -- a group's life ------------------------------------------------------------------------
    def migrate_group(self, group: FakeGroup, by: FakeUser | None = None) -> FakeGroup:
        """Upgrade a basic group to a new -100… supergroup; returns it (see lifecycle.py)."""
        return lifecycle.migrate_group(self.world, group, by)

    def remove_bot_from_group(self, group: FakeGroup, by: FakeUser, *, kicked: bool = True) -> Json:
        """Kick the bot (or make it leave); returns the queued my_chat_member update."""
        return lifecycle.remove_bot(self.world, group, by, kicked=kicked)

    def forget_chat(self, user: FakeUser) -> None:
        """Calls naming the user's private chat answer 400 chat not found until they write."""
        lifecycle.forget_chat(self.world, user)

    def block(self, user: FakeUser) -> Json:
        """The user blocks the bot; returns the my_chat_member update (member -> kicked)."""
        return self.world.user_block(user)

    def unblock(self, user: FakeUser) -> Json:
        """The user restarts the bot: my_chat_member (kicked -> member), then /start (returned)."""
        if not user.blocked:
            raise ValueError(f"{user.first_name} has not blocked the bot")
        return self.world.user_start(user, None)


    # -- the bot's rights in a group -----------------------------------------------------------
    def restrict_bot(self, group: FakeGroup, by: FakeUser | None = None,
                     **permissions: bool) -> Json:
        """Restrict what the bot may send in `group` (e.g. `can_send_photos=False`; a right
        left out is allowed, all allowed makes it a plain member again); returns the
        queued my_chat_member update. ValueError for an unknown right (rights.py)."""
        return rights.restrict_bot(self.world, group, by, permissions)

    def promote_bot(self, group: FakeGroup, by: FakeUser | None = None) -> Json:
        """Make the bot an administrator of `group`; returns the my_chat_member update."""
        return rights.promote_bot(self.world, group, by)

    def set_group_permissions(self, group: FakeGroup, **permissions: bool) -> None:
        """Set what `group`'s members may send (its defaults); no update reaches the bot."""
        rights.set_group_permissions(group, permissions)

    # -- forum topics --------------------------------------------------------------------------
    def create_topic(self, group: FakeGroup, name: str, by: FakeUser) -> int:
        """`by` creates a topic in the forum `group`; returns its message_thread_id."""
        return topics.create(self.world, group, name, by).thread_id

    def close_topic(self, group: FakeGroup, thread_id: int, by: FakeUser) -> FakeTopic:
        """`by` (an admin or the topic's creator) closes a topic; returns it."""
        return topics.set_closed(self.world, group, thread_id, True, by)

    def reopen_topic(self, group: FakeGroup, thread_id: int, by: FakeUser) -> FakeTopic:
        """`by` (an admin or the topic's creator) reopens a topic; returns it."""
        return topics.set_closed(self.world, group, thread_id, False, by)

    def delete_topic(self, group: FakeGroup, thread_id: int) -> FakeTopic:
        """An admin deletes a topic with all its messages; returns it."""
        return topics.delete(self.world, group, thread_id)

    # -- members -------------------------------------------------------------------------------
    def leave_group(self, user: FakeUser, group: FakeGroup) -> Json | None:
        """`user` leaves `group`; returns the service message's update (members.py)."""
        return members.leave(self.world, user, group)

    def join_group(self, user: FakeUser, group: FakeGroup) -> Json | None:
        """`user` joins `group`; returns the service message's update (members.py)."""
        return members.join(self.world, user, group)

    # -- notifications -------------------------------------------------------------------------
    def notifications(self, user: FakeUser) -> list[FakeMessage]:
        """The bot's messages that made `user`'s phone ring, oldest first (notify.py)."""
        return [message for message in self.world.rung if user.id in message.notified]
