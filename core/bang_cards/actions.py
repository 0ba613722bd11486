"""Actions of the card game and their compact text codec (at most 12 characters).

Cards are written as their two-digit number (index in `cards.CARDS`), seats as one digit.

- `e` end phase 2; `t` take the hit, give up the Duel, decline to save oneself.
- `p07` play card 7; `p07t3` at seat 3; `p44t3h` a random card of seat 3's hand;
  `p44t3c69` card 69 in front of seat 3 (Panic!, Cat Balou).
- `r12` answer with card 12 (a Missed!, a BANG! in a Duel or to Indians!, a Beer to survive).
- `x05` discard card 5 (phase 3). `s0512` Sid Ketchum discards cards 5 and 12.
- `k30` pick card 30 (General Store, Lucky Duke's "draw!", the card Kit Carlson puts back).
- `dd` draw from the deck, `dp` from the discard pile (Pedro), `d3` from seat 3 (Jesse).
- `om1`/`om0`, `ob1`/`ob0`: set or clear a standing order [BC-TO-ORD]: m = play Missed! when
  it fully cancels, b = discard a BANG! in a Duel or to Indians!.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from core.bang_cards.cards import CARDS, NUMBER
from core.engine.errors import MalformedAction


@dataclass(frozen=True)
class EndPlay:
    """End phase 2."""


@dataclass(frozen=True)
class Pass:
    """Take the hit, give up the Duel, or decline to save oneself."""


@dataclass(frozen=True)
class Play:
    """Play a card from the hand; `pick` is "hand" (a random card) or a card in play."""

    card: str
    target: int | None = None
    pick: str | None = None


@dataclass(frozen=True)
class Respond:
    """Answer the pending attack with a card, or play a Beer to survive."""

    card: str


@dataclass(frozen=True)
class Discard:
    """Discard a card in phase 3."""

    card: str


@dataclass(frozen=True)
class Sid:
    """Sid Ketchum discards two cards to regain one life."""

    first: str
    second: str


@dataclass(frozen=True)
class Pick:
    """Choose one of the cards on the table."""

    card: str


@dataclass(frozen=True)
class DrawFrom:
    """Where a phase-1 first card comes from: "deck", "discard" or a seat number."""

    origin: Literal["deck", "discard"] | int


@dataclass(frozen=True)
class SetOrder:
    """Set a private standing order on or off: "missed" or "bang"."""

    order: Literal["missed", "bang"]
    value: bool


CardsAction = EndPlay | Pass | Play | Respond | Discard | Sid | Pick | DrawFrom | SetOrder

_N = r"[0-9]{2}"
_PATTERN = re.compile(
    rf"^(?:(?P<end>e)|(?P<pass>t)|p(?P<play>{_N})(?:t(?P<target>[0-9])(?:(?P<hand>h)"
    rf"|c(?P<pick>{_N}))?)?|r(?P<respond>{_N})|x(?P<discard>{_N})|s(?P<sid1>{_N})(?P<sid2>{_N})"
    rf"|k(?P<choose>{_N})|d(?P<origin>[dp0-9])|o(?P<order>[mb])(?P<value>[01]))$"
)


def _num(card: str) -> str:
    return f"{NUMBER[card]:02d}"


def _card(text: str) -> str:
    index = int(text)
    if index >= len(CARDS):
        raise MalformedAction(f"no card number {text}")
    return CARDS[index].id


def encode(action: CardsAction) -> str:
    """Return the text form of an action."""
    match action:
        case EndPlay():
            return "e"
        case Pass():
            return "t"
        case Play(card=card, target=target, pick=pick):
            text = "p" + _num(card)
            if target is not None:
                text += f"t{target}"
                if pick == "hand":
                    text += "h"
                elif pick is not None:
                    text += "c" + _num(pick)
            return text
        case Respond(card=card):
            return "r" + _num(card)
        case Discard(card=card):
            return "x" + _num(card)
        case Sid(first=first, second=second):
            return "s" + _num(first) + _num(second)
        case Pick(card=card):
            return "k" + _num(card)
        case DrawFrom(origin=origin):
            return "d" + ("d" if origin == "deck" else "p" if origin == "discard" else str(origin))
        case SetOrder(order=order, value=value):
            return f"o{order[0]}{int(value)}"
    raise MalformedAction(f"not a card-game action: {action!r}")


def decode(text: str) -> CardsAction:
    """Return the action for a text form; raise MalformedAction if it does not parse."""
    match = _PATTERN.match(text) if isinstance(text, str) else None
    if match is None:
        raise MalformedAction(f"cannot read action {text!r}")
    part = match.groupdict()
    if part["end"]:
        return EndPlay()
    if part["pass"]:
        return Pass()
    if part["play"] is not None:
        target = None if part["target"] is None else int(part["target"])
        pick = "hand" if part["hand"] else None if part["pick"] is None else _card(part["pick"])
        return Play(_card(part["play"]), target, pick)
    if part["respond"] is not None:
        return Respond(_card(part["respond"]))
    if part["discard"] is not None:
        return Discard(_card(part["discard"]))
    if part["sid1"] is not None:
        first, second = _card(part["sid1"]), _card(part["sid2"])
        if NUMBER[first] >= NUMBER[second]:
            raise MalformedAction(f"Sid's two cards must be distinct and in order: {text!r}")
        return Sid(first, second)
    if part["choose"] is not None:
        return Pick(_card(part["choose"]))
    if part["origin"] is not None:
        origin = part["origin"]
        return DrawFrom("deck" if origin == "d" else "discard" if origin == "p" else int(origin))
    return SetOrder("missed" if part["order"] == "m" else "bang", part["value"] == "1")
