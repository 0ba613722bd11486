"""Users and chats: their names, languages, whether the bot may write to them, settings.

Every command opens one unit of work and commits at most once; a concurrent insert of the
same user or chat row is retried once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from storage.clock import Clock
from storage.models import Chat, User
from storage.uow import UnitOfWorkFactory, retry_on_conflict
from tgbot.service.commands import DISPLAY_NAME_MAX

LANGUAGE_MAX = 16
TITLE_MAX = 128

PICTURES = "pictures"
"""The chat setting's key in `Chat.default_options` (absent: pictures on)."""


async def get_user(uow_factory: UnitOfWorkFactory, *, user_id: int) -> User | None:
    """Return the user, or None if never stored."""
    async with uow_factory() as uow:
        return await uow.users.get(user_id=user_id)


async def upsert_user(
    uow_factory: UnitOfWorkFactory,
    *,
    user_id: int,
    display_name: str,
    language: str | None,
    can_dm: bool | None,
    now: Clock,
) -> User:
    """Create or update a user and return it (writes only when something changed).

    The display name is cut to 128 characters (empty: the id). `language` and `can_dm`
    None leave the stored value as is (a new user gets None and False). Raise ValueError
    for a language code longer than 16 characters.
    """
    _check_language(language)
    name = (display_name or str(user_id))[:DISPLAY_NAME_MAX]

    async def work() -> User:
        async with uow_factory() as uow:
            user = await uow.users.get(user_id=user_id)
            if user is None:
                user = await uow.users.add(
                    user=User(
                        id=user_id,
                        display_name=name,
                        language=language,
                        can_dm=bool(can_dm),
                        created_at=now(),
                    )
                )
            else:
                before = (user.display_name, user.language, user.can_dm)
                user.display_name = name
                if language is not None:
                    user.language = language
                if can_dm is not None:
                    user.can_dm = can_dm
                if (user.display_name, user.language, user.can_dm) == before:
                    return user
                await uow.users.save(user=user)
            await uow.commit()
        return user

    return await retry_on_conflict(work)


async def set_user_language(
    uow_factory: UnitOfWorkFactory, *, user_id: int, language: str | None, now: Clock
) -> None:
    """Set a user's language (None: follow the chat's); an unknown user is stored first.

    Raise ValueError for a language code longer than 16 characters.
    """
    _check_language(language)

    async def work() -> None:
        async with uow_factory() as uow:
            user = await uow.users.get(user_id=user_id)
            if user is None:
                await uow.users.add(
                    user=User(
                        id=user_id, display_name=str(user_id), language=language, created_at=now()
                    )
                )
            else:
                user.language = language
                await uow.users.save(user=user)
            await uow.commit()

    await retry_on_conflict(work)


async def get_or_create_chat(uow_factory: UnitOfWorkFactory, *, chat_id: int, now: Clock,
                             language: str | None = None) -> Chat:
    """Return the chat, storing it with the default settings first if it is new (in
    `language` when given: the language of whoever brought the bot or spoke first)."""

    async def work() -> Chat:
        async with uow_factory() as uow:
            chat = await uow.chats.get(chat_id=chat_id)
            if chat is None:
                chat = Chat(id=chat_id, created_at=now())
                if language:
                    chat.language = language
                chat = await uow.chats.add(chat=chat)
                await uow.commit()
        return chat

    return await retry_on_conflict(work)


async def set_chat_language(
    uow_factory: UnitOfWorkFactory, *, chat_id: int, language: str, now: Clock
) -> None:
    """Set a chat's language (the chat is stored first if it is new).

    Raise ValueError for an empty language code or one longer than 16 characters.
    """
    if not language:
        raise ValueError("a chat needs a language code")
    _check_language(language)

    async def work() -> None:
        async with uow_factory() as uow:
            chat = await uow.chats.get(chat_id=chat_id)
            if chat is None:
                await uow.chats.add(chat=Chat(id=chat_id, language=language, created_at=now()))
            else:
                chat.language = language
                await uow.chats.save(chat=chat)
            await uow.commit()

    await retry_on_conflict(work)


async def set_chat_timers(
    uow_factory: UnitOfWorkFactory, *, chat_id: int, timers: Mapping[str, Any], now: Clock
) -> None:
    """Store a chat's clock settings; new tables in the chat start with them."""

    async def work() -> None:
        async with uow_factory() as uow:
            chat = await uow.chats.get(chat_id=chat_id)
            if chat is None:
                await uow.chats.add(
                    chat=Chat(id=chat_id, timer_settings=dict(timers), created_at=now())
                )
            else:
                chat.timer_settings = dict(timers)
                await uow.chats.save(chat=chat)
            await uow.commit()

    await retry_on_conflict(work)


async def set_chat_pictures(
    uow_factory: UnitOfWorkFactory, *, chat_id: int, on: bool, now: Clock
) -> None:
    """Store whether a chat's tables are shown as pictures (`pictures` in the chat's
    `default_options`; tgbot/render/table_photo.py reads it)."""
    await set_chat_option(uow_factory, chat_id=chat_id, name=PICTURES, value=on, now=now)


async def set_chat_title(uow_factory: UnitOfWorkFactory, *, chat_id: int, title: str | None,
                         now: Clock) -> None:
    """Remember a group's title (cut to 128 characters), so private messages can name it;
    writes only when it changed."""
    if not title:
        return
    title = title[:TITLE_MAX]

    async def work() -> None:
        async with uow_factory() as uow:
            chat = await uow.chats.get(chat_id=chat_id)
            if chat is None:
                await uow.chats.add(chat=Chat(id=chat_id, title=title, created_at=now()))
            elif chat.title != title:
                chat.title = title
                await uow.chats.save(chat=chat)
            else:
                return
            await uow.commit()

    await retry_on_conflict(work)


async def set_user_setting(uow_factory: UnitOfWorkFactory, *, user_id: int, name: str,
                           value: str, now: Clock) -> None:
    """Store one of a user's own settings (`User.settings[name] = value`); an unknown user
    is stored first."""

    async def work() -> None:
        async with uow_factory() as uow:
            user = await uow.users.get(user_id=user_id)
            if user is None:
                await uow.users.add(user=User(id=user_id, display_name=str(user_id),
                                              settings={name: value}, created_at=now()))
            else:
                user.settings = {**(user.settings or {}), name: value}
                await uow.users.save(user=user)
            await uow.commit()

    await retry_on_conflict(work)


async def set_chat_option(uow_factory: UnitOfWorkFactory, *, chat_id: int, name: str,
                          value: Any, now: Clock) -> None:
    """Store one chat setting kept in `Chat.default_options` (the chat is stored first if
    it is new)."""

    async def work() -> None:
        async with uow_factory() as uow:
            chat = await uow.chats.get(chat_id=chat_id)
            if chat is None:
                await uow.chats.add(chat=Chat(id=chat_id, default_options={name: value},
                                              created_at=now()))
            else:
                chat.default_options = {**chat.default_options, name: value}
                await uow.chats.save(chat=chat)
            await uow.commit()

    await retry_on_conflict(work)


def _check_language(language: str | None) -> None:
    if language is not None and len(language) > LANGUAGE_MAX:
        raise ValueError(f"language code {language!r} is longer than {LANGUAGE_MAX}")
