"""Stable ids of BANG! the card game: suits, card kinds, roles, sides, characters, decisions."""

from __future__ import annotations

from enum import StrEnum


class Suit(StrEnum):
    """A card suit, by its letter in instance ids [BC-DECK-1]."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"


class Color(StrEnum):
    """Brown cards act once and are discarded; blue cards stay in play [BC-PLAY-2, BC-PLAY-3]."""

    BROWN = "brown"
    BLUE = "blue"


class Kind(StrEnum):
    """A card kind [BC-COMP-2]."""

    BANG = "bang"
    MISSED = "missed"
    BEER = "beer"
    PANIC = "panic"
    CAT_BALOU = "cat_balou"
    DUEL = "duel"
    STAGECOACH = "stagecoach"
    GENERAL_STORE = "general_store"
    INDIANS = "indians"
    GATLING = "gatling"
    SALOON = "saloon"
    WELLS_FARGO = "wells_fargo"
    BARREL = "barrel"
    MUSTANG = "mustang"
    SCOPE = "scope"
    JAIL = "jail"
    DYNAMITE = "dynamite"
    VOLCANIC = "volcanic"
    SCHOFIELD = "schofield"
    REMINGTON = "remington"
    REV_CARABINE = "rev_carabine"
    WINCHESTER = "winchester"


class Role(StrEnum):
    """Role cards [BC-ROLE-1]."""

    SHERIFF = "sheriff"
    DEPUTY = "deputy"
    OUTLAW = "outlaw"
    RENEGADE = "renegade"


class PaidUse(StrEnum):
    """Gold Rush's paid uses in phase 2 (GR-DEC-1/8/9): a black card's or a character's."""

    GOLD_PAN = "gold_pan"
    RUCKSACK = "rucksack"
    RADDIE_SNAKE = "raddie_snake"
    JOSH_MCCLOUD = "josh_mccloud"
    JACKY_MURIETA = "jacky_murieta"


class Aim(StrEnum):
    """A pick that names no card: a random card of the target's hand [BC-PANIC-1]."""

    HAND = "hand"


class Side(StrEnum):
    """Who can win: the law, the outlaws, a renegade alone; 3-player games name the role."""

    LAW = "law"
    OUTLAWS = "outlaws"
    RENEGADE = "renegade"
    DEPUTY = "deputy"
    OUTLAW = "outlaw"


class Character(StrEnum):
    """The 16 base characters [BC-CHAR-0]."""

    BART_CASSIDY = "bart_cassidy"
    BLACK_JACK = "black_jack"
    CALAMITY_JANET = "calamity_janet"
    EL_GRINGO = "el_gringo"
    JESSE_JONES = "jesse_jones"
    JOURDONNAIS = "jourdonnais"
    KIT_CARLSON = "kit_carlson"
    LUCKY_DUKE = "lucky_duke"
    PAUL_REGRET = "paul_regret"
    PEDRO_RAMIREZ = "pedro_ramirez"
    ROSE_DOOLAN = "rose_doolan"
    SID_KETCHUM = "sid_ketchum"
    SLAB_THE_KILLER = "slab_the_killer"
    SUZY_LAFAYETTE = "suzy_lafayette"
    VULTURE_SAM = "vulture_sam"
    WILLY_THE_KID = "willy_the_kid"


class Decision(StrEnum):
    """What a pending frame asks (the BC-DEC table)."""

    DRAW_SOURCE = "draw_source"  # BC-DEC-1/2: Jesse Jones, Pedro Ramirez
    KIT_RETURN = "kit_return"  # BC-DEC-3
    PLAY = "play"  # BC-DEC-4
    STORE_PICK = "store_pick"  # BC-DEC-5
    DODGE = "dodge"  # BC-DEC-6: one target of a BANG! card
    DUEL = "duel"  # BC-DEC-7
    VOLLEY = "volley"  # BC-DEC-6/8: every target of a Gatling or Indians! at once
    SAVE = "save"  # BC-DEC-9
    LUCKY_PICK = "lucky_pick"  # BC-DEC-10
    DISCARD = "discard"  # BC-DEC-11
    DUTCH_DISCARD = "dutch_discard"  # GR-DEC-7: Dutch Will drops one card drawn in phase 1
    GEAR_USE = "gear_use"  # GR-DEC-2/3/4: how a card Josh McCloud drew is used


class Purpose(StrEnum):
    """Why a "draw!" is made [BC-CHECK-2]."""

    BARREL = "barrel"
    JOURDONNAIS = "jourdonnais"
    JAIL = "jail"
    DYNAMITE = "dynamite"
    DON_BELL = "don_bell"  # [GR-CHAR-DONBELL-1]


# Roles dealt by table size [BC-ROLE-2]; 3 players is the variant of §13 [BC-3P-1].
ROLES_BY_COUNT: dict[int, tuple[Role, ...]] = {
    3: (Role.DEPUTY, Role.OUTLAW, Role.RENEGADE),
    4: (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE),
    5: (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE),
    6: (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE),
    7: (Role.SHERIFF, Role.DEPUTY, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.OUTLAW,
        Role.RENEGADE),
    8: (Role.SHERIFF, Role.DEPUTY, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.OUTLAW,
        Role.RENEGADE, Role.RENEGADE),
}

# Whom each role hunts in the 3-player variant [BC-3P-1].
THREE_PLAYER_TARGET: dict[Role, Role] = {
    Role.DEPUTY: Role.RENEGADE,
    Role.RENEGADE: Role.OUTLAW,
    Role.OUTLAW: Role.DEPUTY,
}

class GoldRushCharacter(StrEnum):
    """The 8 Gold Rush characters [GR-CHAR-0], dealt only with the `gold_rush` option."""

    DON_BELL = "don_bell"
    DUTCH_WILL = "dutch_will"
    JACKY_MURIETA = "jacky_murieta"
    JOSH_MCCLOUD = "josh_mccloud"
    MADAM_YTO = "madam_yto"
    PRETTY_LUZENA = "pretty_luzena"
    RADDIE_SNAKE = "raddie_snake"
    SIMEON_PICOS = "simeon_picos"


AnyCharacter = Character | GoldRushCharacter

# Printed life [BC-SETUP-3]: 4, except El Gringo and Paul Regret.
CHARACTER_LIFE: dict[Character, int] = {
    character: 3 if character in (Character.EL_GRINGO, Character.PAUL_REGRET) else 4
    for character in Character
}
# [GR-CHAR-0] every Gold Rush character has 4.
PRINTED_LIFE: dict[AnyCharacter, int] = dict.fromkeys(GoldRushCharacter, 4)
for _character, _life in CHARACTER_LIFE.items():
    PRINTED_LIFE[_character] = _life

BASE_CHARACTERS: tuple[Character, ...] = tuple(Character)
GOLD_RUSH_CHARACTERS: tuple[GoldRushCharacter, ...] = tuple(GoldRushCharacter)


def character_id(text: str) -> AnyCharacter:
    """Return the character of an id, base or Gold Rush; raise ValueError if unknown."""
    try:
        return Character(text)
    except ValueError:
        return GoldRushCharacter(text)
