"""Every character's rules in one place: one `Ability` per bandit [CE-CHAR-0].

The flow asks `ability_at(state, bandit)` and calls its hooks; every hook of the base
class means "no ability", which is also what every bandit has with the `characters`
option off.
"""

from __future__ import annotations

from typing import ClassVar

from core.colt_express.actions import LEAVE, TAKE, ColtAction, Loot, TakePurse
from core.colt_express.hooks import Answers, Ask
from core.colt_express.ids import TUNNEL, Character, Decision, LootKind, loot_type, pattern_of
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import drop_loot, place, take_loot
from core.engine.protocol import Event

_PURSE = Loot(LootKind.PURSE)

class Ability(Answers):
    """A character's hooks; the defaults are a bandit without an ability."""

    character: ClassVar[Character | None] = None
    shielded: ClassVar[bool] = False
    """Struck from a Fire's or a Punch's candidates that hold somebody else too."""
    extra_cards: ClassVar[int] = 0
    """Cards drawn at the start of a round on top of the usual hand."""
    hidden_play_bonus: ClassVar[int] = 0
    """What the bot adds to a card's score for playing it face down by this ability."""

    def may_play_hidden(self, state: ColtState) -> bool:
        """Return True when this bandit's card may go face down outside a tunnel now."""
        return False

    def extra_fire_targets(self, state: ColtState, bandit: int, others: list[int]) -> list[int]:
        """Return the bandits this shooter can also hit, beyond CE-FIRE-INSIDE / CE-FIRE-ROOF."""
        return []

    def after_shot(self, state: ColtState, out: list[Event], shooter: int, target: int) -> None:
        """Carry out what happens after this bandit's bullet hit `target` (nothing)."""

    def knocked_loose(self, state: ColtState, frame: Pending, token: str) -> Ask | None:
        """Return a question about a token this bandit's Punch knocked loose, or None: it drops."""
        return None

    def bot_punch_loot(self, options: list[ColtAction]) -> ColtAction | None:
        """Return the loot type the bot knocks loose with this bandit's Punch, or None."""
        return None


class Belle(Ability):
    """Belle is safe from Fire and Punch while someone else can be targeted
    [CE-CHAR-BELLE-1, CE-FIRE-BELLE]."""

    character = Character.BELLE
    shielded = True


class Cheyenne(Ability):
    """Cheyenne may keep a purse her punch knocks loose [CE-CHAR-CHEYENNE-1, CE-DEC-8]."""

    character = Character.CHEYENNE
    decisions = (Decision.CHEYENNE_TAKE,)

    def knocked_loose(self, state: ColtState, frame: Pending, token: str) -> Ask | None:
        """Return the keep-it question for a purse; jewels and strongboxes always drop."""
        if loot_type(token) != LootKind.PURSE:
            return None
        return Ask(Decision.CHEYENNE_TAKE, frame.victim, token)

    def options(self, state: ColtState, frame: Pending) -> list[ColtAction]:
        """Return: take the purse, or let it fall."""
        return [TAKE, LEAVE]

    def answer(self, state: ColtState, out: list[Event], frame: Pending,
               action: ColtAction) -> Ask | None:
        """Keep the purse or drop it where the victim stands; the Punch goes on to the push."""
        assert isinstance(action, TakePurse)
        if action.take:
            take_loot(state, out, frame.bandit, frame.token, "cheyenne")
        else:
            drop_loot(state, out, frame.victim, frame.token)
        return Ask(Decision.PUNCH_PUSH, frame.victim)

    def default(self, state: ColtState, frame: Pending, options: list[ColtAction]) -> ColtAction:
        """Return: take the purse (§16 CE-DEC-8)."""
        return TAKE

    def bot_punch_loot(self, options: list[ColtAction]) -> ColtAction | None:
        """Return a purse when there is one: she keeps what she knocks loose."""
        return next((o for o in options if o == _PURSE), None)


class Django(Ability):
    """Django's shots push the victim one car further [CE-CHAR-DJANGO-1]."""

    character = Character.DJANGO

    def after_shot(self, state: ColtState, out: list[Event], shooter: int, target: int) -> None:
        """Push the victim one car along the line of the shot, same level, if the train
        goes on that way (inside the Marshal's car: CE-MARSHAL-2)."""
        victim, me = state.bandits[target], state.bandits[shooter]
        step = (victim.car > me.car) - (victim.car < me.car)
        car = victim.car + step
        if step and 0 <= car <= state.train_length:
            place(state, out, target, car, victim.roof, "django")


class Doc(Ability):
    """Doc draws seven cards, not six, at the start of a round [CE-CHAR-DOC-1, R-CE-15]."""

    character = Character.DOC
    extra_cards = 1


class Ghost(Ability):
    """Ghost may play face down in the first turn of each round [CE-CHAR-GHOST-1, CE-DEC-3]."""

    character = Character.GHOST
    hidden_play_bonus = 1  # he hides his plan when it costs nothing

    def may_play_hidden(self, state: ColtState) -> bool:
        """Return True in the round's first turn, unless it is a tunnel (all go face down)."""
        pattern = pattern_of(state.round_cards[state.round], state.players)
        return state.turn == 0 and pattern[0] != TUNNEL


class Tuco(Ability):
    """Tuco can shoot through his own car's floor or roof [CE-CHAR-TUCO-1, CE-FIRE-TUCO]."""

    character = Character.TUCO

    def extra_fire_targets(self, state: ColtState, bandit: int, others: list[int]) -> list[int]:
        """Return whoever is on the other level of his car."""
        me = state.bandits[bandit]
        return [i for i in others if state.bandits[i].car == me.car
                and state.bandits[i].roof != me.roof]


NO_ABILITY = Ability()
ABILITIES: dict[Character, Ability] = {
    a.character: a for a in (Belle(), Cheyenne(), Django(), Doc(), Ghost(), Tuco())
    if a.character is not None}


def ability_of(character: Character) -> Ability:
    """Return a character's rules."""
    return ABILITIES[character]


def ability_at(state: ColtState, bandit: int) -> Ability:
    """Return the rules of a bandit's character; none with the option off [CE-CHAR-0]."""
    if not state.characters_on:
        return NO_ABILITY
    return ability_of(state.bandits[bandit].character)


def shielded_out(state: ColtState, candidates: list[int]) -> list[int]:
    """Return a Fire's or Punch's candidates without the shielded (Belle) when somebody else
    is one too [CE-CHAR-BELLE-1]."""
    if len(candidates) < 2:
        return candidates
    return [c for c in candidates if not ability_at(state, c).shielded]
