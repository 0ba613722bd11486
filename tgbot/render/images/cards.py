"""BANG! the card game as a picture: the deck, the discard pile's top, any cards turned up
on the table, then the seats around the table (two columns, in play order: down the left,
up the right) with each player's role once public, character, hand size, life and cards
in play. A seat out of the game is greyed and says so.

Gold Rush: the bank's nuggets beside the piles, the shop on its own line (each card with
its cost), and each seat's nuggets and equipment; with the Shadow Gunslingers a dead
player keeps his nuggets (GR-SHADOW-2, else they are back in the bank: GR-NUG-5), and a
shadow playing his turn is tagged with his side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from core.bang_cards.cards import CARD, KINDS
from core.bang_cards.gold_rush.equipment import GEAR_OF
from tgbot.i18n import t
from tgbot.render.cards.gold_rush import gear_name
from tgbot.render.cards.labels import character_name, kind_name, role_name
from tgbot.render.dice.front import side_name
from tgbot.render.images import labels
from tgbot.render.images.bands import (
    Band,
    Piece,
    blank,
    frozen,
    row_key,
    seat_rows,
    stack,
    whole,
)
from tgbot.render.images.canvas import (
    BLUE_CARD,
    DEAD,
    DEAD_INK,
    GHOST_FILL,
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
    wrap,
    wrap_tags,
)
from tgbot.render.images.card_chips import CHIP_H, chip, chip_width, flow, gear_tag
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
TAGS_TOP = 114
TAG_LINE = 38
PILE_LINE = CHIP_H + 10
Item = tuple[int, Callable[[Canvas, int, int], None]]
Tag = tuple[str, str, str | None]  # text, fill, equipment card id (a framed tag)


def draw(view: GroupView, language: str, names: Sequence[str]) -> bytes:
    """Return the PNG of a card game table seen by the group (bands: the title line, the
    piles, each row of seats, the closing banner; only those that changed are drawn)."""
    data = view.data
    seats = data["seats"]
    slots = ring(len(seats))
    over = data["outcome"] is not None
    winners = set(data["outcome"]["winners"]) if over else set()
    lines = [_seat_tags(language, data, seat, seat["seat"] in winners) for seat in seats]
    heights = [TAGS_TOP + len(tags) * TAG_LINE + 6 for tags in lines]
    row_h = [max(h for h, (_, r) in zip(heights, slots, strict=True) if r == row)
             for row in range(rows_of(len(seats)))]
    piles = _pile_lines(language, data)
    turn = t(language, "turn {number}", number=data["turn_number"])
    bands = [Band(("header", language, turn), HEADER, lambda canvas: header(
                 canvas, t(language, "BANG! card game"), turn)),
             Band(("piles", language, _piles_key(data)), len(piles) * PILE_LINE + 6,
                  lambda canvas: _paint_piles(canvas, piles))]
    active = data["active"] if data["outcome"] is None else None
    for row, height in enumerate(row_h):
        placed = [(column, seat, tags) for seat, (column, r), tags
                  in zip(seats, slots, lines, strict=True) if r == row]
        size = (height, SEAT_W, GAP)
        bands.append(seat_rows(size, row_key("bang_cards", language, size, placed, names,
                                             active), partial(
            _seats, language, data, names, placed, height, active)))
    if over:
        side = data["outcome"]["side"]
        bands.append(Band(("banner", language, side), banner_height(language, side) + GAP,
                          lambda canvas: victory_banner(canvas, language, 0, side)))
    return stack(view.kind, [*bands, blank(MARGIN - GAP)])


def _seats(language: str, data: dict[str, Any], names: Sequence[str],
           placed: list[tuple[int, dict[str, Any], Any]], height: int, active: int | None,
           ) -> list[tuple[int, list[Piece]]]:
    """Return a row's seats, each kept whole (its column and its one piece); `active` is
    the seat to act (None: nobody)."""
    return [(column, whole(("seat", language, height, frozen(seat), names[seat["seat"]],
                            seat["seat"] == active, frozen(tags)), height, SEAT_W,
                           _painter(language, data, names, height, seat, tags)))
            for column, seat, tags in placed]


def _painter(language: str, data: dict[str, Any], names: Sequence[str], height: int,
             seat: dict[str, Any], tags: Any) -> Callable[[Canvas, int], None]:
    """Return what draws one seat of a row `height` px tall from x."""
    def paint(canvas: Canvas, x: int) -> None:
        _seat(canvas, language, data, seat, names, (x, 0, x + SEAT_W, height), tags)
    return paint


def _paint_piles(canvas: Canvas, piles: list[list[Item]]) -> None:
    for index, line in enumerate(piles):
        x, y = MARGIN, index * PILE_LINE
        for width, paint in line:
            paint(canvas, x, y)
            x += width + 20


def _piles_key(data: dict[str, Any]) -> tuple[Any, ...]:
    """Return everything the lines above the seats show."""
    return (data["deck_count"], data["discard"][-1] if data["discard"] else None,
            bool(data.get("gold_rush")), data.get("bank"), tuple(data["table"]),
            tuple(data.get("shop") or ()))


def _caption(text: str) -> Item:
    def paint(canvas: Canvas, x: int, y: int) -> None:
        canvas.text(x, y + 7, text, SMALL, bold=True, fill=MUTED)
    return text_width(text, SMALL, True), paint


def _card(language: str, card: str) -> Item:
    def paint(canvas: Canvas, x: int, y: int) -> None:
        chip(canvas, language, x, y, card)
    return chip_width(language, card), paint


def _deck(language: str, count: int) -> Item:
    text = labels.deck(language, count)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        canvas.card_back(x, y + 2, 26, 36)
        canvas.text(x + 34, y + 7, text, SMALL, bold=True)
    return 34 + text_width(text, SMALL, True), paint


def _bank(language: str, count: int) -> Item:
    text = labels.bank(language, count)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        canvas.nugget(x, y + 8, 24)
        canvas.text(x + 32, y + 7, text, SMALL, bold=True)
    return 32 + text_width(text, SMALL, True), paint


def _pile_lines(language: str, data: dict[str, Any]) -> list[list[Item]]:
    """Return the lines above the seats: the deck, the discard's top (and the bank), then
    the cards on the table, then the shop, each group flowing over as many lines as it
    needs."""
    groups: list[list[Item]] = [[_deck(language, data["deck_count"]),
                                 _caption(labels.discard(language))]]
    top = data["discard"][-1] if data["discard"] else None
    groups[0].append(_card(language, top) if top else _caption("—"))
    gold_rush = bool(data.get("gold_rush"))
    if gold_rush:
        groups[0].append(_bank(language, data["bank"]))
    if data["table"]:
        groups.append([_caption(labels.on_the_table(language))]
                      + [_card(language, card) for card in data["table"]])
    if gold_rush:
        groups.append([_caption(labels.shop(language))]
                      + [_card(language, card) for card in data["shop"]])
    lines: list[list[Item]] = []
    for items in groups:
        for indices in flow([w for w, _ in items], WIDTH - 2 * MARGIN, gap=20):
            lines.append([items[i] for i in indices])
    return lines


def _seat_tags(language: str, data: dict[str, Any], seat: dict[str, Any], won: bool,
               ) -> list[list[Tag]]:
    """Return the seat's tags in lines: its cards in play (a weapon with its reach), its
    equipment (framed), its nuggets, a shadow's mark and side, the winner's mark."""
    tags: list[Tag] = []
    for card in seat["in_play"]:
        kind = CARD[card].kind
        reach = KINDS[kind].weapon_range
        name = kind_name(language, kind.value)
        tags.append((f"{name} ({reach})" if reach else name, BLUE_CARD, None))
    if data.get("gold_rush"):
        tags += [(gear_name(language, GEAR_OF[card].value), PANEL, card)
                 for card in seat.get("equipment") or ()]
        if seat["alive"] or seat.get("nuggets"):
            tags.append((labels.nuggets(language, seat.get("nuggets", 0)), YELLOW, None))
    if seat.get("shadow"):
        tags.append((labels.shadow(language), GHOST_FILL, None))
    if seat.get("side"):
        tags.append((labels.with_side(language, side_name(language, seat["side"])), LINE,
                     None))
    if won:
        tags.append((labels.winner(language), GREEN, None))
    room = SEAT_W - 2 * PAD
    tags = [(piece, fill, gear) for text, fill, gear in tags
            for piece in ([text] if gear or text_width(text, SMALL) + 16 <= room
                          else wrap(text, SMALL, room - 16, lines=2))]
    by_text = {tag[0]: tag for tag in tags}
    return [[by_text[text] for text in line]
            for line in wrap_tags([text for text, _, _ in tags], room)]


def _seat(canvas: Canvas, language: str, data: dict[str, Any], seat: dict[str, Any],
          names: Sequence[str], box: tuple[int, int, int, int], tags: list[list[Tag]],
          ) -> None:
    x0, y0, x1, _ = box
    alive = seat["alive"]
    active = seat["seat"] == data["active"] and data["outcome"] is None and alive
    won = any(fill == GREEN for line in tags for _, fill, _ in line)
    outline, width = (ORANGE, 6) if active else (GREEN, 6) if won else (LINE, 2)
    canvas.box(box, fill=PANEL if alive else DEAD, outline=outline, width=width)
    ink = INK if alive else DEAD_INK
    role_w = 0
    if seat["role"]:
        label = role_name(language, seat["role"])
        role_w = tag_width(label, SMALL, 160)
        canvas.tag(x1 - PAD - role_w, y0 + 10, label, ROLE_COLOUR.get(seat["role"], LINE),
                   max_width=160)
    name = ("▶ " if active else "") + names[seat["seat"]]
    canvas.text(x0 + PAD, y0 + 8, name, TEXT, bold=True, fill=ink,
                width=SEAT_W - 2 * PAD - role_w - (8 if role_w else 0))
    hand_w = 0
    if alive:
        text = labels.hand(language, seat["hand_count"])
        hand_w = 30 + text_width(text, SMALL)
        canvas.card_back(x1 - PAD - hand_w, y0 + 44, 22, 30)
        canvas.text(x1 - PAD, y0 + 46, text, SMALL, anchor="ra")
    canvas.text(x0 + PAD, y0 + 46, character_name(seat["character"]), SMALL,
                fill=MUTED if alive else ink, width=SEAT_W - 2 * PAD - hand_w - 8)
    if alive:
        canvas.heart(x0 + PAD, y0 + 84, 24, VERMILION)
        used = canvas.text(x0 + PAD + 32, y0 + 78, f"{seat['life']}/{seat['max_life']}", TEXT,
                           bold=True)
        canvas.pips(x0 + PAD + 42 + used, y0 + 86, seat["life"], seat["max_life"], VERMILION,
                    size=14, gap=4)
    else:
        canvas.text(x0 + PAD, y0 + 80, labels.eliminated(language), SMALL, fill=ink)
    y = y0 + TAGS_TOP
    for line in tags:
        x = x0 + PAD
        for text, fill, gear in line:
            room = x1 - PAD - x
            x += (gear_tag(canvas, language, x, y, gear, room) if gear else
                  canvas.tag(x, y, text, fill, max_width=room)) + 6
        y += TAG_LINE
