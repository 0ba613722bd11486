"""What must never reach a player: an engine's internal id, an untranslated text, a
`{placeholder}` left unfilled.

`leaks(language, text)` returns what it found in one message, button label or pop-up:

- a snake_case word (`the_doctor`, `bang_10d`, `start_reveal`);
- in pt-BR or it, an engine id that is one lower-case word (`reroll`, `outlaw`, `belle`),
  taken from the engines' own lists, so a new id is checked once registered;
- in pt-BR or it, a text that is a catalog id in English whose translation differs (a `t()`
  that missed its catalog, or English text built around it);
- a `{placeholder}`.

Tags and links are not text a player reads, and are skipped.
"""

from __future__ import annotations

import html
import re
from enum import Enum
from functools import cache

from core.bang_cards import ids as cards_ids
from core.bang_cards.gold_rush.equipment import Gear
from core.bang_dice import ids as dice_ids
from core.colt_express import ids as colt_ids
from tests.tgbot.test_i18n import _used_ids
from tgbot.i18n import catalog
from tgbot.render.dice.front import character_name

SNAKE = re.compile(r"(?<![\w/@.:=?&#-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
PLACEHOLDER = re.compile(r"\{[^{}\s]*\}")
TAG = re.compile(r"<[^>]+>")
LINK = re.compile(r"(?:https?|tg)://\S+")
FORMAT = re.compile(r"\{\w*\}")
WORD = re.compile(r"[A-Za-z']+")


def engine_enums() -> list[type[Enum]]:
    """Return every id list the three engines define (roles, identities, characters, card
    kinds, equipment, decisions, faces, modules, sides, purposes)."""
    found = []
    for module in (dice_ids, cards_ids, colt_ids):
        found += [value for value in vars(module).values()
                  if isinstance(value, type) and issubclass(value, Enum)
                  and value.__module__ == module.__name__]
    return [*found, Gear]


@cache
def engine_words(language: str) -> frozenset[str]:
    """Return the engines' ids that are one lower-case word of 3 letters or more, but not a
    word of that language's translations (Portuguese "move")."""
    words = {str(member.value) for enum in engine_enums() for member in enum}
    words |= set(colt_ids.ROUND_CARDS) | set(colt_ids.STATION_CARDS)
    used = set(re.findall(r"\w+", " ".join(catalog(language).values())))
    return frozenset(w for w in words if re.fullmatch(r"[a-z]{3,}", w) and w not in used)


def proper_names() -> set[str]:
    """Return the characters' names, which no language translates (Colt's "Ghost")."""
    names = {character_name(c.value) for c in (*dice_ids.Character, *cards_ids.Character,
                                                *cards_ids.GoldRushCharacter)}
    return names | {c.value.title() for c in colt_ids.Character}


@cache
def foreign(language: str) -> dict[str, list[re.Pattern[str]]]:
    """Return the English texts a `language` player should never read, as patterns by their
    first word: the literal parts of catalog ids whose translation differs, unless a
    translation of that language uses the same words (a name kept in English: "Gold
    Rush") or they are a character's name."""
    translations = catalog(language)
    kept = "\n".join([*translations.values(), *proper_names()])
    found: dict[str, list[re.Pattern[str]]] = {}
    for message in _used_ids():
        if translations.get(message, message) == message:
            continue
        for part in FORMAT.split(message):
            part = part.strip(" :·,;()\n")
            words = WORD.findall(part)
            if not (len(words) >= 2 or any(len(w) >= 5 for w in words)) or part in kept:
                continue
            start = r"(?<!\w)" if re.match(r"\w", part) else ""
            end = r"(?!\w)" if re.search(r"\w$", part) else ""
            found.setdefault(words[0], []).append(re.compile(start + re.escape(part) + end))
    return found


def visible(text: str) -> str:
    """Return what a player reads of an HTML text: no tags, no links, entities decoded."""
    return html.unescape(LINK.sub("", TAG.sub("", text)))


def leaks(language: str, text: str) -> list[str]:
    """Return the internal ids, untranslated texts and placeholders in `text`."""
    shown = visible(text)
    found = SNAKE.findall(shown) + PLACEHOLDER.findall(shown)
    if language != "en":
        found += [w for w in re.findall(r"\w+", shown) if w in engine_words(language)]
        patterns = foreign(language)
        found += [m.group(0) for word in set(WORD.findall(shown))
                  for pattern in patterns.get(word, ()) if (m := pattern.search(shown))]
    return found
