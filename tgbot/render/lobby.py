"""Rendering a lobby: who sits, the table options, and the lobby buttons."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from tgbot.callbacks import lobby_data
from tgbot.i18n import t
from tgbot.render.dice import Rendered

MODULES = ("saloon_dice", "chief_arrow", "special_identities", "new_characters", "ghost")


def module_name(language: str, module: str) -> str:
    """Return the localised name of an Old Saloon module."""
    names = {"saloon_dice": t(language, "Loudmouth & Coward dice"),
             "chief_arrow": t(language, "Chief's Arrow"),
             "special_identities": t(language, "Special identities"),
             "new_characters": t(language, "New characters"),
             "ghost": t(language, "The Ghost (5+ players)")}
    return names.get(module, module)


def lobby(language: str, *, game_id: int, title: str, names: Sequence[str],
          options: dict[str, Any], max_players: int, join_url: str,
          show_options: bool = False) -> Rendered:
    """Return the lobby message with its buttons."""
    heading = t(language, "new table")
    lines = [f"🎲 <b>{html.escape(title)}</b> — {heading}"]
    lines.append(t(language, "Players ({count}/{most}):", count=len(names), most=max_players))
    lines += [f"{i + 1}. {html.escape(name)}" for i, name in enumerate(names)]
    chosen = options.get("modules", [])
    if chosen:
        lines.append(t(language, "Old Saloon: {modules}",
                       modules=", ".join(module_name(language, m) for m in chosen)))
    lines.append("")
    lines.append(t(language, "Join with the button; the creator or an admin starts the game."))
    rows: list[tuple[tuple[str, str], ...]] = [
        ((t(language, "🙋 Join"), join_url), (t(language, "🚪 Leave"), lobby_data(game_id,
                                                                               "leave"))),
        ((t(language, "🤖 Add a bot"), lobby_data(game_id, "bot")),
         (t(language, "⚙️ Options"), lobby_data(game_id, "opt"))),
    ]
    if show_options:
        for module in MODULES:
            mark = "✅" if module in chosen else "▫️"
            rows.append(((f"{mark} {module_name(language, module)}",
                          lobby_data(game_id, "m" + module)),))
    rows.append(((t(language, "▶️ Start"), lobby_data(game_id, "start")),
                 (t(language, "✖️ Cancel"), lobby_data(game_id, "cancel"))))
    return Rendered("\n".join(lines), tuple(rows))
