"""A group's finished games as the front shows them: the `/games` list, one game stepped
through in private (◀ ▶ over the group's view after each logged action, with the lines
that action's stored public events make), and its animation (one table picture per turn,
written by Pillow as an animated GIF). Everything here is drawn from the group's view of
a finished game: never a seat's view.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from io import BytesIO
from typing import Any

from PIL import Image

from tgbot.i18n import t
from tgbot.render.callbacks import Animate, Export, Replay
from tgbot.render.fit import fit_message
from tgbot.render.front import GameView, front_for
from tgbot.render.images import group_view, has_picture, render_table
from tgbot.render.rendered import Rendered
from tgbot.service.archive import Archived, Ended

MAX_FRAMES = 60
"""The most pictures an animation holds (a long game keeps an even sample, ends kept)."""
FRAME_MS = 1200
"""How long each picture shows."""
LAST_FRAME_MS = 4000
"""How long the final table shows before the animation loops."""
JUMP = 10


def day(game: Any) -> str:
    """Return the date a game ended, as ISO 8601 (the same in every language)."""
    return str(game.updated_at.date().isoformat())


def winners_text(language: str, names: Sequence[str], outcome: dict[str, Any] | None) -> str:
    """Return who won, or that nobody did."""
    winners = [names[seat] for seat in (outcome or {}).get("winners", []) if seat < len(names)]
    if not winners:
        return t(language, "nobody won")
    return t(language, "won by {names}", names=", ".join(winners))


def games_list(language: str, ended: Sequence[Ended], page: int) -> Rendered:
    """Return the `/games` message: one numbered line per finished game (date, game,
    winners) and one button row per game (JSON, step through, animation)."""
    if not ended:
        return Rendered(t(language, "No finished game here yet: start one with /newgame.")
                        if page == 0 else t(language, "There are no older games."))
    lines = [t(language, "📜 Finished games here, newest first:")]
    rows = []
    for number, item in enumerate(ended, start=page * len(ended) + 1):
        game = item.game
        lines.append(f"{number}. {day(game)} · {html.escape(front_for(game.kind).title(language))}"
                     f" · {html.escape(winners_text(language, item.names, game.outcome))}")
        game_id = game.id or 0
        rows.append(((t(language, "📄 {number} JSON", number=number), Export(game_id).data()),
                     (t(language, "▶️ {number} replay", number=number),
                      Replay(game_id, 0).data()),
                     (t(language, "🎞 {number} animation", number=number),
                      Animate(game_id).data())))
    lines += ["", t(language, "The buttons send the game to you in private: as JSON, step "
                              "by step (◀ ▶), or as an animation of its table. /games 2 "
                              "shows older games.")]
    return Rendered("\n".join(lines), tuple(rows))


def _lines(language: str, archived: Archived, step: int, view: GameView) -> list[str]:
    """Return the lines of the public events stored with the step's action (the deal's
    for step 0)."""
    front = front_for(archived.game.kind)
    events = archived.dealt if step == 0 else (archived.log[step - 1].events or [])
    return [line for event in events
            if (line := front.event_line(language, event, archived.names, view))]


def step_view(language: str, archived: Archived, step: int) -> Rendered:
    """Return a finished game's table after `step` logged actions, with ◀ ▶ buttons."""
    game, engine = archived.game, archived.engine
    last = len(archived.log)
    step = max(0, min(step, last))
    front = front_for(game.kind)
    view = engine.view(archived.states[step], None)
    heading = t(language, "🎬 {game} of {day}: move {step} of {total}",
                game=front.title(language), day=day(game), step=step, total=last)
    body = front.table_text(language, view, archived.names, _lines(language, archived, step,
                                                                   view))
    text = f"<b>{html.escape(heading)}</b>\n\n{body}\n\n" + front.waiting_line(
        language, view, archived.names)
    game_id = game.id or 0
    moves = [(label, Replay(game_id, to).data()) for label, to, shown in (
        ("⏪", step - JUMP, step >= JUMP), ("◀", step - 1, step > 0),
        ("▶", step + 1, step < last), ("⏩", step + JUMP, step + JUMP <= last)) if shown]
    return Rendered(fit_message([], text), (tuple(moves),) if moves else ())


def frame_steps(archived: Archived) -> list[int]:
    """Return the steps an animation shows: the deal, each turn's start, the end; an even
    sample of at most MAX_FRAMES of them (the first and the last kept)."""
    front = front_for(archived.game.kind)
    starts = [index + 1 for index, record in enumerate(archived.log)
              if any(front.is_turn_start(event) for event in record.events or [])]
    steps = sorted({0, *starts, len(archived.log)})
    if len(steps) <= MAX_FRAMES:
        return steps
    picked = {steps[round(i * (len(steps) - 1) / (MAX_FRAMES - 1))] for i in range(MAX_FRAMES)}
    return sorted(picked)


def frame_png(language: str, archived: Archived, step: int) -> bytes:
    """Return the table picture of the group's view after `step` actions (PNG)."""
    game = archived.game
    view = group_view(game.kind, archived.engine, archived.states[step])
    return render_table(view, language, archived.names)


def animation(language: str, archived: Archived) -> bytes | None:
    """Return the game as an animated GIF, one table picture per turn (None for a game
    without table pictures)."""
    if not has_picture(archived.game.kind):
        return None
    pictures = [frame_png(language, archived, step) for step in frame_steps(archived)]
    frames = gif_frames(pictures)
    out = BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], loop=0,
                   duration=[FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS],
                   optimize=False, disposal=1)
    return out.getvalue()


def gif_frames(pictures: Sequence[bytes]) -> list[Image.Image]:
    """Return table pictures (PNG) as GIF frames: each on a canvas as large as the largest
    (a table grows and shrinks; a GIF has one size), filled with its own background colour
    (its top-left pixel), its colours on an adaptive 256-colour palette. The same pictures
    always give the same frames."""
    opened: list[Image.Image] = []
    for png in pictures:
        with Image.open(BytesIO(png)) as drawn:
            opened.append(drawn.convert("RGB"))
    size = (max(p.width for p in opened), max(p.height for p in opened))
    frames = []
    for rgb in opened:
        canvas = Image.new("RGB", size, rgb.getpixel((0, 0)))
        canvas.paste(rgb, (0, 0))
        frames.append(canvas.quantize(colors=256))
    return frames
