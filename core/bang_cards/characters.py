"""The 16 characters' abilities [BC-CHAR]: simple traits here, and where each hook lives.

| Character | Ability | Where |
|---|---|---|
| Bart Cassidy | draws a card per life lost | `damage.py: _apply` |
| Black Jack | shows his 2nd card, red draws one more | `draw.py: _black_jack` |
| Calamity Janet | BANG! and Missed! stand for each other | `ANSWERS`, `AS_BANG` here |
| El Gringo | draws from the hand of who hurt him | `damage.py: _apply` |
| Jesse Jones | 1st card from another player's hand | `draw.py` (DRAW_SOURCE) |
| Jourdonnais | a built-in Barrel | `BUILT_IN_BARREL` here, `combat.py: defend` |
| Kit Carlson | sees 3, keeps 2 | `draw.py` (KIT_RETURN) |
| Lucky Duke | two cards for every "draw!", he picks | `CHECK_CARDS` here, `checks.py` |
| Paul Regret | a built-in Mustang | `SEEN_FARTHER` here |
| Pedro Ramirez | 1st card from the discard pile | `draw.py` (DRAW_SOURCE) |
| Rose Doolan | a built-in Scope | `SEES_CLOSER` here |
| Sid Ketchum | two cards for one life | `decisions.py: sid_actions` |
| Slab the Killer | his BANG! cards need two Missed! | `SHOT_NEED` here |
| Suzy Lafayette | draws when her hand is empty | `zones.py: suzy_refills` |
| Vulture Sam | takes the cards of the eliminated | `damage.py: _eliminate` |
| Willy the Kid | any number of BANG! cards | `UNLIMITED_BANGS` here |

Gold Rush's 8 characters (`GoldRushCharacter`) are indexed in `gold_rush/characters.py`.
"""

from __future__ import annotations

from core.bang_cards.ids import AnyCharacter, Character, Kind

# [BC-CHAR-PAUL-1] others see him one farther; [BC-CHAR-ROSE-1] she sees others one closer.
SEEN_FARTHER: dict[AnyCharacter, int] = {Character.PAUL_REGRET: 1}
SEES_CLOSER: dict[AnyCharacter, int] = {Character.ROSE_DOOLAN: 1}

# [BC-CHAR-WILLY-1] no limit on BANG! cards.
UNLIMITED_BANGS: frozenset[AnyCharacter] = frozenset({Character.WILLY_THE_KID})

# [BC-CHAR-SLAB-1] Missed! effects a target of his BANG! cards needs.
SHOT_NEED: dict[AnyCharacter, int] = {Character.SLAB_THE_KILLER: 2}

# [BC-CHAR-JOURD-1] a "draw!" like a Barrel's, on top of a real Barrel.
BUILT_IN_BARREL: frozenset[AnyCharacter] = frozenset({Character.JOURDONNAIS})

# [BC-CHAR-DUKE-1] cards revealed for every "draw!".
CHECK_CARDS: dict[AnyCharacter, int] = {Character.LUCKY_DUKE: 2}

# [BC-CHAR-CALAMITY-1] what a character may use as a Missed! (against a shot) and as a
# BANG! (played on her turn, discarded in a Duel or to Indians!).
_CALAMITY = frozenset({Kind.BANG, Kind.MISSED})
ANSWERS: dict[AnyCharacter, frozenset[Kind]] = {Character.CALAMITY_JANET: _CALAMITY}
AS_BANG: dict[AnyCharacter, frozenset[Kind]] = {Character.CALAMITY_JANET: _CALAMITY}


def missed_kinds(character: AnyCharacter) -> frozenset[Kind]:
    """Return the kinds a character may play as a Missed! [BC-MISSED-1]."""
    return ANSWERS.get(character, frozenset({Kind.MISSED}))


def bang_kinds(character: AnyCharacter) -> frozenset[Kind]:
    """Return the kinds a character may play or discard as a BANG! [BC-BANG-3]."""
    return AS_BANG.get(character, frozenset({Kind.BANG}))


def shot_need(character: AnyCharacter) -> int:
    """Return the Missed! effects a target of this character's BANG! card needs."""
    return SHOT_NEED.get(character, 1)


def check_cards(character: AnyCharacter) -> int:
    """Return how many cards this character reveals for a "draw!" [BC-CHECK-3]."""
    return CHECK_CARDS.get(character, 1)
