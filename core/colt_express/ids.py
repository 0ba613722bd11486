"""Fixed facts of Colt Express: cards, round cards, characters, cars and loot [CE-COMP]."""

from __future__ import annotations

# Action kinds by their one-letter code, as used in card ids and action texts [CE-COMP-2].
MOVE, FLOOR, FIRE, ROB, PUNCH, MARSHAL, BULLET = "m", "c", "f", "r", "p", "s", "b"
ACTION_KINDS = (MOVE, FLOOR, FIRE, ROB, PUNCH, MARSHAL)
KIND_NAMES = {MOVE: "move", FLOOR: "floor_change", FIRE: "fire", ROB: "robbery",
              PUNCH: "punch", MARSHAL: "marshal", BULLET: "bullet"}
# One bandit's ten action cards: two of each, one punch, one marshal [CE-COMP-2].
DECK_COUNTS = {MOVE: 2, FLOOR: 2, FIRE: 2, ROB: 2, PUNCH: 1, MARSHAL: 1}
BULLETS_PER_BANDIT = 6


CHARACTERS = ("belle", "cheyenne", "django", "doc", "ghost", "tuco")
BELLE, CHEYENNE, DJANGO, DOC, GHOST, TUCO = CHARACTERS

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

# Loot token ids: p<value>_<n> purse, j<n> jewel, s<n> strongbox, r<n> ransom credit.
PURSE, JEWEL, STRONGBOX, RANSOM = "p", "j", "s", "r"
PURSE_VALUES = [250] * 8 + [300, 300, 350, 350, 400, 400, 450, 450, 500, 500]
JEWELS = 6
STRONGBOXES = 2
LOOT_ORDER = (STRONGBOX, JEWEL, PURSE)  # most valuable type first


GUNSLINGER_BONUS = 1000
RANSOM_VALUE = 250

# Decisions (the `decision` of a pending frame) [CE-DEC-*].
TEAM_SETUP = "team_setup"
SCHEME = "scheme"
DISCARD = "discard"
MOVE_CHOICE = "move"
FIRE_TARGET = "fire"
PUNCH_TARGET = "punch"
PUNCH_LOOT = "punch_loot"
PUNCH_PUSH = "punch_push"
CHEYENNE_TAKE = "cheyenne_take"
ROB_CHOICE = "rob"
MARSHAL_MOVE = "marshal"
PICKPOCKET = "pickpocket"

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


def loot_type(token: str) -> str:
    """Return a loot token's type letter (p, j, s or r)."""
    return token[0]


def loot_value(token: str) -> int:
    """Return a loot token's value in dollars [CE-LOOT-1, CE-SCORE-1]."""
    kind = token[0]
    if kind == PURSE:
        return int(token[1:].split("_")[0])
    return {JEWEL: 500, STRONGBOX: 1000, RANSOM: RANSOM_VALUE}[kind]


def card_kind(card: str) -> str:
    """Return a card's kind letter: an action kind or b for a bullet."""
    return card[1]


def card_bandit(card: str) -> int:
    """Return the bandit an action card belongs to, or who fired a bullet card (-1: neutral)."""
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
