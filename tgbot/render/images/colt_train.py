"""Colt Express's train as a picture: one row per car, the locomotive on top, each with
its roof and its inside, the bandits there, the Marshal and the loot lying on that floor.

A bandit is a mark of its own colour *and* shape (Belle a circle, Cheyenne a triangle,
Django a square, Doc a diamond, Ghost a triangle pointing down, Tuco a cross) with a
name next to it, so two bandits are never told apart by colour alone; loot tokens are
shapes too (a bag, a diamond, a box, a note), the Marshal a star with his name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tgbot.i18n import t
from tgbot.render.colt.labels import car_title
from tgbot.render.images.canvas import (
    BLACK,
    BLUE,
    GREEN,
    INK,
    LINE,
    MARGIN,
    ORANGE,
    PANEL,
    PURPLE,
    SKY,
    SMALL,
    TAN,
    VERMILION,
    WIDTH,
    YELLOW,
    Canvas,
    text_width,
    wrap,
)

ROOF_H, INSIDE_H, CAR_GAP = 36, 42, 6
CAR_H = ROOF_H + INSIDE_H + CAR_GAP
TITLE_W = 168
ROOF_FILL, INSIDE_FILL = "#DCEFFA", TAN
BANDIT_COLOUR = {"belle": PURPLE, "cheyenne": GREEN, "django": BLACK, "doc": BLUE,
                 "ghost": SKY, "tuco": VERMILION}
BANDIT_SHAPE = {"belle": "circle", "cheyenne": "triangle", "django": "square",
                "doc": "diamond", "ghost": "down", "tuco": "cross"}
LOOT_ORDER = ("p", "j", "s", "r")
CHIP = 28


def bandit_colour(character: str) -> str:
    """Return a bandit's colour (Okabe-Ito; its shape and name always come with it)."""
    return BANDIT_COLOUR.get(character, LINE)


def bandit_mark(canvas: Canvas, x: int, y: int, size: int, character: str) -> None:
    """Draw a bandit's mark, its shape in its colour, in the size-px box at (x, y); the
    Marshal ("marshal") is a yellow star."""
    if character == "marshal":
        canvas.star(x + size // 2, y + size // 2, size // 2 + 2, YELLOW)
        return
    fill, shape = bandit_colour(character), BANDIT_SHAPE.get(character, "circle")
    s, m = size, size // 2
    if shape == "circle":
        canvas.draw.ellipse((x, y, x + s, y + s), fill=fill, outline=INK, width=2)
    elif shape == "square":
        canvas.draw.rectangle((x + 2, y + 2, x + s - 2, y + s - 2), fill=fill, outline=INK,
                              width=2)
    elif shape == "cross":
        third = s // 3
        points = [(x + third, y), (x + s - third, y), (x + s - third, y + third),
                  (x + s, y + third), (x + s, y + s - third), (x + s - third, y + s - third),
                  (x + s - third, y + s), (x + third, y + s), (x + third, y + s - third),
                  (x, y + s - third), (x, y + third), (x + third, y + third)]
        canvas.draw.polygon(points, fill=fill, outline=INK, width=2)
    else:
        points = {"triangle": [(x + m, y), (x + s, y + s), (x, y + s)],
                  "down": [(x, y), (x + s, y), (x + m, y + s)],
                  "diamond": [(x + m, y), (x + s, y + m), (x + m, y + s), (x, y + m)]}[shape]
        canvas.draw.polygon(points, fill=fill, outline=INK, width=2)


def loot_icon(canvas: Canvas, kind: str, x: int, y: int, size: int = 24) -> None:
    """Draw a loot token: a purse (bag), a jewel (diamond), a strongbox or a ransom note."""
    if kind == "p":
        canvas.draw.ellipse((x, y + size // 4, x + size, y + size), fill=ORANGE, outline=INK)
        canvas.draw.rectangle((x + size // 3, y, x + size * 2 // 3, y + size // 4 + 2),
                              fill=ORANGE, outline=INK)
    elif kind == "j":
        mid = size // 2
        canvas.draw.polygon([(x + mid, y), (x + size, y + mid), (x + mid, y + size),
                             (x, y + mid)], fill=SKY, outline=INK)
    elif kind == "s":
        canvas.draw.rectangle((x, y + 3, x + size, y + size), fill=YELLOW, outline=INK,
                              width=2)
        canvas.draw.line((x, y + size // 2, x + size, y + size // 2), fill=INK, width=2)
    else:
        canvas.draw.rectangle((x, y + size // 5, x + size, y + size * 4 // 5), fill=GREEN,
                              outline=INK)


def loot_row(canvas: Canvas, counts: dict[str, int], right: int, y: int) -> int:
    """Draw loot counts (an icon and its count) ending at `right`; return the width used."""
    x = right
    for kind in reversed(LOOT_ORDER):
        count = counts.get(kind, 0)
        if not count:
            continue
        label = f"×{count}"
        x -= text_width(label, SMALL)
        canvas.text(x, y, label, SMALL)
        x -= 28
        loot_icon(canvas, kind, x, y + 2)
        x -= 10
    return right - x


def bandit_chip(canvas: Canvas, x: int, y: int, character: str, label: str,
                width: int) -> None:
    """Draw a bandit: its mark and its label, within `width` px."""
    bandit_mark(canvas, x, y, CHIP, character)
    canvas.text(x + CHIP + 6, y + 1, label, SMALL, width=max(8, width - CHIP - 10))


def bandit_names(data: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Return what each bandit is called in the train and the pile: its player's name, or
    its own when its player runs two (the two-player game)."""
    seats = [b["seat"] for b in data["bandits"]]
    return [b["character"].title() if seats.count(b["seat"]) > 1 else names[b["seat"]]
            for b in data["bandits"]]


def draw_car(canvas: Canvas, language: str, data: dict[str, Any], called: Sequence[str],
             car: int, y: int) -> None:
    """Draw car `car` from `y` (`called`: each bandit's name, `bandit_names`)."""
    info = data["cars"][car]
    canvas.box((MARGIN, y, WIDTH - MARGIN, y + ROOF_H + INSIDE_H), fill=PANEL,
               outline=INK, width=2, radius=8)
    for line, text in enumerate(wrap(car_title(language, data, car), SMALL, TITLE_W - 14,
                                     bold=True)):
        canvas.text(MARGIN + 8, y + 8 + line * 28, text, SMALL, bold=True)
    if car == 0:
        canvas.draw.rectangle((MARGIN + 10, y + 52, MARGIN + 62, y + 72), fill=INK)
        canvas.draw.rectangle((MARGIN + 46, y + 40, MARGIN + 58, y + 52), fill=INK)
    lanes_x = MARGIN + TITLE_W
    canvas.draw.rectangle((lanes_x, y + 2, WIDTH - MARGIN - 2, y + ROOF_H),
                          fill=ROOF_FILL)
    canvas.draw.rectangle((lanes_x, y + ROOF_H, WIDTH - MARGIN - 2,
                           y + ROOF_H + INSIDE_H - 2), fill=INSIDE_FILL)
    for roof in (True, False):
        here = [(b, called[i]) for i, b in enumerate(data["bandits"])
                if b["car"] == car and b["roof"] == roof]
        lane = (y + 2, ROOF_H - 2) if roof else (y + ROOF_H, INSIDE_H - 2)
        _lane(canvas, language, info["roof" if roof else "inside"], here,
              not roof and data["marshal"] == car, lane)


def _lane(canvas: Canvas, language: str, tokens: Sequence[str],
          here: list[tuple[dict[str, Any], str]], marshal: bool, lane: tuple[int, int],
          ) -> None:
    """Draw one floor of a car: its loot on the right, the Marshal and bandits left."""
    lane_y, height = lane
    counts = {kind: tokens.count(kind) for kind in LOOT_ORDER}
    used = loot_row(canvas, counts, WIDTH - MARGIN - 10, lane_y + (height - 28) // 2)
    x = MARGIN + TITLE_W + 8
    middle = lane_y + (height - CHIP) // 2
    if marshal:
        bandit_mark(canvas, x, middle, CHIP, "marshal")
        x += CHIP + 14 + canvas.text(x + CHIP + 6, middle + 1, t(language, "Marshal"), SMALL,
                                     bold=True)
    room = WIDTH - MARGIN - 20 - used - x
    each = min(room // max(1, len(here)), 180)
    for bandit, label in here:
        bandit_chip(canvas, x, middle, bandit["character"], label, each)
        x += each
