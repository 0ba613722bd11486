"""Rendering a lobby: who sits, the table options and turn timer, and the lobby buttons."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from core.bang_dice.setup import GHOST_NEEDS_FIVE, IDENTITIES_NEED_FOUR
from storage.models import Game
from tgbot.i18n import N_, t
from tgbot.render.callbacks import Again, lobby_data
from tgbot.render.front import GameFront, front_for
from tgbot.render.rendered import Rendered
from tgbot.service.rows import is_lobby


def busy_text(language: str, game: Game | None) -> str:
    """Return the answer to /newgame in a chat that has a game: which game (None when it
    ended meanwhile), whether it is still taking players, how to see it or end it."""
    if game is None:
        return t(language, "This chat already has a game. Use /status to see it or /cancel "
                           "to end it.")
    title = front_for(game.kind).title(language)
    if is_lobby(game):
        return t(language, "This chat already has a game: {game}, still taking players. Use "
                           "/status to see it or /cancel to end it.", game=title)
    return t(language, "This chat already has a game: {game}, under way. Use /status to see "
                       "it or /cancel to end it.", game=title)


REFUSALS = {
    GHOST_NEEDS_FIVE:  # [OS-GHOST-0]
        N_("The Ghost needs 5 or more players: seat more players (or 🤖 Add a bot), or turn "
           "it off in ⚙️ Options."),
    IDENTITIES_NEED_FOUR:  # [R-OS-02]
        N_("Special identities need 4 or more players: seat another player (or 🤖 Add a "
           "bot), or turn them off in ⚙️ Options."),
}
"""The engines' reasons to refuse a lobby's options, as the table is told them."""


def setup_refusal(language: str, reason: str) -> str:
    """Return what the table is told when its game refuses the lobby's options and seats
    (`reason`: the engine's InvalidSetup, never shown as it is: it is not translated)."""
    known = REFUSALS.get(reason)
    if known is not None:
        return t(language, known)
    return t(language, "The game cannot start with these options and players: change them "
                       "in ⚙️ Options, or seat more players.")


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
