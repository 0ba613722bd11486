"""Lines of Gold Rush's and the Shadow Gunslingers' public events for the group: nuggets
gained, the shop, purchases, forced discards, sales, paid abilities, extra and shadow turns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tgbot.i18n import t
from tgbot.render.cards.gold_rush import gear_label, gear_name, gear_title
from tgbot.render.cards.labels import card_label, kind_name, who
from tgbot.render.roles import side_name

QUIET_GEAR_DISCARDS = ("used", "shadow", "eliminated", "penalty")  # other lines tell these


def _bought(language: str, event: dict[str, Any], names: Sequence[str]) -> str:
    card = gear_title(language, event["card"])
    if event["origin"] == "deck":
        text = t(language, "🎲 {name} uses {card}", name=who(names, event["seat"]), card=card)
    else:
        text = t(language, "🛒 {name} buys {card} for {cost}💰", name=who(names, event["seat"]),
                 card=card, cost=event["cost"])
    if event.get("mode"):
        text += " " + t(language, "as {kind}", kind=kind_name(language, event["mode"]))
    aim = event.get("target") if event.get("target") is not None else event.get("owner")
    if aim is not None and aim != event["seat"]:
        text += f" → {who(names, aim)}"
    return text


def _gear_discarded(language: str, event: dict[str, Any], names: Sequence[str]) -> str | None:
    if event["seat"] is None or event["reason"] in QUIET_GEAR_DISCARDS:
        return None
    card = gear_title(language, event["card"])
    if event["reason"] == "forced" and event.get("by") is not None:
        return t(language, "💥 {name} makes {other} discard {card}",
                 name=who(names, event["by"]), other=who(names, event["seat"]), card=card)
    return t(language, "{name} discards {card}", name=who(names, event["seat"]), card=card)


def _ability(language: str, what: str) -> str:
    names = {"gold_pan": gear_name(language, "gold_pan"),
             "rucksack": gear_name(language, "rucksack"),
             "raddie_snake": "Raddie Snake", "josh_mccloud": "Josh McCloud",
             "jacky_murieta": "Jacky Murieta"}
    return names.get(what, what)


def _shadow(language: str, event: dict[str, Any], names: Sequence[str]) -> str:
    text = t(language, "👻 {name} comes back as a shadow for this turn",
             name=who(names, event["seat"]))
    if event.get("side"):
        text += " " + t(language, "and sides with {side}",
                        side=side_name(language, event["side"]))
    return text


def _nuggets(language: str, event: dict[str, Any], name: str) -> str | None:
    """Return the line of nuggets gained, or of an eliminated player's going back to the
    bank [GR-NUG-5]; None for a payment (its purchase has its own line)."""
    if event["delta"] > 0:
        return t(language, "💰 {name} gains {count}💰 (now {total}💰)", name=name,
                 count=event["delta"], total=event["nuggets"])
    if event["cause"] == "eliminated":
        return t(language, "💰 {name}'s {count}💰 go back to the bank", name=name,
                 count=-event["delta"])
    return None


def gold_rush_event_line(language: str, event: dict[str, Any],
                         names: Sequence[str]) -> str | None:
    """Return the line of a Gold Rush event, or None (not one, or not worth a line)."""
    def name(key: str = "seat") -> str:
        return who(names, event[key])

    lines: dict[str, Callable[[], str | None]] = {
        "nuggets_changed": lambda: _nuggets(language, event, name()),
        "shop_filled": lambda: t(language, "🛒 New in the shop: {card}",
                                 card=gear_label(language, event["card"])),
        "gear_reshuffled": lambda: t(language, "🔄 The equipment deck is shuffled "
                                               "({count} cards)", count=event["count"]),
        "gear_bought": lambda: _bought(language, event, names),
        "gear_drawn": lambda: t(language, "🎲 {name} draws {card} from the equipment deck",
                                name=name(), card=gear_title(language, event["card"])),
        "gear_discarded": lambda: _gear_discarded(language, event, names),
        "beer_sold": lambda: t(language, "💰 {name} sells {card} for a nugget", name=name(),
                               card=card_label(language, event["card"])),
        "ability_used": lambda: t(language, "✨ {name} uses {ability}", name=name(),
                                  ability=_ability(language, event["what"]))
        + (f" → {name('target')}" if event.get("target") is not None else ""),
        "extra_turn": lambda: t(language, "⏩ {name} will play an extra turn", name=name()),
        "shadow_returned": lambda: _shadow(language, event, names),
        "shadow_left": lambda: t(language, "👻 {name}'s shadow leaves the table",
                                 name=name()),
    }
    make = lines.get(event["kind"])
    return make() if make else None
