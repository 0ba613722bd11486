"""Colt Express's prompts: action buttons and a player's private hand message."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from tgbot.callbacks import action_data
from tgbot.i18n import t
from tgbot.render.colt.labels import bandit_label, car_title, card_label, symbol_name
from tgbot.render.rendered import Buttons


def action_label(language: str, action: str, view: dict[str, Any],
                 names: Sequence[str]) -> str:
    """Return the button label of an action text (see core/colt_express/actions.py)."""
    head = action[0]
    two = len(view["seats"]) == 2
    if head in "pqz" and len(action) == 3:
        bandit, kind = int(action[1]), action[2]
        owner = f" · {view['bandits'][bandit]['character'].title()}" if two else ""
        label = card_label(language, kind) + owner
        if head == "q":
            return t(language, "🂠 {card} face down", card=label)
        return t(language, "🗑 {card}", card=label) if head == "z" else label
    labels: dict[str, Callable[[], str]] = {
        "d": lambda: t(language, "🃏 Draw 3"),
        "k": lambda: t(language, "✅ Keep the rest"),
        "y": lambda: t(language, "✅ Take it"), "n": lambda: t(language, "✖️ Leave it"),
        "gf": lambda: t(language, "◀️ Push toward the locomotive"),
        "gb": lambda: t(language, "▶️ Push toward the caboose"),
        "sf": lambda: t(language, "⭐◀️ Marshal toward the locomotive"),
        "sb": lambda: t(language, "⭐▶️ Marshal toward the caboose"),
        "lp": lambda: t(language, "👛 A purse"), "lj": lambda: t(language, "💎 A jewel"),
        "ls": lambda: t(language, "🧰 The strongbox"),
    }
    if action in labels:
        return labels[action]()
    if head == "m":
        forward = action[1] == "f"
        car = view["bandits"][view["acting_bandit"]]["car"] + int(action[2]) * (-1 if forward
                                                                                 else 1)
        return f"{'◀️' if forward else '▶️'} {car_title(language, view, car)}"
    if head == "t":
        return "🎯 " + bandit_label(view, int(action[1:]), names)  # labels are plain text
    if head == "a":
        seat = view["viewer"] if view["viewer"] is not None else view["to_act"][0]
        team = view["seats"][seat]["bandits"]
        marshal = view["bandits"][team[int(action[1])]]["character"].title()
        caboose = view["bandits"][team[int(action[2])]]["character"].title()
        return t(language, "⭐ {marshal} · 🚃 {caboose} in the caboose", marshal=marshal,
                 caboose=caboose)
    return action


def prompt_buttons(language: str, view: dict[str, Any], legal: Sequence[str],
                   names: Sequence[str], game_id: int) -> Buttons:
    """Return one button per legal action, two per row when there are many."""
    buttons = [(action_label(language, a, view, names), action_data(game_id, view["version"], a))
               for a in legal]
    width = 2 if len(buttons) > 4 else 1
    return tuple(tuple(buttons[i:i + width]) for i in range(0, len(buttons), width))


def hand_text(language: str, view: dict[str, Any], names: Sequence[str]) -> str:
    """Return a player's private hand message: the hand, deck size and what is asked."""
    counts = Counter(view["hand_keys"])
    two = len(view["seats"]) == 2
    items = []
    for key, count in counts.items():
        owner = f" ({view['bandits'][int(key[0])]['character'].title()})" if two else ""
        items.append(f"{card_label(language, key[1])}{owner}" + (f" ×{count}" if count > 1 else ""))
    seat = view["seats"][view["viewer"]]
    lines = [t(language, "🂠 Your hand: {cards}", cards=", ".join(items) or "—"),
             t(language, "Deck: {deck} · discard: {discard}", deck=seat["deck"],
               discard=seat["discard"])]
    mine = [b for b in view["bandits"] if b["seat"] == view["viewer"]]
    for bandit in mine:
        values = bandit["purse_values"] or ()
        if values:
            lines.append(t(language, "👛 Your purses ({name}): {values}",
                           name=bandit["character"].title(),
                           values=", ".join(f"${v}" for v in values)))
    secret = [f"{i + 1}. {card_label(language, p['card'][1])}" for i, p in enumerate(view["pile"])
              if p["face_down"] and p["card"] is not None and p["seat"] == view["viewer"]]
    if secret:
        lines.append(t(language, "🂠 Your face-down cards: {cards}", cards=", ".join(secret)))
    if view["decision"] == "scheme":
        symbol = view["pattern"][view["turn"]]
        lines.append(t(language, "👉 Your turn: {kind}", kind=symbol_name(language, symbol)))
    elif view["decision"] == "discard":
        lines.append(t(language, "👉 Discard the cards you do not want; the rest goes back "
                                 "on top of your deck."))
    return "\n".join(lines)
