"""Stable ids of BANG! The Dice Game: faces, dice, roles, sides, characters, decisions."""

from __future__ import annotations

from enum import StrEnum


class Face(StrEnum):
    """A die face ([BD-COMP-2]; Old Saloon faces [OS-DICE-2])."""

    ARROW = "arrow"
    DYNAMITE = "dynamite"
    BULLSEYE_1 = "bullseye_1"
    BULLSEYE_2 = "bullseye_2"
    BEER = "beer"
    GATLING = "gatling"
    BROKEN_ARROW = "broken_arrow"
    BULLET = "bullet"
    DOUBLE_BULLSEYE_1 = "double_bullseye_1"
    DOUBLE_BULLSEYE_2 = "double_bullseye_2"
    DOUBLE_BEER = "double_beer"
    DOUBLE_GATLING = "double_gatling"


class DieKind(StrEnum):
    """Which die is rolled; each kind has its own six faces."""

    BASE = "base_die"
    LOUDMOUTH = "loudmouth_die"
    COWARD = "coward_die"


DIE_FACES: dict[DieKind, tuple[Face, ...]] = {
    DieKind.BASE: (Face.ARROW, Face.DYNAMITE, Face.BULLSEYE_1, Face.BULLSEYE_2, Face.BEER,
                   Face.GATLING),
    DieKind.LOUDMOUTH: (Face.ARROW, Face.DYNAMITE, Face.DOUBLE_BULLSEYE_1,
                        Face.DOUBLE_BULLSEYE_2, Face.DOUBLE_GATLING, Face.BULLET),
    DieKind.COWARD: (Face.ARROW, Face.DYNAMITE, Face.BULLSEYE_1, Face.BROKEN_ARROW, Face.BEER,
                     Face.DOUBLE_BEER),
}

# How many "1", "2", beer and gatling symbols each face shows [BD-GEN-4].
ONES = {Face.BULLSEYE_1: 1, Face.DOUBLE_BULLSEYE_1: 2}
TWOS = {Face.BULLSEYE_2: 1, Face.DOUBLE_BULLSEYE_2: 2}
BEERS = {Face.BEER: 1, Face.DOUBLE_BEER: 2}
GATLINGS = {Face.GATLING: 1, Face.DOUBLE_GATLING: 2}


class Role(StrEnum):
    """Identity cards [BD-COMP-3]."""

    SHERIFF = "sheriff"
    DEPUTY = "deputy"
    OUTLAW = "outlaw"
    RENEGADE = "renegade"


class Identity(StrEnum):
    """Old Saloon special identity cards [OS-ROLE-0]; a seat without one holds a normal card."""

    THE_BEAR = "the_bear"
    THE_GOOD = "the_good"
    THE_DOCTOR = "the_doctor"
    THE_JUDGE = "the_judge"
    THE_GAMBLER = "the_gambler"
    THE_BAD = "the_bad"
    THE_UGLY = "the_ugly"
    DEVILS_RIGHT_HAND = "devils_right_hand"
    DEVILS_LEFT_HAND = "devils_left_hand"


IDENTITY_ROLE: dict[Identity, Role] = {
    Identity.THE_BEAR: Role.SHERIFF,
    Identity.THE_GOOD: Role.DEPUTY,
    Identity.THE_DOCTOR: Role.DEPUTY,
    Identity.THE_JUDGE: Role.DEPUTY,
    Identity.THE_GAMBLER: Role.OUTLAW,
    Identity.THE_BAD: Role.OUTLAW,
    Identity.THE_UGLY: Role.OUTLAW,
    Identity.DEVILS_RIGHT_HAND: Role.RENEGADE,
    Identity.DEVILS_LEFT_HAND: Role.RENEGADE,
}

# Normal cards of each type that `mixed` dealing shuffles with the special ones [OS-ROLE-1].
NORMAL_CARDS: dict[Role, int] = {Role.SHERIFF: 1, Role.DEPUTY: 2, Role.OUTLAW: 3,
                                 Role.RENEGADE: 2}


class Side(StrEnum):
    """Who can win: the law, the outlaws, a renegade alone; 3-player games name the role."""

    LAW = "law"
    OUTLAWS = "outlaws"
    RENEGADE = "renegade"
    DEPUTY = "deputy"
    OUTLAW = "outlaw"


class Character(StrEnum):
    """The 16 base characters [BD-CHAR-0]."""

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
    # Old Saloon, module new_characters [OS-CHAR-0]
    JOSE_DELGADO = "jose_delgado"
    TEQUILA_JOE = "tequila_joe"
    APACHE_KID = "apache_kid"
    BILL_NOFACE = "bill_noface"
    ELENA_FUENTE = "elena_fuente"
    VERA_CUSTER = "vera_custer"
    DOC_HOLYDAY = "doc_holyday"
    MOLLY_STARK = "molly_stark"


class Module(StrEnum):
    """Old Saloon modules, each switchable on its own [OS-MOD-1]."""

    SALOON_DICE = "saloon_dice"
    CHIEF_ARROW = "chief_arrow"
    SPECIAL_IDENTITIES = "special_identities"
    NEW_CHARACTERS = "new_characters"
    GHOST = "ghost"


BASE_CHARACTERS: tuple[Character, ...] = tuple(Character)[:16]

# Old Saloon characters and the modules each one needs besides new_characters [OS-CHAR-0].
SALOON_CHARACTER_NEEDS: dict[Character, frozenset[Module]] = {
    Character.JOSE_DELGADO: frozenset({Module.SALOON_DICE}),
    Character.TEQUILA_JOE: frozenset({Module.SALOON_DICE}),
    Character.APACHE_KID: frozenset({Module.CHIEF_ARROW}),
    Character.BILL_NOFACE: frozenset(),
    Character.ELENA_FUENTE: frozenset(),
    Character.VERA_CUSTER: frozenset(),
    Character.DOC_HOLYDAY: frozenset(),
    Character.MOLLY_STARK: frozenset(),
}


CHARACTER_LIFE: dict[Character, int] = {
    Character.BART_CASSIDY: 8,
    Character.BLACK_JACK: 8,
    Character.CALAMITY_JANET: 8,
    Character.EL_GRINGO: 7,
    Character.JESSE_JONES: 9,
    Character.JOURDONNAIS: 7,
    Character.KIT_CARLSON: 7,
    Character.LUCKY_DUKE: 8,
    Character.PAUL_REGRET: 9,
    Character.PEDRO_RAMIREZ: 8,
    Character.ROSE_DOOLAN: 9,
    Character.SID_KETCHUM: 8,
    Character.SLAB_THE_KILLER: 8,
    Character.SUZY_LAFAYETTE: 8,
    Character.VULTURE_SAM: 9,
    Character.WILLY_THE_KID: 8,
    Character.JOSE_DELGADO: 7,
    Character.TEQUILA_JOE: 7,
    Character.APACHE_KID: 9,
    Character.BILL_NOFACE: 9,
    Character.ELENA_FUENTE: 7,
    Character.VERA_CUSTER: 7,
    Character.DOC_HOLYDAY: 8,
    Character.MOLLY_STARK: 8,
}


class Decision(StrEnum):
    """Kinds of pending decision ([BD-DEC-n])."""

    SID_HEAL = "sid_heal"  # BD-DEC-2
    REROLL = "reroll"  # BD-DEC-6 / BD-DEC-7
    HIT_TARGET = "hit_target"  # BD-DEC-10
    BEER_TARGET = "beer_target"  # BD-DEC-11
    KIT_DISCARD = "kit_discard"  # BD-DEC-12
    BART_ARROWS = "bart_arrows"  # BD-DEC-13
    PEDRO_RETURN = "pedro_return"  # BD-DEC-15
    DICE_CHOICE = "dice_choice"  # BD-DEC-3
    CHIEF_CHOICE = "chief_choice"  # BD-DEC-4
    BROKEN_ARROW = "broken_arrow"  # BD-DEC-5
    ELENA_GIVE = "elena_give"  # BD-DEC-8
    APACHE_STEAL = "apache_steal"  # BD-DEC-9
    MOLLY_TAKE = "molly_take"  # BD-DEC-14
    GHOST_GIVE = "ghost_give"  # BD-DEC-18
    START_REVEAL = "start_reveal"  # BD-DEC-1: every turn starts here with special identities
    WINDOW = "window"  # BD-DEC-16: a reaction window, owed by every possible holder
    LEFT_HAND_ARROWS = "left_hand_arrows"  # BD-DEC-17


class DamageKind(StrEnum):
    """Where a life loss comes from; only hits and the Gatling are caused by a player."""

    HIT = "hit"
    GATLING = "gatling"
    INDIANS = "indians"
    DYNAMITE = "dynamite"
    BULLET = "bullet"


ROLES_BY_COUNT: dict[int, tuple[Role, ...]] = {
    3: (Role.DEPUTY, Role.OUTLAW, Role.RENEGADE),  # BD-3P-1
    4: (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE),  # BD-SETUP-1
    5: (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE),
    6: (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE),
    7: (Role.SHERIFF, Role.DEPUTY, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.OUTLAW,
        Role.RENEGADE),
    8: (Role.SHERIFF, Role.DEPUTY, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.OUTLAW,
        Role.RENEGADE, Role.RENEGADE),
}

# The side a Renegade who becomes the Ghost plays for, by players at the start [OS-GHOST-4].
GHOST_RENEGADE_PLAYS_AS: dict[int, Role] = {5: Role.OUTLAW, 6: Role.DEPUTY, 7: Role.OUTLAW,
                                            8: Role.DEPUTY}

# 3-player hunters and their targets [BD-3P-3].
THREE_PLAYER_TARGET: dict[Role, Role] = {
    Role.DEPUTY: Role.RENEGADE,
    Role.RENEGADE: Role.OUTLAW,
    Role.OUTLAW: Role.DEPUTY,
}

ARROWS_IN_GAME = 9  # BD-GEN-5
