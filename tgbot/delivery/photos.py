"""The group table as a photo message: drawing it at send time, sending and editing it.

A table delivery row whose payload holds "photo" (tgbot/render/table_photo.py) is shown as
one photo with the caption: `sendPhoto` (a multipart upload) posts it, `editMessageMedia`
(the upload attached as `attach://`) replaces the picture and caption when the picture
changed, `editMessageCaption` changes only the caption and buttons when it did not (a
mark for a re-roll, a card opened), and nothing is sent when neither changed (the row's
text table, which a photo does not show, may change alone). What a message shows is
remembered in this process only: after a restart the first edit replaces the picture,
which is always right.
The picture is drawn from the row's stored group view by `TablePictures`, once per view
shown (`picture_key`: a move that changes nothing drawn keeps it), language and names. A
game's first picture in this process draws every band (~8 ms; the process's very first
also loads the fonts): it is drawn in a worker thread so the event loop keeps serving
other chats. Its later pictures redraw a changed band or two (~0.5 ms) and are drawn on
the event loop itself: handing them to the thread cost the process more CPU than drawing
them (the two threads taking the interpreter lock in turns; docs/benchmarks.md, "A press
with pictures, seventh pass"). One drawing runs at a time (Pillow's fonts and the kept
bands are shared): when the thread is drawing, the loop hands its picture to the thread
too rather than wait.
A seat's private prompt row may hold a "photo" of its own hand instead (the same show,
in its private chat): `TablePictures` tells the two apart by the stored JSON and draws a
hand only with the hand drawer, from the stored HandView, once per (seat, language,
hand); a group picture is only ever drawn from a stored group view, which
refuses a seat's view.
When it cannot be drawn, `PhotoSender.show` returns None and the deliverer sends the
row's text instead, as for a chat with pictures off.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import threading
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from telegram import InputFile, InputMediaPhoto
from telegram.constants import ParseMode
from telegram.error import BadRequest

from storage.models import Delivery
from tgbot.delivery.trim import Trimmer
from tgbot.render.images import (
    TableImages,
    draw_hand,
    render_table,
    stored_group_view,
    stored_hand_view,
)
from tgbot.render.images.cache import PICTURE_BUDGET
from tgbot.render.table_photo import is_hand, photo_caption, picture_key
from tgbot.service.lru import ENTRY_BYTES, Lru

log = logging.getLogger(__name__)
T = TypeVar("T")
Draw = Callable[[int, Mapping[str, Any]], Awaitable[bytes]]
Post = Callable[[str, dict[str, Any]], Awaitable[Any]]
NOT_A_PHOTO = ("no media in the message", "no caption in the message")
"""Telegram's words for editing a text message as a photo: the table is posted anew."""
SHOWN_BUDGET = 2 * 1024 * 1024
"""Bytes of what each photo message shows (~2,500 messages): one forgotten gets its
picture replaced at its next edit, as after a restart."""
WARM_BUDGET = 1024 * 1024
"""Bytes of the ids of the games whose pictures this process drew lately (~4,000 games):
their next pictures are drawn on the event loop."""
FILENAMES = {False: "table.png", True: "hand.png"}
"""The upload's name: the group's table or a seat's hand (is_hand)."""


class TablePictures:
    """Draws the picture a delivery row's "photo" describes; keeps tables and hands up to
    `budget` bytes each; `trimmer` counts the drawings (tgbot/delivery/trim.py)."""

    def __init__(self, budget: int = PICTURE_BUDGET, trimmer: Trimmer | None = None) -> None:
        self.images = TableImages(budget)
        self.hands: Lru[tuple[Any, ...], bytes] = Lru(  # by picture_key
            budget, lambda picture: len(picture) + ENTRY_BYTES + 100)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-picture")
        self._trimmer = trimmer or Trimmer()
        self._drawing = threading.Lock()  # one drawing at a time, on the loop or the thread
        self._warm: Lru[int, bool] = Lru(WARM_BUDGET, lambda _: ENTRY_BYTES)
        self.drawn_on_loop = 0  # pictures drawn on the event loop (for tests)

    async def __call__(self, game_id: int, photo: Mapping[str, Any]) -> bytes:
        """Return the PNG of a stored group view or of a stored hand. Raise KeyError or
        ValueError for a "photo" that is neither, and whatever drawing raises."""
        if is_hand(photo):
            return await self._hand(game_id, photo)
        key = picture_key(photo)
        found = self.images.cached(key)
        if found is not None:
            return found
        view = stored_group_view(photo)
        language, names = str(photo["language"]), tuple(str(n) for n in photo["names"])
        if self._warm.get(game_id) and self._drawing.acquire(blocking=False):
            try:  # the game's bands are kept: a band or two to redraw
                picture = self._counted(render_table, view, language, names)
                self.drawn_on_loop += 1
            finally:
                self._drawing.release()
        else:
            picture = await asyncio.get_running_loop().run_in_executor(
                self._executor, self._locked, render_table, view, language, names)
            self._warm.keep(game_id, True)
        self.images.keep(key, picture)
        return picture

    async def _hand(self, game_id: int, photo: Mapping[str, Any]) -> bytes:
        """Return the PNG of a seat's stored hand, drawn once per (seat, language, hand).
        Raise ValueError for a "photo" that also holds a group view."""
        if "view" in photo:
            raise ValueError("a hand photo holds no group view")
        hand = stored_hand_view(photo)
        key = picture_key(photo)  # the seat, the language and the hand
        found = self.hands.get(key)
        if found is not None:
            return found
        loop = asyncio.get_running_loop()
        picture = await loop.run_in_executor(self._executor, self._locked, draw_hand, hand,
                                             str(photo["language"]))
        self.hands.keep(key, picture)
        return picture

    def _locked(self, draw: Callable[..., T], *args: Any) -> T:
        """Return what `draw(*args)` draws in the drawing thread, once no other drawing
        runs."""
        with self._drawing:
            return self._counted(draw, *args)

    def _counted(self, draw: Callable[..., T], *args: Any) -> T:
        """Return what `draw(*args)` draws, counting it for the trimmer."""
        try:
            return draw(*args)
        finally:
            self._trimmer.drawn()

    async def drawn(self, work: Callable[[], T]) -> T:
        """Return what another drawing (an animation) returns, drawn on the drawing thread
        (Pillow's fonts are shared by every drawing)."""
        return await asyncio.get_running_loop().run_in_executor(self._executor,
                                                                self._locked, work)

    @property
    def hands_drawn(self) -> int:
        """Return how many hand pictures were drawn (cache misses)."""
        return self.hands.drawn

    def close(self) -> None:
        """Let the drawing thread end."""
        self._executor.shutdown(wait=False, cancel_futures=True)


class PhotoSender:
    """Shows a table row as a photo through `post` (the bot's `post_raw`)."""

    def __init__(self, post: Post, draw: Draw, gone: Sequence[str]) -> None:
        self.post = post
        self.draw = draw
        self.gone = (*gone, *NOT_A_PHOTO)
        # delivery id -> (picture key, digest of the caption and buttons) its message shows
        self._shown: Lru[int, tuple[tuple[Any, ...], bytes]] = Lru(SHOWN_BUDGET, _weight)

    async def show(self, row: Delivery, markup: dict[str, Any] | None, *,
                   fresh: bool) -> tuple[int, bool] | None:
        """Edit the row's photo message (unless `fresh`) or post a new one; return its
        message id and whether it is new, or None when the picture cannot be drawn.
        Raise Telegram's errors (a message gone or not a photo posts anew instead)."""
        photo = row.payload["photo"]
        key, caption = picture_key(photo), photo_caption(row.payload)
        name = FILENAMES[is_hand(photo)]
        wanted = (key, _digest(caption, markup))
        if not fresh and row.message_id is not None:
            shown = self._shown.get(row.id or 0)
            if shown == wanted:  # the rest of the payload (the text table) is not shown
                return row.message_id, False
            try:
                if shown is not None and shown[0] == key:
                    await self.post("editMessageCaption", {
                        "chat_id": row.chat_id, "message_id": row.message_id,
                        "caption": caption, "parse_mode": ParseMode.HTML,
                        "reply_markup": markup})
                else:
                    picture = await self._picture(row)
                    if picture is None:
                        return None
                    await self.post("editMessageMedia", {
                        "chat_id": row.chat_id, "message_id": row.message_id,
                        "media": InputMediaPhoto(InputFile(picture, filename=name,
                                                           attach=True),
                                                 caption=caption, parse_mode=ParseMode.HTML),
                        "reply_markup": markup})
                self._remember(row, wanted)
                return row.message_id, False
            except BadRequest as error:
                said = str(error).lower()
                if "not modified" in said:
                    self._remember(row, wanted)
                    return row.message_id, False
                if not any(gone in said for gone in self.gone):
                    raise
        picture = await self._picture(row)
        if picture is None:
            return None
        message = await self.post("sendPhoto", {
            "chat_id": row.chat_id, "photo": InputFile(picture, filename=name),
            "caption": caption, "parse_mode": ParseMode.HTML, "reply_markup": markup,
            "message_thread_id": row.topic_id,
            "disable_notification": True if row.payload.get("silent") else None})
        self._remember(row, wanted)
        return int(message["message_id"]), True

    async def _picture(self, row: Delivery) -> bytes | None:
        """Return the row's picture, or None (logged) when it cannot be drawn."""
        try:
            return await self.draw(row.game_id, row.payload["photo"])
        except Exception:  # any drawing fault falls back to the text table
            what = "a hand" if is_hand(row.payload["photo"]) else "the table"
            log.exception("could not draw %s of game %s; sending its text", what, row.game_id)
            return None

    def forget(self, row: Delivery) -> None:
        """Forget what the row's message showed: the deliverer sent its text instead."""
        self._shown.forget(row.id or 0)

    def _remember(self, row: Delivery, shown: tuple[tuple[Any, ...], bytes]) -> None:
        self._shown.keep(row.id or 0, shown)


def _digest(caption: str, markup: dict[str, Any] | None) -> bytes:
    """Return a 16-byte digest of a caption and its buttons (what a message shows but its
    picture)."""
    text = caption + json.dumps(markup, ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def _weight(shown: tuple[tuple[Any, ...], bytes]) -> int:
    """Return the bytes a row's shown (picture key, digest) holds."""
    return ENTRY_BYTES + 300 + sum(len(str(part)) for part in shown[0])
