"""Rendering BANG! The Dice Game for Telegram: table text, event lines, prompt buttons.

Pure functions of engine views and events: no Telegram calls. Buttons are returned as
rows of (label, callback data) and (label, url) pairs; the handlers build the markup.
`DiceFront` is the game's front for the shell (tgbot/render/front.py).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from core.bang_dice.actions import (
    Amount,
    ArrowPick,
    DiceChoice,
    DiscardArrow,
    GhostToken,
    Reroll,
    Reveal,
    SetFace,
    Skip,
    Stop,
    Target,
    decode,
    encode,
)
from core.bang_dice.ids import DIE_FACES, DieKind
from core.bang_dice.view import DiceView, SeatView
from core.engine.registry import AnyGame
from tgbot.i18n import N_, t
from tgbot.render.callbacks import action_data, die_data, lobby_data
from tgbot.render.dice.secrets import dealt_lines, mine_line, secret_prompt
from tgbot.render.rendered import Buttons
from tgbot.render.roles import role_name as role_name
from tgbot.render.roles import side_name as side_name

FACE_ICON = {
    "arrow": "🏹", "dynamite": "🧨", "bullseye_1": "①", "bullseye_2": "②", "beer": "🍺",
    "gatling": "🔫", "broken_arrow": "💔", "bullet": "💥", "double_bullseye_1": "①①",
    "double_bullseye_2": "②②", "double_beer": "🍺🍺", "double_gatling": "🔫🔫",
}
DIE_MARK = {"base_die": "", "loudmouth_die": "ᴸ", "coward_die": "ᶜ"}
MODULES = ("saloon_dice", "chief_arrow", "special_identities", "new_characters", "ghost")


def character_name(character: str) -> str:
    """Return a character's printed name (proper names are not translated)."""
    special = {"jose_delgado": "José Delgado", "slab_the_killer": "Slab the Killer",
               "willy_the_kid": "Willy the Kid", "josh_mccloud": "Josh McCloud"}
    return special.get(character, character.replace("_", " ").title())


def module_name(language: str, module: str) -> str:
    """Return the localised name of an Old Saloon module."""
    names = {"saloon_dice": t(language, "Loudmouth & Coward dice"),
             "chief_arrow": t(language, "Chief's Arrow"),
             "special_identities": t(language, "Special identities (4+ players)"),
             "new_characters": t(language, "New characters"),
             "ghost": t(language, "The Ghost (5+ players)")}
    return names.get(module, module)


def face_icon(face: str | None) -> str:
    """Return the icon of a die face ("·" before the first roll)."""
    return FACE_ICON.get(face or "", "·")


def _seat_line(language: str, view: DiceView, seat: SeatView, names: Sequence[str]) -> str:
    name = html.escape(names[seat.seat])
    marks = []
    if seat.seat == view.active and view.outcome is None:
        marks.append("👉")
    if seat.ghost:
        marks.append("👻")
    elif not seat.alive:
        marks.append("💀")
    role = seat.identity or seat.role
    role_text = f" ({role_name(language, role)})" if role else ""
    line = (f"{''.join(marks)}<b>{name}</b>{role_text} · {character_name(seat.character)}")
    if seat.alive:
        line += f" ❤️{seat.life}/{seat.max_life} 🏹{seat.arrows}"
        if seat.chief:
            line += " 🪶"
    if seat.token:
        line += f" 👻{face_icon(seat.token)}{'×2' if seat.token_double else ''}"
    return line


def table(language: str, view: DiceView, names: Sequence[str],
          recent: Sequence[str], title: str) -> str:
    """Return the group table for a view (the group's view: public facts only)."""
    turn = t(language, "turn {number}", number=view.turn_number)
    lines = [f"🎲 <b>{html.escape(title)}</b> — {turn}"]
    lines += [_seat_line(language, view, seat, names) for seat in view.seats]
    pile = t(language, "Arrows in the pile: {count}", count=view.pile)
    if view.chief_in_pile:
        pile += " + 🪶"
    lines.append(pile)
    if view.outcome is None:
        dice = " ".join(face_icon(d.face) + DIE_MARK.get(d.kind, "")
                        for d in view.dice)
        lines.append(t(language, "Dice: {dice} (rolls left: {left})", dice=dice,
                       left=view.rolls_left))
    if recent:
        lines.append("")
        lines += [f"• {line}" for line in recent]
    return "\n".join(lines)


def waiting_line(language: str, view: DiceView, names: Sequence[str]) -> str:
    """Return who the table waits for, and for what (never who owes a reaction window)."""
    if view.outcome is not None:
        winners = ", ".join(html.escape(names[i]) for i in sorted(view.outcome.winners))
        return t(language, "🏁 Game over — victory for {side}. {winners}",
                 side=side_name(language, view.outcome.side), winners=winners)
    if view.window:
        return t(language, "⏳ Waiting for reactions…")
    owed = ", ".join(html.escape(names[i]) for i in view.to_act)
    return t(language, "⏳ {names}: {decision}", names=owed,
             decision=decision_name(language, view.decision, view.symbol))


DECISION_NAMES = {
    "reroll": N_("keep or re-roll dice (tap a die: ✋ kept, 🎲 re-rolled, 🔒 locked)"),
    "hit_target": N_("choose a target for a {symbol}"),
    "beer_target": N_("give a beer"),
    "sid_heal": N_("Sid Ketchum: give 1 life"),
    "kit_discard": N_("Kit Carlson: discard an arrow"),
    "bart_arrows": N_("Bart Cassidy: take arrows instead of life?"),
    "pedro_return": N_("Pedro Ramirez: return arrows?"),
    "dice_choice": N_("choose your dice: the Loudmouth (double ①, ② and 🔫; 💥 costs you 1 "
                      "life) or the Coward (💔 takes back an arrow; double 🍺) may replace a "
                      "base die"),
    "chief_choice": N_("normal arrow or the Chief's Arrow (it counts as two)?"),
    "broken_arrow": N_("broken arrow: who returns an arrow?"),
    "elena_give": N_("Elena Fuente: give an arrow?"),
    "apache_steal": N_("Apache Kid: steal the Chief's Arrow?"),
    "molly_take": N_("Molly Stark: take the loss?"),
    "ghost_give": N_("the Ghost gives a token: that face is set on a die of the player's "
                     "next roll"),
    "start_reveal": N_("start the turn"),
    "left_hand_arrows": N_("return your arrows?"),
    "window": N_("react with a secret card"),
}


def decision_name(language: str, decision: str | None, symbol: int = 0) -> str:
    """Return what a pending decision asks, in words (an unknown id as it is); `symbol`
    is the bullseye (1 or 2) a target is chosen for."""
    if decision not in DECISION_NAMES:
        return decision or ""
    return t(language, DECISION_NAMES[decision],
             symbol=face_icon("bullseye_1" if symbol == 1 else "bullseye_2"))


def action_label(language: str, text: str, view: DiceView,
                 names: Sequence[str]) -> str:
    """Return the button label of an action text, read through the engine's codec."""
    decision = view.decision
    match decode(text):
        case Stop():
            return t(language, "✅ Done")
        case Skip():
            if decision == "start_reveal":
                return t(language, "▶️ Go on")
            return t(language, "🤐 Pass") if view.window else t(language, "✖️ No")
        case Target(seat=seat, doubled=doubled):
            icon = {"hit_target": "🎯", "beer_target": "🍺", "sid_heal": "❤️",
                    "broken_arrow": "💔", "elena_give": "🏹",
                    "molly_take": "🛡"}.get(decision or "", "👉")
            return f"{icon} {names[seat]}{' ×2' if doubled else ''}"
        case DiscardArrow(seat=seat, chief=chief):
            return f"{names[seat]}{' 🪶' if chief else ' 🏹'}"
        case Amount(count=count, chief=chief):
            return _amount_label(language, decision, count, chief)
        case DiceChoice(die=die, extra=extra):
            return _dice_choice_label(language, die, extra)
        case ArrowPick(source=source):
            return {"normal": t(language, "🏹 Normal"), "chief": t(language, "🪶 Chief's Arrow"),
                    "steal": t(language, "🪶 Steal it")}[source]
        case GhostToken(die=die, seat=seat):
            return f"{face_icon(view.dice[die].face)} → {names[seat]}"
        case Reveal(seats=seats):
            if not seats:
                return t(language, "🎭 Reveal")
            return "🎭 " + " ⇄ ".join(names[seat] for seat in seats)
        case SetFace(die=die, face=face):
            shown = view.dice[die]
            new = DIE_FACES[DieKind(shown.kind)][face]
            return f"🎲{die + 1} {face_icon(shown.face)}→{face_icon(new)}"
    return text


def _amount_label(language: str, decision: str | None, count: int, chief: bool) -> str:
    """Return the label of a number of arrows: taken instead of life (Bart Cassidy) or
    given back (Pedro Ramirez, a player the Devil's Left Hand saved)."""
    arrows = f"🏹×{count}"
    if chief:
        arrows = t(language, "{arrows} with the 🪶", arrows=arrows)
    if decision == "bart_arrows":
        return (t(language, "❤️ Lose the life") if not count else
                t(language, "{arrows} instead of ❤️×{count}", arrows=arrows, count=count))
    if not count:
        return t(language, "✖️ Keep my arrows")
    return t(language, "↩️ Give back {arrows}", arrows=arrows)


def _dice_choice_label(language: str, die: DieKind | None, extra: bool) -> str:
    """Return the label of a Saloon die choice (None: the base dice only)."""
    if die is None:
        return t(language, "Base dice")
    if die is DieKind.LOUDMOUTH:
        return t(language, "Loudmouth (6th die)") if extra else t(language, "Loudmouth")
    return t(language, "Coward (6th die)") if extra else t(language, "Coward")


def prompt_buttons(language: str, view: DiceView, legal: Sequence[str],
                   names: Sequence[str], game_id: int, keep: frozenset[int] | None = None,
                   ) -> Buttons:
    """Return the button rows for the legal actions of the seat owing the decision.

    For a re-roll, one button per die toggles it between kept and re-rolled (`keep` holds
    the dice marked for re-rolling), then "Re-roll" (refused with a word while nothing is
    marked) and "Done".
    """
    version = view.version
    if view.decision == "reroll":
        # A die's button marks or unmarks it, relative to the marks kept with the game;
        # "Re-roll" rolls what is marked then (so a keyboard shown late still adds up).
        chosen, free = keep or frozenset(), rerollable(legal)
        dice_row = []
        for index, die in enumerate(view.dice):
            mark = "🔒" if index not in free else "🎲" if index in chosen else "✋"
            dice_row.append((f"{face_icon(die.face)}{mark}", die_data(game_id, version,
                                                                          index)))
        action_row = []
        if free:  # shown before any mark, so marks and the re-roll can follow quickly
            action_row.append((t(language, "🎲 Re-roll ({left} left)", left=view.rolls_left),
                               die_data(game_id, version, None)))
        action_row.append((t(language, "✅ Done"), action_data(game_id, version, "s")))
        return (tuple(dice_row), tuple(action_row))
    buttons = [(action_label(language, a, view, names), action_data(game_id, version, a))
               for a in legal]
    faces = [decode(a) for a in legal]
    if any(isinstance(action, SetFace) for action in faces):
        return _doctor_rows(buttons, faces)
    width = 2 if len(buttons) > 4 else 1
    return tuple(tuple(buttons[i:i + width]) for i in range(0, len(buttons), width))


def rerollable(legal: Sequence[str]) -> frozenset[int]:
    """Return the dice that a legal re-roll may include."""
    return frozenset(i for a in legal if isinstance(roll := decode(a), Reroll)
                     for i in roll.dice)


def reroll_text(marked: frozenset[int]) -> str:
    """Return the action text that re-rolls the marked dice."""
    return encode(Reroll(frozenset(marked)))


def marked_line(language: str, view: DiceView, marked: frozenset[int]) -> str:
    """Return what a re-roll will roll now, for the pop-up of a die's button."""
    if not marked:
        return t(language, "✋ No die marked: press Done to keep them all.")
    faces = " ".join(face_icon(view.dice[i].face) for i in sorted(marked))
    return t(language, "🎲 To re-roll: {faces} ({count}). Press Re-roll when ready.",
             faces=faces, count=len(marked))


def _doctor_rows(buttons: list[tuple[str, str]], actions: list[Any]) -> Buttons:
    """Return The Doctor's buttons: the pass first, then three to a row, each die's faces
    on rows of their own."""
    rows: list[tuple[tuple[str, str], ...]] = []
    for die in sorted({a.die for a in actions if isinstance(a, SetFace)}):
        mine = [b for b, a in zip(buttons, actions, strict=True)
                if isinstance(a, SetFace) and a.die == die]
        rows += [tuple(mine[i:i + 3]) for i in range(0, len(mine), 3)]
    rest = [b for b, a in zip(buttons, actions, strict=True) if not isinstance(a, SetFace)]
    return (*((b,) for b in rest), *rows)


def event_line(language: str, event: dict[str, Any], names: Sequence[str]) -> str | None:
    """Return one public event as a short line, or None for events not worth a line."""
    kind = event["kind"]

    def who(key: str = "seat") -> str:
        return html.escape(names[event[key]])

    lines: dict[str, Callable[[], str | None]] = {
        "dice_rolled": lambda: t(language, "{name} rolled {faces}", name=who(),
                                 faces=" ".join(face_icon(f) for f in event["faces"])),
        "indians_attacked": lambda: t(language, "🪓 The Indians attack!"),
        "dynamite_exploded": lambda: t(language, "🧨 The dynamite explodes on {name}!",
                                       name=who()),
        "gatling_fired": lambda: t(language, "🔫 {name} fires the Gatling!", name=who()),
        "life_lost": lambda: t(language, "{name} loses {amount} ❤️", name=who(),
                               amount=event["amount"]),
        "life_gained": lambda: (t(language, "{name} gains {amount} ❤️", name=who(),
                                  amount=event["amount"]) if event["amount"] else None),
        "eliminated": lambda: t(language, "💀 {name} is out: {role}", name=who(),
                                role=role_name(language, event["role"])),
        "hit_assigned": lambda: t(language, "{name} aims at {target}", name=who(),
                                  target=who("target")),
        "arrows_instead_of_life": lambda: t(language, "{name} takes {count} 🏹 instead",
                                            name=who(), count=event["count"]),
        "became_ghost": lambda: t(language, "👻 {name} returns as the Ghost", name=who()),
        "identity_revealed": lambda: t(language, "🎭 {name} reveals {identity}!", name=who(),
                                       identity=role_name(language, event["identity"])),
        "effect_cancelled": lambda: t(language, "⚖️ {name} cancels it", name=who()),
        "heal_cancelled": lambda: t(language, "⚖️ {name} stops the healing", name=who()),
        "sheriff_changed": lambda: t(language, "⭐ {name} is the new Sheriff", name=who()),
        "saved_from_death": lambda: t(language, "😈 {name} is saved with 2 ❤️", name=who()),
        "game_ended": lambda: t(language, "🏁 Victory for {side}!",
                                side=side_name(language, event["side"])),
    }
    make = lines.get(kind)
    return make() if make else None


class DiceFront:
    """The dice game's front: its table, prompts, secrets and Old Saloon lobby options."""
    icon = "🎲"

    def title(self, language: str) -> str:
        """Return the game's localised title."""
        return t(language, "BANG! The Dice Game")

    def table_text(self, language: str, view: DiceView, names: Sequence[str],
                   recent: Sequence[str]) -> str:
        """Return the group table with the turn's recent lines."""
        return table(language, view, names, recent, self.title(language))

    def waiting_line(self, language: str, view: DiceView, names: Sequence[str]) -> str:
        """Return whom the table waits for (never who owes a reaction window)."""
        return waiting_line(language, view, names)

    def event_line(self, language: str, event: dict[str, Any], names: Sequence[str],
                   view: DiceView) -> str | None:
        """Return one public event as a line, or None (the view is not needed)."""
        return event_line(language, event, names)

    def is_turn_start(self, event: dict[str, Any]) -> bool:
        """Return True for the start of a turn."""
        return bool(event["kind"] == "turn_started")

    def is_headline(self, event: dict[str, Any]) -> bool:
        """Return True for an elimination (it opens the next turn's message)."""
        return bool(event["kind"] == "eliminated")

    def prompt_buttons(self, language: str, view: DiceView, legal: Sequence[str],
                       names: Sequence[str], game_id: int,
                       keep: frozenset[int] | None = None) -> Buttons:
        """Return the button rows of the legal actions (`keep`: dice marked for re-rolling)."""
        return prompt_buttons(language, view, legal, names, game_id, keep)

    def private_prompt_text(self, language: str, view: DiceView,
                            names: Sequence[str], keep: frozenset[int] | None = None) -> str:
        """Return the text above a secret choice: which card, what it does, the buttons."""
        return secret_prompt(language, view, names)

    def dm_seats(self, event: dict[str, Any]) -> tuple[int, ...]:
        """Return the dealt seat of a role_dealt event (public roles are told too)."""
        return (event["seat"],) if event["kind"] == "role_dealt" else ()

    def private_event_texts(self, language: str, event: dict[str, Any]) -> list[str]:
        """Return the dealt identity with its side, goal and power, as one message."""
        if event["kind"] != "role_dealt":
            return []
        return ["\n".join(dealt_lines(language, event))]

    def mine_text(self, language: str, engine: AnyGame, state: Any, seat: int) -> str:
        """Return the seat's secret identity and its goal."""
        return mine_line(language, engine.view(state, seat), seat)

    def options_lines(self, language: str, options: Mapping[str, Any]) -> list[str]:
        """Return the line naming the chosen Old Saloon modules (none when none chosen)."""
        chosen = options.get("modules", [])
        if not chosen:
            return []
        return [t(language, "🧩 Old Saloon expansion: {modules}",
                  modules=", ".join(module_name(language, m) for m in chosen))]

    def option_buttons(self, language: str, game_id: int, options: Mapping[str, Any],
                       ) -> Buttons:
        """Return one toggle row per Old Saloon module (op `m<module>`)."""
        chosen = options.get("modules", [])
        return tuple(((f"{'✅' if m in chosen else '▫️'} {module_name(language, m)}",
                       lobby_data(game_id, "m" + m)),) for m in MODULES)

    def toggle_option(self, options: Mapping[str, Any], op: str) -> dict[str, Any] | None:
        """Return the options with module `op[1:]` switched, or None if `op` is no module."""
        module = op[1:]
        if not op.startswith("m") or module not in MODULES:
            return None
        modules = list(options.get("modules", []))
        modules = [m for m in modules if m != module] if module in modules else [*modules, module]
        return {**options, "modules": modules}
