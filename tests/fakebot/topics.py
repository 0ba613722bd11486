"""Forum topics: created, closed, reopened and deleted by users (the test) or by the bot.

Telegram's rules, as the fake keeps them:
- a topic's thread id is the id of the service message that created it
  (`forum_topic_created`, itself in the topic); closing and reopening post
  `forum_topic_closed` / `forum_topic_reopened` in it; deleting a topic deletes it with
  all its messages, and posts nothing;
- a message sent with `message_thread_id` in a forum carries `message_thread_id` and
  `is_topic_message`; an unknown or deleted topic answers 400 "Bad Request: message thread
  not found", a closed one 400 "Bad Request: TOPIC_CLOSED" unless the bot is an
  administrator that can manage topics (a closed topic is left to its admins); edits of
  messages already there are not refused; outside forums the thread id is not checked;
- the bot's createForumTopic needs an administrator with can_manage_topics ("Bad Request:
  not enough rights to create a topic"); closeForumTopic and reopenForumTopic need that
  too unless the bot created the topic, and deleteForumTopic needs an administrator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.fakebot import errors
from tests.fakebot.errors import bad_request
from tests.fakebot.model import FakeChat, FakeGroup, FakeTopic, FakeUser, Json
from tests.fakebot.params import Params

if TYPE_CHECKING:
    from tests.fakebot.messages import MessageMethods
    from tests.fakebot.world import World


def bot_manages_topics(group: FakeGroup) -> bool:
    """Return whether the bot is an administrator that can manage the forum's topics."""
    return group.is_forum and group.bot_status == "administrator"


def check_send(chat: FakeChat, thread_id: int | None) -> None:
    """Raise the 400 Telegram answers for a message into this thread of a forum."""
    if thread_id is None or not isinstance(chat, FakeGroup) or not chat.is_forum:
        return
    topic = chat.topics.get(thread_id)
    if topic is None or topic.deleted:
        raise bad_request(errors.THREAD_NOT_FOUND)
    if topic.closed and not bot_manages_topics(chat):
        raise bad_request(errors.TOPIC_CLOSED)


def user_may_post(chat: FakeChat, user: FakeUser, thread_id: int) -> None:
    """Raise ValueError unless `user` may write in this topic (open, or he is an admin)."""
    topic = _topic(chat, thread_id)
    assert isinstance(chat, FakeGroup)
    if topic.closed and user.id not in chat.admins:
        raise ValueError(f"topic {topic.name!r} is closed: only the group's admins write there")


def _topic(chat: FakeChat, thread_id: int) -> FakeTopic:
    if not isinstance(chat, FakeGroup) or not chat.is_forum:
        raise ValueError("topics exist only in forum groups")
    topic = chat.topics.get(thread_id)
    if topic is None or topic.deleted:
        raise ValueError(f"no topic {thread_id} in {chat.title!r}")
    return topic


def create(world: World, group: FakeGroup, name: str, by: FakeUser | None) -> FakeTopic:
    """Create a topic (by a user, or the bot when `by` is None); return it. The service
    message that opens it reaches the bot when a user created it. ValueError outside a
    forum or for a name not of 1-128 characters."""
    if not group.is_forum:
        raise ValueError(f"{group.title!r} is not a forum")
    if not 1 <= len(name) <= 128:
        raise ValueError("a topic's name has 1-128 characters")
    sender = world.bot.id if by is None else by.id
    thread_id = group.next_message_id
    topic = FakeTopic(thread_id, name, sender)
    group.topics[thread_id] = topic
    _service(world, group, topic, by, {"forum_topic_created": {
        "name": name, "icon_color": topic.icon_color}})
    return topic


def set_closed(world: World, group: FakeGroup, thread_id: int, closed: bool,
               by: FakeUser | None) -> FakeTopic:
    """Close or reopen a topic (by a user, or the bot when `by` is None); return it.
    ValueError for an unknown topic, one already so, or a user who may not."""
    topic = _topic(group, thread_id)
    if topic.closed == closed:
        raise ValueError(f"topic {topic.name!r} is already {'closed' if closed else 'open'}")
    if by is not None and by.id not in group.admins and by.id != topic.creator_id:
        raise ValueError(f"{by.first_name} may not close or reopen topic {topic.name!r}")
    topic.closed = closed
    kind = "forum_topic_closed" if closed else "forum_topic_reopened"
    _service(world, group, topic, by, {kind: {}})
    return topic


def delete(world: World, group: FakeGroup, thread_id: int) -> FakeTopic:
    """Delete a topic and all its messages; return it. ValueError for an unknown topic."""
    topic = _topic(group, thread_id)
    topic.deleted = True
    at = world.clock()
    for message in group.messages.values():
        if message.thread_id == thread_id and not message.deleted:
            message.deleted, message.deleted_at = True, at
    group.pinned = [i for i in group.pinned if group.messages[i].thread_id != thread_id]
    world.on_change()
    return topic


def _service(world: World, group: FakeGroup, topic: FakeTopic, by: FakeUser | None,
             service: Json) -> None:
    sender = world.bot.id if by is None else by.id
    message = world.new_message(group, sender, from_bot=by is None, service=service,
                                thread_id=topic.thread_id)
    if by is not None and group.bot_in:
        world.updates.push("message", world.message_json(message))
    world.on_change()


class TopicMethods:
    """createForumTopic, closeForumTopic, reopenForumTopic, deleteForumTopic."""

    def __init__(self, world: World, messages: MessageMethods) -> None:
        self.world = world
        self.messages = messages

    def _forum(self, params: Params) -> FakeGroup:
        chat = self.messages.chat(params)
        if not isinstance(chat, FakeGroup) or not chat.is_forum:
            raise bad_request(errors.NOT_A_FORUM)
        return chat

    def _thread(self, group: FakeGroup, params: Params) -> FakeTopic:
        topic = group.topics.get(params.integer("message_thread_id", required=True) or 0)
        if topic is None or topic.deleted:
            raise bad_request(errors.THREAD_NOT_FOUND)
        return topic

    def create_forum_topic(self, params: Params) -> Json:
        """createForumTopic: the new ForumTopic."""
        group = self._forum(params)
        if not bot_manages_topics(group):
            raise bad_request(errors.NO_TOPIC_CREATE_RIGHTS)
        name = params.string("name", required=True) or ""
        if len(name) > 128:
            raise bad_request("Bad Request: TOPIC_NAME_INVALID")
        return create(self.world, group, name, None).to_json()

    def close_forum_topic(self, params: Params) -> bool:
        """closeForumTopic."""
        return self._set_closed(params, True)

    def reopen_forum_topic(self, params: Params) -> bool:
        """reopenForumTopic."""
        return self._set_closed(params, False)

    def _set_closed(self, params: Params, closed: bool) -> bool:
        group = self._forum(params)
        topic = self._thread(group, params)
        if not bot_manages_topics(group) and topic.creator_id != self.world.bot.id:
            raise bad_request(errors.NO_TOPIC_RIGHTS)
        if topic.closed == closed:
            raise bad_request(errors.TOPIC_NOT_MODIFIED)
        set_closed(self.world, group, topic.thread_id, closed, None)
        return True

    def delete_forum_topic(self, params: Params) -> bool:
        """deleteForumTopic (the bot must be an administrator)."""
        group = self._forum(params)
        topic = self._thread(group, params)
        if group.bot_status != "administrator":
            raise bad_request(errors.NO_TOPIC_RIGHTS)
        delete(self.world, group, topic.thread_id)
        return True
