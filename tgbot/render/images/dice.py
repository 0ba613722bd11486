"""BANG! The Dice Game as a picture: the seats around the table, the dice in the middle.

Each seat shows its player, character, life out of its maximum, arrows, the Sheriff's
star, a role once revealed, the Chief's Arrow and a Ghost token when held; a seat out of
the game is greyed, a Ghost is tinted. The middle shows the current dice (those that may
not be re-rolled now framed as kept), the rolls left and the arrow pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tgbot.i18n import t
from tgbot.render.dice import character_name, role_name
from tgbot.render.images import labels
from tgbot.render.images.canvas import (
    BLUE,
    DEAD,
    DEAD_INK,
    FELT,
    GHOST_FILL,
    GREEN,
    INK,
    LINE,
    MARGIN,
    MUTED,
    ORANGE,
    PANEL,
    PURPLE,
    SMALL,
    TEXT,
    TITLE,
    VERMILION,
    WIDTH,
    YELLOW,
    Canvas,
    ring,
    rows_of,
)
from tgbot.render.images.dice_faces import draw_die
from tgbot.render.images.group_view import GroupView
from tgbot.render.images.parts import ROLE_COLOUR, header, victory_banner

HEADER = 64
FOOTER = 64
SEAT_W = 330
SEAT_H = 212
GAP = 12
CENTRE_X = MARGIN + SEAT_W + GAP
CENTRE_W = WIDTH - 2 * (MARGIN + SEAT_W + GAP)
DIE = 64


def draw(view: GroupView, language: str, names: Sequence[str]) -> bytes:
    """Return the PNG of a dice table seen by the group."""
    data = view.data
    seats = data["seats"]
    rows = max(2, rows_of(len(seats)))
    body = rows * (SEAT_H + GAP)
    over = data["outcome"] is not None
    canvas = Canvas(HEADER + body + (FOOTER if over else 0) + MARGIN)
    header(canvas, t(language, "BANG! The Dice Game"),
           t(language, "turn {number}", number=data["turn_number"]))
    winners = set(data["outcome"]["winners"]) if over else set()
    for seat, (column, row) in zip(seats, ring(len(seats)), strict=True):
        x = MARGIN if column == 0 else WIDTH - MARGIN - SEAT_W
        y = HEADER + row * (SEAT_H + GAP)
        _seat(canvas, language, data, seat, names, (x, y, x + SEAT_W, y + SEAT_H),
              seat["seat"] in winners)
    _centre(canvas, language, view, (CENTRE_X, HEADER, CENTRE_X + CENTRE_W, HEADER + body - GAP))
    if over:
        victory_banner(canvas, language, HEADER + body, data["outcome"]["side"])
    return canvas.png()


def _seat(canvas: Canvas, language: str, data: dict[str, Any], seat: dict[str, Any],
          names: Sequence[str], box: tuple[int, int, int, int], won: bool) -> None:
    x0, y0, x1, _ = box
    alive, ghost = seat["alive"], seat["ghost"]
    active = seat["seat"] == data["active"] and data["outcome"] is None
    fill = PANEL if alive else GHOST_FILL if ghost else DEAD
    ink = INK if alive or ghost else DEAD_INK
    outline, width = (ORANGE, 6) if active else (GREEN, 6) if won else (LINE, 2)
    canvas.box(box, fill=fill, outline=outline, width=width)
    sheriff = seat.get("role") == "sheriff"
    name = ("▶ " if active else "") + names[seat["seat"]]
    canvas.text(x0 + 14, y0 + 10, name, TEXT, bold=True, fill=ink,
                width=SEAT_W - 28 - (44 if sheriff else 0))
    if sheriff:
        canvas.star(x1 - 32, y0 + 30, 22, YELLOW if alive else DEAD_INK)
    canvas.text(x0 + 14, y0 + 46, character_name(seat["character"]), SMALL,
                fill=MUTED if alive else ink, width=SEAT_W - 28)
    if alive or ghost:
        canvas.heart(x0 + 14, y0 + 86, 24, VERMILION if alive else DEAD_INK)
        used = canvas.text(x0 + 46, y0 + 82, f"{seat['life']}/{seat['max_life']}", TEXT,
                           bold=True, fill=ink)
        canvas.pips(x0 + 54 + used, y0 + 89, seat["life"], seat["max_life"], VERMILION,
                    size=12, gap=3)
    y = y0 + 124
    x = x0 + 14
    if alive or ghost:
        canvas.arrow(x0 + 16, y + 4, 22, ink)
        x = x0 + 48 + canvas.text(x0 + 46, y, f"×{seat['arrows']}", TEXT, fill=ink) + 10
    if seat.get("chief"):
        x += canvas.tag(x, y, t(language, "Chief's Arrow"), PURPLE,
                        max_width=x1 - x - 50) + 6
    if seat.get("token"):
        draw_die(canvas, x, y - 2, 36, "base_die", seat["token"])
        if seat.get("token_double"):
            canvas.text(x + 40, y + 2, "×2", SMALL, bold=True)
    tags = []
    for shown in dict.fromkeys(r for r in (seat.get("role"), seat.get("identity")) if r):
        tags.append((role_name(language, shown), ROLE_COLOUR.get(shown, LINE)))
    if ghost:
        tags.append((labels.ghost(language), PURPLE))
    elif not alive:
        tags.append((labels.eliminated(language), LINE))
    if won:
        tags.append((labels.winner(language), GREEN))
    x, y = x0 + 14, y0 + 166
    for text, colour in tags:
        if x > x1 - 60:
            break
        ink_on = PANEL if colour in (GREEN, BLUE) else INK
        x += canvas.tag(x, y, text, colour, ink_on, max_width=x1 - 14 - x) + 6


def kept_dice(view: GroupView) -> frozenset[int]:
    """Return the dice that may not be re-rolled while the active player re-rolls (from
    the public buttons: the dice no "r" action names); empty at any other decision."""
    data = view.data
    if data["decision"] != "reroll" or data["outcome"] is not None:
        return frozenset()
    free = {int(c) for text in view.public_actions if text.startswith("r") for c in text[1:]}
    return frozenset(i for i, die in enumerate(data["dice"])
                     if die["face"] is not None and i not in free)


def _centre(canvas: Canvas, language: str, view: GroupView, box: tuple[int, int, int, int],
            ) -> None:
    data = view.data
    x0, y0, x1, _ = box
    canvas.box(box, fill=FELT, outline=LINE, radius=16)
    kept = kept_dice(view)
    dice = data["dice"] if data["outcome"] is None else []
    columns = 3
    left = x0 + (CENTRE_W - columns * DIE - (columns - 1) * 12) // 2
    y = y0 + 18
    for index, die in enumerate(dice):
        col, row = index % columns, index // columns
        draw_die(canvas, left + col * (DIE + 12), y + row * (DIE + 22), DIE, die["kind"],
                 die["face"], index in kept)
    y += ((len(dice) + columns - 1) // columns) * (DIE + 22) + 4
    middle = (x0 + x1) // 2
    if dice:
        canvas.text(middle, y, labels.rolls_left(language, data["rolls_left"]), SMALL,
                    anchor="ma", width=CENTRE_W - 16)
        y += 36
    if kept:
        canvas.draw.rounded_rectangle((x0 + 20, y, x0 + 44, y + 24), radius=4, outline=BLUE,
                                      width=4)
        canvas.text(x0 + 54, y, labels.kept(language), SMALL, width=CENTRE_W - 70)
        y += 40
    canvas.arrow(middle - 44, y + 6, 30, INK)
    canvas.text(middle, y, str(data["pile"]), TITLE, bold=True)
    y += 46
    canvas.text(middle, y, labels.in_the_pile(language), SMALL, anchor="ma",
                fill=MUTED, width=CENTRE_W - 16)
    y += 36
    if data.get("chief_in_pile"):
        label = t(language, "Chief's Arrow")
        canvas.tag(x0 + 10, y, label, PURPLE, max_width=CENTRE_W - 20)
