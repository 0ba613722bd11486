"""BANG! cards drawn small, as one-line chips: a card's name with its rank and suit, or
an equipment card's name with its cost in nuggets (Gold Rush).

Nothing is told by colour alone: a suit is its symbol (hearts and diamonds also red); a
blue-bordered card has a light blue ground and a double frame; a black equipment card a
thick black frame, a brown one a thin frame on tan.
"""

from __future__ import annotations

from core.bang_cards.cards import CARD, KINDS
from core.bang_cards.gold_rush.equipment import GEAR, GEAR_OF
from core.bang_cards.ids import Color
from tgbot.render.cards.gold_rush import gear_name
from tgbot.render.cards.labels import RANK_TEXT, SUIT_ICON, kind_name
from tgbot.render.images.canvas import (
    BLUE,
    BLUE_CARD,
    INK,
    PANEL,
    SMALL,
    SUIT_RED,
    TAN,
    Canvas,
    text_width,
)

CHIP_H = 40
PAD = 10


def is_blue(card: str) -> bool:
    """Return True for a blue-bordered card of the base deck."""
    info = CARD.get(card)
    return info is not None and KINDS[info.kind].color is Color.BLUE


def rank_suit(card: str) -> tuple[str, bool]:
    """Return a card's rank and suit ("J♥") and whether the suit is red."""
    info = CARD[card]
    suit = SUIT_ICON[info.suit.value]
    return f"{RANK_TEXT.get(info.rank, str(info.rank))}{suit}", suit in "♥♦"


def chip_width(language: str, card: str) -> int:
    """Return the width of `chip(card)`: a base card's or an equipment card's."""
    if card in GEAR_OF:
        kind = GEAR_OF[card]
        return (2 * PAD + text_width(gear_name(language, kind.value), SMALL, True) + 8
                + text_width(str(GEAR[kind].cost), SMALL, True) + 28)
    name = kind_name(language, CARD[card].kind.value)
    return 2 * PAD + text_width(name, SMALL, True) + 8 + text_width(rank_suit(card)[0], SMALL,
                                                                    True)


def chip(canvas: Canvas, language: str, x: int, y: int, card: str) -> int:
    """Draw a card as a chip with its top left corner at (x, y); return its width."""
    if card in GEAR_OF:
        return _gear_chip(canvas, language, x, y, card)
    w = chip_width(language, card)
    blue = is_blue(card)
    canvas.box((x, y, x + w, y + CHIP_H), fill=BLUE_CARD if blue else PANEL, outline=INK,
               width=2, radius=6)
    if blue:
        canvas.draw.rounded_rectangle((x + 4, y + 4, x + w - 4, y + CHIP_H - 4), radius=4,
                                      outline=BLUE, width=2)
    used = canvas.text(x + PAD, y + 7, kind_name(language, CARD[card].kind.value), SMALL,
                       bold=True)
    face, red = rank_suit(card)
    canvas.text(x + PAD + used + 8, y + 7, face, SMALL, bold=True,
                fill=SUIT_RED if red else INK)
    return w


def _gear_chip(canvas: Canvas, language: str, x: int, y: int, card: str) -> int:
    """Draw an equipment card: its name, its cost and a nugget."""
    kind = GEAR_OF[card]
    rule = GEAR[kind]
    w = chip_width(language, card)
    canvas.box((x, y, x + w, y + CHIP_H), fill=PANEL if rule.black else TAN, outline=INK,
               width=5 if rule.black else 2, radius=6)
    used = canvas.text(x + PAD, y + 7, gear_name(language, kind.value), SMALL, bold=True)
    cost = canvas.text(x + PAD + used + 8, y + 7, str(rule.cost), SMALL, bold=True)
    canvas.nugget(x + PAD + used + 12 + cost, y + 10, 20)
    return w


def gear_tag(canvas: Canvas, language: str, x: int, y: int, card: str, max_width: int,
             ) -> int:
    """Draw a black equipment card in front of a player as a tag with a thick black frame
    (blue cards in play have none); return its width."""
    return canvas.tag(x, y, gear_name(language, GEAR_OF[card].value), PANEL,
                      max_width=max_width, outline=INK)


def flow(widths: list[int], room: int, gap: int = 8) -> list[list[int]]:
    """Return the indices of items of `widths` laid out in lines no wider than `room`."""
    lines: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if lines[-1] and used + width > room:
            lines.append([])
            used = 0
        lines[-1].append(index)
        used += width + gap
    return lines if lines[0] else []
