"""Colt Express's group table: the train, the bandits, the pile, the waiting line and the
final scores (public facts only)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from core.colt_express.ids import card_kind
from core.colt_express.view import BanditView, ColtView
from tgbot.i18n import t
from tgbot.render.colt.labels import (
    KIND_ICON,
    LOOT_ICON,
    bandit_name,
    car_name,
    card_label,
    round_card_name,
    short,
    symbol_name,
)
from tgbot.render.rendered import with_recent

PILE_NAME_LIMIT = 12  # a player's name in the pile, which lists every card of the round
SYMBOL_ICON = {"O": "▫️", "X": "⬛", "2": "⏩", "R": "🔄"}


def _loot_text(counts: Sequence[tuple[str, int]]) -> str:
    return " ".join(f"{LOOT_ICON[k]}{n}" for k, n in counts if n) or "—"


def _level(view: ColtView, car: int, roof: bool, names: Sequence[str]) -> str:
    here = [bandit_name(view, b.bandit, names) for b in view.bandits
            if b.car == car and b.roof == roof]
    tokens = view.cars[car].roof if roof else view.cars[car].inside
    loot = _loot_text([(k, tokens.count(k)) for k in "sjp"])
    parts = [", ".join(here)] if here else []
    if not roof and view.marshal == car:
        parts.insert(0, "⭐")
    if loot != "—":
        parts.append(loot)
    return " · ".join(parts) or "—"


def train_lines(language: str, view: ColtView, names: Sequence[str]) -> list[str]:
    """Return three lines per car (name, roof, inside), the locomotive first."""
    lines = []
    for car, _ in enumerate(view.cars):
        title = car_name(language, len(view.cars), car)
        icon = "🚂" if car == 0 else "🚃"
        lines.append(f"{icon} <b>{title}</b>")
        lines.append(f"   ⬆️ {_level(view, car, True, names)}")
        lines.append(f"   ⬇️ {_level(view, car, False, names)}")
    return lines


def bandit_line(language: str, view: ColtView, bandit: BanditView,
                names: Sequence[str]) -> str:
    """Return a bandit's loot, bullets and cards as one line."""
    loot = _loot_text([("p", bandit.purses), ("j", bandit.jewels),
                       ("s", bandit.strongboxes), ("r", bandit.ransoms)])
    seat = view.seats[bandit.seat]
    return t(language, "{name}: {loot} · 🔫 {left}/6 · 💥 {received} · 🂠 {hand} in hand, "
                       "{deck} in deck", name=bandit_name(view, bandit.bandit, names),
             loot=loot, left=bandit.bullets_left, received=bandit.received,
             hand=seat.hand, deck=seat.deck)


def pile_line(language: str, view: ColtView, names: Sequence[str]) -> str | None:
    """Return the pile in play order (face-down cards hidden), marking the one resolving."""
    if not view.pile:
        return None
    items = []
    for index, played in enumerate(view.pile):
        who = html.escape(short(names[played.seat], PILE_NAME_LIMIT))
        card = ("🂠" if played.card is None else KIND_ICON.get(card_kind(played.card), "?"))
        mark = "👉" if view.phase == "steal" and index == view.resolving else ""
        items.append(f"{mark}{index + 1}.{who} {card}")
    return t(language, "Pile: {cards}", cards=" · ".join(items))


def table(language: str, view: ColtView, names: Sequence[str],
          recent: Sequence[str], title: str) -> str:
    """Return the group table for the group's view (public facts only)."""
    card = round_card_name(language, view.round_card)
    pattern = "".join(SYMBOL_ICON.get(s, s) for s in view.pattern)
    lines = [f"🚂 <b>{html.escape(title)}</b> — "
             + t(language, "round {number}/5: {card}", number=view.round + 1, card=card)]
    if view.outcome is None:
        if view.phase == "scheme":
            symbol = view.pattern[view.turn]
            lines.append(t(language, "Schemin' {pattern} — turn {turn}: {kind}", pattern=pattern,
                           turn=view.turn + 1, kind=symbol_name(language, symbol)))
        elif view.phase == "steal":
            lines.append(stealing_line(language, view, names))
    lines += train_lines(language, view, names)
    lines += [bandit_line(language, view, b, names) for b in view.bandits]
    pile = pile_line(language, view, names)
    if pile:
        lines.append(pile)
    return with_recent(lines, recent)


def stealing_line(language: str, view: ColtView, names: Sequence[str]) -> str:
    """Return the Stealin' progress and, once it is turned up, whose card resolves now."""
    pile, index = view.pile, view.resolving
    line = t(language, "Stealin': resolving card {n} of {total}",
             n=min(index + 1, len(pile)), total=len(pile))
    played = pile[index] if index < len(pile) else None
    if played is not None and played.card is not None and view.to_act:
        line += " · " + t(language, "▶ {name}: {card}",
                          name=bandit_name(view, played.bandit, names),
                          card=card_label(language, card_kind(played.card)))
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


def waiting_line(language: str, view: ColtView, names: Sequence[str]) -> str:
    """Return who the table waits for, and for what; or the final scores."""
    if view.outcome is not None:
        return final_lines(language, view, names)
    owed = ", ".join(html.escape(short(names[i])) for i in view.to_act)
    return t(language, "⏳ {names}: {decision}", names=owed,
             decision=decision_name(language, view.decision))


def final_lines(language: str, view: ColtView, names: Sequence[str]) -> str:
    """Return the final scores, richest first, and the winners."""
    scores = view.scores or ()
    winners = view.outcome.winners if view.outcome is not None else frozenset()
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    lines = [t(language, "🏁 Game over. Scores:")]
    lines += [f"{'🏆' if s in winners else '•'} "
              f"{html.escape(names[s])}: ${scores[s]}" for s in order]
    return "\n".join(lines)
