"""BANG! the card game as a picture: the deck, the discard pile's top and any cards turned
up on the table, then the seats around the table (two columns, in play order: down the
left, up the right) with each player's role once public, character, life, hand size and
cards in play. A seat out of the game is greyed.

Gold Rush hook: when the view says `gold_rush`, each seat's `nuggets` and `equipment` and
the `shop` (cards on sale) are drawn too; a card the base deck does not know is named
from its id until the expansion's names reach the labels.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from core.bang_cards.cards import CARD, KINDS
from core.bang_cards.ids import Color
from tgbot.i18n import t
from tgbot.render.cards.labels import RANK_TEXT, SUIT_ICON, character_name, kind_name, role_name
from tgbot.render.images import labels
from tgbot.render.images.canvas import (
    DEAD,
    DEAD_INK,
    GREEN,
    INK,
    LINE,
    MARGIN,
    MUTED,
    ORANGE,
    PANEL,
    SMALL,
    TEXT,
    VERMILION,
    WIDTH,
    YELLOW,
    Canvas,
    ring,
    rows_of,
    text_width,
    wrap_tags,
)
from tgbot.render.images.group_view import GroupView
from tgbot.render.images.parts import ROLE_COLOUR, header, victory_banner

HEADER = 60
PILES_H = 150
GAP = 12
SEAT_W = (WIDTH - 2 * MARGIN - GAP) // 2
SEAT_BASE_H = 158
TAG_LINE = 40
CARD_W, CARD_H = 150, 96
BACK = "#3A3A3A"
BLUE_CARD = "#DCEFFA"


def draw(view: GroupView, language: str, names: Sequence[str]) -> bytes:
    """Return the PNG of a card game table seen by the group."""
    data = view.data
    seats = data["seats"]
    slots = ring(len(seats))
    over = data["outcome"] is not None
    winners = set(data["outcome"]["winners"]) if over else set()
    gold_rush = bool(data.get("gold_rush"))
    lines = [_seat_lines(language, seat, seat["seat"] in winners, gold_rush) for seat in seats]
    heights = [SEAT_BASE_H + len(tags) * TAG_LINE for tags in lines]
    rows = rows_of(len(seats))
    row_h = [max([h for h, (_, r) in zip(heights, slots, strict=True) if r == row] or [0])
             for row in range(rows)]
    height = HEADER + PILES_H + sum(h + GAP for h in row_h) + (64 if over else 0) + MARGIN
    canvas = Canvas(height)
    header(canvas, t(language, "BANG! card game"),
           t(language, "turn {number}", number=data["turn_number"]))
    _piles(canvas, language, data, HEADER)
    tops = [HEADER + PILES_H + sum(h + GAP for h in row_h[:row]) for row in range(rows)]
    for seat, (column, row), tags in zip(seats, slots, lines, strict=True):
        x = MARGIN + column * (SEAT_W + GAP)
        box = (x, tops[row], x + SEAT_W, tops[row] + row_h[row])
        _seat(canvas, language, data, seat, names, box, tags, seat["seat"] in winners)
    if over:
        victory_banner(canvas, language, height - MARGIN - 64, data["outcome"]["side"])
    return canvas.png()


def card_face(canvas: Canvas, language: str, x: int, y: int, card: str) -> None:
    """Draw one card face up: its name, rank and suit; a blue card on a blue ground."""
    info = CARD.get(card)
    if info is None:  # a card of an expansion (Gold Rush's shop)
        canvas.box((x, y, x + CARD_W, y + CARD_H), fill=YELLOW, outline=INK, width=2)
        canvas.text(x + 8, y + 8, expansion_name(card), SMALL, bold=True, width=CARD_W - 16)
        return
    blue = KINDS[info.kind].color is Color.BLUE
    canvas.box((x, y, x + CARD_W, y + CARD_H), fill=BLUE_CARD if blue else PANEL,
               outline=INK, width=2, radius=8)
    canvas.text(x + 8, y + 8, kind_name(language, info.kind.value), SMALL, bold=True,
                width=CARD_W - 16)
    suit = SUIT_ICON[info.suit.value]
    red = suit in "♥♦"
    canvas.text(x + 8, y + CARD_H - 36, f"{RANK_TEXT.get(info.rank, str(info.rank))}{suit}",
                TEXT, bold=True, fill=VERMILION if red else INK)


def expansion_name(card: str) -> str:
    """Return a name for an expansion card from its id ("rum_2": "Rum"), until the
    expansion's names reach the labels."""
    return re.sub(r"_\d+$", "", str(card)).replace("_", " ").title()


def card_back(canvas: Canvas, x: int, y: int, w: int = 64, h: int = CARD_H) -> None:
    """Draw a face-down card."""
    canvas.box((x, y, x + w, y + h), fill=BACK, outline=INK, width=2, radius=8)
    canvas.draw.rectangle((x + 8, y + 8, x + w - 8, y + h - 8), outline=ORANGE, width=2)


def _piles(canvas: Canvas, language: str, data: dict[str, Any], top: int) -> None:
    """Draw the deck (a back and its count), the discard's top and the cards on the table."""
    y = top + 4
    card_back(canvas, MARGIN, y + 34)
    canvas.text(MARGIN, y, labels.deck(language, data["deck_count"]), SMALL, bold=True)
    x = MARGIN + 200
    canvas.text(x, y, labels.discard(language), SMALL, bold=True)
    if data["discard"]:
        card_face(canvas, language, x, y + 34, data["discard"][-1])
    else:
        canvas.box((x, y + 34, x + CARD_W, y + 34 + CARD_H), fill=None, outline=LINE)
    x += CARD_W + 40
    shown = data["table"] or (data.get("shop") if data.get("gold_rush") else None) or ()
    if shown:
        caption = labels.on_the_table(language) if data["table"] else labels.shop(language)
        canvas.text(x, y, caption, SMALL, bold=True)
        for card in shown[: (WIDTH - MARGIN - x) // (CARD_W + 8)]:
            card_face(canvas, language, x, y + 34, card)
            x += CARD_W + 8


def _seat_lines(language: str, seat: dict[str, Any], won: bool, gold_rush: bool,
                ) -> list[list[str]]:
    """Return the seat's tags laid out in lines: its cards in play (a weapon with its
    reach), then its nuggets (Gold Rush) and the winner's mark."""
    cards = []
    for card in seat["in_play"] if seat["alive"] else ():
        kind = CARD[card].kind
        reach = KINDS[kind].weapon_range
        name = kind_name(language, kind.value)
        cards.append(f"{name} ({reach})" if reach else name)
    extra = []
    if gold_rush and seat["alive"]:
        cards += [expansion_name(card) for card in seat.get("equipment", ())]
        extra.append(labels.nuggets(language, seat.get("nuggets", 0)))
    if won:
        extra.append(labels.winner(language))
    return wrap_tags(cards, SEAT_W - 28) + ([extra] if extra else [])


def _seat(canvas: Canvas, language: str, data: dict[str, Any], seat: dict[str, Any],
          names: Sequence[str], box: tuple[int, int, int, int], tags: list[list[str]],
          won: bool) -> None:
    x0, y0, x1, _ = box
    alive = seat["alive"]
    active = seat["seat"] == data["active"] and data["outcome"] is None and alive
    outline, width = (ORANGE, 6) if active else (GREEN, 6) if won else (LINE, 2)
    canvas.box(box, fill=PANEL if alive else DEAD, outline=outline, width=width)
    ink = INK if alive else DEAD_INK
    role = seat["role"]
    role_w = 0
    if role:
        label = role_name(language, role)
        left = x1 - 14 - min(190, text_width(label, SMALL) + 16)
        role_w = canvas.tag(left, y0 + 12, label, ROLE_COLOUR.get(role, LINE), max_width=190)
    name = ("▶ " if active else "") + names[seat["seat"]]
    canvas.text(x0 + 14, y0 + 10, name, TEXT, bold=True, fill=ink,
                width=SEAT_W - 40 - role_w)
    canvas.text(x0 + 14, y0 + 48, character_name(seat["character"]), SMALL,
                fill=MUTED if alive else ink, width=SEAT_W - 28)
    y = y0 + 84
    if alive:
        canvas.heart(x0 + 14, y + 4, 24, VERMILION)
        used = canvas.text(x0 + 46, y, f"{seat['life']}/{seat['max_life']}", TEXT, bold=True)
        canvas.pips(x0 + 54 + used, y + 7, seat["life"], seat["max_life"], VERMILION,
                    size=14, gap=4)
        card_back(canvas, x1 - 150, y - 2, 24, 34)
        canvas.text(x1 - 118, y + 2, labels.hand(language, seat["hand_count"]), SMALL,
                    width=110)
    else:
        canvas.text(x0 + 14, y, labels.eliminated(language), SMALL, fill=ink)
    y += 44
    cards = len(tags) - (1 if won or (data.get("gold_rush") and alive) else 0)
    winner = labels.winner(language)
    for index, line in enumerate(tags):
        x = x0 + 14
        for label in line:
            colour = BLUE_CARD if index < cards else GREEN if label == winner else YELLOW
            x += canvas.tag(x, y, label, colour, PANEL if colour == GREEN else INK,
                            max_width=x1 - 14 - x) + 6
        y += TAG_LINE
