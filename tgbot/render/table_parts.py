"""The parts of a game's group table message that the outbox puts together
(`tgbot/render/outbox.py: Outbox.table`): its buttons, its event lines, whom it waits for
and whom it still mentions."""

from __future__ import annotations

from typing import Any

from storage.models import Delivery, GameStatus
from tgbot.i18n import t
from tgbot.render.callbacks import Again, mine_data
from tgbot.render.front import GameView, front_for
from tgbot.render.notices import chat_language, deadline_text, mention
from tgbot.render.rendered import Buttons
from tgbot.render.undo import undo_button
from tgbot.service.games import marks_of
from tgbot.service.scene import Scene, prompts_of

Json = dict[str, Any]
TABLE = "table"  # the group table's delivery key (outbox.TABLE)


def table_buttons(scene: Scene, view: GameView, language: str) -> Buttons:
    """Return the table's buttons: the group's choices of the pending decision (with the
    prompt's own state: a press's marks, or the marks kept with the game), the undo, then
    "🔒 Mine"; once the game is over, "🔁 Rematch", each player sitting down with one tap."""
    game, engine = scene.game, scene.engine
    assert game.id is not None
    if engine.outcome(scene.state) is not None:  # the same players may sit down again
        return (((t(language, "🔁 Rematch"), Again(game.id).data()),),)
    buttons: Buttons = ()
    shown = next((p for p in prompts_of(engine, scene.state) if p.public), None)
    if shown is not None:
        marks = scene.notes.marks
        keep = marks.keep if marks is not None else marks_of(game) or None
        buttons = front_for(game.kind).prompt_buttons(
            language, view, shown.public, scene.names(), game.id, keep)
    return (*buttons, *undo_button(scene, language),
            ((t(language, "🔒 Mine"), mine_data(game.id)),))

def event_lines(scene: Scene, view: GameView, events: list[Any]) -> list[str]:
    """Return the group's lines of public events (an event with none is left out)."""
    front, language, names = front_for(scene.game.kind), chat_language(scene), scene.names()
    return [line for e in events if (line := front.event_line(language, e, names, view))]

def still_mentioned(scene: Scene, previous: Delivery | None, *, posted: bool) -> list[int]:
    """Return the seats the table's last revision mentions that still owe: an edit of
    the same message keeps them (an edit notifies nobody, and changing the text would
    cost an edit), and a new message keeps those of a revision never sent (coalescing
    never drops a mention), but never mentions again those already notified."""
    if previous is None or (posted and previous.revision <= previous.sent_revision):
        return []
    owing = set(scene.engine.to_act(scene.state)) - scene.bots()
    return [seat for seat in previous.payload.get("mention", ()) if seat in owing]

def waiting_line(scene: Scene, view: GameView, mentioned: list[int]) -> str:
    """Return whom the table waits for, the seats in `mentioned` as mentions that
    notify them, and until when the clock runs."""
    game = scene.game
    language, names = chat_language(scene), scene.names()
    marked = [f"\x00{seat}\x00" if seat in mentioned else name
              for seat, name in enumerate(names)]
    waiting = front_for(game.kind).waiting_line(language, view, marked)
    for seat in mentioned:
        waiting = waiting.replace(f"\x00{seat}\x00",
                                  mention(scene.user_of(seat) or 0, names[seat]))
    if game.status is GameStatus.RUNNING and scene.engine.outcome(scene.state) is None:
        waiting = " · ".join(filter(None, [waiting, deadline_text(scene, language)]))
    return waiting


def last_turn(scene: Scene, view: GameView, ended: list[Json],
              ) -> tuple[list[str], list[str]]:
    """Return what ended the last turn (its public `ended` events) as the lines opening the
    new table message (every line of a turn whose table was never shown, its edits
    coalesced away; otherwise its headlines) and the lines closing its old message."""
    previous = scene.deliveries.get(TABLE)
    unseen = previous is not None and previous.revision > previous.sent_revision
    recent = previous.payload.get("recent", []) if unseen and previous is not None else []
    front = front_for(scene.game.kind)
    carried = [*recent, *ended] if unseen else [e for e in ended if front.is_headline(e)]
    return event_lines(scene, view, carried), event_lines(scene, view, ended)
