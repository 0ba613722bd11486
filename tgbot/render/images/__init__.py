"""Pictures of the table (PNG), drawn from the group's view only.

`render_table(view, language, names)` draws a `GroupView` (made by `group_view`, from
`engine.view(state, None)`); `TableImages.png(game_id, kind, engine, state, language,
names)` is the one call the shell makes: it keeps pictures by what they show (the view's
digest without its version, the language, the names), so a table message and its edits
draw a position once; the tables are drawn in bands, only the changed ones anew
(`bands.py`).
`draw_hand(hand_view(kind, engine, state, seat), language)` draws one seat's own hand for
its private chat (`has_hand(kind)`: the games with a hand). Pure: no Telegram call, no I/O.
"""

from __future__ import annotations

from tgbot.render.images.cache import TableImages
from tgbot.render.images.group_view import GroupView, group_view, stored_group_view
from tgbot.render.images.hand import draw_hand
from tgbot.render.images.hand_view import HandView, hand_view, has_hand, stored_hand_view
from tgbot.render.images.pictures import has_picture, render_table

__all__ = ["GroupView", "HandView", "TableImages", "draw_hand", "group_view", "hand_view",
           "has_hand", "has_picture", "render_table", "stored_group_view", "stored_hand_view"]
