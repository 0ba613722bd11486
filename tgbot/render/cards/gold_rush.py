"""Gold Rush in the card game's front: equipment names and the labels of the shop's
actions (buy, force a discard, sell a Beer, a paid ability), decoded by the engine's codec."""

from __future__ import annotations

from collections.abc import Sequence

from core.bang_cards.actions import Buy, CardsAction, Force, Sell, Use
from core.bang_cards.gold_rush.equipment import GEAR, GEAR_OF
from core.bang_cards.ids import Aim, PaidUse
from core.bang_cards.view import CardsView, SeatView
from tgbot.i18n import t
from tgbot.render.cards.gold_rush_rules import gear_help
from tgbot.render.cards.labels import card_label, kind_name, own_seat, short
from tgbot.render.roles import side_name


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


def gear_title(language: str, card: str) -> str:
    """Return an equipment card with its border ("🟫 Rum"): brown cards act once, black stay."""
    kind = GEAR_OF[card]
    return f"{'⬛' if GEAR[kind].black else '🟫'} {gear_name(language, kind.value)}"


def gear_label(language: str, card: str) -> str:
    """Return an equipment card with its cost in the shop ("🟫 Rum 3💰")."""
    return f"{gear_title(language, card)} {GEAR[GEAR_OF[card]].cost}💰"


def _at(names: Sequence[str], seat: int | None) -> str:
    return "" if seat is None else f" → {short(names[seat])}"


def buy_price(view: CardsView, buys: Sequence[Buy], buy: Buy) -> int:
    """Return what a purchase costs the viewer: the card's cost, one less for Pretty
    Luzena's discount [GR-CHAR-LUZENA-1]. Her discount is unused while a full-price twin
    is offered [GR-DEC-5], or when she could not afford the card without it."""
    cost = GEAR[GEAR_OF[buy.card]].cost
    me = own_seat(view)
    if buy.full or me.character != "pretty_luzena":
        return cost
    unused = any(other.full for other in buys) or me.nuggets < cost
    return max(0, cost - 1) if unused else cost


def _buy_label(language: str, action: Buy, view: CardsView, names: Sequence[str],
               price: int | None) -> str:
    card = gear_title(language, action.card)
    cost = GEAR[GEAR_OF[action.card]].cost
    if view.decision == "gear_use":  # Josh McCloud already paid for the card he drew
        text = t(language, "▶️ Use {card}", card=card)
    else:
        paid = cost if price is None else price
        mark = " 🏷" if paid < cost else ""  # Pretty Luzena's discount (shop_text says so)
        text = t(language, "🛒 {card} for {price}💰", card=card, price=paid) + mark
    if action.mode is not None:
        text += " " + t(language, "as {kind}", kind=kind_name(language, action.mode.value))
    text += _at(names, action.target)
    if action.pick == Aim.HAND:
        text += ": " + t(language, "a random card from the hand")
    elif action.pick is not None:
        text += f": {card_label(language, action.pick)}"
    if action.full:
        text += " " + t(language, "(full price)")
    return text


def gold_rush_label(language: str, action: CardsAction, view: CardsView,
                    names: Sequence[str], price: int | None = None) -> str | None:
    """Return the button label of a Gold Rush action, or None for any other action;
    `price` is what a purchase costs the viewer (`buy_price`)."""
    match action:
        case Buy():
            return _buy_label(language, action, view, names, price)
        case Force(target=target, card=card):  # the card's cost plus one [GR-FORCE-1]
            return t(language, "💥 Pay {price}💰: {name} discards {card}",
                     price=GEAR[GEAR_OF[card]].cost + 1, name=short(names[target]),
                     card=gear_title(language, card))
        case Sell(card=card):
            return t(language, "💰 Sell {card} for a nugget", card=card_label(language, card))
        case Use(what=what, target=target):
            uses = {
                PaidUse.GOLD_PAN: t(language, "🍳 Gold Pan: 1💰 for a card"),
                PaidUse.RUCKSACK: t(language, "🎒 Rucksack: 2💰 for 1 ❤️"),
                PaidUse.RADDIE_SNAKE: t(language, "🐍 Raddie Snake: 1💰 for a card"),
                PaidUse.JOSH_MCCLOUD: t(language, "🎲 Josh McCloud: 2💰 for the top equipment"),
                PaidUse.JACKY_MURIETA: t(language, "🔫 Jacky Murieta: 2💰 for a BANG!"),
            }
            return uses[what] + _at(names, target)
    return None


def shop_text(language: str, view: CardsView) -> str:
    """Return the shop menu's text: the viewer's nuggets, each shop card with its cost and
    what it does, and what the other buttons cost."""
    me = own_seat(view)
    lines = [t(language, "👉 Shop · your nuggets: {nuggets}💰", nuggets=me.nuggets)]
    luzena = me.character == "pretty_luzena"
    for card in view.shop:
        cost = GEAR[GEAR_OF[card]].cost
        price = f"{cost}💰"
        if luzena:
            price += f" (🏷 {max(0, cost - 1)}💰)"
        lines.append(f"• {gear_title(language, card)} {price}: "
                     f"{gear_help(language, GEAR_OF[card].value) or ''}")
    if luzena:
        lines.append(t(language, "🏷 Pretty Luzena: a price marked 🏷 uses your discount (1💰 "
                                 "less, once a turn); a “full price” purchase keeps it for "
                                 "later."))
    lines.append(t(language, "💥 Making another player discard his equipment costs its price "
                             "+ 1💰; a Beer from your hand sells for 1💰."))
    return "\n".join(lines)


def seat_extras(language: str, seat: SeatView) -> str:
    """Return a player's public Gold Rush facts: shadow, side, nuggets and equipment ("" if
    none); the Shadow Renegade's side is the one he joined this turn."""
    parts = []
    if seat.shadow:
        parts.append(t(language, "👻 shadow"))
    if seat.side:
        parts.append(t(language, "⚖️ with {side}", side=side_name(language, seat.side)))
    if seat.nuggets:
        parts.append(f"{seat.nuggets}💰")
    parts += [gear_title(language, card) for card in seat.equipment or ()]
    return " · ".join(parts)


def shop_table_line(language: str, view: CardsView) -> str | None:
    """Return the group's shop line (the three cards with costs, the bank), or None when
    Gold Rush is off."""
    if not view.gold_rush:
        return None
    cards = ", ".join(gear_label(language, card) for card in view.shop) or "—"
    return t(language, "🛒 Shop: {cards} · 🏦 {bank}💰", cards=cards, bank=view.bank)
