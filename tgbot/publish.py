"""Publishing a game to Telegram: one table message per turn, edited in place; DMs for secrets.

A new group message is sent only for a new turn, an elimination or the end; everything
else edits the current table message, and an edit whose text and buttons are unchanged
is never sent (the last rendering's hash is stored with the message reference).
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
from storage.models import GameStatus, MessagePurpose
from tgbot.callbacks import mine_data
from tgbot.deadlines import in_quiet, timers_of
from tgbot.i18n import t
from tgbot.render.dice import (
    Rendered,
    event_line,
    game_title,
    prompt_buttons,
    role_name,
    table,
    waiting_line,
)
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


def group_prompt(table_: Table) -> tuple[int | None, list[str]]:
    """Return the seat whose buttons the group table shows, and those public actions.

    A reaction window shows no buttons in the group; a start-of-turn decision shows only
    "go on" there (reveals go by DM), so the table looks the same whoever holds a card.
    """
    engine, state = table_.engine, table_.state
    owed = sorted(engine.to_act(state))
    view = engine.view(state, None)
    if len(owed) != 1 or getattr(view, "window", None):
        return None, []
    seat = owed[0]
    legal = [engine.encode_action(a) for a in engine.legal_actions(state, seat)]
    if view.decision == "start_reveal":
        legal = [a for a in legal if a == "x"]
    return seat, legal


def private_prompts(table_: Table) -> dict[int, list[str]]:
    """Return, per seat, the actions that only that seat may see (identity reveals)."""
    engine, state = table_.engine, table_.state
    _, public = group_prompt(table_)
    prompts = {}
    for seat in sorted(engine.to_act(state)):
        legal = [engine.encode_action(a) for a in engine.legal_actions(state, seat)]
        if set(legal) - set(public) - {"x"}:
            prompts[seat] = legal
    return prompts


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
        view = engine.view_json(engine.view(state, None))
        events = await self.service.history(game.id)
        recent = _current_turn_lines(language, events, table_.names)
        text = table(language, view, table_.names, recent, game_title(language, game.kind))
        text += "\n\n" + waiting_line(language, view, table_.names)
        seat, legal = group_prompt(table_)
        buttons: tuple[tuple[tuple[str, str], ...], ...] = ()
        if seat is not None and legal and view["outcome"] is None:
            buttons = prompt_buttons(language, view, legal, table_.names, game.id, keep)
        if view["outcome"] is None:
            buttons = (*buttons, ((t(language, "🔒 Mine"), mine_data(game.id)),))
        return Rendered(text, buttons)

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
        turn = table_.engine.view(table_.state, None).turn_number
        if owed and game.lobby.get("mentioned_turn") != turn:
            mentions = ", ".join(f'<a href="tg://user?id={table_.user_of(s)}">'
                                 f"{html.escape(table_.names[s])}</a>" for s in owed)
            await self.send(game.chat_id, game_id, Rendered(t(
                language, "⏳ {names}: your move is waiting (deadline: {due} UTC).",
                names=mentions, due=_when(game.deadline_at))), None)
            await lobby.set_lobby(self.service.uow_factory, game_id=game_id,
                                  lobby={**game.lobby, "mentioned_turn": turn})
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
        await self._send_private_events(table_, played.events)
        public = [e for e in played.events if e.visible_to(None)]
        new_turn = any(e.kind in ("turn_started", "game_ended") for e in public)
        # Eliminations mid-turn show in the edited table; those that end a turn open the next
        # table message, so a turn costs the group one new message.
        eliminations = [line for e in public if e.kind == "eliminated"
                        if (line := event_line(language, e.to_json(), table_.names))]
        await self.show_table(table_, language, new_message=new_turn,
                              lead=[*notes, *(eliminations if new_turn else ())])
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
        except BadRequest as error:
            log.info("could not retire message %s: %s", message_id, error)
        await lobby.forget_message(self.service.uow_factory, chat_id=chat_id,
                                   message_id=message_id)

    async def _send_private_events(self, table_: Table, events: Sequence[Event]) -> None:
        """DM each seat its secrets as they are dealt (its identity)."""
        for event in events:
            if event.kind != "role_dealt":  # public roles (the Sheriff) are told privately too
                continue
            data = event.to_json()
            user = table_.user_of(data["seat"])
            if user is None:
                continue
            language = await self.language_of_user(user)
            role = data.get("identity") or data["role"]
            text = t(language, "🤫 Your secret identity: <b>{role}</b>",
                     role=role_name(language, role))
            await self.send(user, table_.game.id or 0, Rendered(text), None)

    async def language_of_user(self, user_id: int) -> str:
        """Return a user's language (the default when unknown)."""
        user = await lobby.get_user(self.service.uow_factory, user_id=user_id)
        return user.language if user and user.language else "pt-BR"

    async def _send_private_prompts(self, table_: Table) -> None:
        """DM the seats that have private choices now (identity reveals), once per version."""
        game = table_.game
        assert game.id is not None
        prompts = private_prompts(table_)
        if not prompts:
            return
        engine = table_.engine
        for seat, legal in prompts.items():
            user = table_.user_of(seat)
            if user is None:
                continue
            language = await self.language_of_user(user)
            view = engine.view_json(engine.view(table_.state, seat))
            text = t(language, "🎭 A secret choice in your game: {decision}",
                     decision=html.escape(view.get("window") or view["decision"] or ""))
            buttons = prompt_buttons(language, view, legal, table_.names, game.id)
            await self.send(user, game.id, Rendered(text, buttons), MessagePurpose.PROMPT, seat)


def _when(moment: Any) -> str:
    """Return a deadline as short UTC text."""
    return moment.strftime("%d/%m %H:%M") if moment is not None else "—"


def _current_turn_lines(language: str, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Return the lines of the public events since the current turn started."""
    public = [e.to_json() for e in events if e.visible_to(None)]
    start = max((i for i, e in enumerate(public) if e["kind"] == "turn_started"), default=0)
    lines = [line for e in public[start:] if (line := event_line(language, e, names))]
    return lines[-RECENT_LINES:]


def describe_events(language: str, events: Sequence[Any], names: Sequence[str]) -> list[str]:
    """Return the public events as lines (for /history)."""
    return [line for e in events if e.visible_to(None)
            if (line := event_line(language, e.to_json(), names))]
