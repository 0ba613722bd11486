"""BANG! The Dice Game as a picture: the arrow pile and the dice on top, then the seats
around the table (two columns, in play order: down the left, up the right).

Each seat shows its player, character, life out of its maximum (a number and pips),
arrows, the Sheriff's star, a role once revealed, the Chief's Arrow and a Ghost token
when held; a seat out of the game is greyed and says so, a Ghost is tinted and tagged.
The dice that may not be re-rolled now are framed and barred as kept, with a legend.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from PIL import Image

from tgbot.i18n import t
from tgbot.render.dice.front import character_name, role_name
from tgbot.render.images import labels
from tgbot.render.images.bands import (
    Band,
    Piece,
    blank,
    kept_mapped,
    row_key,
    seat_rows,
    stack,
)
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
    text_width,
    wrap_tags,
)
from tgbot.render.images.dice_faces import DIE_MARK, EDGE, MARKED_H, draw_die, paste_die
from tgbot.render.images.group_view import GroupView
from tgbot.render.images.parts import (
    HEADER,
    ROLE_COLOUR,
    banner_height,
    header,
    tag_width,
    victory_banner,
)

GAP = 10
SEAT_W = (WIDTH - 2 * MARGIN - GAP) // 2
PAD = 12
TAG_LINE = 38
DIE, DIE_GAP = 64, 14
FLOW_LINE = 38
INSET = 6
"""A seat's widest outline (top and bottom): its lines are drawn and kept inside it."""
SIDE = 10
"""A seat's box corners' radius: its lines are kept this far from its sides, where its
edges are straight."""
Tags = tuple[tuple[tuple[str, str], ...], ...]  # lines of (text, fill)
SPECIAL_DICE = {"loudmouth_die": "Loudmouth", "coward_die": "Coward"}  # message ids


def draw(view: GroupView, language: str, names: Sequence[str]) -> bytes:
    """Return the PNG of a dice table seen by the group (bands: the title line, the dice
    strip, each row of seats, the closing banner; only those that changed are drawn)."""
    data = view.data
    seats = data["seats"]
    over = data["outcome"] is not None
    winners = set(data["outcome"]["winners"]) if over else set()
    slots = ring(len(seats))
    tags = [_tags(language, seat, seat["seat"] in winners) for seat in seats]
    heights = [_tags_top(seat) + len(lines) * TAG_LINE + 6 for seat, lines in zip(
        seats, tags, strict=True)]
    row_h = [max(h for h, (_, r) in zip(heights, slots, strict=True) if r == row)
             for row in range(rows_of(len(seats)))]
    flow = _flow(language, view)
    strip = _strip_height(view, flow)
    turn = t(language, "turn {number}", number=data["turn_number"])
    bands = [Band(("header", language, turn), HEADER, lambda canvas: header(
                 canvas, t(language, "BANG! The Dice Game"), turn)),
             _strip_band(language, view, flow, strip)]
    for row, height in enumerate(row_h):
        placed = [(column, seat, lines) for seat, (column, r), lines
                  in zip(seats, slots, tags, strict=True) if r == row]
        bands.append(_row_band(language, data, names, placed, height))
    if over:
        side = data["outcome"]["side"]
        bands.append(Band(("banner", language, side), banner_height(language, side) + GAP,
                          lambda canvas: victory_banner(canvas, language, 0, side)))
    return stack(view.kind, [*bands, blank(MARGIN - GAP)])


def _row_band(language: str, data: dict[str, Any], names: Sequence[str],
               placed: list[tuple[int, dict[str, Any], Tags]], height: int) -> Band:
    """Return the band of one row of seats (one or two) and the gap below it, cut along
    the seats' lines (`seat_rows`)."""
    size = (height, SEAT_W, GAP)
    active = data["active"] if data["outcome"] is None else None
    return seat_rows(size, row_key("bang_dice", language, size, placed, names, active),
                     lambda: [(column, _pieces(language, data, seat, names, height, tags))
                              for column, seat, tags in placed])


def _strip_key(view: GroupView) -> tuple[Any, ...]:
    """Return everything the dice strip shows: the pile, the dice, the kept ones, the
    rolls left, the Chief's Arrow in the pile."""
    data = view.data
    return (data["pile"], tuple((die["kind"], die["face"]) for die in _shown_dice(view)),
            tuple(sorted(kept_dice(view))), data["rolls_left"],
            bool(data.get("chief_in_pile")))


def _tags_top(seat: dict[str, Any]) -> int:
    """Return where a seat's tags start: below the arrows line, or below "Eliminated"."""
    return 152 if seat["alive"] or seat["ghost"] else 114


def _tags(language: str, seat: dict[str, Any], won: bool) -> Tags:
    """Return a seat's tags (text, fill) in lines: its role and identity once shown, the
    Ghost, the winner's mark."""
    return _tag_lines(language, seat.get("role"), seat.get("identity"), bool(seat["ghost"]),
                      won)


@functools.lru_cache(maxsize=512)
def _tag_lines(language: str, role: str | None, identity: str | None, ghost: bool,
               won: bool) -> Tags:
    """Return the tags of a seat with these facts (a seat's tags, `_tags`, wrapped once for
    every table that shows the same)."""
    tags = [(role_name(language, shown), ROLE_COLOUR.get(shown, LINE))
            for shown in dict.fromkeys(r for r in (role, identity) if r)]
    if ghost:
        tags.append((labels.ghost(language), PURPLE))
    if won:
        tags.append((labels.winner(language), GREEN))
    fills = dict(tags)
    return tuple(tuple((text, fills[text]) for text in line)
                 for line in wrap_tags([text for text, _ in tags], SEAT_W - 2 * PAD))


Line = tuple[int, Hashable, Callable[[Canvas, int, int], object]]
"""A seat's line: its top row, a key naming what it shows, and `paint(canvas, x, y)`, which
draws it from the seat's top left corner (x, y)."""


def _pieces(language: str, data: dict[str, Any], seat: dict[str, Any], names: Sequence[str],
            height: int, tags: Tags) -> list[Piece]:
    """Return one seat, `height` px tall, as kept pieces: its box kept per look, then each
    of its lines kept per what it shows, inside the box (a seat whose turn comes or goes
    changes its box's look and its name line, not its other lines)."""
    look, lines = seat_lines(language, data, seat, names, height, tags)
    fill = look[1]
    ends = [start for start, _, _ in lines[1:]] + [height - INSET + 1]  # the next line's top
    return [Piece(0, 0, height + 1, ("box", *look), functools.partial(_box, *look)),
            *(Piece(SIDE, start, end, ("line", fill, end - start, key),
                    functools.partial(_line, fill, start, end, paint))
              for (start, key, paint), end in zip(lines, ends, strict=True))]


def seat_lines(language: str, data: dict[str, Any], seat: dict[str, Any],
               names: Sequence[str], height: int, tags: Tags,
               ) -> tuple[tuple[int, str, str, int], list[Line]]:
    """Return a seat's box (height, fill, outline colour and width) and its lines from top
    to bottom, each drawn within its rows: the name (and the Sheriff's star), the
    character, the life or "Eliminated", the arrows, the tags."""
    alive, ghost = seat["alive"], seat["ghost"]
    active = seat["seat"] == data["active"] and data["outcome"] is None
    won = any(text == labels.winner(language) for line in tags for text, _ in line)
    ink = INK if alive or ghost else DEAD_INK
    fill = PANEL if alive else GHOST_FILL if ghost else DEAD
    outline, width = (ORANGE, 6) if active else (GREEN, 6) if won else (LINE, 2)
    name = ("▶ " if active else "") + names[seat["seat"]]
    sheriff = seat.get("role") == "sheriff"
    character = character_name(seat["character"])
    lines: list[Line] = [
        (INSET, ("name", name, ink, sheriff, alive),
         lambda canvas, x, y: _name(canvas, x, y, name, ink, sheriff, alive)),
        (44, ("character", character, alive, ink),
         lambda canvas, x, y: canvas.text(x + PAD, y + 44, character, SMALL,
                                          fill=MUTED if alive else ink, width=SEAT_W - 2 * PAD))]
    if alive or ghost:
        lines.append((78, ("life", seat["life"], seat["max_life"], alive, ink),
                      lambda canvas, x, y: _life(canvas, seat, x + PAD, y + 78,
                                                 x + SEAT_W - PAD, ink)))
        lines.append((112, ("arrows", language, seat["arrows"], seat.get("token"),
                            bool(seat.get("token_double")), bool(seat.get("chief")), ink),
                      lambda canvas, x, y: _arrows(canvas, language, seat, x + PAD, y + 114,
                                                   x + SEAT_W - PAD, ink)))
    else:
        lines.append((78, ("eliminated", language, ink),
                      lambda canvas, x, y: canvas.text(x + PAD, y + 78,
                                                       labels.eliminated(language), SMALL,
                                                       fill=ink)))
    top = _tags_top(seat)
    lines.append((top, ("tags", tags), lambda canvas, x, y: _tag_rows(canvas, x, y + top, tags)))
    return (height, fill, outline, width), lines


def _box(height: int, fill: str, outline: str, width: int) -> Image.Image:
    """Return a seat's empty box mapped onto the palette (on the paper, edges included)."""
    canvas = Canvas(height + 1, width=SEAT_W + 1)
    canvas.box((0, 0, SEAT_W, height), fill=fill, outline=outline, width=width)
    return canvas.mapped()


def _line(fill: str, start: int, end: int, paint: Callable[[Canvas, int, int], object],
          ) -> Image.Image:
    """Return the rows `start` to `end` of a seat's inside (SIDE px from its sides), drawn
    by `paint(canvas, x, y)` from the seat's top left corner (x, y) on the box's fill,
    mapped onto the palette: the same pixels the whole seat shows there."""
    canvas = Canvas(end - start, background=fill, width=SEAT_W - 2 * SIDE + 1)
    paint(canvas, -SIDE, -start)
    return canvas.mapped()


def _name(canvas: Canvas, x: int, y: int, name: str, ink: str, sheriff: bool,
          alive: bool) -> None:
    """Draw a seat's name (▶ before it on its turn) and the Sheriff's star."""
    canvas.text(x + PAD, y + 8, name, TEXT, bold=True, fill=ink,
                width=SEAT_W - 2 * PAD - (40 if sheriff else 0))
    if sheriff:
        canvas.star(x + SEAT_W - 28, y + 26, 18, YELLOW if alive else DEAD_INK)


def _tag_rows(canvas: Canvas, x0: int, y: int, tags: Tags) -> None:
    """Draw a seat's tags in their lines from y (the seat's left edge at x0)."""
    for line in tags:
        x = x0 + PAD
        for text, fill in line:
            x += canvas.tag(x, y, text, fill, PANEL if fill == BLUE else INK,
                            max_width=x0 + SEAT_W - PAD - x) + 6
        y += TAG_LINE


def _life(canvas: Canvas, seat: dict[str, Any], x: int, y: int, right: int, ink: str,
          ) -> None:
    """Draw a heart, life/max and one pip per life point (filled: left)."""
    canvas.heart(x, y + 4, 24, VERMILION if seat["alive"] else DEAD_INK)
    used = canvas.text(x + 32, y, f"{seat['life']}/{seat['max_life']}", TEXT, bold=True,
                       fill=ink)
    left = x + 40 + used
    step = min(16, (right - left) // max(1, seat["max_life"]))
    canvas.pips(left, y + 8, seat["life"], seat["max_life"], VERMILION, size=step - 3, gap=3)


def _arrows(canvas: Canvas, language: str, seat: dict[str, Any], x: int, y: int,
            right: int, ink: str) -> None:
    """Draw the arrows held, a Ghost token's die face, the Chief's Arrow."""
    canvas.arrow(x + 2, y + 4, 22, ink)
    x += 36 + canvas.text(x + 32, y, f"×{seat['arrows']}", TEXT, fill=ink) + 10
    if seat.get("token"):
        draw_die(canvas, x, y - 2, 36, "base_die", seat["token"])
        x += 42
        if seat.get("token_double"):
            x += canvas.text(x, y + 2, "×2", SMALL, bold=True) + 8
    if seat.get("chief"):
        canvas.tag(x, y, t(language, "Chief's Arrow"), PURPLE, max_width=right - x)


def kept_dice(view: GroupView) -> frozenset[int]:
    """Return the dice that may not be re-rolled while the active player re-rolls (from
    the public buttons: the dice no "r" action names); empty at any other decision."""
    data = view.data
    if data["decision"] != "reroll" or data["outcome"] is not None:
        return frozenset()
    free = {int(c) for text in view.public_actions if text.startswith("r") for c in text[1:]}
    return frozenset(i for i, die in enumerate(data["dice"])
                     if die["face"] is not None and i not in free)


def _shown_dice(view: GroupView) -> list[dict[str, Any]]:
    return list(view.data["dice"]) if view.data["outcome"] is None else []


def _flow(language: str, view: GroupView) -> list[list[tuple[str, int]]]:
    """Return the strip's second part in lines of (item, width): the rolls left, the
    kept dice's legend, the special dice's letters, the Chief's Arrow in the pile."""
    items = []
    if _shown_dice(view):
        text = labels.rolls_left(language, view.data["rolls_left"])
        items.append(("rolls", text_width(text, SMALL)))
    if kept_dice(view):
        items.append(("kept", 40 + text_width(labels.kept(language), SMALL)))
    kinds = {die["kind"] for die in _shown_dice(view)}
    for kind, name in SPECIAL_DICE.items():
        if kind in kinds:
            items.append((kind, text_width(f"{DIE_MARK[kind]}: {t(language, name)}", SMALL)))
    if view.data.get("chief_in_pile"):
        items.append(("chief", tag_width(t(language, "Chief's Arrow"), SMALL, 400)))
    lines: list[list[tuple[str, int]]] = []
    room = WIDTH - 2 * MARGIN - 2 * PAD
    used = room
    for item in items:
        if used + item[1] > room:
            lines.append([])
            used = 0
        lines[-1].append(item)
        used += item[1] + 24
    return lines


def _dice_row(view: GroupView) -> int:
    """Return the height of the strip's dice row (with the letters under special dice)."""
    dice = _shown_dice(view)
    if not dice:
        return 74
    return DIE + 22 + (MARKED_H if any(die["kind"] in DIE_MARK for die in dice) else 0)


def _strip_height(view: GroupView, flow: list[list[tuple[str, int]]]) -> int:
    return 12 + _dice_row(view) + len(flow) * FLOW_LINE + 4


def _strip_band(language: str, view: GroupView, flow: list[list[tuple[str, int]]],
                strip: int) -> Band:
    """Return the band of the dice strip: its felt, pile and lines kept mapped onto the
    palette, the dice pasted on them as kept mapped pieces (a die marked or rolled redraws
    no word)."""
    data = view.data
    kept, dice = kept_dice(view), _shown_dice(view)
    left = MARGIN + PAD + max(36 + text_width(str(data["pile"]), TITLE, True),
                              text_width(labels.in_the_pile(language), SMALL)) + 28
    ground = (language, data["pile"], data["rolls_left"], strip,
              tuple(tuple(item for item, _ in line) for line in flow))

    def mapped() -> Image.Image:
        band = kept_mapped(("strip", ground), lambda: _strip(
            language, view, flow, (MARGIN, 0, WIDTH - MARGIN, strip))).copy()
        for index, die in enumerate(dice):
            band.paste(mapped_die(die["kind"], die["face"], index in kept),
                       (left + index * (DIE + DIE_GAP) - EDGE, 12 - EDGE))
        return band

    return Band(("strip", language, _strip_key(view), strip), strip + GAP,
                lambda canvas: None, mapped)


def mapped_die(kind: str, face: str | None, kept: bool) -> Image.Image:
    """Return a strip's die as its piece mapped onto the palette (kept)."""
    def draw() -> Image.Image:
        below = 22 + (MARKED_H if kind in DIE_MARK else 0)
        piece = Canvas(EDGE + DIE + below, FELT, width=DIE + 2 * EDGE)
        paste_die(piece, EDGE, EDGE, DIE, kind, face, kept, FELT)
        return piece.mapped()

    return kept_mapped(("die", kind, face, kept), draw)


def _strip(language: str, view: GroupView, flow: list[list[tuple[str, int]]],
           box: tuple[int, int, int, int]) -> Image.Image:
    """Return the strip without its dice, mapped onto the palette: the felt, the arrow pile
    (its count), then the flow's lines below the dice row."""
    data = view.data
    x0, y0, _, y1 = box
    canvas = Canvas(y1 + GAP)
    canvas.box(box, fill=FELT, outline=LINE, radius=14)
    x, y = x0 + PAD, y0 + 10
    canvas.arrow(x, y + 8, 28, INK)
    canvas.text(x + 36, y, str(data["pile"]), TITLE, bold=True)
    canvas.text(x, y + 44, labels.in_the_pile(language), SMALL, fill=MUTED)
    y = y0 + 12 + _dice_row(view)
    for line in flow:
        x = x0 + PAD
        for item, width in line:
            if item == "rolls":
                canvas.text(x, y + 4, labels.rolls_left(language, data["rolls_left"]), SMALL)
            elif item == "kept":
                canvas.draw.rounded_rectangle((x, y + 6, x + 24, y + 30), radius=4,
                                              outline=BLUE, width=4)
                canvas.draw.rectangle((x + 3, y + 34, x + 21, y + 37), fill=INK)
                canvas.text(x + 34, y + 4, labels.kept(language), SMALL)
            elif item == "chief":
                canvas.tag(x, y, t(language, "Chief's Arrow"), PURPLE)
            else:
                canvas.text(x, y + 4, f"{DIE_MARK[item]}: {t(language, SPECIAL_DICE[item])}",
                            SMALL)
            x += width + 24
        y += FLOW_LINE
    return canvas.mapped()
