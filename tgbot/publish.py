"""Publishing a game to Telegram: one table message per turn, edited in place; DMs for secrets.

A new group message is sent only for a new turn or the end; everything else edits the
current table message, and an edit whose text and buttons are unchanged is never sent
(the last rendering's hash is stored with the message reference). Each seat owing a
private choice has one live DM prompt, edited while the seat keeps owing one. What is
game-specific comes from the game's front (tgbot/render/front.py).
"""

from __future__ import annotations

import hashlib
import html
import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden

from core.engine.protocol import Event
from storage import lobby
from storage.deadlines import set_times
from storage.models import GameStatus, MessagePurpose, MessageRef
from tgbot.callbacks import mine_data
from tgbot.deadlines import in_quiet, timers_of
from tgbot.i18n import t
from tgbot.render.front import GameFront, front_for
from tgbot.render.rendered import Buttons, Rendered
from tgbot.service import GameService, Played, Table

log = logging.getLogger(__name__)
RECENT_LINES = 8


def markup(buttons: Sequence[Sequence[tuple[str, str]]]) -> InlineKeyboardMarkup | None:
    """Return an inline keyboard from (label, data) rows; data starting "https://" is a URL."""
    if not buttons:
        return None
    return InlineKeyboardMarkup([
        [InlineKeyboardButton(label, url=data) if data.startswith("https://")
         else InlineKeyboardButton(label, callback_data=data) for label, data in row]
        for row in buttons])


def content_hash(rendered: Rendered) -> str:
    """Return a short hash of a rendering's text and buttons."""
    return hashlib.sha256(repr((rendered.text, rendered.buttons)).encode()).hexdigest()[:32]


class Publisher:
    """Sends and edits the messages of games."""

    def __init__(self, bot: Bot, service: GameService) -> None:
        self.bot = bot
        self.service = service

    async def language_of_chat(self, chat_id: int) -> str:
        """Return a chat's language."""
        chat = await lobby.get_or_create_chat(self.service.uow_factory, chat_id=chat_id,
                                              now=self.service.now)
        return chat.language

    async def render_table(self, table_: Table, language: str,
                           keep: frozenset[int] | None = None) -> Rendered:
        """Return the group table of a running or finished game, with the owing seat's buttons."""
        engine, state, game = table_.engine, table_.state, table_.game
        assert game.id is not None
        front = front_for(game.kind)
        view = engine.view_json(engine.view(state, None))
        events = await self.service.history(game.id)
        recent = _current_turn_lines(front, language, events, table_.names, view)
        text = front.table_text(language, view, table_.names, recent)
        text += "\n\n" + front.waiting_line(language, view, table_.names)
        if engine.outcome(state) is not None:
            return Rendered(text)
        seat, legal = front.group_prompt(engine, state)
        buttons: Buttons = ()
        if seat is not None and legal:
            buttons = front.prompt_buttons(language, view, legal, table_.names, game.id, keep)
        return Rendered(text, (*buttons, ((t(language, "🔒 Mine"), mine_data(game.id)),)))

    async def after_timeout(self, played: Played, seat: int, *, bot: bool) -> None:
        """Publish a timeout: a short note on the table, then what the default move changed."""
        language = await self.language_of_chat(played.table.game.chat_id)
        name = html.escape(played.table.names[seat].removeprefix("🤖 "))
        notes = [t(language, "⏰ Time is up for {name}: the default move was played.",
                   name=name)]
        if bot:
            notes.append(t(language, "🤖 A bot now plays for {name}; /back brings the player "
                                     "back.", name=name))
        await self.after_play(played, notes=notes)

    async def remind(self, game_id: int, version: int) -> None:
        """Remind the seats on the clock by DM, and once per turn with a mention in the group."""
        table_ = await self.service.table(game_id)
        game = table_.game
        if game.status is not GameStatus.RUNNING or game.version != version:
            return
        settings = timers_of(game)
        now = self.service.now()
        quiet_until = in_quiet(now, settings)
        if quiet_until is not None:  # nobody is pinged in quiet hours
            await set_times(self.service.uow_factory, game_id=game_id, version=version,
                            deadline_at=game.deadline_at, remind_at=quiet_until)
            return
        owed = [s for s in sorted(table_.engine.to_act(table_.state))
                if table_.user_of(s) is not None and s not in self.service.bot_seats(game_id)]
        language = await self.language_of_chat(game.chat_id)
        for seat in owed:
            user = table_.user_of(seat)
            assert user is not None
            user_language = await self.language_of_user(user)
            await self.send(user, game_id, Rendered(t(
                user_language, "⏳ Your move is waiting in your game (deadline: {due} UTC).",
                due=_when(game.deadline_at))), None)
        turn = front_for(game.kind).turn_marker(table_.engine, table_.state)
        if owed and game.lobby.get("mentioned_turn") != turn:
            mentions = ", ".join(f'<a href="tg://user?id={table_.user_of(s)}">'
                                 f"{html.escape(table_.names[s])}</a>" for s in owed)
            await self.send(game.chat_id, game_id, Rendered(t(
                language, "⏳ {names}: your move is waiting (deadline: {due} UTC).",
                names=mentions, due=_when(game.deadline_at))), None)
            await lobby.set_note(self.service.uow_factory, game_id=game_id,
                                 key="mentioned_turn", value=turn)
        later = None
        if game.deadline_at is not None and settings.remind_before_seconds:
            before = game.deadline_at - timedelta(seconds=settings.remind_before_seconds)
            later = before if before > now + timedelta(minutes=1) else None
        await set_times(self.service.uow_factory, game_id=game_id, version=version,
                        deadline_at=game.deadline_at, remind_at=later)

    async def after_play(self, played: Played, notes: Sequence[str] = ()) -> None:
        """Publish what a command changed: DMs, a new or edited table, eliminations."""
        table_ = played.table
        game = table_.game
        assert game.id is not None
        language = await self.language_of_chat(game.chat_id)
        front = front_for(game.kind)
        await self._send_private_events(table_, played.events)
        engine, state = table_.engine, table_.state
        public = [e.to_json() for e in played.events if e.visible_to(None)]
        new_turn = engine.outcome(state) is not None or any(map(front.is_turn_start, public))
        # Headlines (eliminations) mid-turn show in the edited table; those that end a turn
        # open the next table message, so a turn costs the group one new message.
        view = engine.view_json(engine.view(state, None))
        headlines = [line for e in public if front.is_headline(e)
                     if (line := front.event_line(language, e, table_.names, view))]
        await self.show_table(table_, language, new_message=new_turn,
                              lead=[*notes, *(headlines if new_turn else ())])
        await self._send_private_prompts(table_)

    async def show_table(self, table_: Table, language: str, *, new_message: bool,
                         keep: frozenset[int] | None = None, lead: Sequence[str] = ()) -> None:
        """Edit the live table message, or post a new one (and retire the old one's buttons).

        `lead` lines (timeouts, eliminations of the turn that just ended) open the message.
        """
        game = table_.game
        assert game.id is not None
        rendered = await self.render_table(table_, language, keep)
        if lead:
            rendered = Rendered("\n".join(lead) + "\n\n" + rendered.text, rendered.buttons)
        refs = await lobby.message_refs(self.service.uow_factory, game_id=game.id,
                                        purpose=MessagePurpose.TABLE)
        current = refs[-1] if refs else None
        if current is not None and not new_message:
            await self.edit(current.chat_id, current.message_id, current.content_hash, rendered)
            return
        if current is not None:
            await self.retire(current.chat_id, current.message_id)
        await self.send(game.chat_id, game.id, rendered, MessagePurpose.TABLE)

    async def send(self, chat_id: int, game_id: int, rendered: Rendered,
                   purpose: MessagePurpose | None, seat: int | None = None) -> int | None:
        """Send a message (remembered when it has a purpose); return its id, None if refused."""
        try:
            message = await self.bot.send_message(chat_id, rendered.text, parse_mode=ParseMode.HTML,
                                                  reply_markup=markup(rendered.buttons))
        except Forbidden:
            return None
        if purpose is not None:
            await lobby.remember_message(self.service.uow_factory, game_id=game_id,
                                         chat_id=chat_id, message_id=message.message_id,
                                         purpose=purpose, seat=seat,
                                         content_hash=content_hash(rendered),
                                         now=self.service.now)
        return message.message_id

    async def edit(self, chat_id: int, message_id: int, previous: str | None,
                   rendered: Rendered) -> None:
        """Edit a message unless the rendering is unchanged."""
        digest = content_hash(rendered)
        if digest == previous:
            return
        try:
            await self.bot.edit_message_text(rendered.text, chat_id=chat_id,
                                             message_id=message_id, parse_mode=ParseMode.HTML,
                                             reply_markup=markup(rendered.buttons))
        except BadRequest as error:
            if "not modified" not in str(error):
                raise
        await lobby.set_content_hash(self.service.uow_factory, chat_id=chat_id,
                                     message_id=message_id, content_hash=digest)

    async def retire(self, chat_id: int, message_id: int) -> None:
        """Remove the buttons of an old table message and stop tracking it."""
        try:
            await self.bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id,
                                                     reply_markup=None)
        except (BadRequest, Forbidden) as error:
            log.info("could not retire message %s: %s", message_id, error)
        await lobby.forget_message(self.service.uow_factory, chat_id=chat_id,
                                   message_id=message_id)

    async def _send_private_events(self, table_: Table, events: Sequence[Event]) -> None:
        """DM each seat its secrets as they are dealt (the front says which and to whom)."""
        front = front_for(table_.game.kind)
        for event in events:
            data = event.to_json()
            for seat in front.dm_seats(data):
                user = table_.user_of(seat)
                if user is None:
                    continue
                language = await self.language_of_user(user)
                for text in front.private_event_texts(language, data):
                    await self.send(user, table_.game.id or 0, Rendered(text), None)

    async def language_of_user(self, user_id: int) -> str:
        """Return a user's language (the default when unknown)."""
        user = await lobby.get_user(self.service.uow_factory, user_id=user_id)
        return user.language if user and user.language else "pt-BR"

    async def _send_private_prompts(self, table_: Table) -> None:
        """DM the seats that have private choices now, one live prompt message per seat.

        A seat that still owes a private choice has its prompt edited in place (skipped when
        unchanged); one that no longer does has its prompt's buttons removed.
        """
        game, engine, state = table_.game, table_.engine, table_.state
        assert game.id is not None
        front = front_for(game.kind)
        prompts = front.private_prompts(engine, state) if engine.outcome(state) is None else {}
        refs = await lobby.message_refs(self.service.uow_factory, game_id=game.id,
                                        purpose=MessagePurpose.PROMPT)
        live: dict[int | None, MessageRef] = {r.seat: r for r in refs if r.seat in prompts}
        for ref in refs:
            if live.get(ref.seat) is not ref:
                await self.retire(ref.chat_id, ref.message_id)
        for seat, legal in prompts.items():
            user = table_.user_of(seat)
            if user is None:
                continue
            language = await self.language_of_user(user)
            view = engine.view_json(engine.view(state, seat))
            rendered = Rendered(front.private_prompt_text(language, view, table_.names),
                                front.prompt_buttons(language, view, legal, table_.names,
                                                     game.id))
            await self._post_prompt(user, game.id, seat, live.get(seat), rendered)

    async def _post_prompt(self, user: int, game_id: int, seat: int, live: MessageRef | None,
                           rendered: Rendered) -> None:
        """Edit a seat's live DM prompt; send a new one if it has none (or it is gone)."""
        if live is not None:
            try:
                await self.edit(live.chat_id, live.message_id, live.content_hash, rendered)
                return
            except (BadRequest, Forbidden) as error:
                log.info("could not edit prompt %s: %s", live.message_id, error)
                await lobby.forget_message(self.service.uow_factory, chat_id=live.chat_id,
                                           message_id=live.message_id)
        await self.send(user, game_id, rendered, MessagePurpose.PROMPT, seat)


def _when(moment: Any) -> str:
    """Return a deadline as short UTC text."""
    return moment.strftime("%d/%m %H:%M") if moment is not None else "—"


def _current_turn_lines(front: GameFront, language: str, events: Sequence[Event],
                        names: Sequence[str], view: dict[str, Any]) -> list[str]:
    """Return the lines of the public events since the current turn started."""
    public = [e for e in events if e.visible_to(None)]
    start = max((i for i, e in enumerate(public) if front.is_turn_start(e.to_json())),
                default=0)
    return describe_events(front, language, public[start:], names, view)[-RECENT_LINES:]


def describe_events(front: GameFront, language: str, events: Sequence[Event],
                    names: Sequence[str], view: dict[str, Any]) -> list[str]:
    """Return the public events as lines (for /history), skipping those not worth one.

    `view` is the group's current view of the game.
    """
    return [line for e in events if e.visible_to(None)
            if (line := front.event_line(language, e.to_json(), names, view))]
