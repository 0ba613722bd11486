"""Colt Express as a picture: the round card with its turns (the current one framed and
pointed at), the train (tgbot/render/images/colt_train.py), each bandit's loot and
bullets (at the end its score, the winners tagged), and the pile of cards played this
round in their order (face-down ones dark with "?"), the one resolving framed and pointed
at, those resolved greyed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.colt_express.ids import card_kind
from tgbot.i18n import t
from tgbot.render.colt.labels import kind_name, round_card_name
from tgbot.render.images import labels
from tgbot.render.images.bands import Band, blank, frozen, stack
from tgbot.render.images.canvas import (
    BACK,
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
    fit,
    text_width,
)
from tgbot.render.images.card_chips import flow
from tgbot.render.images.colt_train import (
    CAR_H,
    bandit_chip,
    bandit_mark,
    bandit_names,
    draw_car,
    loot_row,
)
from tgbot.render.images.group_view import GroupView
from tgbot.render.images.parts import tag_width

HEADER = 48
TURN_W, TURN_H, TURN_GAP = 64, 56, 8
BANDIT_H = 40
ENTRY_H, ENTRY_GAP = 38, 6
NAME_MAX = 130


def draw(view: GroupView, language: str, names: Sequence[str]) -> bytes:
    """Return the PNG of a Colt Express table seen by the group (bands: the title and the
    round, each car, each bandit's line, the pile; only those that changed are drawn)."""
    data = view.data
    phase_below = _phase_below(language, data)
    round_h = 44 + TURN_H + 22 + (TURN_H if phase_below else 0)
    over = data["outcome"] is not None
    called = bandit_names(data, names)
    bands = [Band(("head", language, data["round"], data["round_card"], tuple(data["pattern"]),
                   data["turn"], data["phase"], over, phase_below), HEADER + round_h,
                  lambda canvas: _head(canvas, language, data, phase_below))]
    bands += [_car_band(language, data, called, car) for car in range(len(data["cars"]))]
    bands.append(blank(4))
    bands += [_bandit_band(language, data, names, bandit) for bandit in data["bandits"]]
    bands.append(blank(12))
    if data["pile"]:
        rows = len(_pile_lines(language, data, names))
        bands.append(Band(("pile", language, frozen(data["pile"]), data["phase"], over,
                           data["resolving"], tuple(called),
                           tuple(b["character"] for b in data["bandits"])),
                          36 + rows * (ENTRY_H + ENTRY_GAP),
                          lambda canvas: _pile(canvas, language, data, names, 0)))
    return stack(view.kind, [*bands, blank(MARGIN)])


def _head(canvas: Canvas, language: str, data: dict[str, Any], phase_below: bool) -> None:
    """Draw the title, then the round from below it."""
    canvas.text(MARGIN, 6, "Colt Express", TITLE, bold=True)
    _round(canvas, language, data, HEADER, phase_below)


def _car_band(language: str, data: dict[str, Any], called: Sequence[str], car: int) -> Band:
    """Return the band of one car of the train (its gap below included)."""
    info = data["cars"][car]
    here = tuple((b["roof"], b["character"], called[i]) for i, b in enumerate(data["bandits"])
                 if b["car"] == car)
    return Band(("car", language, car, len(data["cars"]), tuple(info["roof"]),
                 tuple(info["inside"]), data["marshal"] == car, here), CAR_H,
                lambda canvas: draw_car(canvas, language, data, called, car, 0))


def _bandit_band(language: str, data: dict[str, Any], names: Sequence[str],
                 bandit: dict[str, Any]) -> Band:
    """Return the band of one bandit's line."""
    scores, seat = data["scores"], bandit["seat"]
    won = bool(data["outcome"]) and seat in data["outcome"]["winners"]
    return Band(("bandit", language, names[seat], bandit["character"],
                 None if scores is None else scores[seat], won, bandit["bullets_left"],
                 bandit["purses"], bandit["jewels"], bandit["strongboxes"], bandit["ransoms"]),
                BANDIT_H,
                lambda canvas: _bandit(canvas, language, data, names, bandit, 0))


def _phase(language: str, data: dict[str, Any]) -> str | None:
    if data["outcome"] is not None:
        return None
    return labels.scheming(language) if data["phase"] == "scheme" else labels.stealing(language)


def _phase_below(language: str, data: dict[str, Any]) -> bool:
    """Return True when the phase's tag does not fit beside the turns."""
    phase = _phase(language, data)
    turns = len(data["pattern"]) * (TURN_W + TURN_GAP)
    return phase is not None and MARGIN + turns + 8 + tag_width(phase, TEXT, WIDTH) > WIDTH


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
        canvas.draw.rectangle((cx - 11 + dx, cy - 15, cx + 11 + dx, cy + 15), fill=PANEL,
                              outline=INK, width=2)
    if symbol == "R":
        canvas.draw.arc((cx - 21, cy - 21, cx + 21, cy + 21), 200, 520, fill=INK, width=3)
        canvas.draw.polygon([(cx - 25, cy - 4), (cx - 13, cy - 4), (cx - 19, cy + 6)], fill=INK)


def _round(canvas: Canvas, language: str, data: dict[str, Any], top: int,
           phase_below: bool) -> None:
    """Draw the round's name, its turns (the current one framed, a pointer under it) and
    the phase."""
    over = data["outcome"] is not None
    card = round_card_name(language, data["round_card"])
    canvas.text(MARGIN, top, t(language, "round {number}/5: {card}", number=data["round"] + 1,
                               card=card), TEXT, bold=True, width=WIDTH - 2 * MARGIN)
    y = top + 44
    x = MARGIN
    for index, symbol in enumerate(data["pattern"]):
        current = not over and data["phase"] == "scheme" and index == data["turn"]
        box = (x, y, x + TURN_W, y + TURN_H)
        canvas.box(box, fill="#FBE9C2" if current else PANEL,
                   outline=ORANGE if current else LINE, width=5 if current else 2, radius=8)
        _symbol(canvas, symbol, box)
        if current:
            middle = x + TURN_W // 2
            canvas.draw.polygon([(middle, y + TURN_H + 4), (middle + 10, y + TURN_H + 18),
                                 (middle - 10, y + TURN_H + 18)], fill=INK)
        x += TURN_W + TURN_GAP
    phase = _phase(language, data)
    if phase is not None:
        px, py = (MARGIN, y + TURN_H + 22) if phase_below else (x + 8, y + 8)
        canvas.tag(px, py, phase, ORANGE, size=TEXT, max_width=WIDTH - MARGIN - px)


def _bandit(canvas: Canvas, language: str, data: dict[str, Any], names: Sequence[str],
            b: dict[str, Any], y: int) -> None:
    """Draw one bandit's line from `y`: who, then its loot and bullets left, or at the end
    its score and the winners' tag."""
    scores = data["scores"]
    right = WIDTH - MARGIN - 4
    if scores is not None:
        right -= canvas.text(right, y + 2, labels.score(language, scores[b["seat"]]),
                             TEXT, bold=True, anchor="ra") + 10
        if data["outcome"] and b["seat"] in data["outcome"]["winners"]:
            label = labels.winner(language)
            right -= tag_width(label, SMALL, 200)
            canvas.tag(right, y + 1, label, GREEN, max_width=200)
            right -= 10
    else:
        for shot in range(6):  # bullets left, as six chambers
            cx = right - (5 - shot) * 16 - 7
            canvas.draw.ellipse((cx - 6, y + 10, cx + 6, y + 22), outline=INK,
                                fill=INK if shot < b["bullets_left"] else PANEL)
        right -= 6 * 16 + 10
        counts = {"p": b["purses"], "j": b["jewels"], "s": b["strongboxes"],
                  "r": b["ransoms"]}
        right -= loot_row(canvas, counts, right, y + 2) + 8
    label = f"{names[b['seat']]} ({b['character'].title()})"
    bandit_chip(canvas, MARGIN, y + 2, b["character"], label, right - MARGIN - 8)


def _entries(language: str, data: dict[str, Any], names: Sequence[str],
             ) -> list[tuple[str, str, int]]:
    """Return each played card as (who, what, chip width): "Ana", "Fire" ("?" face down);
    the order is the reading order."""
    called = bandit_names(data, names)
    entries = []
    for index, played in enumerate(data["pile"]):
        card = played["card"]
        what = "?" if card is None else kind_name(language, card_kind(card))
        who = fit(called[played["bandit"]], SMALL, NAME_MAX)
        width = 38 + text_width(who, SMALL) + 8 + text_width(what, SMALL, True) + 10
        if _resolving(data, index):
            width += text_width("▶ ", SMALL)
        entries.append((who, what, width))
    return entries


def _resolving(data: dict[str, Any], index: int) -> bool:
    """Return True for the played card resolving now (Stealin')."""
    return (data["phase"] == "steal" and data["outcome"] is None
            and index == data["resolving"])


def _pile_lines(language: str, data: dict[str, Any], names: Sequence[str],
                ) -> list[list[int]]:
    """Return the played cards' indices laid out in lines of chips."""
    return flow([w for _, _, w in _entries(language, data, names)], WIDTH - 2 * MARGIN)


def _pile(canvas: Canvas, language: str, data: dict[str, Any], names: Sequence[str],
          top: int) -> None:
    """Draw the cards played this round in their order, as chips flowing over lines."""
    canvas.text(MARGIN, top, labels.pile(language), SMALL, bold=True, fill=MUTED)
    top += 36
    stealing = data["phase"] == "steal" and data["outcome"] is None
    entries = _entries(language, data, names)
    for row, line in enumerate(_pile_lines(language, data, names)):
        x, y = MARGIN, top + row * (ENTRY_H + ENTRY_GAP)
        for index in line:
            who, what, width = entries[index]
            now = _resolving(data, index)
            done = stealing and index < data["resolving"]
            down = data["pile"][index]["card"] is None
            canvas.box((x, y, x + width, y + ENTRY_H), fill=BACK if down else PANEL,
                       outline=ORANGE if now else INK, width=5 if now else 2, radius=8)
            bandit = data["bandits"][data["pile"][index]["bandit"]]
            bandit_mark(canvas, x + 9, y + 8, 22, bandit["character"])
            ink = PANEL if down else (MUTED if done else INK)
            used = canvas.text(x + 38, y + 6, ("▶ " if now else "") + who, SMALL, fill=ink)
            canvas.text(x + 46 + used, y + 6, what, SMALL, bold=True, fill=ink)
            x += width + 8
