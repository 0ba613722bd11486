"""`/rules`: each game's summary, and every role, identity, character, card, equipment and
table option of the three games explained by name.

The names come from the engines' own lists (core ids), so a card registered there is found
here by its id and by its name in any of the three languages; its text comes from the
game's front. A name is matched without case, accents, spaces or punctuation, in full or
by a prefix that names one thing ("jour" → Jourdonnais); a prefix naming several lists
them. A name several games share (Bart Cassidy) is explained for each, the chat's game
first.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from core.bang_cards.gold_rush.equipment import GEAR, Gear
from core.bang_cards.ids import Character as CardsCharacter
from core.bang_cards.ids import GoldRushCharacter, Kind
from core.bang_cards.ids import Role as CardsRole
from core.bang_dice.ids import IDENTITY_ROLE, Identity, Module
from core.bang_dice.ids import Character as DiceCharacter
from core.bang_dice.ids import Role as DiceRole
from core.colt_express.ids import ROUND_CARDS, STATION_CARDS, CardKind
from core.colt_express.ids import Character as ColtCharacter
from tgbot.i18n import LANGUAGES, N_, t
from tgbot.render.cards import events as cards_events
from tgbot.render.cards.front import TABLE_OPTIONS
from tgbot.render.cards.front import option_name as cards_option_name
from tgbot.render.cards.gold_rush import gear_name
from tgbot.render.cards.gold_rush_rules import gear_help
from tgbot.render.cards.labels import kind_label, kind_name
from tgbot.render.cards.rules import card_help, cards_character_help, cards_rules
from tgbot.render.colt.front import OPTIONS as COLT_OPTIONS
from tgbot.render.colt.front import option_name as colt_option_name
from tgbot.render.colt.labels import kind_name as colt_kind_name
from tgbot.render.colt.labels import round_card_name
from tgbot.render.colt.rules import colt_card_help, colt_character_help, colt_round_help, colt_rules
from tgbot.render.dice import secrets as dice_secrets
from tgbot.render.dice.characters import character_help
from tgbot.render.dice.front import character_name, module_name
from tgbot.render.front import front_for
from tgbot.render.options_help import cards_option_help, colt_option_help, module_help
from tgbot.render.roles import goal_line, role_lines, role_name

GAMES = ("bang_dice", "colt_express", "bang_cards")
GAME_WORDS = {"bang_dice": ("dice", "dados", "dadi"), "bang_cards": ("cards", "cartas", "carte"),
              "colt_express": ("colt", "train", "trem", "treno")}
"""The one word players say for each game, in each language: `/rules dados` means the dice
game, not the Old Saloon dice whose name begins with it."""
LISTED = 40  # the most names an ambiguous prefix lists


Namer = Callable[[str, str], str]  # (language, id) -> a name
Teller = Callable[[str, str], str | None]  # (language, id) -> what it does


@dataclass(frozen=True)
class Entry:
    """One thing `/rules` explains: its game, engine id, and how to name and tell it."""

    game: str
    key: str
    name_of: Namer
    text_of: Teller
    by_id: bool = True  # Colt Express's card ids are single letters: found by name only

    def name(self, language: str) -> str:
        """Return the entry's name in `language`."""
        return self.name_of(language, self.key)

    def text(self, language: str) -> str | None:
        """Return what the entry is or does, in `language`."""
        return self.text_of(language, self.key)


def plain(text: str) -> str:
    """Return a name as `/rules` compares it: lower case, without accents, spaces or
    punctuation ("José Delgado" → "josedelgado")."""
    bare = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in bare if c.isalnum() and not unicodedata.combining(c))


def title(language: str, game: str) -> str:
    """Return a game's localised title."""
    return front_for(game).title(language)


def dice_rules(language: str) -> str:
    """Return a short summary of the dice game's rules."""
    return t(language,
             "BANG! The Dice Game: roll 5 dice and re-roll any of them up to twice (dynamite "
             "stays). Arrows are taken at once; when the pile empties the Indians attack. "
             "Then: 3 dynamite cost you 1 life, ① and ② hit players at that distance, beers "
             "heal, 3 gatlings hit everyone else. The Sheriff and Deputies hunt the Outlaws "
             "and Renegades; Outlaws want the Sheriff dead; a Renegade wants to be the last "
             "one standing. /rules <character> explains a character, e.g. /rules bart "
             "cassidy.")


def _dice_role(language: str, role: str) -> str:
    return _role_text(language, "bang_dice", role, dice_secrets.TARGETS)


def _cards_role(language: str, role: str) -> str:
    return _role_text(language, "bang_cards", role, cards_events.TARGETS)


def _role_text(language: str, game: str, role: str, targets: dict[str, str]) -> str:
    """Return a base role's side and goal, and whom it hunts with three players."""
    lines = role_lines(language, game, role)
    prey = targets.get(role)
    if prey is not None:
        lines.append(goal_line(language, role, prey))
    return f"{role_name(language, role)} ({title(language, game)}): " + " ".join(lines)


def _identity_text(language: str, identity: str) -> str:
    """Return an Old Saloon identity card's side, goal and power."""
    side = IDENTITY_ROLE[Identity(identity)].value
    lines = role_lines(language, "bang_dice", side, identity)
    return (f"{role_name(language, identity)} ({title(language, 'bang_dice')}, Old Saloon, "
            f"{role_name(language, side)}): " + " ".join(lines))


def _character(language: str, character: str) -> str:
    return character_name(character)


def _bandit(language: str, character: str) -> str:
    return character.title()


def _headed(game: str, heading: Namer, text: Teller) -> Teller:
    """Return a teller that puts `heading` and the game's title before `text`."""
    def tell(language: str, key: str) -> str | None:
        found = text(language, key)
        return None if found is None else (
            f"{heading(language, key)} ({title(language, game)}): {found}")
    return tell


def _gear_text(language: str, gear: str) -> str | None:
    """Return an equipment kind's name, cost and effect."""
    text = gear_help(language, gear)
    return None if text is None else (
        f"{gear_name(language, gear)} ("
        + t(language, "Gold Rush equipment, {cost}💰", cost=GEAR[Gear(gear)].cost)
        + f"): {text}")


def _kind_text(language: str, kind: str) -> str | None:
    """Return what a card kind does, without its heading."""
    return card_help(language, kind)


def _entries(game: str, ids: Sequence[str], name_of: Namer, text_of: Teller,
             by_id: bool = True) -> list[Entry]:
    return [Entry(game, key, name_of, text_of, by_id) for key in ids]


def _dice_entries() -> list[Entry]:
    game = "bang_dice"
    return [*_entries(game, list(DiceRole), role_name, _dice_role),
            *_entries(game, list(Identity), role_name, _identity_text),
            *_entries(game, list(DiceCharacter), _character, character_help),
            *_entries(game, list(Module), module_name,
                      _headed(game, module_name, module_help))]


def _cards_entries() -> list[Entry]:
    game = "bang_cards"
    return [*_entries(game, list(CardsRole), role_name, _cards_role),
            *_entries(game, [*CardsCharacter, *GoldRushCharacter], _character,
                      cards_character_help),
            *_entries(game, list(Kind), kind_name, _headed(game, kind_label, _kind_text)),
            *_entries(game, list(Gear), gear_name, _gear_text),
            *_entries(game, TABLE_OPTIONS, cards_option_name,
                      _headed(game, cards_option_name, cards_option_help))]


def _colt_entries() -> list[Entry]:
    game = "colt_express"
    options = [name for name, _ in COLT_OPTIONS.values()]
    return [*_entries(game, list(ColtCharacter), _bandit, colt_character_help),
            *_entries(game, list(CardKind), colt_kind_name, colt_card_help, by_id=False),
            *_entries(game, [*ROUND_CARDS, *STATION_CARDS], round_card_name, colt_round_help),
            *_entries(game, options, colt_option_name,
                      _headed(game, colt_option_name, colt_option_help))]


def _summary(language: str, game: str) -> str:
    return SUMMARIES[game](language)


SUMMARIES: dict[str, Callable[[str], str]] = {
    "bang_dice": dice_rules, "colt_express": colt_rules, "bang_cards": cards_rules}


@cache
def entries() -> tuple[Entry, ...]:
    """Return everything `/rules` explains: the games, then each game's names."""
    games = [Entry(game, game, title, _summary) for game in GAMES]
    return (*games, *_dice_entries(), *_colt_entries(), *_cards_entries())


@cache
def keys(entry: Entry) -> frozenset[str]:
    """Return the words that name an entry: its id and its name in every language."""
    found = {plain(entry.name(language)) for language in LANGUAGES}
    found.update(plain(word) for word in GAME_WORDS.get(entry.key, ()))
    if entry.by_id:
        found.add(plain(entry.key))
    return frozenset(found - {""})


def find(language: str, word: str) -> tuple[list[Entry], bool]:
    """Return the entries a word names, and whether it names them in full: by id or name
    in any language, else as the beginning of a name in `language`, else of a name in any
    language."""
    wanted = plain(word)
    if not wanted:
        return [], False
    exact = [entry for entry in entries() if wanted in keys(entry)]
    if exact:
        return exact, True
    local = [entry for entry in entries() if plain(entry.name(language)).startswith(wanted)]
    return local or [entry for entry in entries()
                     if any(k.startswith(wanted) for k in keys(entry))], False


def rules_reply(language: str, word: str, kind: str | None, *, private: bool = False) -> str:
    """Return the answer to `/rules [word]` in a chat playing `kind` (None: none; `private`:
    the player's private chat, where no game is played): the chat's game summary (with no
    game, the three games, where they are opened and how to ask about each), what the named
    things do, or the names a prefix could mean."""
    if not plain(word):
        if kind is None:  # no game here: which games there are, and how to learn each
            titles = ", ".join(title(language, game) for game in GAMES)
            opening = t(language, "I host three games: {games}. They are played in groups: "
                                  "add me to a group and send /newgame there.", games=titles) \
                if private else t(language, "No game is running in this chat. I host three "
                                            "games: {games}; /newgame opens a table.",
                                  games=titles)
            return "\n\n".join([opening, t(language, HOW_TO)])
        return "\n\n".join([SUMMARIES[kind](language), t(language, HOW_TO)])
    found, whole = find(language, word)
    found.sort(key=lambda entry: entry.game != kind)
    names = sorted({entry.name(language) for entry in found}, key=plain)
    if not whole and len({plain(name) for name in names}) > 1:
        shown = ", ".join(names[:LISTED]) + (" …" if len(names) > LISTED else "")
        return t(language, "Several names begin with “{word}”: {names}. Which one? e.g. "
                           "/rules {first}", word=word, names=shown, first=names[0])
    texts = [text for entry in found if (text := entry.text(language))]
    if any(entry.key in GAMES for entry in found):
        texts.append(t(language, HOW_TO))
    return "\n\n".join(texts) or t(language, "I know no role, character, card or equipment "
                                             "by that name. Try /rules bart cassidy, /rules "
                                             "panic or /rules colt express.")


HOW_TO = N_("/rules <name> explains any role, character, card, equipment or option of the "
            "three games, in any of their languages; /rules colt express, /rules bang cards "
            "or /rules bang dice sums up a game.")
