"""Telegram says a chat changed: the bot's own membership (a user blocked or unblocked it,
a group removed it, added it back or changed its rights) or a group became a supergroup.
What the bot does then is tgbot/delivery/lifecycle.py's."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from tgbot.delivery.group_rights import is_in
from tgbot.delivery.lifecycle import ChatLifecycle
from tgbot.handlers.context import services


def _lifecycle(context: ContextTypes.DEFAULT_TYPE) -> ChatLifecycle:
    found = services(context).lifecycle
    assert found is not None
    return found


async def member_changed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The bot's own membership changed: a user (un)blocked it, or a group removed it,
    re-added it or changed its rights."""
    change = update.my_chat_member
    if change is None:
        return
    was_in, now_in = is_in(change.old_chat_member), is_in(change.new_chat_member)
    lifecycle = _lifecycle(context)
    if change.chat.type != ChatType.PRIVATE and now_in:  # its rights in the group changed
        if not was_in:
            await lifecycle.readded(change.chat.id)
        await lifecycle.rights_changed(change.chat.id, change.new_chat_member, resume=was_in)
        return
    if was_in == now_in:
        return
    if change.chat.type == ChatType.PRIVATE:
        if now_in:
            await lifecycle.opened(change.chat.id, change.from_user.full_name[:64])
        return
    await lifecycle.removed(change.chat.id)


async def migration_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Telegram's service message of a group upgraded to a supergroup."""
    message = update.effective_message
    if message is None:
        return
    if message.migrate_to_chat_id:
        await _lifecycle(context).migrated(message.chat.id, message.migrate_to_chat_id)
    elif message.migrate_from_chat_id:
        await _lifecycle(context).migrated(message.migrate_from_chat_id, message.chat.id)
