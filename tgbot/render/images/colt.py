"""Colt Express as a picture: the round card with its turns (the current one marked), the
train (tgbot/render/images/colt_train.py), each bandit's loot and bullets, and the pile
of cards played this round (face-down ones as card backs), the one resolving marked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.colt_express.ids import card_kind
from tgbot.i18n import t
from tgbot.render.colt.labels import kind_name, round_card_name
from tgbot.render.images import labels
from tgbot.render.images.canvas import (
    GREEN,
    INK,
    LINE,
    MARGIN,
    MUTED,
    ORANGE,
    PANEL,
    SMALL,
    TEXT,
    TITLE,
    WIDTH,
    Canvas,
)
from tgbot.render.images.colt_train import (
    CAR_H,
    bandit_chip,
    bandit_colour,
    draw_train,
    loot_row,
)
from tgbot.render.images.group_view import GroupView

HEADER = 60
ROUND_H = 118
BANDIT_H = 44
CARD_W, CARD_H, CARD_GAP = 140, 70, 9
CARDS_PER_ROW = (WIDTH - 2 * MARGIN + CARD_GAP) // (CARD_W + CARD_GAP)
BACK = "#3A3A3A"


def draw(view: GroupView, language: str, names: Sequence[str]) -> bytes:
    """Return the PNG of a Colt Express table seen by the group."""
    data = view.data
    pile_rows = (len(data["pile"]) + CARDS_PER_ROW - 1) // CARDS_PER_ROW
    bandit_rows = (len(data["bandits"]) + 1) // 2
    height = (HEADER + ROUND_H + len(data["cars"]) * CAR_H + 8 + bandit_rows * BANDIT_H + 16
              + (44 + pile_rows * (CARD_H + CARD_GAP) if pile_rows else 0) + MARGIN)
    canvas = Canvas(height)
    canvas.text(MARGIN, 12, "Colt Express", TITLE, bold=True)
    y = _round(canvas, language, data, HEADER)
    y = draw_train(canvas, language, data, names, y) + 8
    y = _bandits(canvas, language, data, names, y) + 16
    if data["pile"]:
        _pile(canvas, language, data, names, y)
    return canvas.png()


def _symbol(canvas: Canvas, symbol: str, box: tuple[int, int, int, int]) -> None:
    """Draw a turn symbol: a card face up, a tunnel (face down), two cards, a reversal."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    if symbol == "X":
        canvas.draw.rectangle((x0 + 8, y0 + 8, x1 - 8, y1 - 8), fill=BACK)
        canvas.draw.pieslice((x0 + 14, y0 + 14, x1 - 14, y1 + 10), 180, 360, fill=PANEL)
        return
    count = 2 if symbol == "2" else 1
    for i in range(count):
        dx = (i - (count - 1) / 2) * 14
        canvas.draw.rectangle((cx - 12 + dx, cy - 16, cx + 12 + dx, cy + 16), fill=PANEL,
                              outline=INK, width=2)
    if symbol == "R":
        canvas.draw.arc((cx - 22, cy - 22, cx + 22, cy + 22), 200, 520, fill=INK, width=3)
        canvas.draw.polygon([(cx - 26, cy - 4), (cx - 14, cy - 4), (cx - 20, cy + 6)], fill=INK)


def _round(canvas: Canvas, language: str, data: dict[str, Any], top: int) -> int:
    over = data["outcome"] is not None
    card = round_card_name(language, data["round_card"])
    canvas.text(MARGIN, top, t(language, "round {number}/5: {card}",
                               number=data["round"] + 1, card=card), TEXT, bold=True,
                width=WIDTH - 2 * MARGIN)
    y = top + 42
    x = MARGIN
    for index, symbol in enumerate(data["pattern"]):
        current = not over and data["phase"] == "scheme" and index == data["turn"]
        box = (x, y, x + 72, y + 60)
        canvas.box(box, fill=PANEL if not current else "#FBE9C2",
                   outline=ORANGE if current else LINE, width=5 if current else 2, radius=8)
        _symbol(canvas, symbol, box)
        x += 82
    if not over:
        phase = labels.scheming(language) if data["phase"] == "scheme" else labels.stealing(
            language)
        canvas.tag(x + 8, y + 12, phase, ORANGE, max_width=WIDTH - MARGIN - x - 8)
    return top + ROUND_H


def _bandits(canvas: Canvas, language: str, data: dict[str, Any], names: Sequence[str],
             top: int) -> int:
    """Draw each bandit's line in two columns: who, loot (or score), bullets left."""
    half = (WIDTH - 2 * MARGIN) // 2
    scores = data["scores"]
    winners = set(data["outcome"]["winners"]) if data["outcome"] else set()
    for index, b in enumerate(data["bandits"]):
        x = MARGIN + (index % 2) * half
        y = top + (index // 2) * BANDIT_H
        label = f"{names[b['seat']]} ({b['character'].title()})"
        if scores is not None:
            money = labels.score(language, scores[b["seat"]])
            right = x + half - 12 - canvas.text(x + half - 12, y + 2, money, SMALL, bold=True,
                                                anchor="ra", fill=GREEN if b["seat"] in
                                                winners else INK)
        else:
            right = x + half - 12
            for shot in range(6):  # bullets left, as six chambers
                cx = right - (5 - shot) * 14 - 6
                canvas.draw.ellipse((cx - 5, y + 9, cx + 5, y + 19), outline=INK,
                                    fill=INK if shot < b["bullets_left"] else PANEL)
            right -= 6 * 14 + 6
            counts = {"p": b["purses"], "j": b["jewels"], "s": b["strongboxes"],
                      "r": b["ransoms"]}
            right -= loot_row(canvas, counts, right, y + 2) + 4
        bandit_chip(canvas, x, y + 2, b["character"], label, right - x - 8)
    return top + ((len(data["bandits"]) + 1) // 2) * BANDIT_H


def _pile(canvas: Canvas, language: str, data: dict[str, Any], names: Sequence[str],
          top: int) -> None:
    canvas.text(MARGIN, top, labels.pile(language), SMALL, bold=True, fill=MUTED)
    top += 40
    stealing = data["phase"] == "steal" and data["outcome"] is None
    for index, played in enumerate(data["pile"]):
        col, row = index % CARDS_PER_ROW, index // CARDS_PER_ROW
        x = MARGIN + col * (CARD_W + CARD_GAP)
        y = top + row * (CARD_H + CARD_GAP)
        now = stealing and index == data["resolving"]
        done = stealing and index < data["resolving"]
        bandit = data["bandits"][played["bandit"]]
        card = played["card"]
        fill = BACK if card is None else PANEL
        canvas.box((x, y, x + CARD_W, y + CARD_H), fill=fill,
                   outline=ORANGE if now else INK, width=5 if now else 2, radius=8)
        canvas.draw.rectangle((x + 5, y + 5, x + 15, y + CARD_H - 5),
                              fill=bandit_colour(bandit["character"]))
        ink = PANEL if card is None else (MUTED if done else INK)
        canvas.text(x + 22, y + 6, f"{index + 1}. {names[played['seat']]}", SMALL, fill=ink,
                    width=CARD_W - 28)
        kind = "?" if card is None else kind_name(language, card_kind(card))
        canvas.text(x + 22, y + 36, kind, SMALL, bold=True, fill=ink, width=CARD_W - 28)
