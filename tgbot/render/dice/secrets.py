"""The dice game's secrets in words: the identity a player is dealt, his "🔒 Mine" pop-up and
the private prompts of the Old Saloon identity cards (a reaction window, a start-of-turn
reveal), each saying what the card does and what its buttons mean.

Only a seat holding the card gets such a prompt (docs/old_saloon.md), so its text may name
the card; the group's table never shows it [OS-ROLE-9].
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from core.bang_dice.ids import THREE_PLAYER_TARGET, Identity
from core.bang_dice.view import DiceView
from tgbot.i18n import N_, t
from tgbot.render.roles import hunted, power_lines, role_lines, role_name

TARGETS = {hunter.value: prey.value for hunter, prey in THREE_PLAYER_TARGET.items()}

# What each window's buttons do, once the card's power is told [OS-ROLE-0].
WINDOW_HINTS = {
    Identity.THE_DOCTOR: N_("👉 {name} has just rolled. Each button is one die of that roll: "
                            "🎲 its number from the left, its face now → the face you give "
                            "it."),
    Identity.THE_JUDGE: N_("👉 A player has just revealed his card to use it: 🎭 Reveal "
                           "cancels its effect."),
    Identity.THE_GAMBLER: N_("👉 {name} has finished rolling: 🎭 Reveal makes him roll all "
                             "his dice once more."),
    Identity.THE_BAD: N_("👉 A player is about to gain life: 🎭 Reveal cancels that gain."),
    Identity.DEVILS_LEFT_HAND: N_("👉 Players are about to be eliminated: each 🎭 button "
                                  "keeps that player in at 2 life."),
}


def dealt_lines(language: str, event: dict[str, Any]) -> list[str]:
    """Return the private message of a dealt identity: its name, side, goal and power."""
    role = event["role"]
    identity = event.get("identity")
    lines = [t(language, "🤫 Your secret identity: <b>{role}</b>",
               role=role_name(language, identity or role))]
    if identity:
        lines.append(t(language, "(an Old Saloon card: you play as the {role})",
                       role=role_name(language, role)))
    return lines + role_lines(language, "bang_dice", role, identity,
                              hunted(TARGETS, role, event))


def mine_line(language: str, view: DiceView, seat: int) -> str:
    """Return the "🔒 Mine" pop-up: the seat's identity and its goal (a pop-up holds 200
    characters, so the card's power stays in its private message)."""
    role = view.role
    assert role is not None  # a seat's own view holds its role
    identity = view.seats[seat].identity
    three = len(view.seats) == 3
    goal = role_lines(language, "bang_dice", role, None,
                      TARGETS.get(role) if three else None)[0]
    name = role_name(language, identity or role)
    return t(language, "🤫 Your secret identity: {role}", role=name) + "\n" + goal


def secret_prompt(language: str, view: DiceView, names: Sequence[str]) -> str:
    """Return the text above a private reveal prompt: which card, what it does now, what
    the buttons mean."""
    window = view.window
    if window is None and view.decision == "start_reveal":
        assert view.viewer is not None  # a private prompt is a seat's view
        identity = view.seats[view.viewer].identity or ""
        head = t(language, "🎭 A secret choice in your game: {decision}",
                 decision=t(language, "<b>{card}</b>, as your turn starts",
                            card=role_name(language, identity)))
        hint = (t(language, "👉 🎭 Reveal, or ▶️ Go on to keep your card secret.")
                if identity == Identity.THE_GOOD else
                t(language, "👉 Each 🎭 button names the two players who swap their arrows; "
                            "▶️ Go on keeps your card secret."))
        return "\n".join([head, *power_lines(language, identity)[:1], hint])
    card = window or ""
    named = f"<b>{role_name(language, card)}</b>"
    head = t(language, "🎭 A secret choice in your game: {decision}", decision=named)
    lines = [head, *power_lines(language, card)[:1]]
    if card in set(Identity) and Identity(card) in WINDOW_HINTS:
        lines.append(t(language, WINDOW_HINTS[Identity(card)],
                       name=html.escape(names[view.active])))
    lines.append(t(language, "🤐 Pass keeps your card secret."))
    return "\n".join(lines)

