"""Gold Rush in the card game's front: equipment names and the labels of the shop's
actions (buy, force a discard, sell a Beer, a paid ability), decoded by the engine's codec."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.bang_cards.actions import Buy, CardsAction, Force, Sell, Use
from core.bang_cards.gold_rush.equipment import GEAR, GEAR_OF
from tgbot.i18n import t
from tgbot.render.cards.labels import card_label, kind_name, short
from tgbot.render.dice import side_name


def gear_name(language: str, kind: str) -> str:
    """Return the localised name of an equipment kind id (`shot`, `gun_belt`, ...)."""
    names = {
        "shot": t(language, "Shot"), "bottle": t(language, "Bottle"),
        "pardner": t(language, "Pardner"), "rum": t(language, "Rum"),
        "union_pacific": t(language, "Union Pacific"),
        "gold_rush": t(language, "Gold Rush"), "wanted": t(language, "Wanted"),
        "gun_belt": t(language, "Gun Belt"), "horseshoe": t(language, "Horseshoe"),
        "pickaxe": t(language, "Pickaxe"), "gold_pan": t(language, "Gold Pan"),
        "boots": t(language, "Boots"), "lucky_charm": t(language, "Lucky Charm"),
        "rucksack": t(language, "Rucksack"), "calumet": t(language, "Calumet"),
    }
    return names[kind]


def gear_label(language: str, card: str) -> str:
    """Return an equipment card with its cost ("Rum 3💰"): brown cards act once, black stay."""
    kind = GEAR_OF[card]
    rule = GEAR[kind]
    icon = "⬛" if rule.black else "🟫"
    return f"{icon} {gear_name(language, kind.value)} {rule.cost}💰"


def _at(names: Sequence[str], seat: int | None) -> str:
    return "" if seat is None else f" → {short(names[seat])}"


def gold_rush_label(language: str, action: CardsAction, names: Sequence[str]) -> str | None:
    """Return the button label of a Gold Rush action, or None for any other action."""
    match action:
        case Buy(card=card, mode=mode, target=target, pick=pick, full=full):
            text = t(language, "🛒 Buy {card}", card=gear_label(language, card))
            if mode is not None:
                text += " " + t(language, "as {kind}", kind=kind_name(language, mode.value))
            text += _at(names, target)
            if pick == "hand":
                text += ": " + t(language, "a random card from the hand")
            elif pick is not None:
                text += f": {card_label(language, pick)}"
            if full:
                text += " " + t(language, "(full price)")
            return text
        case Force(target=target, card=card):
            return t(language, "💥 Make {name} discard {card}", name=short(names[target]),
                     card=gear_label(language, card))
        case Sell(card=card):
            return t(language, "💰 Sell {card} for a nugget", card=card_label(language, card))
        case Use(what=what, target=target):
            uses = {
                "gold_pan": t(language, "🍳 Gold Pan: 1💰 for a card"),
                "rucksack": t(language, "🎒 Rucksack: 2💰 for 1 ❤️"),
                "raddie_snake": t(language, "🐍 Raddie Snake: 1💰 for a card"),
                "josh_mccloud": t(language, "🎲 Josh McCloud: 2💰 for the top equipment"),
                "jacky_murieta": t(language, "🔫 Jacky Murieta: 2💰 for a BANG!"),
            }
            return uses[what] + _at(names, target)
    return None


def shop_line(language: str, view: dict[str, Any]) -> str:
    """Return the shop's three cards with their costs and the viewer's nuggets."""
    me = view["seats"][view["viewer"]]
    cards = ", ".join(gear_label(language, card) for card in view["shop"]) or "—"
    return t(language, "👉 Shop: {cards} · your nuggets: {nuggets}💰", cards=cards,
             nuggets=me["nuggets"])


def seat_extras(language: str, seat: dict[str, Any]) -> str:
    """Return a player's public Gold Rush facts: shadow, side, nuggets and equipment ("" if
    none); the Shadow Renegade's side is the one he joined this turn."""
    parts = []
    if seat.get("shadow"):
        parts.append(t(language, "👻 shadow"))
    if seat.get("side"):
        parts.append(t(language, "⚖️ with {side}", side=side_name(language, seat["side"])))
    if seat.get("nuggets"):
        parts.append(f"{seat['nuggets']}💰")
    parts += [gear_label(language, card) for card in seat.get("equipment") or ()]
    return " · ".join(parts)


def shop_table_line(language: str, view: dict[str, Any]) -> str | None:
    """Return the group's shop line (the three cards with costs, the bank), or None when
    Gold Rush is off."""
    if not view.get("gold_rush"):
        return None
    cards = ", ".join(gear_label(language, card) for card in view["shop"]) or "—"
    return t(language, "🛒 Shop: {cards} · 🏦 {bank}💰", cards=cards, bank=view["bank"])
