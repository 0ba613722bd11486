"""Colt Express's event lines: public lines for the table, private news for one player."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from core.colt_express.ids import card_kind
from core.colt_express.view import ColtView
from tgbot.i18n import t
from tgbot.render.colt.labels import (
    LOOT_ICON,
    bandit_name,
    car_name,
    card_label,
    round_card_name,
    short,
)


def event_line(language: str, event: dict[str, Any], names: Sequence[str],
               view: ColtView) -> str | None:
    """Return one public event as a short line, or None for events not worth a line."""
    kind = event["kind"]

    def who(key: str = "bandit") -> str:
        return bandit_name(view, event[key], names)

    def seat() -> str:
        return html.escape(short(names[event["seat"]]))

    def moved() -> str | None:
        place = car_name(language, len(view.cars), event["car"])
        where = (t(language, "{car}, on the roof", car=place) if event["roof"]
                 else t(language, "{car}, inside", car=place))
        if event["cause"] == "start":
            return None
        if event["cause"] == "marshal":
            return t(language, "⭐ {name} flees to the roof", name=who())
        return t(language, "{name} → {where}", name=who(), where=where)

    lines: dict[str, Callable[[], str | None]] = {
        "round_started": lambda: t(language, "🚂 Round {number}: {card}",
                                   number=event["round"] + 1,
                                   card=round_card_name(language, event["card"])),
        "card_played": lambda: (t(language, "{name} plays a card face down", name=seat())
                                if not event["card"] else
                                t(language, "{name} plays {card}", name=seat(),
                                  card=card_label(language, card_kind(event["card"])))),
        "cards_drawn": lambda: (None if event["start"] else
                                t(language, "{name} draws {count}", name=seat(),
                                  count=event["count"])),
        "passed": lambda: t(language, "{name} cannot play and passes", name=seat()),
        "hand_discarded": lambda: t(language, "{name} discards {count}", name=seat(),
                                    count=event["count"]),
        "phase_started": lambda: t(language, "🔥 Stealin': the pile is resolved in order"),
        "card_resolved": lambda: t(language, "▶ {name}: {card}", name=who(),
                                   card=card_label(language, card_kind(event["card"]))),
        "no_effect": lambda: t(language, "{name}'s card has no effect", name=who()),
        "bandit_moved": moved,
        "shot": lambda: (t(language, "💥 {target} takes a neutral bullet",
                           target=who("target")) if event["neutral"] else
                         t(language, "🔫 {name} shoots {target}", name=who(),
                           target=who("target"))),
        "punched": lambda: t(language, "👊 {name} punches {target}", name=who(),
                             target=who("target")),
        "loot_dropped": lambda: t(language, "{name} drops {loot}", name=who(),
                                  loot=LOOT_ICON.get(event["loot"], "?")),
        "loot_taken": lambda: t(language, "{name} takes {loot}", name=who(),
                                loot=LOOT_ICON.get(event["loot"], "?")),
        "loot_lost": lambda: t(language, "{name} loses a purse", name=who()),
        "marshal_moved": lambda: t(language, "⭐ The Marshal moves: {car}",
                                   car=car_name(language, len(view.cars), event["car"])),
        "round_event": lambda: t(language, "📜 End of round: {card}",
                                 card=round_card_name(language, event["card"])),
        "game_ended": lambda: t(language, "🏁 The train reaches the station!"),
    }
    make = lines.get(kind)
    return make() if make else None


def private_event_line(language: str, event: dict[str, Any]) -> str | None:
    """Return the private news of an event for its owner (drawn cards, a purse's value)."""
    if event["kind"] == "cards_drawn" and event["cards"]:
        cards = ", ".join(card_label(language, card_kind(c)) for c in event["cards"])
        return t(language, "🃏 You drew: {cards}", cards=cards)
    if event["kind"] == "loot_taken" and event["value"]:
        return t(language, "👛 The purse holds ${value}", value=event["value"])
    return None
