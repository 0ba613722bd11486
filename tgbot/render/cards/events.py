"""The card game's event lines: public lines for the table, private news for a player.

Public events never name a hand card (the engine keeps those in private copies with an
`audience`), so a public line can only repeat public facts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core.bang_cards.cards import CARD, KINDS
from core.bang_cards.ids import THREE_PLAYER_TARGET, Color
from tgbot.i18n import t
from tgbot.render.cards.gold_rush_events import gold_rush_event_line
from tgbot.render.cards.labels import (
    card_label,
    character_name,
    purpose_name,
    role_name,
    who,
)
from tgbot.render.cards.rules import character_ability
from tgbot.render.roles import hunted, role_lines, side_name

TARGETS = {hunter.value: prey.value for hunter, prey in THREE_PLAYER_TARGET.items()}

# Discards that another line already tells (the answer, the Sid Ketchum line, the death).
QUIET_DISCARDS = frozenset({"missed", "duel", "gatling", "indians", "beer", "sid_ketchum",
                            "eliminated", "penalty", "replaced"})


def _cards(language: str, cards: Sequence[str]) -> str:
    return ", ".join(card_label(language, c) for c in cards) or "—"


def _check_line(language: str, event: dict[str, Any], name: str) -> str:
    purpose = purpose_name(language, event["purpose"])
    card = card_label(language, event["card"])
    if event["purpose"] == "dynamite":
        return (t(language, "💥 {name}'s Dynamite blows up on {card}!", name=name, card=card)
                if event["success"] else
                t(language, "{name}'s Dynamite holds ({card})", name=name, card=card))
    if event["success"]:
        return t(language, "✅ {name}'s {purpose}: {card}", name=name, purpose=purpose,
                 card=card)
    return t(language, "❌ {name}'s {purpose}: {card}", name=name, purpose=purpose, card=card)


def _drawn_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str | None:
    name = who(names, event["seat"])
    origin = event["origin"]
    if origin == "discard":
        return t(language, "{name} takes {card} from the discard pile", name=name,
                 card=_cards(language, event["cards"]))
    if origin == "seat":  # Vulture Sam
        return t(language, "🦅 {name} takes the {count} cards of {other}", name=name,
                 count=event["count"], other=who(names, event["from_seat"]))
    return t(language, "{name} draws {count}", name=name, count=event["count"])


def _played_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str | None:
    if KINDS[CARD[event["card"]].kind].color is Color.BLUE:
        return None  # the card_equipped line says where it went
    name = who(names, event["seat"])
    card = card_label(language, event["card"])
    if CARD[event["card"]].kind.value != event["as_kind"]:  # Calamity Janet's Missed!
        card = t(language, "{card} as a BANG!", card=card)
    if event["target"] is None:
        return t(language, "{name} plays {card}", name=name, card=card)
    return t(language, "{name} plays {card} at {target}", name=name, card=card,
             target=who(names, event["target"]))


def _equipped_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str:
    name, card = who(names, event["seat"]), card_label(language, event["card"])
    if event["owner"] != event["seat"]:
        return t(language, "{name} puts {card} in front of {owner}", name=name, card=card,
                 owner=who(names, event["owner"]))
    line = t(language, "{name} puts {card} in play", name=name, card=card)
    if event["replaced"]:
        line += " " + t(language, "(replacing {card})",
                        card=card_label(language, event["replaced"]))
    return line


def _life_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str | None:
    name = who(names, event["seat"])
    if event["delta"] < 0:
        return t(language, "{name} loses {amount} ❤️ ({life} left)", name=name,
                 amount=-event["delta"], life=event["life"])
    if event["delta"] > 0:
        return t(language, "{name} gets back {amount} ❤️ ({life})", name=name,
                 amount=event["delta"], life=event["life"])
    return None


def _shown_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str:
    name, card = who(names, event["seat"]), card_label(language, event["card"])
    if event["bonus"]:
        return t(language, "{name} shows {card} and draws one more", name=name, card=card)
    return t(language, "{name} shows {card}", name=name, card=card)


def _taken_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str:
    name, other = who(names, event["seat"]), who(names, event["from_seat"])
    if event["zone"] == "hand":
        return t(language, "{name} takes a card from the hand of {other}", name=name,
                 other=other)
    return t(language, "{name} takes {card} from {other}", name=name,
             card=card_label(language, event["card"]), other=other)


def _rewarded_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str:
    name, other = who(names, event["seat"]), who(names, event["victim"])
    if event["penalty"]:
        return t(language, "⚖️ {name} eliminated his own Deputy, {other}, "
                           "and loses every card", name=name, other=other)
    return t(language, "🎁 {name} draws {count} for eliminating {other}", name=name,
             count=event["count"], other=other)


def event_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str | None:
    """Return one public event as a short line, or None for events not worth a line."""
    kind = event["kind"]

    def name(key: str = "seat") -> str:
        return who(names, event[key])

    lines: dict[str, Callable[[], str | None]] = {
        "role_dealt": lambda: t(language, "🎭 {name} is the {role}", name=name(),
                                role=role_name(language, event["role"])),
        "character_dealt": lambda: t(language, "{name} plays {character} (❤️{life})",
                                     name=name(), character=character_name(
                                         event["character"]), life=event["life"]),
        "turn_started": lambda: t(language, "▶️ Turn {number}: {name}",
                                  number=event["turn_number"], name=name()),
        "cards_drawn": lambda: _drawn_line(language, event, names),
        "cards_seen": lambda: t(language, "{name} looks at the top {count} cards",
                                name=name(), count=event["count"]),
        "card_returned": lambda: t(language, "{name} puts a card back on the deck",
                                   name=name()),
        "card_shown": lambda: _shown_line(language, event, names),
        "deck_reshuffled": lambda: t(language, "🔄 The discard pile becomes a new deck "
                                               "({count} cards)", count=event["count"]),
        "check_revealed": lambda: t(language, "🎴 {name} draws! for the {purpose}: {cards}",
                                    name=name(), cards=_cards(language, event["cards"]),
                                    purpose=purpose_name(language, event["purpose"])),
        "check_resolved": lambda: _check_line(language, event, name()),
        "card_played": lambda: _played_line(language, event, names),
        "card_equipped": lambda: _equipped_line(language, event, names),
        "card_discarded": lambda: (None if event["reason"] in QUIET_DISCARDS else
                                   t(language, "{name} discards {card}", name=name(),
                                     card=card_label(language, event["card"]))),
        "card_taken": lambda: _taken_line(language, event, names),
        "responded": lambda: t(language, "{name} answers with {card}", name=name(),
                               card=card_label(language, event["card"])),
        "shot_cancelled": lambda: t(language, "💨 The shot misses {name}", name=name()),
        "hit_taken": lambda: t(language, "🎯 {name} takes the hit", name=name()),
        "life_changed": lambda: _life_line(language, event, names),
        "store_revealed": lambda: t(language, "🏪 General Store: {cards}",
                                    cards=_cards(language, event["cards"])),
        "dynamite_passed": lambda: t(language, "🧨 The Dynamite moves from {name} to {other}",
                                     name=name(), other=name("to_seat")),
        "player_eliminated": lambda: t(language, "💀 {name} is out: {role}", name=name(),
                                       role=role_name(language, event["role"])),
        "rewarded": lambda: _rewarded_line(language, event, names),
        "turn_skipped": lambda: t(language, "⛓ {name} stays in Jail this turn", name=name()),
        "game_ended": lambda: t(language, "🏁 Victory for {side}!",
                                side=side_name(language, event["side"])),
    }
    make = lines.get(kind)
    return make() if make else gold_rush_event_line(language, event, names)


def private_event_line(language: str, event: dict[str, Any]) -> str | None:
    """Return the private news of an event for the seats it is told to (see
    `CardsFront.dm_seats`): a role with its side and goal, a character with its ability,
    the cards a seat gets, the card that changed hands."""
    kind = event["kind"]
    if kind == "role_dealt":
        role = event["role"]
        return "\n".join([t(language, "🤫 Your role: <b>{role}</b>",
                             role=role_name(language, role)),
                           *role_lines(language, "bang_cards", role,
                                       hunts=hunted(TARGETS, role, event))])
    if kind == "character_dealt":
        return t(language, "🤠 Your character: <b>{character}</b> (❤️{life}): {ability}",
                 character=character_name(event["character"]), life=event["life"],
                 ability=character_ability(language, event["character"]) or "")
    if kind == "cards_drawn" and event["cards"]:
        return t(language, "🃏 You get: {cards}", cards=_cards(language, event["cards"]))
    if kind == "card_taken" and event["card"]:  # told to the taker and the one robbed
        return t(language, "🃏 The card that changed hands: {card}",
                 card=card_label(language, event["card"]))
    return None
