"""Pictures of the table (PNG), drawn from the group's view only.

`render_table(view, language, names)` draws a `GroupView` (made by `group_view`, from
`engine.view(state, None)`); `TableImages.png(game_id, kind, engine, state, language,
names)` is the one call the shell makes: it keeps the last pictures per (game id,
version, language), so a table message and its edits draw a position once. Pure: no
Telegram call, no I/O.
"""

from __future__ import annotations

from tgbot.render.images.cache import TableImages
from tgbot.render.images.group_view import GroupView, group_view, stored_group_view
from tgbot.render.images.pictures import has_picture, render_table

__all__ = ["GroupView", "TableImages", "group_view", "has_picture", "render_table",
           "stored_group_view"]
