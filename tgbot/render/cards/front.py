"""`CardsFront`: the card game's front, wiring the table, prompts and event lines to the
bot: hands, roles and cards drawn by DM only, the table and whom it waits for in the group."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.bang_cards.view import CardsView
from tgbot.i18n import t
from tgbot.render.callbacks import lobby_data
from tgbot.render.cards.events import event_line, private_event_line
from tgbot.render.cards.gold_rush import seat_extras
from tgbot.render.cards.labels import card_label, role_name
from tgbot.render.cards.prompts import private_prompt_text, prompt_buttons
from tgbot.render.cards.table import table, waiting_line
from tgbot.render.rendered import Buttons


class CardsFront:
    """BANG! the card game's front: the public table in the group, each hand by DM."""
    icon = "🃏"

    def title(self, language: str) -> str:
        """Return the game's localised title."""
        return t(language, "BANG! card game")

    def table_text(self, language: str, view: CardsView, names: Sequence[str],
                   recent: Sequence[str]) -> str:
        """Return the group table with the turn's recent lines."""
        return table(language, view, names, recent, self.title(language))

    def waiting_line(self, language: str, view: CardsView, names: Sequence[str]) -> str:
        """Return whom the table waits for (an attack's target too), or the result."""
        return waiting_line(language, view, names)

    def event_line(self, language: str, event: dict[str, Any], names: Sequence[str],
                   view: CardsView) -> str | None:
        """Return one public event as a line, or None (the view is not needed)."""
        return event_line(language, event, names)

    def is_turn_start(self, event: dict[str, Any]) -> bool:
        """Return True for the start of a turn."""
        return bool(event["kind"] == "turn_started")

    def is_headline(self, event: dict[str, Any]) -> bool:
        """Return True for what the next turn's message repeats: an elimination, a life
        lost, the game's end."""
        return bool(event["kind"] in ("player_eliminated", "life_changed", "game_ended"))

    def prompt_buttons(self, language: str, view: CardsView, legal: Sequence[str],
                       names: Sequence[str], game_id: int,
                       keep: frozenset[int] | None = None) -> Buttons:
        """Return the buttons of `legal` (`keep`: the hand card opened in a DM prompt)."""
        return prompt_buttons(language, view, legal, names, game_id, keep)

    def private_prompt_text(self, language: str, view: CardsView, names: Sequence[str],
                            keep: frozenset[int] | None = None) -> str:
        """Return the seat's hand, life, role and what it must decide."""
        return private_prompt_text(language, view, names, keep)

    def dm_seats(self, event: dict[str, Any]) -> tuple[int, ...]:
        """Return who is told an event by DM: a role's and a character's owner (the
        Sheriff's too), who gets cards in private, and both sides of a card taken from a
        hand."""
        kind, audience = event["kind"], event.get("audience")
        if kind in ("role_dealt", "character_dealt"):
            return (event["seat"],)
        if not audience:
            return ()
        if kind == "cards_drawn":
            return (event["seat"],)
        return tuple(audience) if kind == "card_taken" else ()

    def private_event_texts(self, language: str, event: dict[str, Any]) -> list[str]:
        """Return the DM text of an event for its `dm_seats` (empty: none)."""
        line = private_event_line(language, event)
        return [line] if line else []

    def mine_text(self, language: str, engine: Any, state: Any, seat: int) -> str:
        """Return the seat's role and hand, short enough for a pop-up."""
        view: CardsView = engine.view(state, seat)
        me = view.seats[seat]
        assert view.role is not None  # a seat's own view holds its role
        hand = ", ".join(card_label(language, c) for c in me.hand or ()) or "—"
        text = t(language, "🎭 {role} · 🃏 {hand}", role=role_name(language, view.role),
                 hand=hand)
        extras = seat_extras(language, me) if view.gold_rush else ""
        return f"{text} · {extras}" if extras else text

    def options_lines(self, language: str, options: Mapping[str, Any]) -> list[str]:
        """Return one line naming the chosen expansions (none when none is on)."""
        chosen = [option_name(language, name) for name in TABLE_OPTIONS if options.get(name)]
        if not chosen:
            return []
        return [t(language, "Expansions: {options}", options=", ".join(chosen))]

    def option_buttons(self, language: str, game_id: int, options: Mapping[str, Any],
                       ) -> Buttons:
        """Return one toggle row per table option (the op is the option's name)."""
        return tuple(((f"{'✅' if options.get(name) else '▫️'} {option_name(language, name)}",
                       lobby_data(game_id, name)),) for name in TABLE_OPTIONS)

    def toggle_option(self, options: Mapping[str, Any], op: str) -> dict[str, Any] | None:
        """Return the options with `op` switched, or None if `op` is no table option."""
        if op not in TABLE_OPTIONS:
            return None
        return {**options, op: not options.get(op, False)}


TABLE_OPTIONS = ("gold_rush", "shadow_gunslingers")
"""The card game's lobby toggles, named as the engine's options."""


def option_name(language: str, name: str) -> str:
    """Return a table option's localised name."""
    if name == "gold_rush":
        return t(language, "Gold Rush")
    return t(language, "Shadow Gunslingers")
