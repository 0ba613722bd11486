"""The card game's shared labels: card kinds and instances, suits, players and decisions.

Card instance ids (`bang_10d`) and kinds come from core/bang_cards; names of kinds,
roles and decisions are localised here. Character names are proper names (not
translated) and shared with the dice game's front.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from core.bang_cards.cards import CARD, KINDS
from core.bang_cards.ids import Kind
from core.bang_cards.view import CardsView, SeatView
from tgbot.i18n import t
from tgbot.render.dice.front import character_name, role_name

NAME_LIMIT = 20  # a player's name in the table's lines and in buttons
SUIT_ICON = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
KIND_ICON = {
    "bang": "💥", "missed": "💨", "beer": "🍺", "panic": "😱", "cat_balou": "💃",
    "duel": "🤺", "stagecoach": "🚌", "general_store": "🏪", "indians": "🪶",
    "gatling": "⚙️", "saloon": "🍻", "wells_fargo": "💰", "barrel": "🛢",
    "mustang": "🐎", "scope": "🔭", "jail": "⛓", "dynamite": "🧨", "volcanic": "🔫",
    "schofield": "🔫", "remington": "🔫", "rev_carabine": "🔫", "winchester": "🔫",
}
ROLE_ICON = {"sheriff": "⭐", "deputy": "🔰", "outlaw": "🏴", "renegade": "🐺"}

__all__ = ["character_name", "role_name"]


def kind_name(language: str, kind: str) -> str:
    """Return the localised name of a card kind id."""
    names = {
        "bang": t(language, "BANG!"), "missed": t(language, "Missed!"),
        "beer": t(language, "Beer"), "panic": t(language, "Panic!"),
        "cat_balou": t(language, "Cat Balou"), "duel": t(language, "Duel"),
        "stagecoach": t(language, "Stagecoach"),
        "general_store": t(language, "General Store"),
        "indians": t(language, "Indians!"), "gatling": t(language, "Gatling"),
        "saloon": t(language, "Saloon"), "wells_fargo": t(language, "Wells Fargo"),
        "barrel": t(language, "Barrel"), "mustang": t(language, "Mustang"),
        "scope": t(language, "Scope"), "jail": t(language, "Jail"),
        "dynamite": t(language, "Dynamite"), "volcanic": t(language, "Volcanic"),
        "schofield": t(language, "Schofield"), "remington": t(language, "Remington"),
        "rev_carabine": t(language, "Rev. Carabine"), "winchester": t(language, "Winchester"),
    }
    return names.get(kind, kind)


def kind_label(language: str, kind: str) -> str:
    """Return a card kind with its icon ("💥 BANG!")."""
    return f"{KIND_ICON.get(kind, '🃏')} {kind_name(language, kind)}"


def face(card: str) -> str:
    """Return a card instance's rank and suit ("10♦")."""
    info = CARD[card]
    return f"{RANK_TEXT.get(info.rank, str(info.rank))}{SUIT_ICON[info.suit.value]}"


def card_label(language: str, card: str) -> str:
    """Return a card instance with icon, name, rank and suit ("💥 BANG! 10♦")."""
    return f"{kind_label(language, CARD[card].kind.value)} {face(card)}"


def short_card(language: str, card: str) -> str:
    """Return a card in play as the table shows it: icon and name, a weapon's reach."""
    kind = CARD[card].kind
    reach = KINDS[kind].weapon_range
    label = kind_label(language, kind.value)
    return f"{label} ({reach})" if reach else label


def short(name: str, limit: int = NAME_LIMIT) -> str:
    """Return a name cut to `limit` characters (an ellipsis marks the cut); not escaped."""
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def who(names: Sequence[str], seat: int | None) -> str:
    """Return a seat's shortened name, escaped for HTML ("?" for none)."""
    return "?" if seat is None else html.escape(short(names[seat]))


def purpose_name(language: str, purpose: str) -> str:
    """Return what a "draw!" is for, in words."""
    names = {"barrel": t(language, "Barrel"), "jourdonnais": "Jourdonnais",
             "jail": t(language, "Jail"), "dynamite": t(language, "Dynamite"),
             "don_bell": "Don Bell", "rum": t(language, "Rum")}
    return names.get(purpose, purpose)


def own_seat(view: CardsView) -> SeatView:
    """Return the viewer's own seat (a seat's view only: the group has none)."""
    assert view.viewer is not None, "the group's view has no own seat"
    return view.seats[view.viewer]


def attack_name(language: str, view: CardsView) -> str:
    """Return the name of the card being answered in the view's pending decision."""
    card = view.card
    return kind_label(language, CARD[card].kind.value) if card in CARD else "?"


def is_kind(card: str, kind: Kind) -> bool:
    """Return True if a card instance is of `kind`."""
    return card in CARD and CARD[card].kind is kind
