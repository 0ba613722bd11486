"""`ColtFront`: Colt Express's front, wiring the table, prompts and event lines to the bot,
with hands and face-down plays by DM only, and the table options."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from core.colt_express.ids import card_kind
from core.colt_express.view import ColtView
from tgbot.i18n import t
from tgbot.render.callbacks import lobby_data
from tgbot.render.colt.events import event_line, private_event_line
from tgbot.render.colt.labels import KIND_ICON
from tgbot.render.colt.prompts import hand_text, prompt_buttons
from tgbot.render.colt.table import table, waiting_line
from tgbot.render.rendered import Buttons

# Events that end a turn (a turn start follows them in the same step, never precedes them).
HEADLINES = ("card_played", "cards_drawn", "hand_discarded", "round_event")
OPTIONS = {"ce_characters": ("characters", True), "ce_expert": ("expert", False)}


def option_name(language: str, option: str) -> str:
    """Return the localised name of a table option."""
    return {"characters": t(language, "Characters' abilities"),
            "expert": t(language, "Expert variant")}.get(option, option)


class ColtFront:
    """Colt Express's front: the train table, hands and face-down plays by DM only."""
    icon = "🚂"

    def title(self, language: str) -> str:
        """Return the game's localised title."""
        return t(language, "Colt Express")

    def table_text(self, language: str, view: ColtView, names: Sequence[str],
                   recent: Sequence[str]) -> str:
        """Return the group table with the turn's recent lines."""
        return table(language, view, names, recent, self.title(language))

    def waiting_line(self, language: str, view: ColtView, names: Sequence[str]) -> str:
        """Return whom the table waits for, or the final scores."""
        return waiting_line(language, view, names)

    def event_line(self, language: str, event: dict[str, Any], names: Sequence[str],
                   view: ColtView) -> str | None:
        """Return one public event as a line, or None."""
        return event_line(language, event, names, view)

    def is_turn_start(self, event: dict[str, Any]) -> bool:
        """Return True for a Schemin' turn and for the start of Stealin'."""
        return bool(event["kind"] in ("scheme_turn", "phase_started"))

    def is_headline(self, event: dict[str, Any]) -> bool:
        """Return True for what can end a turn: the turn's last play, draw or discard, and
        the end-of-round event; the next turn's message opens with it."""
        return bool(event["kind"] in HEADLINES)

    def prompt_buttons(self, language: str, view: ColtView, legal: Sequence[str],
                       names: Sequence[str], game_id: int,
                       keep: frozenset[int] | None = None) -> Buttons:
        """Return one button per legal action (`keep`: the private prompt's help shown)."""
        return prompt_buttons(language, view, legal, names, game_id, keep)

    def private_prompt_text(self, language: str, view: ColtView,
                            names: Sequence[str], keep: frozenset[int] | None = None) -> str:
        """Return the seat's hand, deck and what it must decide (with `keep`, what its cards
        do)."""
        return hand_text(language, view, names, keep)

    def dm_seats(self, event: dict[str, Any]) -> tuple[int, ...]:
        """Return the owner of a start-of-round hand or of a purse's value."""
        audience = event.get("audience")
        if not audience:
            return ()
        if (event["kind"] == "cards_drawn" and event["start"]) or event["kind"] == "loot_taken":
            return tuple(audience)
        return ()

    def private_event_texts(self, language: str, event: dict[str, Any]) -> list[str]:
        """Return the private news of an event (a new hand, a purse's value)."""
        line = private_event_line(language, event)
        return [line] if line else []

    def mine_text(self, language: str, engine: Any, state: Any, seat: int) -> str:
        """Return the seat's hand and purse values, short enough for a pop-up."""
        view: ColtView = engine.view(state, seat)
        counts = Counter(card_kind(key) for key in view.hand_keys)
        hand = ", ".join(f"{KIND_ICON.get(k, k)}×{n}" for k, n in counts.items()) or "—"
        values = [v for b in view.bandits if b.seat == seat for v in (b.purse_values or ())]
        purses = ", ".join(f"${v}" for v in values) or "—"
        return t(language, "🂠 Hand: {hand} · 👛 {purses}", hand=hand, purses=purses)

    def options_lines(self, language: str, options: Mapping[str, Any]) -> list[str]:
        """Return one line with the state of each table option."""
        parts = [f"{'✅' if options.get(name, default) else '▫️'} {option_name(language, name)}"
                 for name, default in OPTIONS.values()]
        return [" · ".join(parts)]

    def option_buttons(self, language: str, game_id: int, options: Mapping[str, Any],
                       ) -> Buttons:
        """Return one toggle row per option (ops ce_characters, ce_expert)."""
        return tuple(((f"{'✅' if options.get(name, default) else '▫️'} "
                       f"{option_name(language, name)}", lobby_data(game_id, op)),)
                     for op, (name, default) in OPTIONS.items())

    def toggle_option(self, options: Mapping[str, Any], op: str) -> dict[str, Any] | None:
        """Return the options with one switched, or None if `op` is not an option."""
        if op not in OPTIONS:
            return None
        name, default = OPTIONS[op]
        return {**options, name: not options.get(name, default)}
