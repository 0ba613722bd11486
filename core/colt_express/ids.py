"""Fixed facts of Colt Express: cards, round cards, characters, cars and loot [CE-COMP]."""

from __future__ import annotations

from enum import StrEnum


class CardKind(StrEnum):
    """A card's kind by its one-letter code, as used in card ids and action texts [CE-COMP-2]."""

    MOVE = "m"
    FLOOR = "c"
    FIRE = "f"
    ROB = "r"
    PUNCH = "p"
    MARSHAL = "s"
    BULLET = "b"


ACTION_KINDS = tuple(kind for kind in CardKind if kind != CardKind.BULLET)
# One bandit's ten action cards: two of each, one punch, one marshal [CE-COMP-2].
DECK_COUNTS = {CardKind.MOVE: 2, CardKind.FLOOR: 2, CardKind.FIRE: 2, CardKind.ROB: 2,
               CardKind.PUNCH: 1, CardKind.MARSHAL: 1}
BULLETS_PER_BANDIT = 6


class Character(StrEnum):
    """The six bandits [CE-CHAR-0]."""

    BELLE = "belle"
    CHEYENNE = "cheyenne"
    DJANGO = "django"
    DOC = "doc"
    GHOST = "ghost"
    TUCO = "tuco"


CHARACTERS = tuple(Character)


class Direction(StrEnum):
    """Along the train: forward is toward the locomotive (car 0) [CE-GEN-1]."""

    FORWARD = "f"
    BACKWARD = "b"

    @property
    def step(self) -> int:
        """Return the change of car number one car this way makes (-1 forward, +1 back)."""
        return -1 if self is Direction.FORWARD else 1


# Turn symbols [CE-ROUND-0]: O normal, X tunnel (face down), 2 speeding-up, R switching.
NORMAL, TUNNEL, SPEEDING, SWITCHING = "O", "X", "2", "R"

# Round cards: (pattern for 2-4 players, pattern for 5-6 players) [CE-ROUND-1, R-CE-04].
ROUND_CARDS = {
    "angry_marshal": ("OOXR", "OOR"),
    "swivel_arm": ("OXOO", "OXO"),
    "braking": ("OOOO", "OXOO"),
    "take_it_all": ("OX2O", "O2R"),
    "passengers_rebellion": ("OOXOO", "OXOR"),
    "tunnels": ("OXOXO", "OXOX"),
    "bridge": ("O2O", "O2"),
}
# Train station cards, always the fifth round [CE-ROUND-2, R-CE-05].
STATION_CARDS = {"marshals_revenge": "OOXO", "pickpocketing": "OOXO", "hostage_taking": "OOXO"}
ROUNDS = 5

# Cars and the loot inside each at setup: (purses, jewels) [CE-LOOT-2, R-CE-02].
CAR_LOOT = {"car_a": (1, 0), "car_b": (2, 0), "car_c": (3, 0), "car_d": (1, 1),
            "car_e": (4, 1), "car_f": (0, 3)}
LOCOMOTIVE = "locomotive"

class LootKind(StrEnum):
    """A loot token's type letter [CE-LOOT-1].

    Loot token ids: p<value>_<n> purse, j<n> jewel, s<n> strongbox, r<n> ransom credit.
    """

    PURSE = "p"
    JEWEL = "j"
    STRONGBOX = "s"
    RANSOM = "r"


PURSE, JEWEL, STRONGBOX, RANSOM = LootKind
# Letter to member, for the hot paths (an enum call is several times slower).
_KINDS = {kind.value: kind for kind in CardKind}
_LOOT_KINDS = {kind.value: kind for kind in LootKind}
PURSE_VALUES = [250] * 8 + [300, 300, 350, 350, 400, 400, 450, 450, 500, 500]
JEWELS = 6
STRONGBOXES = 2
LOOT_ORDER = (STRONGBOX, JEWEL, PURSE)  # most valuable type first


GUNSLINGER_BONUS = 1000
RANSOM_VALUE = 250
_FIXED_VALUES = {JEWEL: 500, STRONGBOX: 1000, RANSOM: RANSOM_VALUE}


class Decision(StrEnum):
    """What a pending frame asks [CE-DEC]."""

    TEAM_SETUP = "team_setup"  # CE-DEC-12
    SCHEME = "scheme"  # CE-DEC-2, CE-DEC-3
    DISCARD = "discard"  # CE-DEC-4
    MOVE = "move"  # CE-DEC-5
    FIRE = "fire"  # CE-DEC-6
    PUNCH = "punch"  # CE-DEC-7: the victim, then
    PUNCH_LOOT = "punch_loot"  # the loot type, and
    PUNCH_PUSH = "punch_push"  # the push
    CHEYENNE_TAKE = "cheyenne_take"  # CE-DEC-8
    ROB = "rob"  # CE-DEC-9
    MARSHAL = "marshal"  # CE-DEC-10
    PICKPOCKET = "pickpocket"  # CE-DEC-11


# Phases of a round.
PHASE_SETUP, PHASE_SCHEME, PHASE_DISCARD, PHASE_STEAL, PHASE_EVENT, PHASE_OVER = (
    "setup", "scheme", "discard", "steal", "event", "over")


def all_purses() -> list[str]:
    """Return every purse token id, the eight $250 purses first."""
    counts: dict[int, int] = {}
    ids = []
    for value in PURSE_VALUES:
        counts[value] = counts.get(value, 0) + 1
        ids.append(f"{PURSE}{value}_{counts[value]}")
    return ids


def loot_type(token: str) -> LootKind:
    """Return a loot token's type."""
    return _LOOT_KINDS[token[0]]


def loot_value(token: str) -> int:
    """Return a loot token's value in dollars [CE-LOOT-1, CE-SCORE-1]."""
    kind = _LOOT_KINDS[token[0]]
    if kind == PURSE:
        return int(token[1:].split("_")[0])
    return _FIXED_VALUES[kind]


def card_kind(card: str) -> CardKind:
    """Return a card's (or a card key's) kind: an action kind or a bullet."""
    return _KINDS[card[1]]


def card_bandit(card: str) -> int:
    """Return the bandit an action card (or card key) belongs to, or who fired a bullet card
    (-1: neutral)."""
    return -1 if card[0] == "n" else int(card[0])


def action_card_ids(bandit: int) -> list[str]:
    """Return a bandit's ten action card ids, e.g. 0m1 (bandit 0, first Move)."""
    return [f"{bandit}{kind}{n}" for kind, count in DECK_COUNTS.items()
            for n in range(1, count + 1)]


def pattern_of(card: str, players: int) -> str:
    """Return the turn symbols of a round or station card for a player count."""
    if card in STATION_CARDS:
        return STATION_CARDS[card]
    small, large = ROUND_CARDS[card]
    return small if players <= 4 else large
