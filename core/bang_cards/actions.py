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

Gold Rush (equipment cards by their two-digit index in `gold_rush.equipment.EQUIPMENT`):
- `b05` buy equipment 5; `b05mgt3` as Bottle's BANG! at seat 3; `b05mpt3c44` as its Panic!
  on card 44 in front of seat 3; a final `z` pays full price, keeping Pretty Luzena's
  discount (the same texts answer how a card Josh McCloud drew is used).
- `f312` make seat 3 discard equipment 12; `v27` sell the Beer card 27 for a nugget.
- `up` Gold Pan, `ur` Rucksack, `ud` Raddie Snake's draw, `uj` Josh McCloud's draw,
  `umt3` Jacky Murieta's shot at seat 3.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from core.bang_cards.cards import CARDS, NUMBER
from core.bang_cards.gold_rush.equipment import EQUIPMENT, GEAR_NUMBER
from core.bang_cards.ids import Aim, Kind, PaidUse
from core.engine.errors import MalformedAction


@dataclass(frozen=True)
class EndPlay:
    """End phase 2."""


@dataclass(frozen=True)
class Pass:
    """Take the hit, give up the Duel, or decline to save oneself."""


@dataclass(frozen=True)
class Play:
    """Play a card from the hand; `pick` is `Aim.HAND` (a random card) or a card in play."""

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


@dataclass(frozen=True)
class Buy:
    """Gold Rush: buy a shop card (or use one Josh McCloud drew) [GR-BUY-1]; `mode` is the
    base kind a Bottle or Pardner acts as, `target`/`pick` its aim (the receiver of a
    Wanted, the player a Shot heals); `full` pays full price, keeping Pretty Luzena's
    discount [GR-DEC-5]."""

    card: str
    mode: Kind | None = None
    target: int | None = None
    pick: str | None = None
    full: bool = False


@dataclass(frozen=True)
class Force:
    """Gold Rush: pay to make `target` discard his equipment `card` [GR-FORCE-1]."""

    target: int
    card: str


@dataclass(frozen=True)
class Sell:
    """Gold Rush: play a Beer card for a nugget [GR-SELL-1]."""

    card: str


@dataclass(frozen=True)
class Use:
    """Gold Rush: a paid ability of an equipment card or a character (GR-DEC-1/8/9)."""

    what: PaidUse
    target: int | None = None


CardsAction = (EndPlay | Pass | Play | Respond | Discard | Sid | Pick | DrawFrom | SetOrder
               | Buy | Force | Sell | Use)

_MODES: dict[Kind, str] = {Kind.PANIC: "p", Kind.BEER: "b", Kind.BANG: "g",
                           Kind.GENERAL_STORE: "s", Kind.DUEL: "d", Kind.CAT_BALOU: "k"}
_MODE_OF = {letter: kind for kind, letter in _MODES.items()}
_USES: dict[PaidUse, str] = {PaidUse.GOLD_PAN: "p", PaidUse.RUCKSACK: "r",
                             PaidUse.RADDIE_SNAKE: "d", PaidUse.JOSH_MCCLOUD: "j",
                             PaidUse.JACKY_MURIETA: "m"}
_USE_OF = {letter: what for what, letter in _USES.items()}

_N = r"[0-9]{2}"
_PATTERN = re.compile(
    rf"^(?:(?P<end>e)|(?P<pass>t)|p(?P<play>{_N})(?:t(?P<target>[0-9])(?:(?P<hand>h)"
    rf"|c(?P<pick>{_N}))?)?|r(?P<respond>{_N})|x(?P<discard>{_N})|s(?P<sid1>{_N})(?P<sid2>{_N})"
    rf"|k(?P<choose>{_N})|d(?P<origin>[dp0-9])|o(?P<order>[mb])(?P<value>[01])"
    rf"|b(?P<buy>{_N})(?:m(?P<mode>[pbgsdk]))?(?:t(?P<btarget>[0-9])(?:(?P<bhand>h)"
    rf"|c(?P<bpick>{_N}))?)?(?P<full>z)?"
    rf"|f(?P<ftarget>[0-9])(?P<force>{_N})|v(?P<sell>{_N})"
    rf"|u(?P<use>[prdjm])(?:t(?P<utarget>[0-9]))?)$"
)


def _num(card: str) -> str:
    return f"{NUMBER[card]:02d}"


def _gear_num(card: str) -> str:
    return f"{GEAR_NUMBER[card]:02d}"


def _gear(text: str) -> str:
    index = int(text)
    if index >= len(EQUIPMENT):
        raise MalformedAction(f"no equipment number {text}")
    return EQUIPMENT[index]


def _aim(target: int | None, pick: str | None) -> str:
    if target is None:
        return ""
    return f"t{target}" + ("h" if pick == Aim.HAND else "" if pick is None else "c" + _num(pick))


def _card(text: str) -> str:
    index = int(text)
    if index >= len(CARDS):
        raise MalformedAction(f"no card number {text}")
    return CARDS[index].id


def _pick(hand: str | None, card: str | None) -> str | None:
    return Aim.HAND if hand else None if card is None else _card(card)


def encode(action: CardsAction) -> str:
    """Return the text form of an action."""
    match action:
        case EndPlay():
            return "e"
        case Pass():
            return "t"
        case Play(card=card, target=target, pick=pick):
            return "p" + _num(card) + _aim(target, pick)
        case Buy(card=card, mode=mode, target=target, pick=pick, full=full):
            letter = "" if mode is None else "m" + _MODES[mode]
            return "b" + _gear_num(card) + letter + _aim(target, pick) + ("z" if full else "")
        case Force(target=target, card=card):
            return f"f{target}" + _gear_num(card)
        case Sell(card=card):
            return "v" + _num(card)
        case Use(what=what, target=target):
            return "u" + _USES[what] + ("" if target is None else f"t{target}")
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
        pick = _pick(part["hand"], part["pick"])
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
    if part["buy"] is not None:
        target = None if part["btarget"] is None else int(part["btarget"])
        pick = _pick(part["bhand"], part["bpick"])
        mode = None if part["mode"] is None else _MODE_OF[part["mode"]]
        return Buy(_gear(part["buy"]), mode, target, pick, bool(part["full"]))
    if part["force"] is not None:
        return Force(int(part["ftarget"]), _gear(part["force"]))
    if part["sell"] is not None:
        return Sell(_card(part["sell"]))
    if part["use"] is not None:
        target = None if part["utarget"] is None else int(part["utarget"])
        return Use(_USE_OF[part["use"]], target)
    if part["origin"] is not None:
        origin = part["origin"]
        return DrawFrom("deck" if origin == "d" else "discard" if origin == "p" else int(origin))
    return SetOrder("missed" if part["order"] == "m" else "bang", part["value"] == "1")
