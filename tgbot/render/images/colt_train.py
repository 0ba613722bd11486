"""Colt Express's train as a picture: one row per car, the locomotive on top, each with
its roof and its inside, the bandits there, the Marshal and the loot lying on that floor."""

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
    VERMILION,
    WIDTH,
    YELLOW,
    Canvas,
    text_width,
    wrap,
)

ROOF_H, INSIDE_H, CAR_GAP = 48, 56, 10
CAR_H = ROOF_H + INSIDE_H + CAR_GAP
TITLE_W = 170
ROOF_FILL, INSIDE_FILL = "#DCEFFA", "#E9E2D4"
BANDIT_COLOUR = {"belle": PURPLE, "cheyenne": GREEN, "django": BLACK, "doc": BLUE,
                 "ghost": SKY, "tuco": VERMILION}
LOOT_ORDER = ("p", "j", "s", "r")


def bandit_colour(character: str) -> str:
    """Return a bandit's colour (Okabe-Ito; its name is always written next to it)."""
    return BANDIT_COLOUR.get(character, LINE)


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
        x -= 30
        loot_icon(canvas, kind, x, y + 2)
        x -= 12
    return right - x


def bandit_chip(canvas: Canvas, x: int, y: int, character: str, label: str,
                width: int) -> None:
    """Draw a bandit: a disc of its colour and its label, within `width` px."""
    canvas.draw.ellipse((x, y, x + 28, y + 28), fill=bandit_colour(character), outline=INK,
                        width=2)
    canvas.text(x + 34, y + 1, label, SMALL, width=max(8, width - 40))


def draw_train(canvas: Canvas, language: str, data: dict[str, Any], names: Sequence[str],
               top: int) -> int:
    """Draw the train from `top`; return the y below it."""
    lanes_x = MARGIN + TITLE_W
    for car, info in enumerate(data["cars"]):
        y = top + car * CAR_H
        title = car_title(language, data, car)
        canvas.box((MARGIN, y, WIDTH - MARGIN, y + ROOF_H + INSIDE_H), fill=PANEL,
                   outline=INK, width=2, radius=8)
        for line, text in enumerate(wrap(title, SMALL, TITLE_W - 16, bold=True)):
            canvas.text(MARGIN + 10, y + 10 + line * 30, text, SMALL, bold=True)
        if car == 0:
            canvas.draw.rectangle((MARGIN + 12, y + 60, MARGIN + 70, y + 92), fill=INK)
            canvas.draw.rectangle((MARGIN + 52, y + 48, MARGIN + 66, y + 60), fill=INK)
        canvas.draw.rectangle((lanes_x, y + 2, WIDTH - MARGIN - 2, y + ROOF_H),
                              fill=ROOF_FILL)
        canvas.draw.rectangle((lanes_x, y + ROOF_H, WIDTH - MARGIN - 2,
                               y + ROOF_H + INSIDE_H - 2), fill=INSIDE_FILL)
        for roof, lane_y, height in ((True, y + 2, ROOF_H - 2), (False, y + ROOF_H,
                                                                  INSIDE_H - 2)):
            tokens = info["roof" if roof else "inside"]
            counts = {kind: tokens.count(kind) for kind in LOOT_ORDER}
            used = loot_row(canvas, counts, WIDTH - MARGIN - 12, lane_y + (height - 28) // 2)
            x = lanes_x + 10
            if not roof and data["marshal"] == car:
                canvas.star(x + 16, lane_y + height // 2, 18, YELLOW)
                x += 40 + canvas.text(x + 38, lane_y + (height - 26) // 2,
                                      t(language, "Marshal"), SMALL, bold=True)
            here = [b for b in data["bandits"] if b["car"] == car and b["roof"] == roof]
            room = WIDTH - MARGIN - 24 - used - x
            each = room // max(1, len(here))
            for b in here:
                bandit_chip(canvas, x, lane_y + (height - 28) // 2, b["character"],
                            names[b["seat"]], min(each, 220))
                x += min(each, 220)
    return top + len(data["cars"]) * CAR_H
