"""Colt Express's shared labels: icons, card, round and symbol names, bandits and cars."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from core.colt_express.ids import CardKind, LootKind
from core.colt_express.view import ColtView
from tgbot.i18n import t

LOOT_ICON: dict[str, str] = {LootKind.PURSE: "👛", LootKind.JEWEL: "💎", LootKind.STRONGBOX: "🧰",
                             LootKind.RANSOM: "💵"}
NAME_LIMIT = 24  # a player's name in the table's lines and buttons (Telegram allows 64)
KIND_ICON: dict[str, str] = {
    CardKind.MOVE: "🏃", CardKind.FLOOR: "🪜", CardKind.FIRE: "🔫", CardKind.ROB: "💰",
    CardKind.PUNCH: "👊", CardKind.MARSHAL: "⭐", CardKind.BULLET: "💥"}


def kind_name(language: str, kind: str) -> str:
    """Return the localised name of a card kind (core.colt_express.ids.CardKind)."""
    names: dict[str, str] = {
        CardKind.MOVE: t(language, "Move"), CardKind.FLOOR: t(language, "Floor change"),
        CardKind.FIRE: t(language, "Fire"), CardKind.ROB: t(language, "Robbery"),
        CardKind.PUNCH: t(language, "Punch"), CardKind.MARSHAL: t(language, "Marshal"),
        CardKind.BULLET: t(language, "Bullet")}
    return names.get(kind, kind)


def card_label(language: str, kind: str) -> str:
    """Return a card kind with its icon."""
    return f"{KIND_ICON.get(kind, '')} {kind_name(language, kind)}"


def round_card_name(language: str, card: str) -> str:
    """Return the localised name of a round or station card."""
    names = {
        "angry_marshal": t(language, "Angry Marshal"), "swivel_arm": t(language, "Swivel Arm"),
        "braking": t(language, "Braking"), "take_it_all": t(language, "Take It All!"),
        "passengers_rebellion": t(language, "Passengers' Rebellion"),
        "tunnels": t(language, "Tunnels"), "bridge": t(language, "Bridge"),
        "marshals_revenge": t(language, "Marshal's Revenge"),
        "pickpocketing": t(language, "Pickpocketing"),
        "hostage_taking": t(language, "Hostage-Taking of the Conductor"),
    }
    return names.get(card, card)


def symbol_name(language: str, symbol: str) -> str:
    """Return the localised name of a turn symbol."""
    names = {"O": t(language, "face up"), "X": t(language, "tunnel: face down"),
             "2": t(language, "speeding up: two steps"),
             "R": t(language, "switching: counter-clockwise")}
    return names.get(symbol, symbol)


def short(name: str, limit: int = NAME_LIMIT) -> str:
    """Return a name cut to `limit` characters (an ellipsis marks the cut); not escaped."""
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def bandit_label(view: ColtView, bandit: int, names: Sequence[str]) -> str:
    """Return "Player (Character)" for a bandit as plain text (for button labels)."""
    info = view.bandits[bandit]
    return f"{short(names[info.seat])} ({info.character.title()})"


def bandit_name(view: ColtView, bandit: int, names: Sequence[str]) -> str:
    """Return "Player (Character)" for a bandit, escaped for HTML."""
    return html.escape(bandit_label(view, bandit, names))


def car_name(language: str, cars: int, car: int) -> str:
    """Return the name of car `car` of a train of `cars`: the locomotive, car n, or the
    caboose."""
    if car == 0:
        return t(language, "Locomotive")
    return t(language, "Caboose") if car == cars - 1 else t(language, "Car {n}", n=car)


def car_title(language: str, data: Mapping[str, Any], car: int) -> str:
    """Return a car's name in a view's JSON (the table picture draws from JSON; the text
    renderers call `car_name` with their view's train length)."""
    return car_name(language, len(data["cars"]), car)
