"""What each audience should see after a command: the storage outbox hook.

`Outbox(scene)` renders a game scene (tgbot/service/scene.py) into `Outbound` rows: the group's
lobby or table message, each seat's live private prompt, and one-off notes (secrets dealt
by DM, reminders, a timeout or a takeover line). It runs inside the command's unit of
work, so the move and what everyone should see are stored together; `tgbot/delivery/loop.py`
brings Telegram to it. Who is asked what, and where, comes from the engine's prompts
(`Game.prompts`: the group's buttons, each seat's private ones); everything else
game-specific from the game's front.

A table payload holds `text`, `buttons`, `anchor` (bumped when a turn starts or the game
ends: the table is then posted as a new message), `lead` (lines opening that message)
and `recent` (the public events of the current turn, as JSON, so the recent lines never
need a replay of the log). A prompt payload holds `text` and `buttons`, or `close` (strip
the live prompt of its buttons and forget it). In a chat with table pictures on, the
table payload also holds `caption` and `photo` (tgbot/render/table_photo.py): it is then
sent as a photo, and switching between the two posts the table anew. So does a seat's
prompt in a game with a hand picture: its `photo` is that seat's own hand.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, cast

from storage.clock import Clock, utc_now
from storage.models import Delivery, GameStatus
from tgbot.i18n import t
from tgbot.render import notices
from tgbot.render.fit import fit_message
from tgbot.render.front import front_for
from tgbot.render.images import has_picture
from tgbot.render.lobby import lobby as render_lobby
from tgbot.render.notices import (
    chat_language,
    plain_name,
    user_language,
)
from tgbot.render.rendered import Buttons
from tgbot.render.secrets_view import ephemeral_fields
from tgbot.render.table_parts import (
    TABLE,
    event_lines,
    last_turn,
    still_mentioned,
    table_buttons,
    waiting_line,
)
from tgbot.render.table_photo import (
    fit_caption,
    hand_photo_fields,
    photo_fields,
    pictures_on,
)
from tgbot.render.undo import undo_rows
from tgbot.service.chat_rights import pictures_refused
from tgbot.service.deadlines import timers_of
from tgbot.service.outbox_notes import Channels
from tgbot.service.payloads import CLOSE, ButtonRows, Closing, Payload, closed
from tgbot.service.rematch import waiting
from tgbot.service.scene import NOTE, Outbound, Scene, prompts_of

RECENT_LINES = 8
RECENT_EVENTS = 40
SETTLE_SECONDS = 2.0
"""How long a table edit that only shows marks waits for the player's next press."""
LOBBY = "lobby"
Json = dict[str, Any]


def prompt_key(seat: int) -> str:
    """Return the delivery key of a seat's live private prompt."""
    return f"prompt:{seat}"


def rows(buttons: Buttons) -> ButtonRows:
    """Return button rows as JSON lists ([[label, data], ...] per row)."""
    return [[[label, data] for label, data in row] for row in buttons]


def chat_pictures(scene: Scene, at: datetime | None = None) -> bool:
    """Return whether the game's group shows pictures (its table; its players' hands); at
    `at`, a group that lately refused the bot's pictures does not (its table is text)."""
    options = scene.chat.default_options if scene.chat is not None else None
    return pictures_on(options) and (at is None or not pictures_refused(options, at))


def live_prompt(scene: Scene, seat: int) -> bool:
    """Return whether a seat's private prompt message still stands as a live prompt."""
    row = scene.deliveries.get(prompt_key(seat))
    return row is not None and not closed(row.payload)


def switched(previous: Delivery | None, payload: Payload) -> bool:
    """Return whether a message would change between text and photo, which Telegram
    cannot edit: it is posted anew (a closed prompt has no message left to switch)."""
    return previous is not None and not closed(previous.payload) and (
        "photo" in previous.payload) != ("photo" in payload)


def closed_prompt(shown: Mapping[str, Any], language: str) -> Payload:
    """Return the payload that closes a private prompt no longer owed: its message keeps
    what it showed (a hand, the game) but loses its buttons and its call to act (the lines
    starting with 👉), and says the choice is over."""
    body = str(shown.get("caption") if "photo" in shown else shown.get("text") or "")
    kept = [line for line in body.split("\n") if not line.startswith("👉")]
    text = "\n".join([*kept, t(language, "✔️ Nothing to decide here any more.")]).strip()
    return {"close": True, "text": text, "as_photo": "photo" in shown}


def closing_table(shown: Mapping[str, Any], ended: Sequence[str], language: str) -> Closing:
    """Return how a turn's table message is left once the next turn's is posted: what it
    showed, without its waiting line, then the lines that ended the turn and a word that
    the turn is over."""
    as_photo = "photo" in shown
    body = str(shown.get("caption") if as_photo else shown.get("text") or "")
    kept = body.split("\n")[:-1]
    while kept and not kept[-1].strip():
        kept.pop()
    done = [*ended, t(language, "⏭ This turn is over.")]
    if as_photo:
        text = fit_caption([], "\n".join([*kept, *done]))
    else:
        text = fit_message([], "\n".join([*kept, "", *done]))
    closing: Closing = {"text": text, "as_photo": as_photo}
    if "anchor" in shown:  # the turn of the message it closes (payloads.closing_for)
        closing["anchor"] = int(shown["anchor"])
    return closing


class Outbox:
    """Renders scenes into outbound rows; `join_url` makes a lobby's deep link."""

    def __init__(self, join_url: Callable[[int], str], now: Clock = utc_now) -> None:
        self.join_url = join_url
        self.now = now

    def __call__(self, scene: Scene) -> list[Outbound]:
        """Return what every audience of the scene's game should now see."""
        game = scene.game
        if game.status is GameStatus.LOBBY:
            return [self.lobby(scene)]
        out = [Outbound(key, row.chat_id, CLOSE) for key, row in scene.deliveries.items()
               if (key not in (TABLE, LOBBY) and not key.startswith(NOTE)
                   and (game.status is GameStatus.ABORTED or scene.state is None))
               and not closed(row.payload)]
        lobby = scene.deliveries.get(LOBBY)
        if lobby is not None and lobby.payload.get("buttons"):  # the lobby ended: it says so
            ended = "cancelled" if game.status is GameStatus.ABORTED else "started"
            out.append(self.lobby(scene, ended=ended))
        if game.status is GameStatus.ABORTED or scene.state is None:
            if TABLE in scene.deliveries:
                out.append(self.closed_table(scene))
            return out
        out.extend(self.private_events(scene))
        out.extend(notices.reminders(scene))
        out.extend(notices.unreachable(scene, self.join_url(game.id or 0).split("?")[0]))
        out.extend(notices.left(scene))
        table, unmentioned = self.table(scene)
        out.append(table)
        out.extend(notices.pings(scene, unmentioned))
        out.extend(notices.personal(scene))
        out.extend(self.prompts(scene))
        out.extend(undo_rows(scene, scene.at or self.now()))
        return out

    # -- the lobby --------------------------------------------------------------------
    def lobby(self, scene: Scene, ended: str | None = None) -> Outbound:
        """Return the lobby message (options shown when the scene's notes ask; its last
        version, without buttons, once the game `ended` the lobby)."""
        game = scene.game
        assert game.id is not None
        rendered = render_lobby(chat_language(scene), front=front_for(game.kind),
                                game_id=game.id, names=scene.names(), options=game.options,
                                turn_seconds=timers_of(game).turn_seconds,
                                max_players=scene.engine.max_players,
                                join_url=self.join_url(game.id),
                                show_options=scene.notes.options, ended=ended,
                                waiting=_unconfirmed(scene))
        fresh = scene.notes.fresh and ended is None
        return Outbound(LOBBY, game.chat_id, {"text": rendered.text,
                                              "buttons": rows(rendered.buttons)},
                        topic_id=game.topic_id, fresh=fresh)

    # -- the group table --------------------------------------------------------------
    def table(self, scene: Scene) -> tuple[Outbound, list[int]]:
        """Return the group table (the view, this turn's lines, whom it waits for and until
        when, buttons) and the seats to tell of their move that it does not mention.

        The seats the attention notes name for the group are mentioned in the table when
        it is posted as a new message anyway (a new turn); otherwise they get a ping.
        """
        game, engine, state = scene.game, scene.engine, scene.state
        assert game.id is not None
        front = front_for(game.kind)
        language, names = chat_language(scene), scene.names()
        view = engine.view(state, None)
        previous = scene.deliveries.get(TABLE)
        before = previous.payload if previous is not None else {}
        public = [e.to_json() for e in scene.events if e.visible_to(None)]
        starts = [i for i, e in enumerate(public) if front.is_turn_start(e)]
        over = engine.outcome(state) is not None
        new_turn = over or bool(starts)
        recent = (public[starts[-1]:] if starts
                  else [*before.get("recent", []), *public])[-RECENT_EVENTS:]
        lines = event_lines(scene, view, recent)[-RECENT_LINES:]
        if over:  # the result is said once, by the waiting line (with the winners)
            lines = [line for line in lines if not line.startswith("🏁")]
        anchor = int(before.get("anchor", 0)) + (1 if new_turn else 0)
        pictures = chat_pictures(scene, self.now()) and has_picture(game.kind)
        fresh = scene.notes.fresh or (
            previous is not None and not closed(previous.payload)
            and ("photo" in previous.payload) != pictures)
        posted = fresh or previous is None or previous.message_id is None \
            or anchor != previous.sent_anchor
        wanted = sorted(scene.notes.attention.group if scene.notes.attention else ())
        kept = still_mentioned(scene, previous, posted=posted)
        mentioned = sorted({*wanted, *kept}) if posted else kept
        waiting = waiting_line(scene, view, mentioned)
        text = front.table_text(language, view, names, lines) + "\n\n" + waiting
        buttons = table_buttons(scene, view, language)
        lead = self.timeout_lines(scene, language, names)
        payload: Payload = {"text": text, "buttons": rows(buttons), "anchor": anchor,
                         "recent": recent}
        if new_turn:
            # What ended the last turn opens the new message (if the last turn's table was
            # never shown, its edits coalesced away, all of that turn's lines do), and the
            # last turn's message is edited to say how it ended.
            opening, ended = last_turn(scene, view, public[:starts[-1]] if starts else public)
            lead += opening
            if previous is not None and previous.message_id is not None and not fresh:
                payload["closing"] = closing_table(before, ended, language)
        if lead:
            payload["lead"] = lead
        if mentioned:
            payload["mention"] = mentioned
        if pictures:
            payload.update(photo_fields(game.kind, engine, state, language, names, lines,
                                        waiting, view))
        if scene.notes.settle and not posted:
            payload["settle"] = SETTLE_SECONDS
        return (Outbound(TABLE, game.chat_id, payload, topic_id=game.topic_id, fresh=fresh),
                [] if posted else wanted)

    def closed_table(self, scene: Scene) -> Outbound:
        """Return the table of an ended or cancelled game without its buttons."""
        row = scene.deliveries[TABLE]
        payload = cast(Payload, dict(row.payload))  # as it was stored
        payload["buttons"] = []
        return Outbound(TABLE, row.chat_id, payload, topic_id=row.topic_id)

    def timeout_lines(self, scene: Scene, language: str, names: Sequence[str]) -> list[str]:
        """Return the lines about this command's timeouts and bot takeovers."""
        lines = []
        for seat in scene.notes.timeouts:
            name = html.escape(names[seat].removeprefix("🤖 "))
            lines.append(t(language, "⏰ Time is up for {name}: the default move was played, "
                                     "and the rest of this turn is played the same way.",
                           name=name))
        for seat in scene.notes.skipped:
            name = html.escape(names[seat].removeprefix("🤖 "))
            lines.append(t(language, "⏭ An admin skipped {name}'s move: the default move was "
                                     "played, and the rest of this turn is played the same "
                                     "way.", name=name))
        for seat in scene.notes.taken_over:
            name = html.escape(names[seat].removeprefix("🤖 "))
            lines.append(t(language, "🤖 A bot now plays for {name}; /back brings the player "
                                     "back.", name=name))
        if scene.notes.undone is not None:
            name = html.escape(plain_name(scene, scene.notes.undone))
            lines.append(t(language, "↩️ {name}'s last move was taken back, as the table "
                                     "agreed.", name=name))
        if scene.notes.moved_here:  # its forum topic was closed or deleted
            lines.append(t(language, "📌 This game's topic was closed or deleted, so the game "
                                     "goes on here."))
        return lines

    # -- private messages -------------------------------------------------------------
    def private_events(self, scene: Scene) -> list[Outbound]:
        """Return the DMs of the secrets this command dealt (the front says which, to whom):
        one message per player, its lines in the order of the events, so a turn that deals
        a player several secrets (two draws, a card taken) sends him one message."""
        front = front_for(scene.game.kind)
        lines: dict[int, list[str]] = {}
        for event in scene.events:
            data = event.to_json()
            for seat in front.dm_seats(data):
                user = scene.user_of(seat)
                if user is not None:
                    lines.setdefault(user, []).extend(
                        front.private_event_texts(user_language(scene, user), data))
        # Silent: a secret dealt is news, not a call to act (his prompt rings when he must).
        return [Outbound(NOTE, user, {"text": "\n".join(
                    [notices.context_line(scene, user_language(scene, user)), *texts]),
                    "silent": True, **ephemeral_fields(scene, scene.seat_of(user) or 0, user,
                                                       user_language(scene, user))})
                for user, texts in lines.items() if texts]

    def prompts(self, scene: Scene) -> list[Outbound]:
        """Return each seat's live private prompt; close those no longer owed.

        A seat newly owing a decision that is told by his private prompt (the attention
        notes' "loud") gets it as a new message, which rings his phone; otherwise the live
        prompt is edited in place (one call, no sound), and a prompt posted anew (after a
        close, or /status) comes without sound.
        """
        game, engine, state = scene.game, scene.engine, scene.state
        assert game.id is not None
        front = front_for(game.kind)
        owed = {p.seat: p.private for p in prompts_of(engine, state) if p.private}
        names = scene.names()
        attention = scene.notes.attention or Channels()
        loud = set(attention.loud)
        # Only a ring needs a new message (an edit never rings): a prompt that comes
        # silently is edited in place while its message is still a live prompt, and
        # posted anew below only when that message was closed (#30 item 6).
        new = loud | {scene.notes.prompt_for} | {
            seat for seat in attention.silent if not live_prompt(scene, seat)}
        marks = scene.notes.marks  # a press's marks: the prompt's own state (a card open)
        pictures = chat_pictures(scene)
        out = []
        for seat, legal in owed.items():
            user = scene.user_of(seat)
            if user is None:
                continue
            language = user_language(scene, user)
            view = engine.view(state, seat)
            mine = marks.for_seat(seat) if marks is not None else None
            # which game and group it is about: a player may sit at several tables
            text = "\n".join([f"{front.icon} {notices.where(scene, language)}",
                              front.private_prompt_text(language, view, names, mine)])
            buttons = front.prompt_buttons(language, view, legal, names, game.id, mine)
            payload: Payload = {"text": text, "buttons": rows(buttons)}
            if not self.rings(scene, seat, loud):
                payload["silent"] = True
            payload.update(ephemeral_fields(scene, seat, user, language))
            if pictures:  # the seat's own hand, for its own private chat only
                payload.update(hand_photo_fields(game.kind, engine, state, seat, language,
                                                 text))
            out.append(Outbound(prompt_key(seat), user, payload, fresh=seat in new
                                or switched(scene.deliveries.get(prompt_key(seat)), payload)))
        for key, row in scene.deliveries.items():
            if key.startswith("prompt:") and int(key.split(":")[1]) not in owed \
                    and not closed(row.payload):
                language = user_language(scene, row.chat_id)
                out.append(Outbound(key, row.chat_id, {**closed_prompt(row.payload, language),
                    **ephemeral_fields(scene, int(key.split(":")[1]), row.chat_id, language)}))
        return out

    @staticmethod
    def rings(scene: Scene, seat: int, loud: set[int]) -> bool:
        """Return whether a seat's prompt, if posted as a new message, should ring: only a
        seat just asked rings (tgbot/service/attention.py); a prompt redrawn keeps what its row
        said, so a redraw is not a new revision."""
        if seat in loud:
            return True
        if scene.notes.attention is not None and seat in scene.notes.attention.silent:
            return False
        return live_prompt(scene, seat) \
            and not scene.deliveries[prompt_key(seat)].payload.get("silent")


def _unconfirmed(scene: Scene) -> list[str] | None:
    """Return the names a rematch lobby waits for (None for a lobby that is no rematch)."""
    seats = waiting(scene.game, scene.seats)
    return None if seats is None else [scene.names()[seat] for seat in seats]
