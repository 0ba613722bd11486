"""Other members joining and leaving a group: `chat_member` updates (Telegram sends them to
an admin bot that asks for them) and the service messages every bot in the group receives.
Both may arrive for one change; the service makes the second a no-op."""

from __future__ import annotations

from telegram import Update, User
from telegram.constants import ChatMemberStatus
from telegram.ext import ContextTypes

from tgbot.handlers.context import services
from tgbot.service import members, profiles

PRESENT = (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER,
           ChatMemberStatus.RESTRICTED)


async def member_update(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A member's status changed: he left (or was removed), or joined again."""
    change = update.chat_member
    if change is None:
        return
    old, new = change.old_chat_member, change.new_chat_member
    was_in = old.status in PRESENT and getattr(old, "is_member", True)
    now_in = new.status in PRESENT and getattr(new, "is_member", True)
    if was_in != now_in:
        await _changed(context, change.chat.id, new.user, present=now_in)


async def member_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The group's service message of a member who left or joined."""
    message = update.effective_message
    if message is None:
        return
    if message.left_chat_member is not None:
        await _changed(context, message.chat.id, message.left_chat_member, present=False)
    for user in message.new_chat_members or ():
        await _changed(context, message.chat.id, user, present=True)


async def _changed(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user: User, *,
                   present: bool) -> None:
    if user.is_bot:
        return  # the bot's own membership is `my_chat_member` (tgbot/delivery/lifecycle.py)
    games = services(context).games
    if present:
        await members.player_returned(games, chat_id=chat_id, user_id=user.id)
        return
    chat = await _chat_options(context, chat_id)
    await members.player_left(games, chat_id=chat_id, user_id=user.id,
                              kick=chat.get(members.LEAVERS) == "kick")


async def _chat_options(context: ContextTypes.DEFAULT_TYPE, chat_id: int) -> dict[str, object]:
    games = services(context).games
    chat = await games.run(profiles.get_or_create_chat, chat_id=chat_id, now=games.now)
    return dict(chat.default_options)
