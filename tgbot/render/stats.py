"""The group statistics as text: a player's records (`/stats`) and the group's table
(`/top`). Numbers come from the service's tallies (tgbot/service/standings.py)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from tgbot.i18n import t
from tgbot.render.front import front_for
from tgbot.render.roles import role_name
from tgbot.service.standings import KindStats, PlayerStats, Tally

COMMA_DECIMALS = ("pt-BR", "it")


def decimal(language: str, value: float) -> str:
    """Return a number with one decimal, written as the language writes it."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if language in COMMA_DECIMALS else text


def percent(tally: Tally) -> str:
    """Return the share of games won as a whole percentage."""
    return f"{round(100 * tally.rate)}%"


def tally_line(language: str, tally: Tally) -> str:
    """Return games played, won (with the rate), the average place and the runs of wins."""
    return t(language, "{played} played · {wins} won ({rate}) · average place {place} · "
                       "winning streak {streak} (best {best})",
             played=tally.played, wins=tally.wins, rate=percent(tally),
             place=decimal(language, tally.average_place), streak=tally.streak,
             best=tally.best_streak)


def _kind_lines(language: str, kind: str, stats: KindStats) -> list[str]:
    """Return a game's lines: the whole, then by role (BANG! games) or by place."""
    try:
        title = front_for(kind).title(language)
    except KeyError:  # a game no longer offered keeps its records
        title = kind
    lines = [f"• <b>{html.escape(title)}</b>: {tally_line(language, stats.whole)}"]
    if stats.roles:
        parts = [t(language, "{role} {wins}/{played} ({rate})", role=role_name(language, role),
                   wins=tally.wins, played=tally.played, rate=percent(tally))
                 for role, tally in sorted(stats.roles.items(), key=lambda item: -item[1].played)]
        lines.append("  " + t(language, "by role: {parts}", parts=" · ".join(parts)))
    elif stats.places:
        parts = [t(language, "place {place}: {count}", place=place, count=tally.played)
                 for place, tally in stats.places.items()]
        lines.append("  " + t(language, "places: {parts}", parts=" · ".join(parts)))
    return lines


def stats_text(language: str, stats: PlayerStats, *, everywhere: bool) -> str:
    """Return a player's records: every game, then each game (`everywhere`: all his
    groups, else this group)."""
    name = html.escape(stats.name)
    if stats.overall is None:
        return (t(language, "{name} has no finished game in any group yet.", name=name)
                if everywhere else
                t(language, "{name} has no finished game in this group yet.", name=name))
    heading = (t(language, "📊 {name} in all groups", name=name) if everywhere
               else t(language, "📊 {name} in this group", name=name))
    lines = [f"<b>{heading}</b>",
             t(language, "All games: {line}", line=tally_line(language, stats.overall))]
    for kind, kind_stats in stats.kinds.items():
        lines += _kind_lines(language, kind, kind_stats)
    return "\n".join(lines)


def top_text(language: str, table: Sequence[tuple[str, Tally]]) -> str:
    """Return the group's table: its best players, most wins first."""
    if not table:
        return t(language, "No finished game here yet: start one with /newgame.")
    heading = t(language, "🏆 The group table: most wins, then fewest games")
    lines = [f"<b>{heading}</b>"]
    for rank, (name, tally) in enumerate(table, start=1):
        lines.append(t(language, "{rank}. {name}: {wins} won of {played} ({rate}), best "
                                 "streak {best}", rank=rank, name=html.escape(name),
                       wins=tally.wins, played=tally.played, rate=percent(tally),
                       best=tally.best_streak))
    lines += ["", t(language, "/stats shows your own records, /stats @name someone's.")]
    return "\n".join(lines)
