"""Colt Express's prompts: action buttons and a player's private hand message."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from core.colt_express.actions import (
    ColtAction,
    Discard,
    Draw,
    Keep,
    Loot,
    Move,
    MoveMarshal,
    Play,
    Push,
    TakePurse,
    Target,
    Team,
    decode,
    encode,
)
from core.colt_express.ids import CardKind, Direction, LootKind, card_bandit, card_kind
from core.colt_express.view import ColtView
from tgbot.i18n import t
from tgbot.render.callbacks import action_data, keep_data
from tgbot.render.colt.labels import (
    bandit_label,
    car_name,
    card_label,
    round_card_name,
    symbol_name,
)
from tgbot.render.colt.rules import card_help, colt_character_help, round_help
from tgbot.render.rendered import Buttons

HELP = frozenset({0})  # the `keep` of a private prompt showing what the cards do


def action_label(language: str, action: ColtAction, view: ColtView,
                 names: Sequence[str]) -> str:
    """Return the button label of an action (decoded by core/colt_express/actions.py)."""
    match action:
        case Play(bandit=bandit, kind=kind, hidden=hidden):
            label = _card_label(language, view, bandit, kind)
            return t(language, "🂠 {card} face down", card=label) if hidden else label
        case Discard(bandit=bandit, kind=kind):
            return t(language, "🗑 {card}", card=_card_label(language, view, bandit, kind))
        case Draw():
            return t(language, "🃏 Draw 3")
        case Keep():
            return t(language, "✅ Keep the rest")
        case TakePurse(take=take):
            return t(language, "✅ Take it") if take else t(language, "✖️ Leave it")
        case Push(direction=Direction.FORWARD):
            return t(language, "◀️ Push toward the locomotive")
        case Push():
            return t(language, "▶️ Push toward the caboose")
        case MoveMarshal(direction=Direction.FORWARD):
            return t(language, "⭐◀️ Marshal toward the locomotive")
        case MoveMarshal():
            return t(language, "⭐▶️ Marshal toward the caboose")
        case Loot(kind=kind):
            return _loot_label(language, kind)
        case Move(direction=direction, cars=cars):
            car = view.bandits[view.acting_bandit].car + cars * direction.step
            arrow = "◀️" if direction == Direction.FORWARD else "▶️"
            return f"{arrow} {car_name(language, len(view.cars), car)}"
        case Target(bandit=bandit):
            return "🎯 " + bandit_label(view, bandit, names)  # labels are plain text
        case Team(marshal=marshal_index, caboose=caboose_index):
            seat = view.viewer if view.viewer is not None else view.to_act[0]
            team = view.seats[seat].bandits
            marshal = view.bandits[team[marshal_index]].character.title()
            caboose = view.bandits[team[caboose_index]].character.title()
            return t(language, "⭐ {marshal} · 🚃 {caboose} in the caboose", marshal=marshal,
                     caboose=caboose)
    return encode(action)


def _card_label(language: str, view: ColtView, bandit: int, kind: str) -> str:
    """Return a card kind's label; with 2 players (two bandits a seat) its bandit's too."""
    two = len(view.seats) == 2
    owner = f" · {view.bandits[bandit].character.title()}" if two else ""
    return card_label(language, kind) + owner


def _loot_label(language: str, kind: LootKind) -> str:
    """Return the label of a loot type to take or knock loose."""
    if kind == LootKind.PURSE:
        return t(language, "👛 A purse")
    if kind == LootKind.JEWEL:
        return t(language, "💎 A jewel")
    return t(language, "🧰 The strongbox")


def prompt_buttons(language: str, view: ColtView, legal: Sequence[str],
                   names: Sequence[str], game_id: int,
                   keep: frozenset[int] | None = None) -> Buttons:
    """Return one button per legal action text, two per row when there are many; a
    player's private prompt ends with the row that shows or hides what his cards do
    (`keep` {0}: shown)."""
    buttons = [(action_label(language, decode(text), view, names),
                action_data(game_id, view.version, text)) for text in legal]
    width = 2 if len(buttons) > 4 else 1
    rows = tuple(tuple(buttons[i:i + width]) for i in range(0, len(buttons), width))
    if view.viewer is None:
        return rows
    shown = bool(keep)
    toggle = (t(language, "❓ Hide the help") if shown else
              t(language, "❓ What do my cards do?"))
    return (*rows, ((toggle, keep_data(game_id, view.version,
                                       frozenset() if shown else HELP)),))


def help_lines(language: str, view: ColtView) -> list[str]:
    """Return what the viewer's cards do, his bandits' abilities (when the option is on)
    and the current round card's event."""
    kinds = sorted({card_kind(key) for key in view.hand_keys},
                   key=lambda kind: list(CardKind).index(kind))
    lines = [t(language, "📖 What your cards do:")]
    lines += [f"{card_label(language, kind)}: {card_help(language, kind)}" for kind in kinds]
    if view.characters_on:
        lines += [f"🤠 {text}" for b in view.bandits if b.seat == view.viewer
                  if (text := colt_character_help(language, b.character))]
    card = view.round_card
    lines.append(t(language, "🚂 This round, {card}: {event}",
                   card=round_card_name(language, card), event=round_help(language, card)))
    return lines


def hand_text(language: str, view: ColtView, names: Sequence[str],
              keep: frozenset[int] | None = None) -> str:
    """Return a player's private hand message: the hand, deck size and what is asked, then
    what his cards do while he asked for it (`keep`)."""
    counts = Counter(view.hand_keys)
    two = len(view.seats) == 2
    items = []
    for key, count in counts.items():
        owner = f" ({view.bandits[card_bandit(key)].character.title()})" if two else ""
        items.append(f"{card_label(language, card_kind(key))}{owner}"
                     + (f" ×{count}" if count > 1 else ""))
    assert view.viewer is not None, "a hand is a seat's view"
    seat = view.seats[view.viewer]
    lines = [t(language, "🂠 Your hand: {cards}", cards=", ".join(items) or "—"),
             t(language, "Deck: {deck} · discard: {discard}", deck=seat.deck,
               discard=seat.discard)]
    mine = [b for b in view.bandits if b.seat == view.viewer]
    for bandit in mine:
        values = bandit.purse_values or ()
        if values:
            lines.append(t(language, "👛 Your purses ({name}): {values}",
                           name=bandit.character.title(),
                           values=", ".join(f"${v}" for v in values)))
    secret = [f"{i + 1}. {card_label(language, card_kind(p.card))}"
              for i, p in enumerate(view.pile)
              if p.face_down and p.card is not None and p.seat == view.viewer]
    if secret:
        lines.append(t(language, "🂠 Your face-down cards: {cards}", cards=", ".join(secret)))
    if view.decision == "scheme":
        symbol = view.pattern[view.turn]
        lines.append(t(language, "👉 Your turn: {kind}", kind=symbol_name(language, symbol)))
    elif view.decision == "team_setup":  # [CE-2P-2, CE-2P-8]
        lines.append(t(language, "👉 Your two bandits share one deck: choose whose Marshal "
                                 "card it keeps (⭐) and which bandit starts in the caboose "
                                 "(🚃); the other starts in the car in front of it."))
    elif view.decision == "discard":
        lines.append(t(language, "👉 Discard the cards you do not want; the rest goes back "
                                 "on top of your deck."))
    if keep:
        lines += ["", *help_lines(language, view)]
    return "\n".join(lines)
