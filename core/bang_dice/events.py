"""Events of the dice game: typed records of what happened, each with its audience."""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.protocol import Event


@dataclass(kw_only=True)
class RoleDealt(Event):
    """A seat received its identity; private unless the role is public."""

    kind: str = "role_dealt"
    seat: int
    role: str
    identity: str | None = None


@dataclass(kw_only=True)
class TurnStarted(Event):
    kind: str = "turn_started"
    seat: int
    turn_number: int


@dataclass(kw_only=True)
class DiceRolled(Event):
    """The dice at `dice` were rolled and now show `faces` (same order)."""

    kind: str = "dice_rolled"
    seat: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]


@dataclass(kw_only=True)
class RollingStopped(Event):
    kind: str = "rolling_stopped"
    seat: int
    final: tuple[str, ...]


@dataclass(kw_only=True)
class ArrowTaken(Event):
    kind: str = "arrow_taken"
    seat: int
    pile: int
    chief: bool = False
    from_seat: int | None = None


@dataclass(kw_only=True)
class ArrowsReturned(Event):
    """Arrows went back to the pile; `reason` is gatling, elimination, ability or indians."""

    kind: str = "arrows_returned"
    seat: int
    count: int
    reason: str
    chief: bool = False


@dataclass(kw_only=True)
class IndiansAttacked(Event):
    kind: str = "indians_attacked"
    seat: int


@dataclass(kw_only=True)
class DynamiteExploded(Event):
    kind: str = "dynamite_exploded"
    seat: int


@dataclass(kw_only=True)
class HitAssigned(Event):
    kind: str = "hit_assigned"
    seat: int
    target: int
    symbol: int
    doubled: bool


@dataclass(kw_only=True)
class BeerAssigned(Event):
    kind: str = "beer_assigned"
    seat: int
    target: int


@dataclass(kw_only=True)
class ArrowDiscarded(Event):
    """Kit Carlson made `target` return one arrow."""

    kind: str = "arrow_discarded"
    seat: int
    target: int


@dataclass(kw_only=True)
class GatlingFired(Event):
    kind: str = "gatling_fired"
    seat: int


@dataclass(kw_only=True)
class ArrowsInsteadOfLife(Event):
    """Bart Cassidy took arrows instead of losing life."""

    kind: str = "arrows_instead_of_life"
    seat: int
    count: int


@dataclass(kw_only=True)
class LifeLost(Event):
    kind: str = "life_lost"
    seat: int
    amount: int
    cause: str
    source: int | None


@dataclass(kw_only=True)
class LifeGained(Event):
    """A seat gained life; `cause` is beer, sid_ketchum, vulture_sam or suzy_lafayette."""

    kind: str = "life_gained"
    seat: int
    amount: int
    cause: str


@dataclass(kw_only=True)
class Eliminated(Event):
    kind: str = "eliminated"
    seat: int
    role: str


@dataclass(kw_only=True)
class SeatRemoved(Event):
    """An admin removed the seat's player; its elimination follows."""

    kind: str = "seat_removed"
    seat: int


@dataclass(kw_only=True)
class GameEnded(Event):
    kind: str = "game_ended"
    side: str | None
    winners: tuple[int, ...]
    reason: str


@dataclass(kw_only=True)
class DiceChosen(Event):
    """The active player's dice for this turn (Old Saloon dice choice) [OS-DICE-1]."""

    kind: str = "dice_chosen"
    seat: int
    dice: tuple[str, ...]


@dataclass(kw_only=True)
class GhostFacesSet(Event):
    """A Ghost token fixed these dice before the first roll [OS-GHOST-7]."""

    kind: str = "ghost_faces_set"
    seat: int
    dice: tuple[int, ...]
    face: str


@dataclass(kw_only=True)
class GhostTokenGiven(Event):
    kind: str = "ghost_token_given"
    seat: int
    target: int
    face: str
    double: bool


@dataclass(kw_only=True)
class BecameGhost(Event):
    kind: str = "became_ghost"
    seat: int
    plays_as: str


@dataclass(kw_only=True)
class LossTaken(Event):
    """Molly Stark took another player's loss [OS-CHAR-MOLLY-1]."""

    kind: str = "loss_taken"
    seat: int
    target: int
    amount: int


@dataclass(kw_only=True)
class ArrowGiven(Event):
    """Elena Fuente sent one rolled arrow to another player [OS-CHAR-ELENA-1]."""

    kind: str = "arrow_given"
    seat: int
    target: int


@dataclass(kw_only=True)
class WindowOpened(Event):
    """A reaction window opened for one identity card; it says nothing of who holds it."""

    kind: str = "window_opened"
    identity: str


@dataclass(kw_only=True)
class IdentityRevealed(Event):
    kind: str = "identity_revealed"
    seat: int
    identity: str
    role: str


@dataclass(kw_only=True)
class EffectCancelled(Event):
    """The Judge cancelled the effect of a revealed identity."""

    kind: str = "effect_cancelled"
    seat: int
    identity: str


@dataclass(kw_only=True)
class HealCancelled(Event):
    """The Bad cancelled a gain of life."""

    kind: str = "heal_cancelled"
    seat: int
    target: int
    cause: str


@dataclass(kw_only=True)
class ArrowsSwapped(Event):
    kind: str = "arrows_swapped"
    seat: int
    first: int
    second: int


@dataclass(kw_only=True)
class DieSet(Event):
    """The Doctor set a die to a face."""

    kind: str = "die_set"
    seat: int
    die: int
    face: str


@dataclass(kw_only=True)
class SheriffChanged(Event):
    kind: str = "sheriff_changed"
    seat: int
    former: int


@dataclass(kw_only=True)
class SavedFromDeath(Event):
    kind: str = "saved_from_death"
    seat: int
