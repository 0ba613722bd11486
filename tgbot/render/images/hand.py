"""A seat's own hand as a picture, for its private prompt: big cards, three to a row, so
that at the 360 px a phone shows a photo at the card names are 12-16 px (LARGE, or TEXT
or SMALL for a long word) and nothing is smaller than SMALL (12 px).

Colt Express: the bandits the seat plays (mark, loot, purse values, bullets left) and its
action cards counted by kind (in a two-player game each card names its bandit, a bullet
who fired it). BANG! the card game: the character, role and life, the cards in hand
with rank and suit (a blue card double-framed), and the cards in play (with Gold Rush
the equipment, framed, and the nuggets). Drawn from a `HandView` only
(tgbot/render/images/hand_view.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.bang_cards.cards import CARD, KINDS
from core.bang_cards.gold_rush.equipment import GEAR, GEAR_OF
from core.colt_express.ids import CardKind, card_bandit, card_kind
from tgbot.i18n import t
from tgbot.render.cards.gold_rush import gear_name
from tgbot.render.cards.labels import character_name, role_name
from tgbot.render.cards.labels import kind_name as cards_kind_name
from tgbot.render.colt.labels import kind_name as colt_kind_name
from tgbot.render.images import labels
from tgbot.render.images.canvas import (
    BLUE,
    BLUE_CARD,
    DEAD,
    DEAD_INK,
    INK,
    LARGE,
    LINE,
    MARGIN,
    MUTED,
    PANEL,
    SMALL,
    SUIT_RED,
    TAN,
    TEXT,
    TITLE,
    VERMILION,
    WIDTH,
    YELLOW,
    Canvas,
    fitted,
    wrap_tags,
)
from tgbot.render.images.card_chips import gear_tag, is_blue, rank_suit
from tgbot.render.images.colt_train import bandit_chip, bandit_mark, loot_row
from tgbot.render.images.hand_view import HandView
from tgbot.render.images.parts import ROLE_COLOUR, tag_width

HEADER = 56
COLUMNS, GAP = 3, 10
CARD_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
CARD_H = 140
NAME_SIZES = (LARGE, TEXT, SMALL)
TAG_LINE = 38


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
    used = canvas.text(WIDTH - MARGIN, 14, right, TEXT, fill=MUTED, anchor="ra",
                       width=WIDTH // 2)
    canvas.text(MARGIN, 8, t(language, "Your hand"), TITLE, bold=True,
                width=WIDTH - 3 * MARGIN - used)


def _empty(canvas: Canvas, top: int) -> None:
    canvas.box((MARGIN, top, MARGIN + CARD_W, top + CARD_H), fill=None, outline=LINE)
    canvas.text(MARGIN + CARD_W // 2, top + CARD_H // 2, "—", TITLE, fill=MUTED, anchor="mm")


def _name(canvas: Canvas, x: int, y: int, name: str, width: int) -> None:
    """Draw a card's name on at most two lines, as large as its longest word allows."""
    size, lines = fitted(name, width, NAME_SIZES)
    for line, text in enumerate(lines):
        canvas.text(x, y + line * (size + 6), text, size, bold=True)


# -- Colt Express ------------------------------------------------------------------------
def _colt(data: dict[str, Any], language: str) -> bytes:
    cards, bandits = data["cards"], data["bandits"]
    two = len(bandits) > 1
    heights = [44 + (34 if bandit["purse_values"] else 0) for bandit in bandits]
    grid = HEADER + sum(heights) + 4
    canvas = Canvas(grid + _rows(len(cards)) * (CARD_H + GAP) + MARGIN - GAP)
    _title(canvas, language, t(language, "Deck: {deck} · discard: {discard}",
                               deck=data["deck"], discard=data["discard"]))
    for index, bandit in enumerate(bandits):
        _bandit_line(canvas, language, bandit, HEADER + sum(heights[:index]))
    if not cards:
        _empty(canvas, grid)
    for index, (key, count) in enumerate(cards):
        owner = data["characters"].get(str(card_bandit(key)))
        bullet = card_kind(key) == CardKind.BULLET
        if bullet and owner is None:  # the Marshal's bullet
            owner = "marshal"
        _colt_card(canvas, language, _slot(index, grid), key, count,
                   owner if (two or bullet) else None)
    return canvas.png()


def _bandit_line(canvas: Canvas, language: str, bandit: dict[str, Any], y: int) -> None:
    """Draw one of the seat's bandits: its mark and name, loot and bullets left, then its
    purses' values on a line of their own."""
    right = WIDTH - MARGIN
    left = bandit["bullets_left"]
    for shot in range(6):  # bullets left, as six chambers
        cx = right - (5 - shot) * 18 - 8
        canvas.draw.ellipse((cx - 7, y + 10, cx + 7, y + 24), outline=INK,
                            fill=INK if shot < left else PANEL)
    right -= 6 * 18 + 10
    right -= canvas.text(right, y + 4, labels.bullets(language, left), SMALL, anchor="ra") + 20
    right -= loot_row(canvas, bandit["loot"], right, y + 4) + 12
    bandit_chip(canvas, MARGIN, y + 2, bandit["character"], bandit["character"].title(),
                right - MARGIN)
    values = " · ".join(f"${value}" for value in bandit["purse_values"])
    if values:
        canvas.text(MARGIN + 34, y + 38, values, SMALL, bold=True,
                    width=WIDTH - 2 * MARGIN - 34)


def _colt_card(canvas: Canvas, language: str, corner: tuple[int, int], key: str, count: int,
               owner: str | None) -> None:
    """Draw a kind of card in hand: its name, how many, and its bandit's mark and name."""
    x, y = corner
    bullet = card_kind(key) == CardKind.BULLET
    canvas.box((x, y, x + CARD_W, y + CARD_H), fill=DEAD if bullet else PANEL, outline=INK,
               width=2, radius=10)
    _name(canvas, x + 12, y + 10, colt_kind_name(language, card_kind(key)), CARD_W - 24)
    right = x + CARD_W - 12
    if count > 1:
        right -= canvas.text(right, y + CARD_H - 8, f"×{count}", TITLE, bold=True,
                             anchor="rd") + 8
    if owner is not None:
        bandit_mark(canvas, x + 12, y + CARD_H - 36, 26, owner)
        name = (colt_kind_name(language, CardKind.MARSHAL) if owner == "marshal"
                else owner.title())
        canvas.text(x + 44, y + CARD_H - 36, name, SMALL, width=right - x - 48)


# -- BANG! the card game -----------------------------------------------------------------
def _cards(data: dict[str, Any], language: str) -> bytes:
    hand = data["hand"]
    tags = _in_play_tags(language, data)
    grid = HEADER + 48
    below = grid + _rows(len(hand)) * (CARD_H + GAP)
    height = below + (36 + len(tags) * TAG_LINE if tags else 0) + MARGIN - GAP
    canvas = Canvas(height)
    _title(canvas, language, labels.hand(language, len(hand)))
    _identity(canvas, language, data, HEADER)
    if not hand:
        _empty(canvas, grid)
    for index, card in enumerate(hand):
        _cards_card(canvas, language, _slot(index, grid), card)
    if tags:
        canvas.text(MARGIN, below, labels.in_play(language), SMALL, bold=True, fill=MUTED)
        y = below + 34
        for line in tags:
            x = MARGIN
            for text, fill, gear in line:
                room = WIDTH - MARGIN - x
                x += (gear_tag(canvas, language, x, y, gear, room) if gear else
                      canvas.tag(x, y, text, fill, max_width=room)) + 6
            y += TAG_LINE
    return canvas.png()


def _identity(canvas: Canvas, language: str, data: dict[str, Any], y: int) -> None:
    """Draw the character, the role (a tag) and the life (a heart, n/max and pips)."""
    right = WIDTH - MARGIN
    if data["alive"]:
        pips = data["max_life"] * 22 - 4
        canvas.pips(right - pips, y + 9, data["life"], data["max_life"], VERMILION,
                    size=18, gap=4)
        right -= pips + 10
        right -= canvas.text(right, y + 2, f"{data['life']}/{data['max_life']}", TEXT,
                             bold=True, anchor="ra") + 8
        canvas.heart(right - 26, y + 6, 26, VERMILION)
        right -= 40
    else:
        right -= canvas.text(right, y + 4, labels.eliminated(language), SMALL, fill=DEAD_INK,
                             anchor="ra") + 14
    if data["role"]:
        label = role_name(language, data["role"])
        w = tag_width(label, SMALL, 200)
        canvas.tag(right - w, y + 2, label, ROLE_COLOUR.get(data["role"], LINE), max_width=200)
        right -= w + 14
    canvas.text(MARGIN, y, character_name(data["character"]), TEXT, bold=True,
                width=right - MARGIN)


def _in_play_tags(language: str, data: dict[str, Any]) -> list[list[tuple[str, str, str | None]]]:
    """Return the cards in play (a weapon with its reach), then the equipment (framed)
    and the nuggets, as (text, fill, equipment card) in lines."""
    found: list[tuple[str, str, str | None]] = []
    for card in data["in_play"]:
        info = CARD[card]
        reach = KINDS[info.kind].weapon_range
        name = cards_kind_name(language, info.kind.value)
        found.append((f"{name} ({reach})" if reach else name, BLUE_CARD, None))
    if data["gold_rush"]:
        found += [(gear_name(language, GEAR_OF[card].value), PANEL, card)
                  for card in data["equipment"]]
        found.append((labels.nuggets(language, data["nuggets"]), YELLOW, None))
    by_text = {tag[0]: tag for tag in found}
    return [[by_text[text] for text in line]
            for line in wrap_tags([text for text, _, _ in found], WIDTH - 2 * MARGIN)]


def _cards_card(canvas: Canvas, language: str, corner: tuple[int, int], card: str) -> None:
    """Draw a card in hand: its name (two lines at most), then its rank and suit; a blue
    card on a blue ground with a double frame; an equipment card with its cost."""
    x, y = corner
    box = (x, y, x + CARD_W, y + CARD_H)
    if card in GEAR_OF:  # equipment Josh McCloud is holding
        rule = GEAR[GEAR_OF[card]]
        canvas.box(box, fill=PANEL if rule.black else TAN, outline=INK,
                   width=5 if rule.black else 2)
        _name(canvas, x + 12, y + 10, gear_name(language, GEAR_OF[card].value), CARD_W - 24)
        used = canvas.text(x + 12, y + CARD_H - 10, str(rule.cost), TITLE, bold=True,
                           anchor="ld")
        canvas.nugget(x + 20 + used, y + CARD_H - 40, 28)
        return
    blue = is_blue(card)
    canvas.box(box, fill=BLUE_CARD if blue else PANEL, outline=INK, width=2, radius=10)
    if blue:
        canvas.draw.rounded_rectangle((x + 5, y + 5, x + CARD_W - 5, y + CARD_H - 5),
                                      radius=7, outline=BLUE, width=3)
    _name(canvas, x + 12, y + 10, cards_kind_name(language, CARD[card].kind.value),
          CARD_W - 24)
    face, red = rank_suit(card)
    canvas.text(x + 12, y + CARD_H - 10, face, TITLE, bold=True,
                fill=SUIT_RED if red else INK, anchor="ld")


_DRAWERS: dict[str, Callable[[dict[str, Any], str], bytes]] = {
    "colt_express": _colt, "bang_cards": _cards}
