"""The card game's prompts: a player's private hand with its buttons, and the group's.

The hand comes as one button per card; a tap (an `h:` press, `callbacks.Focus`: the game
does not change) shows that card's help and its ways to be played (targets after the
card), and "back". Which card or menu is open is the prompt's state, `keep`, read by
`focus_of`.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.bang_cards.actions import (
    Buy,
    CardsAction,
    Discard,
    DrawFrom,
    EndPlay,
    Force,
    Pass,
    Pick,
    Play,
    Respond,
    Sell,
    SetOrder,
    Sid,
    Use,
    decode,
)
from core.bang_cards.cards import CARD
from core.bang_cards.gold_rush.equipment import GEAR_OF
from core.bang_cards.ids import Aim
from core.bang_cards.view import CardsView
from tgbot.i18n import t
from tgbot.render.callbacks import MOST_CARDS, Focus, HandMenu, action_data, focus_bits
from tgbot.render.cards.gold_rush import buy_price, gear_title, gold_rush_label, shop_text
from tgbot.render.cards.gold_rush_rules import gear_help
from tgbot.render.cards.labels import (
    card_label,
    character_name,
    own_seat,
    role_name,
    short,
    short_card,
)
from tgbot.render.cards.rules import card_help, character_ability
from tgbot.render.cards.table import attack_line
from tgbot.render.rendered import Buttons

SID_MENU = HandMenu.SID
SHOP_MENU = HandMenu.SHOP
SHOP_ACTIONS = (Buy, Force, Sell, Use)
Button = tuple[str, str]


def focus_keep(focus: int) -> frozenset[int]:
    """Return the prompt state that opens a focus value (0-63: `callbacks.Focus.value`)."""
    return focus_bits(focus)


def focus_of(keep: frozenset[int] | None) -> int:
    """Return the focus value carried by `keep` digits (0: the whole hand)."""
    return sum(1 << bit for bit in keep or () if 0 <= bit < 6)


def own_hand(view: CardsView) -> tuple[str, ...]:
    """Return the viewer's hand (empty for the group's view)."""
    viewer = view.viewer
    return () if viewer is None else tuple(view.seats[viewer].hand or ())


def _name(names: Sequence[str], seat: int | None) -> str:
    return "?" if seat is None else short(names[seat])


def _pair(language: str, first: str, second: str) -> str:
    return f"{card_label(language, first)} + {card_label(language, second)}"


def action_label(language: str, action: CardsAction, view: CardsView,
                 names: Sequence[str]) -> str:
    """Return the button label of an action (plain text: labels are not HTML)."""
    decision = view.decision
    gold = gold_rush_label(language, action, view, names)
    if gold is not None:
        return gold
    match action:
        case EndPlay():
            return t(language, "⏭ End the turn")
        case Pass():
            return {"duel": t(language, "🏳 Give up the Duel"),
                    "save": t(language, "💀 Accept elimination")}.get(
                decision or "", t(language, "🎯 Take the hit"))
        case Play(card=card, target=None):
            return t(language, "▶️ Play {card}", card=card_label(language, card))
        case Play(target=target, pick=None):
            return f"🎯 {_name(names, target)}"
        case Play(target=target, pick=Aim.HAND):
            return t(language, "🎯 {name}: a random card from the hand",
                     name=_name(names, target))
        case Play(target=target, pick=str(pick)):
            return f"🎯 {_name(names, target)}: {short_card(language, pick)}"
        case Respond(card=card) | Pick(card=card) | Discard(card=card):
            return card_label(language, card)
        case Sid(first=first, second=second):
            return _pair(language, first, second)
        case DrawFrom(origin="deck"):
            return t(language, "🂠 From the deck")
        case DrawFrom(origin="discard"):
            top = view.discard[-1] if view.discard else None
            return t(language, "🗑 From the discard pile: {card}",
                     card=card_label(language, top) if top else "—")
        case DrawFrom(origin=int(seat)):
            return t(language, "✋ From the hand of {name}", name=_name(names, seat))
        case SetOrder(order=order, value=value):
            mark = "▫️" if value else "✅"  # the button switches the order to `value`
            text = (t(language, "Standing order: Missed! when it fully dodges")
                    if order == "missed" else
                    t(language, "Standing order: BANG! in a Duel and against Indians!"))
            return f"{mark} {text}"
    return str(action)


def _rows(buttons: list[Button], width: int = 1) -> Buttons:
    if len(buttons) > 6:
        width = max(width, 2)
    return tuple(tuple(buttons[i:i + width]) for i in range(0, len(buttons), width))


def _button(language: str, text: str, action: CardsAction, view: CardsView,
            names: Sequence[str], game_id: int) -> Button:
    return (action_label(language, action, view, names),
            action_data(game_id, view.version, text))


def _back(language: str, view: CardsView, game_id: int) -> Button:
    return (t(language, "◀️ Back to the hand"), Focus(game_id, view.version).data())


def _play_menu(language: str, view: CardsView, legal: Sequence[str],
               names: Sequence[str], game_id: int, focus: int) -> Buttons:
    """Return the phase-2 buttons: the hand (or the open card's plays, or Sid's pairs)."""
    hand = own_hand(view)
    decoded = [(text, decode(text)) for text in legal]
    if 1 <= focus <= len(hand):
        card = hand[focus - 1]
        plays = [_button(language, text, action, view, names, game_id)
                 for text, action in decoded if isinstance(action, Play) and action.card == card]
        return (*_rows(plays), (_back(language, view, game_id),))
    if focus == SID_MENU:
        pairs: dict[tuple[str, str], Button] = {}
        for text, action in decoded:
            if isinstance(action, Sid):
                a, b = CARD[action.first].kind.value, CARD[action.second].kind.value
                pairs.setdefault((min(a, b), max(a, b)), _button(language, text, action, view,
                                                                 names, game_id))
        return (*_rows(list(pairs.values())), (_back(language, view, game_id),))
    if focus == SHOP_MENU:
        return (*_rows(_shop_buttons(language, view, decoded, names, game_id)),
                (_back(language, view, game_id),))
    cards = [(card_label(language, card), Focus(game_id, view.version, index + 1).data())
             for index, card in enumerate(hand[:MOST_CARDS])]
    rows: list[tuple[Button, ...]] = list(_rows(cards, 2))
    if any(isinstance(action, Sid) for _, action in decoded):
        rows.append(((t(language, "🩹 Sid Ketchum: 2 cards for 1 ❤️"),
                      Focus(game_id, view.version, menu=HandMenu.SID).data()),))
    if any(isinstance(action, SHOP_ACTIONS) for _, action in decoded):
        rows.append(((t(language, "🛒 Shop, nuggets and equipment"),
                      Focus(game_id, view.version, menu=HandMenu.SHOP).data()),))
    rows += [(_button(language, text, action, view, names, game_id),)
             for text, action in decoded if isinstance(action, SetOrder)]
    rows += [(_button(language, text, action, view, names, game_id),)
             for text, action in decoded if isinstance(action, EndPlay)]
    return tuple(rows)


def _shop_buttons(language: str, view: CardsView,
                  decoded: Sequence[tuple[str, CardsAction]], names: Sequence[str],
                  game_id: int) -> list[Button]:
    """Return the shop menu's buttons, each purchase at the price the viewer pays."""
    buys = [action for _, action in decoded if isinstance(action, Buy)]
    found = []
    for text, action in decoded:
        if isinstance(action, SHOP_ACTIONS):
            price = buy_price(view, buys, action) if isinstance(action, Buy) else None
            label = gold_rush_label(language, action, view, names, price) or text
            found.append((label, action_data(game_id, view.version, text)))
    return found


def prompt_buttons(language: str, view: CardsView, legal: Sequence[str],
                   names: Sequence[str], game_id: int,
                   keep: frozenset[int] | None = None) -> Buttons:
    """Return the button rows of `legal` action texts for the view's audience.

    A seat's phase-2 prompt shows its hand and opens one card at a time (`keep`); every
    other decision shows one button per legal action, the one that gives in first.
    """
    if view.viewer is not None and view.decision == "play" and len(legal) > 1:
        return _play_menu(language, view, legal, names, game_id, focus_of(keep))
    buttons = [_button(language, text, decode(text), view, names, game_id) for text in legal]
    return _rows(buttons)


def hand_lines(language: str, view: CardsView) -> list[str]:
    """Return a seat's own facts: hand, life, reach, role, character and cards in play."""
    me = own_seat(view)
    hand = ", ".join(card_label(language, c) for c in me.hand or ()) or "—"
    lines = [t(language, "🃏 Your hand ({count}): {cards}", count=len(me.hand or ()),
               cards=hand)]
    role = role_name(language, view.role) if view.role else "—"
    lines.append(t(language, "🎭 {role} · {character} · ❤️{life}/{most} · 🔫 reach {reach}",
                   role=role, character=character_name(me.character), life=me.life,
                   most=me.max_life, reach=me.reach))
    if me.in_play:
        lines.append(t(language, "In play: {cards}", cards=", ".join(
            short_card(language, c) for c in me.in_play)))
    return lines


def private_prompt_text(language: str, view: CardsView, names: Sequence[str],
                        keep: frozenset[int] | None = None) -> str:
    """Return the text above a seat's private prompt: its hand and what it must decide."""
    lines = hand_lines(language, view)
    decision = view.decision
    attack = attack_line(language, view, names)
    if attack is not None:
        lines.append(attack)
    elif decision == "play":
        lines.append(_play_text(language, view, focus_of(keep)))
    elif decision == "discard":
        lines.append(t(language, "👉 Too many cards: tap one to discard it (keep {life}).",
                       life=own_seat(view).life))
    elif decision == "dutch_discard":
        lines.append(t(language, "👉 Dutch Will: choose the card to discard for a nugget."))
    elif decision == "gear_use" and view.gear_held:
        held = view.gear_held
        lines.append(t(language, "👉 Josh McCloud drew {card}: choose how to use it.",
                       card=gear_title(language, held)))
        lines.append(gear_help(language, GEAR_OF[held].value) or "")
    elif decision == "kit_return":
        lines.append(t(language, "👉 You see {cards}: choose the one to put back on the "
                                 "deck.", cards=", ".join(card_label(language, c)
                                                          for c in view.table)))
    orders = own_seat(view).orders or ()
    if orders:
        lines.append(t(language, "📜 Your standing orders: {orders}", orders=", ".join(
            order_name(language, order) for order in orders)))
    return "\n".join(lines)


def order_name(language: str, order: str) -> str:
    """Return a standing order's name."""
    return (t(language, "Missed! when it fully dodges") if order == "missed" else
            t(language, "BANG! in a Duel and against Indians!"))


def _play_text(language: str, view: CardsView, focus: int) -> str:
    hand = own_hand(view)
    if 1 <= focus <= len(hand):
        card = hand[focus - 1]
        help_text = card_help(language, CARD[card].kind.value) or ""
        return f"👉 <b>{card_label(language, card)}</b>: {help_text}"
    if focus == SID_MENU:
        ability = character_ability(language, "sid_ketchum") or ""
        return t(language, "👉 Sid Ketchum: {ability} Choose the two cards.",
                 ability=ability)
    if focus == SHOP_MENU:
        return shop_text(language, view)
    return t(language, "👉 Your turn: tap a card to read it and play it.")
