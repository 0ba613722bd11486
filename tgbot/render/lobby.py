"""Rendering a lobby: who sits, the table options and turn timer, and the lobby buttons."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from tgbot.i18n import t
from tgbot.render.callbacks import Again, lobby_data
from tgbot.render.front import GameFront, front_for
from tgbot.render.rendered import Rendered


def busy_text(language: str, kind: str | None, gathering: bool) -> str:
    """Return the answer to /newgame in a chat that has a game: which game (`kind`; None
    when not known), whether it is still `gathering` players, how to see it or end it."""
    if kind is None:
        return t(language, "This chat already has a game. Use /status to see it or /cancel "
                           "to end it.")
    title = front_for(kind).title(language)
    if gathering:
        return t(language, "This chat already has a game: {game}, still taking players. Use "
                           "/status to see it or /cancel to end it.", game=title)
    return t(language, "This chat already has a game: {game}, under way. Use /status to see "
                       "it or /cancel to end it.", game=title)


def duration_text(language: str, seconds: int) -> str:
    """Return a timer length as short text: whole hours in hours, anything else in minutes."""
    if seconds % 3600:
        return t(language, "{minutes} min", minutes=seconds // 60)
    return t(language, "{hours} h", hours=seconds // 3600)


def lobby(language: str, *, front: GameFront[Any], game_id: int, names: Sequence[str],
          options: dict[str, Any], turn_seconds: int, max_players: int, join_url: str,
          show_options: bool = False, ended: str | None = None,
          waiting: Sequence[str] | None = None) -> Rendered:
    """Return the lobby message with its buttons (the game's options once asked for).

    `ended` is how the lobby ended ("started", "cancelled"): its last version keeps the
    seats as they sat down, says so, and has no buttons. `waiting` names the players a
    rematch still waits for (None: the lobby is no rematch).
    """
    heading = t(language, "new table") if waiting is None else t(language, "rematch")
    lines = [f"{front.icon} <b>{html.escape(front.title(language))}</b> — {heading}"]
    lines.append(t(language, "Players ({count}/{most}):", count=len(names), most=max_players))
    lines += [f"{i + 1}. {html.escape(name)}" for i, name in enumerate(names)]
    lines += front.options_lines(language, options)
    timer = t(language, "⏱ Turn timer: {duration}",
              duration=duration_text(language, turn_seconds))
    lines.append(timer)
    lines.append("")
    if ended is not None:
        lines.append(t(language, "▶️ The game has started: its table is below.")
                     if ended == "started" else t(language, "✖️ This table was cancelled."))
        return Rendered("\n".join(lines))
    rows: list[tuple[tuple[str, str], ...]] = []
    if waiting is not None:
        lines.append(t(language, "🔁 Same seats and options as the last game. It starts when "
                                 "every player has tapped “I'm in”; waiting for: {names}.",
                       names=html.escape(", ".join(waiting))))
        rows.append(((t(language, "🔁 I'm in"), Again(game_id).data()),))
    else:
        lines.append(t(language, "Join with the button; the creator or an admin starts the "
                                 "game."))
    rows += [
        ((t(language, "🙋 Join"), join_url), (t(language, "🚪 Leave"), lobby_data(game_id,
                                                                               "leave"))),
        ((t(language, "🤖 Add a bot"), lobby_data(game_id, "bot")),
         (t(language, "⚙️ Options"), lobby_data(game_id, "opt"))),
    ]
    if show_options:
        rows += front.option_buttons(language, game_id, options)
        rows.append(((timer, lobby_data(game_id, "timer")),))
    rows.append(((t(language, "▶️ Start"), lobby_data(game_id, "start")),
                 (t(language, "✖️ Cancel"), lobby_data(game_id, "cancel"))))
    return Rendered("\n".join(lines), tuple(rows))
