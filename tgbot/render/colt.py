"""Rendering Colt Express for Telegram: the train, the pile, hands, event lines, buttons.

Pure functions of engine views and events (JSON dicts). The group table shows public
facts only; hands and face-down cards appear only in a player's private messages.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tgbot.callbacks import action_data, lobby_data
from tgbot.i18n import t
from tgbot.render.rendered import Buttons

LOOT_ICON = {"p": "👛", "j": "💎", "s": "🧰", "r": "💵"}
NAME_LIMIT = 24  # a player's name in the table's lines and buttons (Telegram allows 64)
PILE_NAME_LIMIT = 12  # a player's name in the pile, which lists every card of the round
TABLE_LIMIT = 3300  # the table's HTML, leaving room under Telegram's 4096 characters for
# the waiting line, the final scores and the lines leading a new message
KIND_ICON = {"m": "🏃", "c": "🪜", "f": "🔫", "r": "💰", "p": "👊", "s": "⭐", "b": "💥"}
SYMBOL_ICON = {"O": "▫️", "X": "⬛", "2": "⏩", "R": "🔄"}


def kind_name(language: str, kind: str) -> str:
    """Return the localised name of a card kind letter."""
    names = {"m": t(language, "Move"), "c": t(language, "Floor change"),
             "f": t(language, "Fire"), "r": t(language, "Robbery"), "p": t(language, "Punch"),
             "s": t(language, "Marshal"), "b": t(language, "Bullet")}
    return names.get(kind, kind)


def card_label(language: str, kind: str) -> str:
    """Return a card kind with its icon."""
    return f"{KIND_ICON.get(kind, '')} {kind_name(language, kind)}"


def round_card_name(language: str, card: str) -> str:
    """Return the localised name of a round or station card."""
    names = {
        "angry_marshal": t(language, "Angry Marshal"), "swivel_arm": t(language, "Swivel Arm"),
        "braking": t(language, "Braking"), "take_it_all": t(language, "Take It All!"),
        "passengers_rebellion": t(language, "Passengers' Rebellion"),
        "tunnels": t(language, "Tunnels"), "bridge": t(language, "Bridge"),
        "marshals_revenge": t(language, "Marshal's Revenge"),
        "pickpocketing": t(language, "Pickpocketing"),
        "hostage_taking": t(language, "Hostage-Taking of the Conductor"),
    }
    return names.get(card, card)


def symbol_name(language: str, symbol: str) -> str:
    """Return the localised name of a turn symbol."""
    names = {"O": t(language, "face up"), "X": t(language, "tunnel: face down"),
             "2": t(language, "speeding up: two steps"),
             "R": t(language, "switching: counter-clockwise")}
    return names.get(symbol, symbol)


def short(name: str, limit: int = NAME_LIMIT) -> str:
    """Return a name cut to `limit` characters (an ellipsis marks the cut); not escaped."""
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def bandit_label(view: dict[str, Any], bandit: int, names: Sequence[str]) -> str:
    """Return "Player (Character)" for a bandit as plain text (for button labels)."""
    info = view["bandits"][bandit]
    return f"{short(names[info['seat']])} ({info['character'].title()})"


def bandit_name(view: dict[str, Any], bandit: int, names: Sequence[str]) -> str:
    """Return "Player (Character)" for a bandit, escaped for HTML."""
    return html.escape(bandit_label(view, bandit, names))


def _loot_text(counts: Sequence[tuple[str, int]]) -> str:
    return " ".join(f"{LOOT_ICON[k]}{n}" for k, n in counts if n) or "—"


def _level(view: dict[str, Any], car: int, roof: bool, names: Sequence[str]) -> str:
    here = [bandit_name(view, b["bandit"], names) for b in view["bandits"]
            if b["car"] == car and b["roof"] == roof]
    tokens = view["cars"][car]["roof" if roof else "inside"]
    loot = _loot_text([(k, tokens.count(k)) for k in "sjp"])
    parts = [", ".join(here)] if here else []
    if not roof and view["marshal"] == car:
        parts.insert(0, "⭐")
    if loot != "—":
        parts.append(loot)
    return " · ".join(parts) or "—"


def car_title(language: str, view: dict[str, Any], car: int) -> str:
    """Return a car's name: the locomotive, car n, or the caboose."""
    if car == 0:
        return t(language, "Locomotive")
    return t(language, "Caboose") if car == len(view["cars"]) - 1 else t(language, "Car {n}",
                                                                          n=car)


def train_lines(language: str, view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Return three lines per car (name, roof, inside), the locomotive first."""
    lines = []
    for car, _ in enumerate(view["cars"]):
        title = car_title(language, view, car)
        icon = "🚂" if car == 0 else "🚃"
        lines.append(f"{icon} <b>{title}</b>")
        lines.append(f"   ⬆️ {_level(view, car, True, names)}")
        lines.append(f"   ⬇️ {_level(view, car, False, names)}")
    return lines


def bandit_line(language: str, view: dict[str, Any], bandit: dict[str, Any],
                names: Sequence[str]) -> str:
    """Return a bandit's loot, bullets and cards as one line."""
    loot = _loot_text([("p", bandit["purses"]), ("j", bandit["jewels"]),
                       ("s", bandit["strongboxes"]), ("r", bandit["ransoms"])])
    seat = view["seats"][bandit["seat"]]
    return t(language, "{name}: {loot} · 🔫 {left}/6 · 💥 {received} · 🂠 {hand} in hand, "
                       "{deck} in deck", name=bandit_name(view, bandit["bandit"], names),
             loot=loot, left=bandit["bullets_left"], received=bandit["received"],
             hand=seat["hand"], deck=seat["deck"])


def pile_line(language: str, view: dict[str, Any], names: Sequence[str]) -> str | None:
    """Return the pile in play order (face-down cards hidden), marking the one resolving."""
    if not view["pile"]:
        return None
    items = []
    for index, played in enumerate(view["pile"]):
        who = html.escape(short(names[played["seat"]], PILE_NAME_LIMIT))
        card = ("🂠" if played["card"] is None else KIND_ICON.get(played["card"][1], "?"))
        mark = "👉" if view["phase"] == "steal" and index == view["resolving"] else ""
        items.append(f"{mark}{index + 1}.{who} {card}")
    return t(language, "Pile: {cards}", cards=" · ".join(items))


def table(language: str, view: dict[str, Any], names: Sequence[str],
          recent: Sequence[str], title: str) -> str:
    """Return the group table for the group's view (public facts only)."""
    card = round_card_name(language, view["round_card"])
    pattern = "".join(SYMBOL_ICON.get(s, s) for s in view["pattern"])
    lines = [f"🚂 <b>{html.escape(title)}</b> — "
             + t(language, "round {number}/5: {card}", number=view["round"] + 1, card=card)]
    if view["outcome"] is None:
        if view["phase"] == "scheme":
            symbol = view["pattern"][view["turn"]]
            lines.append(t(language, "Schemin' {pattern} — turn {turn}: {kind}", pattern=pattern,
                           turn=view["turn"] + 1, kind=symbol_name(language, symbol)))
        elif view["phase"] == "steal":
            lines.append(stealing_line(language, view, names))
    lines += train_lines(language, view, names)
    lines += [bandit_line(language, view, b, names) for b in view["bandits"]]
    pile = pile_line(language, view, names)
    if pile:
        lines.append(pile)
    shown = list(recent)
    while shown and len("\n".join([*lines, "", *shown])) > TABLE_LIMIT:
        shown.pop(0)  # the oldest lines give way: the message must fit in Telegram's limit
    if shown:
        lines.append("")
        lines += [f"• {line}" for line in shown]
    return "\n".join(lines)


def stealing_line(language: str, view: dict[str, Any], names: Sequence[str]) -> str:
    """Return the Stealin' progress and, once it is turned up, whose card resolves now."""
    pile, index = view["pile"], view["resolving"]
    line = t(language, "Stealin': resolving card {n} of {total}",
             n=min(index + 1, len(pile)), total=len(pile))
    played = pile[index] if index < len(pile) else None
    if played is not None and played["card"] is not None and view["to_act"]:
        line += " · " + t(language, "▶ {name}: {card}",
                          name=bandit_name(view, played["bandit"], names),
                          card=card_label(language, played["card"][1]))
    return line


def decision_name(language: str, decision: str | None) -> str:
    """Return what a pending decision asks, in words."""
    names = {
        "team_setup": t(language, "choose the team's Marshal card and who starts in the "
                                  "caboose"),
        "scheme": t(language, "play a card or draw 3 (in private)"),
        "discard": t(language, "choose cards to discard (in private)"),
        "move": t(language, "choose where to move"), "fire": t(language, "choose who to shoot"),
        "punch": t(language, "choose who to punch"),
        "punch_loot": t(language, "choose the loot to knock loose"),
        "punch_push": t(language, "choose where to push"),
        "cheyenne_take": t(language, "Cheyenne: keep the purse?"),
        "rob": t(language, "choose the loot to take"),
        "marshal": t(language, "choose where the Marshal goes"),
        "pickpocket": t(language, "Pickpocketing: take a purse?"),
    }
    return names.get(decision or "", decision or "")


def waiting_line(language: str, view: dict[str, Any], names: Sequence[str]) -> str:
    """Return who the table waits for, and for what; or the final scores."""
    if view["outcome"] is not None:
        return final_lines(language, view, names)
    owed = ", ".join(html.escape(short(names[i])) for i in view["to_act"])
    return t(language, "⏳ {names}: {decision}", names=owed,
             decision=decision_name(language, view["decision"]))


def final_lines(language: str, view: dict[str, Any], names: Sequence[str]) -> str:
    """Return the final scores, richest first, and the winners."""
    scores = view["scores"] or []
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    lines = [t(language, "🏁 Game over. Scores:")]
    lines += [f"{'🏆' if s in view['outcome']['winners'] else '•'} "
              f"{html.escape(names[s])}: ${scores[s]}" for s in order]
    return "\n".join(lines)


def action_label(language: str, action: str, view: dict[str, Any],
                 names: Sequence[str]) -> str:
    """Return the button label of an action text (see core/colt_express/actions.py)."""
    head = action[0]
    two = len(view["seats"]) == 2
    if head in "pqz" and len(action) == 3:
        bandit, kind = int(action[1]), action[2]
        owner = f" · {view['bandits'][bandit]['character'].title()}" if two else ""
        label = card_label(language, kind) + owner
        if head == "q":
            return t(language, "🂠 {card} face down", card=label)
        return t(language, "🗑 {card}", card=label) if head == "z" else label
    labels: dict[str, Callable[[], str]] = {
        "d": lambda: t(language, "🃏 Draw 3"),
        "k": lambda: t(language, "✅ Keep the rest"),
        "y": lambda: t(language, "✅ Take it"), "n": lambda: t(language, "✖️ Leave it"),
        "gf": lambda: t(language, "◀️ Push toward the locomotive"),
        "gb": lambda: t(language, "▶️ Push toward the caboose"),
        "sf": lambda: t(language, "⭐◀️ Marshal toward the locomotive"),
        "sb": lambda: t(language, "⭐▶️ Marshal toward the caboose"),
        "lp": lambda: t(language, "👛 A purse"), "lj": lambda: t(language, "💎 A jewel"),
        "ls": lambda: t(language, "🧰 The strongbox"),
    }
    if action in labels:
        return labels[action]()
    if head == "m":
        forward = action[1] == "f"
        car = view["bandits"][view["acting_bandit"]]["car"] + int(action[2]) * (-1 if forward
                                                                                 else 1)
        return f"{'◀️' if forward else '▶️'} {car_title(language, view, car)}"
    if head == "t":
        return "🎯 " + bandit_label(view, int(action[1:]), names)  # labels are plain text
    if head == "a":
        seat = view["viewer"] if view["viewer"] is not None else view["to_act"][0]
        team = view["seats"][seat]["bandits"]
        marshal = view["bandits"][team[int(action[1])]]["character"].title()
        caboose = view["bandits"][team[int(action[2])]]["character"].title()
        return t(language, "⭐ {marshal} · 🚃 {caboose} in the caboose", marshal=marshal,
                 caboose=caboose)
    return action


def prompt_buttons(language: str, view: dict[str, Any], legal: Sequence[str],
                   names: Sequence[str], game_id: int) -> Buttons:
    """Return one button per legal action, two per row when there are many."""
    buttons = [(action_label(language, a, view, names), action_data(game_id, view["version"], a))
               for a in legal]
    width = 2 if len(buttons) > 4 else 1
    return tuple(tuple(buttons[i:i + width]) for i in range(0, len(buttons), width))


def hand_text(language: str, view: dict[str, Any], names: Sequence[str]) -> str:
    """Return a player's private hand message: the hand, deck size and what is asked."""
    counts = Counter(view["hand_keys"])
    two = len(view["seats"]) == 2
    items = []
    for key, count in counts.items():
        owner = f" ({view['bandits'][int(key[0])]['character'].title()})" if two else ""
        items.append(f"{card_label(language, key[1])}{owner}" + (f" ×{count}" if count > 1 else ""))
    seat = view["seats"][view["viewer"]]
    lines = [t(language, "🂠 Your hand: {cards}", cards=", ".join(items) or "—"),
             t(language, "Deck: {deck} · discard: {discard}", deck=seat["deck"],
               discard=seat["discard"])]
    mine = [b for b in view["bandits"] if b["seat"] == view["viewer"]]
    for bandit in mine:
        values = bandit["purse_values"] or ()
        if values:
            lines.append(t(language, "👛 Your purses ({name}): {values}",
                           name=bandit["character"].title(),
                           values=", ".join(f"${v}" for v in values)))
    secret = [f"{i + 1}. {card_label(language, p['card'][1])}" for i, p in enumerate(view["pile"])
              if p["face_down"] and p["card"] is not None and p["seat"] == view["viewer"]]
    if secret:
        lines.append(t(language, "🂠 Your face-down cards: {cards}", cards=", ".join(secret)))
    if view["decision"] == "scheme":
        symbol = view["pattern"][view["turn"]]
        lines.append(t(language, "👉 Your turn: {kind}", kind=symbol_name(language, symbol)))
    elif view["decision"] == "discard":
        lines.append(t(language, "👉 Discard the cards you do not want; the rest goes back "
                                 "on top of your deck."))
    return "\n".join(lines)


def event_line(language: str, event: dict[str, Any], names: Sequence[str],
               view: dict[str, Any]) -> str | None:
    """Return one public event as a short line, or None for events not worth a line."""
    kind = event["kind"]

    def who(key: str = "bandit") -> str:
        return bandit_name(view, event[key], names)

    def seat() -> str:
        return html.escape(short(names[event["seat"]]))

    def moved() -> str | None:
        place = car_title(language, view, event["car"])
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
                                  card=card_label(language, event["card"][1]))),
        "cards_drawn": lambda: (None if event["start"] else
                                t(language, "{name} draws {count}", name=seat(),
                                  count=event["count"])),
        "passed": lambda: t(language, "{name} cannot play and passes", name=seat()),
        "hand_discarded": lambda: t(language, "{name} discards {count}", name=seat(),
                                    count=event["count"]),
        "phase_started": lambda: t(language, "🔥 Stealin': the pile is resolved in order"),
        "card_resolved": lambda: t(language, "▶ {name}: {card}", name=who(),
                                   card=card_label(language, event["card"][1])),
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
                                   car=car_title(language, view, event["car"])),
        "round_event": lambda: t(language, "📜 End of round: {card}",
                                 card=round_card_name(language, event["card"])),
        "game_ended": lambda: t(language, "🏁 The train reaches the station!"),
    }
    make = lines.get(kind)
    return make() if make else None


def private_event_line(language: str, event: dict[str, Any]) -> str | None:
    """Return the private news of an event for its owner (drawn cards, a purse's value)."""
    if event["kind"] == "cards_drawn" and event["cards"]:
        cards = ", ".join(card_label(language, c[1]) for c in event["cards"])
        return t(language, "🃏 You drew: {cards}", cards=cards)
    if event["kind"] == "loot_taken" and event["value"]:
        return t(language, "👛 The purse holds ${value}", value=event["value"])
    return None


DM_DECISIONS = ("scheme", "discard", "team_setup")
# Events that end a turn (a turn start follows them in the same step, never precedes them).
HEADLINES = ("card_played", "cards_drawn", "hand_discarded", "round_event")
OPTIONS = {"ce_characters": ("characters", True), "ce_expert": ("expert", False)}


def option_name(language: str, option: str) -> str:
    """Return the localised name of a table option."""
    return {"characters": t(language, "Characters' abilities"),
            "expert": t(language, "Expert variant")}.get(option, option)


class ColtFront:
    """Colt Express's front: the train table, hands and face-down plays by DM only."""

    def title(self, language: str) -> str:
        """Return the game's localised title."""
        return t(language, "Colt Express")

    def table_text(self, language: str, view: dict[str, Any], names: Sequence[str],
                   recent: Sequence[str]) -> str:
        """Return the group table with the turn's recent lines."""
        return table(language, view, names, recent, self.title(language))

    def waiting_line(self, language: str, view: dict[str, Any], names: Sequence[str]) -> str:
        """Return whom the table waits for, or the final scores."""
        return waiting_line(language, view, names)

    def event_line(self, language: str, event: dict[str, Any], names: Sequence[str],
                   view: dict[str, Any]) -> str | None:
        """Return one public event as a line, or None."""
        return event_line(language, event, names, view)

    def is_turn_start(self, event: dict[str, Any]) -> bool:
        """Return True for a Schemin' turn and for the start of Stealin'."""
        return bool(event["kind"] in ("scheme_turn", "phase_started"))

    def is_headline(self, event: dict[str, Any]) -> bool:
        """Return True for what can end a turn: the turn's last play, draw or discard, and
        the end-of-round event; the next turn's message opens with it."""
        return bool(event["kind"] in HEADLINES)

    def turn_marker(self, engine: Any, state: Any) -> int:
        """Return a number that changes with each Schemin' turn and each Stealin' phase."""
        return int(engine.view(state, None).turn_number)

    def clock_kind(self, engine: Any, state: Any) -> str:
        """Return "turn": every Colt Express decision is the owner's own move."""
        return "turn"

    def answers_independently(self, engine: Any, state: Any) -> bool:
        """Return True for the expert discard and the 2-player set-up: each seat's own cards."""
        return bool(engine.view(state, None).decision in ("discard", "team_setup"))

    def group_prompt(self, engine: Any, state: Any) -> tuple[int | None, list[str]]:
        """Return the owner and choices of a public Stealin' decision; none while scheming."""
        owed = sorted(engine.to_act(state))
        view = engine.view(state, None)
        if len(owed) != 1 or view.decision in DM_DECISIONS:
            return None, []
        return owed[0], [engine.encode_action(a) for a in engine.legal_actions(state, owed[0])]

    def private_prompts(self, engine: Any, state: Any) -> dict[int, list[str]]:
        """Return the hand decisions (play, draw, discard, team set-up), each by DM."""
        view = engine.view(state, None)
        if view.decision not in DM_DECISIONS:
            return {}
        return {seat: [engine.encode_action(a) for a in engine.legal_actions(state, seat)]
                for seat in sorted(engine.to_act(state))}

    def prompt_buttons(self, language: str, view: dict[str, Any], legal: Sequence[str],
                       names: Sequence[str], game_id: int,
                       keep: frozenset[int] | None = None) -> Buttons:
        """Return one button per legal action."""
        return prompt_buttons(language, view, legal, names, game_id)

    def private_prompt_text(self, language: str, view: dict[str, Any],
                            names: Sequence[str]) -> str:
        """Return the seat's hand, deck and what it must decide."""
        return hand_text(language, view, names)

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
        view = engine.view_json(engine.view(state, seat))
        counts = Counter(key[1] for key in view["hand_keys"])
        hand = ", ".join(f"{KIND_ICON.get(k, k)}×{n}" for k, n in counts.items()) or "—"
        values = [v for b in view["bandits"] if b["seat"] == seat
                  for v in (b["purse_values"] or ())]
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


def colt_character_help(language: str, character: str) -> str | None:
    """Return a Colt Express character's name and ability in `language`, or None."""
    abilities = {
        "belle": t(language, "Cannot be the target of a Fire or a Punch when someone else "
                             "could be."),
        "cheyenne": t(language, "When her Punch knocks a purse loose, she may keep it."),
        "django": t(language, "A bandit he shoots is pushed one car further in the "
                              "direction of the shot."),
        "doc": t(language, "Draws 7 cards instead of 6 at the start of each round."),
        "ghost": t(language, "May play his card face down in the first turn of each round."),
        "tuco": t(language, "Can also shoot through the floor or roof of his own car."),
    }
    ability = abilities.get(character)
    return None if ability is None else f"{character.title()} (Colt Express): {ability}"


def colt_rules(language: str) -> str:
    """Return a short summary of Colt Express's rules."""
    return t(language,
             "Colt Express: 5 rounds. Schemin': in turn order, play a card on the common pile "
             "(face down in a tunnel) or draw 3, in private. Stealin': the pile resolves in "
             "order and each owner chooses: move (1 car inside, up to 3 on the roof), change "
             "floor, fire (inside: adjacent cars; roof: the nearest bandits each way), punch "
             "(drops loot, pushes a car), rob, or move the Marshal, who shoots anyone inside "
             "his car. The richest bandit wins; the top shooter earns $1000. /rules <character> "
             "explains a character, e.g. /rules belle.")
