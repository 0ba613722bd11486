"""The delivery rows' own commands: claiming, settling, and Telegram's chat lifecycle.

A delivery row (models.Delivery) says what an audience should see; the delivery loop
(tgbot/delivery/loop.py) claims due rows, sends, and settles them here. Rows a command wrote
are owned for a short while by the replica that wrote them (`scene.OWNED`), unless another
replica is delivering them already: that one sends the new revision once it has settled
the one it sent (`settle` returns such rows). A row whose owner died falls due again and
any replica's sweep claims it. A replica sends only rows it holds (`claim`), so a revision
is never posted twice, nor an older one after a newer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from storage.clock import Clock
from storage.models import Chat, Delivery, GameStatus
from storage.uow import UnitOfWorkFactory
from tgbot.service.scene import NOTE

LEASE = timedelta(seconds=60)


@dataclass(frozen=True)
class Settled:
    """A delivery attempt's result: shown at `revision` in `message_id` (posted for
    `anchor`), or to be tried again `retry_at` (None: not until rewritten), with `error`."""

    delivery_id: int
    revision: int = 0
    message_id: int | None = None
    anchor: int | None = None
    done: bool = True
    retry_at: datetime | None = None
    attempts: int = 0
    error: str | None = None
    note: bool = False


async def claim_due(uow_factory: UnitOfWorkFactory, *, now: Clock, limit: int = 200,
                    lease: timedelta = LEASE, chat_id: int | None = None,
                    everything: bool = False, owner: str | None = None) -> list[Delivery]:
    """Claim for `owner` up to `limit` due rows (every pending one no other replica holds
    when `everything`, as at start-up) for `lease`; return them, oldest due first."""
    at = now()
    horizon = at + timedelta(days=3650) if everything else at
    async with uow_factory() as uow:
        due = await uow.deliveries.due(now=horizon, limit=limit, chat_id=chat_id)
        claimed = await uow.deliveries.claim(ids=[row.id or 0 for row in due], now=horizon,
                                             until=at + lease, owner=owner, at=at)
        await uow.commit()
    return sorted(claimed, key=lambda row: row.id or 0)


async def claim(uow_factory: UnitOfWorkFactory, *, delivery_id: int, owner: str, now: Clock,
                lease: timedelta = LEASE) -> Delivery | None:
    """Hold one pending row for `owner` for `lease` (renewing its own lease); return it as
    stored now (its newest revision), or None when another replica holds it or it is
    delivered already."""
    at = now()
    async with uow_factory() as uow:
        rows = await uow.deliveries.claim(ids=[delivery_id], now=at + timedelta(days=3650),
                                          until=at + lease, owner=owner, at=at)
        await uow.commit()
    return rows[0] if rows else None


async def settle(uow_factory: UnitOfWorkFactory, results: Sequence[Settled], *,
                 now: Clock, owner: str | None = None) -> list[Delivery]:
    """Record many delivery results in one unit of work (sent notes are deleted); return
    the rows `owner` still holds because another replica rewrote them meanwhile (its
    to send next)."""
    if not results:
        return []
    at = now()
    rewritten: Sequence[Delivery] = []
    async with uow_factory() as uow:
        notes = [r.delivery_id for r in results if r.done and r.note]
        await uow.deliveries.remove(ids=notes)
        for result in sorted(results, key=lambda r: r.delivery_id):  # rows locked in order
            if result.done and not result.note:
                await uow.deliveries.settle(delivery_id=result.delivery_id,
                                            revision=result.revision,
                                            message_id=result.message_id,
                                            anchor=result.anchor, now=at)
            elif not result.done:
                await uow.deliveries.postpone(delivery_id=result.delivery_id,
                                              at=result.retry_at, attempts=result.attempts,
                                              error=result.error)
        if owner is not None:
            rewritten = await uow.deliveries.owned_unsent(
                ids=[r.delivery_id for r in results if r.done and not r.note], owner=owner)
        await uow.commit()
    return list(rewritten)


async def reopen_chat(uow_factory: UnitOfWorkFactory, *, chat_id: int, now: Clock,
                      repost: bool = True) -> list[Delivery]:
    """Make every row of a chat that is not delivered (or every one, when `repost`: as new
    messages) due now, e.g. when a user unblocks the bot; return the rows claimed."""
    at = now()
    async with uow_factory() as uow:
        rows = [row for row in await uow.deliveries.of_chat(chat_id=chat_id)
                if row.payload.get("close") is None
                and (repost or row.revision > row.sent_revision or row.error)]
        for row in rows:
            if repost and row.message_id is not None:
                row.payload = {**row.payload, "retire": [*row.payload.get("retire", []),
                                                          row.message_id]}
                row.message_id = None
            row.revision += 1
            row.due_at, row.attempts, row.error, row.updated_at = at + LEASE, 0, None, at
        await uow.deliveries.write(rows=rows)
        await uow.commit()
    return rows


async def migrate_chat(uow_factory: UnitOfWorkFactory, *, old: int, new: int,
                       now: Clock) -> list[int]:
    """Move a group's games, settings and delivery rows to its new (supergroup) chat id;
    return the ids of the games moved. Nothing happens when `old` has no chat row."""
    at = now()
    async with uow_factory() as uow:
        chat = await uow.chats.get(chat_id=old)
        if chat is None:
            return []
        if await uow.chats.get(chat_id=new) is None:
            await uow.chats.add(chat=Chat(id=new, language=chat.language,
                                          default_options=chat.default_options,
                                          timer_settings=chat.timer_settings, created_at=at))
        games = await uow.games.list(chat_id=old)
        for game in games:
            game.chat_id = new
            await uow.games.save(game=game, expected_version=game.version)
        rows = await uow.deliveries.of_chat(chat_id=old)
        for row in rows:
            row.chat_id = new
            # Its messages stay in the old chat (the new one numbers its own): nothing there
            # can be edited or stripped from the new id, and a message people act on (a
            # table, a lobby) is posted anew, or nobody could press anything.
            row.payload = {key: value for key, value in row.payload.items()
                           if key != "retire"}
            if row.message_id is not None and row.payload.get("buttons"):
                row.message_id, row.revision = None, row.revision + 1
            row.due_at = row.due_at if row.revision == row.sent_revision else at
        await uow.deliveries.write(rows=rows)
        await uow.commit()
    return [game.id or 0 for game in games]


async def pause_chat(uow_factory: UnitOfWorkFactory, *, chat_id: int, now: Clock) -> list[int]:
    """Pause the running games of a group the bot was removed from: their clocks stop (the
    time left is kept) and nothing is sent there; return the ids of the games paused."""
    at = now()
    async with uow_factory() as uow:
        games = [game for game in await uow.games.list(chat_id=chat_id,
                                                        status=GameStatus.RUNNING)
                 if game.paused_at is None]
        for game in games:
            left = (game.deadline_at - at).total_seconds() if game.deadline_at else None
            remind = (game.remind_at - at).total_seconds() if game.remind_at else None
            game.lobby = {**game.lobby, "paused_left": left, "paused_remind": remind}
            game.paused_at, game.deadline_at, game.remind_at = at, None, None
            await uow.games.save(game=game, expected_version=game.version)
        for row in await uow.deliveries.of_chat(chat_id=chat_id):
            await uow.deliveries.postpone(delivery_id=row.id or 0, at=None,
                                          attempts=row.attempts, error="removed from the chat")
        await uow.commit()
    return [game.id or 0 for game in games]


async def resume_chat(uow_factory: UnitOfWorkFactory, *, chat_id: int,
                      now: Clock) -> list[int]:
    """Resume the paused games of a group the bot is back in, with the time they had left
    (to the deadline and to the reminder), and make the group's undelivered rows due.
    Return the ids of the games resumed."""
    at = now()
    async with uow_factory() as uow:
        games = [game for game in await uow.games.list(chat_id=chat_id,
                                                        status=GameStatus.RUNNING)
                 if game.paused_at is not None]
        for game in games:
            left, remind = game.lobby.get("paused_left"), game.lobby.get("paused_remind")
            game.deadline_at = None if left is None else at + timedelta(seconds=max(left, 60))
            game.remind_at = None if remind is None else at + timedelta(seconds=max(remind, 0))
            if game.deadline_at is not None and game.remind_at is not None \
                    and game.remind_at >= game.deadline_at:
                game.remind_at = None  # no time left to remind before the clock runs out
            game.paused_at = None
            game.lobby = {key: value for key, value in game.lobby.items()
                          if key not in ("paused_left", "paused_remind")}
            await uow.games.save(game=game, expected_version=game.version)
        await uow.commit()
    await reopen_chat(uow_factory, chat_id=chat_id, now=now, repost=False)
    return [game.id or 0 for game in games]


async def abort_paused(uow_factory: UnitOfWorkFactory, *, now: Clock,
                       older_than: timedelta) -> list[int]:
    """End the games paused for longer than `older_than`; return their ids."""
    at = now()
    async with uow_factory() as uow:
        games = [game for game in await uow.games.list(status=GameStatus.RUNNING)
                 if game.paused_at is not None and at - game.paused_at > older_than]
        for game in games:
            game.status, game.updated_at = GameStatus.ABORTED, at
            await uow.games.save(game=game, expected_version=game.version)
            await uow.deliveries.remove(ids=[row.id or 0 for row in
                                             await uow.deliveries.of_game(game_id=game.id or 0)
                                             if row.key.startswith(NOTE)])
        await uow.commit()
    return [game.id or 0 for game in games]
