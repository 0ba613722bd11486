"""A seat's own hand as a picture, for its private prompt: big cards, three to a row, so
that the names stay legible at the 400-600 px a phone shows a photo at (the smallest
text, SMALL, is then 10-15 px; card names, LARGE, 13-20 px).

Colt Express: the bandits the seat plays (loot, purse values, bullets left) and its
action cards, counted by kind (in a two-player game each card names its bandit). BANG!
the card game: the character, role and life, the cards in hand with rank and suit, and
the cards in play (with Gold Rush, the nuggets and equipment). Drawn from a `HandView`
only (tgbot/render/images/hand_view.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.bang_cards.cards import CARD, KINDS
from core.bang_cards.ids import Color
from core.colt_express.ids import CardKind, card_bandit, card_kind
from tgbot.i18n import t
from tgbot.render.cards.labels import RANK_TEXT, SUIT_ICON, character_name, role_name
from tgbot.render.cards.labels import kind_name as cards_kind_name
from tgbot.render.colt.labels import kind_name as colt_kind_name
from tgbot.render.images import labels
from tgbot.render.images.canvas import (
    DEAD,
    DEAD_INK,
    INK,
    LARGE,
    LINE,
    MARGIN,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    TITLE,
    VERMILION,
    WIDTH,
    YELLOW,
    Canvas,
    text_width,
    wrap,
    wrap_tags,
)
from tgbot.render.images.cards import BLUE_CARD, expansion_name
from tgbot.render.images.colt_train import bandit_chip, bandit_colour, loot_row
from tgbot.render.images.hand_view import HandView
from tgbot.render.images.parts import ROLE_COLOUR

HEADER = 64
COLUMNS, GAP = 3, 12
CARD_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
CARD_H = 140
BANDIT_H = 52
TAG_LINE = 40


def draw_hand(view: HandView, language: str) -> bytes:
    """Return the PNG of a seat's hand; raise KeyError for a game without one."""
    return _DRAWERS[view.kind](view.data, language)


def _rows(count: int) -> int:
    return max(1, (count + COLUMNS - 1) // COLUMNS)


def _slot(index: int, top: int) -> tuple[int, int]:
    """Return the top left corner of the `index`-th card of a grid starting at `top`."""
    return (MARGIN + (index % COLUMNS) * (CARD_W + GAP),
            top + (index // COLUMNS) * (CARD_H + GAP))


def _title(canvas: Canvas, language: str, right: str) -> None:
    canvas.text(MARGIN, 12, t(language, "Your hand"), TITLE, bold=True, width=WIDTH // 2)
    canvas.text(WIDTH - MARGIN, 20, right, TEXT, fill=MUTED, anchor="ra",
                width=WIDTH // 2 - 2 * MARGIN)


def _empty(canvas: Canvas, top: int) -> None:
    canvas.box((MARGIN, top, MARGIN + CARD_W, top + CARD_H), fill=None, outline=LINE)
    canvas.text(MARGIN + CARD_W // 2, top + CARD_H // 2, "—", TITLE, fill=MUTED, anchor="mm")


# -- Colt Express ------------------------------------------------------------------------
def _colt(data: dict[str, Any], language: str) -> bytes:
    cards, bandits = data["cards"], data["bandits"]
    two = len(bandits) > 1
    grid = HEADER + len(bandits) * BANDIT_H + 8
    height = grid + _rows(len(cards)) * (CARD_H + GAP) + MARGIN
    canvas = Canvas(height)
    _title(canvas, language, t(language, "Deck: {deck} · discard: {discard}",
                               deck=data["deck"], discard=data["discard"]))
    for index, bandit in enumerate(bandits):
        _bandit_line(canvas, language, bandit, HEADER + index * BANDIT_H)
    if not cards:
        _empty(canvas, grid)
    for index, (key, count) in enumerate(cards):
        owner = data["characters"].get(str(card_bandit(key)))
        bullet = card_kind(key) == CardKind.BULLET
        if bullet and owner is None:  # the Marshal's bullet
            owner = colt_kind_name(language, CardKind.MARSHAL)
        _colt_card(canvas, language, _slot(index, grid), key, count,
                   owner if (two or bullet) else None)
    return canvas.png()


def _bandit_line(canvas: Canvas, language: str, bandit: dict[str, Any], y: int) -> None:
    """Draw one of the seat's bandits: its chip, bullets left, loot and purse values."""
    right = WIDTH - MARGIN
    left = bandit["bullets_left"]
    for shot in range(6):  # bullets left, as six chambers
        cx = right - (5 - shot) * 18 - 8
        canvas.draw.ellipse((cx - 7, y + 10, cx + 7, y + 24), outline=INK,
                            fill=INK if shot < left else PANEL)
    right -= 6 * 18 + 12
    right -= canvas.text(right, y + 4, labels.bullets(language, left), SMALL, anchor="ra") + 24
    right -= loot_row(canvas, bandit["loot"], right, y + 4) + 12
    values = ", ".join(f"${value}" for value in bandit["purse_values"])
    if values:
        right -= canvas.text(right, y + 4, values, SMALL, bold=True, anchor="ra",
                             width=right - MARGIN - 200) + 16
    bandit_chip(canvas, MARGIN, y + 2, bandit["character"], bandit["character"].title(),
                right - MARGIN)


def _colt_card(canvas: Canvas, language: str, corner: tuple[int, int], key: str, count: int,
               owner: str | None) -> None:
    """Draw a kind of card in hand: its name, how many, and its bandit's colour and name."""
    x, y = corner
    kind = card_kind(key)
    bullet = kind == CardKind.BULLET
    canvas.box((x, y, x + CARD_W, y + CARD_H), fill=DEAD if bullet else PANEL, outline=INK,
               width=2, radius=10)
    if owner is not None:
        canvas.draw.rectangle((x + 6, y + 6, x + 20, y + CARD_H - 6),
                              fill=bandit_colour(owner.lower()))
    for line, text in enumerate(wrap(colt_kind_name(language, kind), LARGE, CARD_W - 44,
                                     bold=True)):
        canvas.text(x + 30, y + 12 + line * 40, text, LARGE, bold=True)
    if owner is not None:
        canvas.text(x + 30, y + CARD_H - 36, owner.title(), SMALL, fill=INK,
                    width=CARD_W - 120)
    if count > 1:
        canvas.text(x + CARD_W - 14, y + CARD_H - 10, f"×{count}", TITLE, bold=True,
                    anchor="rd")


# -- BANG! the card game -----------------------------------------------------------------
def _cards(data: dict[str, Any], language: str) -> bytes:
    hand = data["hand"]
    tags = _in_play_tags(language, data)
    grid = HEADER + 56
    below = grid + _rows(len(hand)) * (CARD_H + GAP)
    height = below + (40 + len(tags) * TAG_LINE if tags else 0) + MARGIN
    canvas = Canvas(height)
    _title(canvas, language, labels.hand(language, len(hand)))
    _identity(canvas, language, data, HEADER)
    if not hand:
        _empty(canvas, grid)
    for index, card in enumerate(hand):
        _cards_card(canvas, language, _slot(index, grid), card)
    if tags:
        canvas.text(MARGIN, below + 4, labels.in_play(language), SMALL, bold=True, fill=MUTED)
        y = below + 40
        nuggets = labels.nuggets(language, data["nuggets"])
        for line in tags:
            x = MARGIN
            for label in line:
                fill = YELLOW if data["gold_rush"] and label == nuggets else BLUE_CARD
                x += canvas.tag(x, y, label, fill, max_width=WIDTH - MARGIN - x) + 6
            y += TAG_LINE
    return canvas.png()


def _identity(canvas: Canvas, language: str, data: dict[str, Any], y: int) -> None:
    """Draw the character, the role (a tag) and the life (a heart, n/max and pips)."""
    alive = data["alive"]
    right = WIDTH - MARGIN
    if alive:
        pips = data["max_life"] * 22 - 6
        canvas.pips(right - pips, y + 9, data["life"], data["max_life"], VERMILION,
                    size=18, gap=4)
        right -= pips + 12
        right -= canvas.text(right, y + 2, f"{data['life']}/{data['max_life']}", TEXT,
                             bold=True, anchor="ra") + 8
        canvas.heart(right - 28, y + 6, 26, VERMILION)
        right -= 44
    else:
        right -= canvas.text(right, y + 2, labels.eliminated(language), TEXT, fill=DEAD_INK,
                             anchor="ra") + 16
    if data["role"]:
        label = role_name(language, data["role"])
        w = min(220, text_width(label, SMALL) + 16)
        canvas.tag(right - w, y + 2, label, ROLE_COLOUR.get(data["role"], LINE), max_width=220)
        right -= w + 16
    canvas.text(MARGIN, y, character_name(data["character"]), TEXT, bold=True,
                width=right - MARGIN)


def _in_play_tags(language: str, data: dict[str, Any]) -> list[list[str]]:
    """Return the cards in play (a weapon with its reach), then nuggets and equipment."""
    found = []
    for card in data["in_play"]:
        info = CARD.get(card)
        if info is None:
            found.append(expansion_name(card))
            continue
        reach = KINDS[info.kind].weapon_range
        name = cards_kind_name(language, info.kind.value)
        found.append(f"{name} ({reach})" if reach else name)
    if data["gold_rush"]:
        found += [expansion_name(card) for card in data["equipment"]]
        found.append(labels.nuggets(language, data["nuggets"]))
    return wrap_tags(found, WIDTH - 2 * MARGIN)


def _cards_card(canvas: Canvas, language: str, corner: tuple[int, int], card: str) -> None:
    """Draw a card in hand: its name (two lines at most), then its rank and suit."""
    x, y = corner
    info = CARD.get(card)
    if info is None:  # an expansion's card
        canvas.box((x, y, x + CARD_W, y + CARD_H), fill=YELLOW, outline=INK, width=2)
        canvas.text(x + 14, y + 12, expansion_name(card), LARGE, bold=True, width=CARD_W - 28)
        return
    blue = KINDS[info.kind].color is Color.BLUE
    canvas.box((x, y, x + CARD_W, y + CARD_H), fill=BLUE_CARD if blue else PANEL,
               outline=INK, width=2, radius=10)
    name = cards_kind_name(language, info.kind.value)
    for line, text in enumerate(wrap(name, LARGE, CARD_W - 28, bold=True)):
        canvas.text(x + 14, y + 12 + line * 40, text, LARGE, bold=True)
    suit = SUIT_ICON[info.suit.value]
    canvas.text(x + 14, y + CARD_H - 12, f"{RANK_TEXT.get(info.rank, str(info.rank))}{suit}",
                TITLE, bold=True, fill=VERMILION if suit in "♥♦" else INK, anchor="ld")


_DRAWERS: dict[str, Callable[[dict[str, Any], str], bytes]] = {
    "colt_express": _colt, "bang_cards": _cards}
