"""What the bot may send in a group: its own restrictions, the group's defaults, promotion.

Telegram's rules, as the fake keeps them:
- an administrator may send anything;
- any other member may send a kind of message when the group's default permissions allow
  it (`set_group_permissions`) and, while the bot itself is "restricted" (`restrict_bot`),
  its own restrictions allow it too;
- a refusal is 400 "Bad Request: not enough rights to send text messages to the chat"
  (sendMessage), "... photos ..." (sendPhoto, editMessageMedia with a photo), "...
  documents ..." (sendDocument); edits of text and captions are not refused;
- restricting or promoting the bot queues a `my_chat_member` update (old and new
  ChatMember: "restricted" with `is_member` and every permission field, "member" once no
  restriction is left, or "administrator"); changing the group's defaults queues none,
  since the bot's own membership did not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.fakebot import errors
from tests.fakebot.errors import bad_request
from tests.fakebot.model import FakeChat, FakeGroup, FakeUser, Json

if TYPE_CHECKING:
    from tests.fakebot.world import World

PERMISSIONS = (
    "can_send_messages",
    "can_send_audios",
    "can_send_documents",
    "can_send_photos",
    "can_send_videos",
    "can_send_video_notes",
    "can_send_voice_notes",
    "can_send_polls",
    "can_send_other_messages",
    "can_add_web_page_previews",
    "can_change_info",
    "can_invite_users",
    "can_pin_messages",
    "can_manage_topics",
    "can_edit_tag",
    "can_react_to_messages",
)
"""ChatPermissions' fields, as a restricted ChatMember lists them (Bot API 9)."""
REFUSALS = {
    "can_send_messages": errors.NO_TEXT_RIGHTS,
    "can_send_photos": errors.NO_PHOTO_RIGHTS,
    "can_send_documents": errors.NO_DOCUMENT_RIGHTS,
    "can_send_other_messages": errors.NO_OTHER_RIGHTS,
}


def bot_may(group: FakeGroup, right: str) -> bool:
    """Return whether the bot may use `right` (a ChatPermissions field) in the group now."""
    if group.bot_status == "administrator":
        return True
    allowed = group.permissions.get(right, True)
    if group.bot_status == "restricted":
        allowed = allowed and group.bot_rights.get(right, True)
    return allowed


def check(chat: FakeChat, right: str) -> None:
    """Raise the 400 Telegram answers when the bot may not send this kind of message."""
    if isinstance(chat, FakeGroup) and not bot_may(chat, right):
        raise bad_request(REFUSALS[right])


def restricted_fields(group: FakeGroup) -> Json:
    """Return the fields a ChatMemberRestricted adds for the bot (its own restrictions)."""
    return {"is_member": True, "until_date": 0,
            **{name: group.bot_rights.get(name, True) for name in PERMISSIONS}}


def _known(rights: dict[str, bool]) -> dict[str, bool]:
    unknown = set(rights) - set(PERMISSIONS)
    if unknown:
        raise ValueError(f"unknown permissions {sorted(unknown)}; known: {PERMISSIONS}")
    return {name: bool(value) for name, value in rights.items()}


def restrict_bot(world: World, group: FakeGroup, by: FakeUser | None,
                 rights: dict[str, bool]) -> Json:
    """Set the bot's own restrictions in a group (a restriction replaces the previous one;
    every right left out is allowed) and queue the my_chat_member update; return it.
    With every right allowed the bot is a plain member again. ValueError if the bot is not
    in the group or a right is unknown."""
    wanted = _known(rights)
    if not group.bot_in:
        raise ValueError(f"the bot is not in {group.title!r}")
    old = world.member_json(group, world.bot.id)
    group.bot_rights = {name: value for name, value in wanted.items() if not value}
    group.bot_status = "restricted" if group.bot_rights else "member"
    return _member_update(world, group, by, old)


def promote_bot(world: World, group: FakeGroup, by: FakeUser | None) -> Json:
    """Make the bot an administrator of the group (its restrictions lifted); queue and
    return the my_chat_member update. ValueError if the bot is not in the group."""
    if not group.bot_in:
        raise ValueError(f"the bot is not in {group.title!r}")
    old = world.member_json(group, world.bot.id)
    group.bot_status, group.bot_rights = "administrator", {}
    return _member_update(world, group, by, old)


def set_group_permissions(group: FakeGroup, rights: dict[str, bool]) -> None:
    """Set the group's default permissions for its members (a right left out keeps its
    value). No update reaches the bot. ValueError for an unknown right."""
    group.permissions = {**group.permissions, **_known(rights)}


def _member_update(world: World, group: FakeGroup, by: FakeUser | None, old: Json) -> Json:
    if by is None and not group.admins:
        raise ValueError("a group without an owner needs `by`")
    actor = by if by is not None else world.users[group.admins[0]]
    update = world.updates.push("my_chat_member", {
        "chat": group.to_json(), "from": actor.to_json(), "date": world.now(),
        "old_chat_member": old, "new_chat_member": world.member_json(group, world.bot.id)})
    world.on_change()
    return update
