"""The card game's group table: each player's life, cards in play and hand size, whose
turn, the discard's top and the deck, the waiting line and the final result.

Built from the group's view only: no hand, no secret role, no deck order is in it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from core.bang_cards.cards import CARD
from core.bang_cards.view import CardsView, SeatView
from tgbot.i18n import t
from tgbot.render.cards.gold_rush import seat_extras, shop_table_line
from tgbot.render.cards.labels import (
    ROLE_ICON,
    attack_name,
    card_label,
    character_name,
    own_seat,
    role_name,
    short,
    short_card,
    who,
)
from tgbot.render.rendered import with_recent
from tgbot.render.roles import side_name


def seat_line(language: str, view: CardsView, seat: SeatView,
              names: Sequence[str]) -> str:
    """Return one player's line: marks, name, public role, character, life, hand, in play."""
    index = seat.seat
    marks = ""
    if index == view.active and view.outcome is None and seat.alive:
        marks = "👉"
    if not seat.alive:
        marks = "💀"
    role = seat.role
    role_text = f" {ROLE_ICON.get(role, '')}{role_name(language, role)}" if role else ""
    line = (f"{marks}<b>{html.escape(short(names[index]))}</b>{role_text} · "
            f"{character_name(seat.character)}")
    extras = seat_extras(language, seat)
    if not seat.alive and not seat.shadow:
        return f"{line} · {extras}" if extras else line
    line += f" · ❤️{seat.life}/{seat.max_life} · 🂠{seat.hand_count}"
    if seat.in_play:
        line += " · " + ", ".join(short_card(language, c) for c in seat.in_play)
    return f"{line} · {extras}" if extras else line


def piles_line(language: str, view: CardsView) -> str:
    """Return the deck's size and the discard pile's top card."""
    top = card_label(language, view.discard[-1]) if view.discard else "—"
    return t(language, "🂠 Deck: {deck} · 🗑 Discard: {top}", deck=view.deck_count, top=top)


def table_cards_line(language: str, view: CardsView) -> str | None:
    """Return the cards turned up on the table (a General Store, a "draw!"), if any."""
    if not view.table:
        return None
    cards = ", ".join(card_label(language, c) for c in view.table)
    if view.decision == "store_pick":
        return t(language, "🏪 General Store: {cards}", cards=cards)
    return t(language, "🎴 On the table: {cards}", cards=cards)


def table(language: str, view: CardsView, names: Sequence[str],
          recent: Sequence[str], title: str) -> str:
    """Return the group table for the group's view (public facts only)."""
    head = f"🃏 <b>{html.escape(title)}</b> — " + t(language, "turn {number}",
                                                     number=view.turn_number)
    if view.outcome is None:
        head += " · " + t(language, "👉 {name}", name=who(names, view.active))
    lines = [head]
    lines += [seat_line(language, view, seat, names) for seat in view.seats]
    lines.append(piles_line(language, view))
    shop = shop_table_line(language, view)
    if shop:
        lines.append(shop)
    extra = table_cards_line(language, view)
    if extra:
        lines.append(extra)
    return with_recent(lines, recent)


def decision_text(language: str, view: CardsView, names: Sequence[str]) -> str:
    """Return what the pending decision asks, in words (the same whatever a hand holds)."""
    decision = view.decision
    source = who(names, view.source)
    if decision in ("dodge", "volley"):
        return t(language, "answer {card} from {name}", card=attack_name(language, view),
                 name=source)
    texts = {
        "play": t(language, "play cards or end the turn"),
        "discard": t(language, "discard down to the hand limit"),
        "draw_source": t(language, "choose where the first card comes from"),
        "kit_return": t(language, "Kit Carlson: choose the card to put back"),
        "store_pick": t(language, "take a card from the General Store"),
        "lucky_pick": t(language, "Lucky Duke: choose the card that counts"),
        "duel": t(language, "discard a BANG! in the Duel with {name} or lose",
                  name=who(names, view.other)),
        "save": t(language, "at 0 life: drink a Beer or be eliminated"),
        "dutch_discard": t(language, "Dutch Will: discard a card for a nugget"),
        "gear_use": t(language, "Josh McCloud: choose how to use the equipment drawn"),
    }
    return texts.get(decision or "", decision or "")


def waiting_line(language: str, view: CardsView, names: Sequence[str]) -> str:
    """Return whom the table waits for, and for what; or the final result."""
    if view.outcome is not None:
        return final_lines(language, view, names)
    owed = ", ".join(who(names, seat) for seat in view.to_act)
    return t(language, "⏳ {names}: {decision}", names=owed,
             decision=decision_text(language, view, names))


def final_lines(language: str, view: CardsView, names: Sequence[str]) -> str:
    """Return the winning side and the winners."""
    outcome = view.outcome
    assert outcome is not None
    winners = ", ".join(html.escape(names[i]) for i in sorted(outcome.winners)) or "—"
    return t(language, "🏁 Game over — victory for {side}. {winners}",
             side=side_name(language, outcome.side), winners=winners)


def attack_line(language: str, view: CardsView, names: Sequence[str]) -> str | None:
    """Return the attack a seat is asked to answer, for its private prompt."""
    decision = view.decision
    if decision == "dodge":
        need = view.need
        text = t(language, "🎯 {name} shoots you with {card}", name=who(names, view.source),
                 card=attack_name(language, view))
        if need > 1:
            text += " " + t(language, "(you need {count} Missed! to dodge)", count=need)
        return text
    if decision == "volley":
        card = view.card
        if card in CARD and CARD[card].kind.value == "gatling":
            return t(language, "⚙️ {name}'s Gatling: dodge with a Missed! or lose 1 life",
                     name=who(names, view.source))
        return t(language, "🪶 {name}'s Indians!: discard a BANG! or lose 1 life",
                 name=who(names, view.source))
    if decision == "duel":
        return t(language, "🤺 Duel with {name}: discard a BANG! or lose 1 life",
                 name=who(names, view.other))
    if decision == "save":
        return t(language, "💀 You are at {life} life: drink a Beer to stay in the game",
                 life=own_seat(view).life)
    return None

