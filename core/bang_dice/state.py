"""The dice game's state: plain dataclasses, JSON through one pydantic TypeAdapter.

`agenda` is the continuation of the game as data: a stack of small tasks (the
next to run is last). A task that needs a player's answer leaves a `Frame` in
`pending` and, when it must resume afterwards, itself on top of the agenda.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter

from core.bang_dice.ids import (
    Character,
    DamageKind,
    Decision,
    DieKind,
    Face,
    Identity,
    Module,
    Role,
)
from core.engine.protocol import Outcome


@dataclass(slots=True)
class SeatState:
    """One player's public and secret facts."""

    role: Role
    character: Character
    life: int
    max_life: int
    arrows: int = 0
    alive: bool = True
    role_revealed: bool = False
    chief: bool = False
    ghost: bool = False
    token: Face | None = None
    token_double: bool = False
    identity: Identity | None = None
    identity_used: bool = False

    def copy(self) -> SeatState:
        """Return an independent copy."""
        return SeatState(self.role, self.character, self.life, self.max_life, self.arrows,
                         self.alive, self.role_revealed, self.chief, self.ghost, self.token,
                         self.token_double, self.identity, self.identity_used)

    @property
    def tokens(self) -> int:
        """Return the arrow tokens held: normal arrows plus the Chief's Arrow."""
        return self.arrows + (1 if self.chief else 0)

    @property
    def arrow_count(self) -> int:
        """Return the arrows as counted for attacks and "most arrows" (Chief's = 2) [OS-CHIEF-3]."""
        return self.arrows + (2 if self.chief else 0)


@dataclass(frozen=True)
class Die:
    """A die of the active player's set and the face it shows (None before the first roll)."""

    kind: DieKind = DieKind.BASE
    face: Face | None = None


@dataclass(slots=True)
class TurnState:
    """Facts that live for one turn only."""

    active: int
    dice: list[Die] = field(default_factory=list)
    rolls: int = 0
    max_rolls: int = 3
    exploded: bool = False
    stopped: bool = False
    hits_left: list[int] = field(default_factory=list)
    hit_totals: list[int] = field(default_factory=list)
    slab_used: bool = False
    beers_left: int = 0
    jesse_bonus: bool = False
    kit_left: int = 0
    aborted: bool = False
    ghost_turn: bool = False
    forced: list[int] = field(default_factory=list)

    def copy(self) -> TurnState:
        """Return an independent copy."""
        return TurnState(self.active, list(self.dice), self.rolls, self.max_rolls, self.exploded,
                         self.stopped, list(self.hits_left), list(self.hit_totals),
                         self.slab_used, self.beers_left, self.jesse_bonus, self.kit_left,
                         self.aborted, self.ghost_turn, list(self.forced))


@dataclass(frozen=True)
class Frame:
    """A pending decision: which seat owes it, of what kind, its bound and its targets.

    A reaction window (decision WINDOW) is owed by every seat in `waiting` at once: all
    living seats whose identity is secret, whether or not they hold `window`'s card, so
    the shape of the game never tells who holds it [OS-ROLE-9].
    """

    decision: Decision
    seat: int
    symbol: int = 0
    limit: int = 0
    targets: tuple[int, ...] = ()
    window: Identity | None = None
    waiting: tuple[int, ...] = ()

    @property
    def owed_by(self) -> tuple[int, ...]:
        """Return the seats that owe an answer now."""
        return self.waiting if self.decision is Decision.WINDOW else (self.seat,)


# --- tasks -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StartTurn:
    kind: Literal["start_turn"] = "start_turn"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class AskSid:
    kind: Literal["ask_sid"] = "ask_sid"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class Roll:
    """Roll the dice at `dice`; `first` rolls every die not fixed by a Ghost token.

    `gamble` is The Gambler's forced re-roll of every die [OS-ROLE-GAMBLER-1].
    """

    dice: tuple[int, ...] = ()
    first: bool = False
    gamble: bool = False
    kind: Literal["roll"] = "roll"
    turn_bound: ClassVar[bool] = True


ArrowSource = Literal["ask", "normal", "chief", "steal"]


@dataclass(frozen=True)
class TakeArrow:
    """`seat` takes one arrow token; `source` is decided by a frame when it is "ask"."""

    seat: int = 0
    source: ArrowSource = "ask"
    from_roll: bool = False
    kind: Literal["take_arrow"] = "take_arrow"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class RolledArrows:
    """The arrow symbols of one roll, before Elena Fuente may give one away [OS-CHAR-ELENA-1]."""

    count: int = 0
    elena_asked: bool = False
    kind: Literal["rolled_arrows"] = "rolled_arrows"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class BrokenArrow:
    kind: Literal["broken_arrow"] = "broken_arrow"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class ChooseDice:
    kind: Literal["choose_dice"] = "choose_dice"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class IndianAttack:
    kind: Literal["indian_attack"] = "indian_attack"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class ReturnAllArrows:
    kind: Literal["return_all_arrows"] = "return_all_arrows"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class RollEffects:
    """Resolve the immediate faces of the dice just rolled [BD-ROLL-6]."""

    dice: tuple[int, ...] = ()
    kind: Literal["roll_effects"] = "roll_effects"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class StartReveal:
    kind: Literal["start_reveal"] = "start_reveal"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class OpenWindow:
    """Offer a reaction window for one identity card to every possible holder [OS-ROLE-9]."""

    identity: Identity = Identity.THE_DOCTOR
    exclude: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    kind: Literal["open_window"] = "open_window"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class IdentityEffect:
    """The effect of a revealed identity, run after The Judge's window [OS-ROLE-JUDGE-1]."""

    identity: Identity = Identity.THE_GOOD
    seat: int = 0
    targets: tuple[int, ...] = ()
    die: int = 0
    face: Face | None = None
    kind: Literal["identity_effect"] = "identity_effect"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class Heal:
    """A seat is about to gain life; The Bad may cancel it first [OS-ROLE-BAD-1]."""

    seat: int = 0
    amount: int = 0
    cause: str = "beer"
    checked: bool = False
    kind: Literal["heal"] = "heal"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class AfterRoll:
    kind: Literal["after_roll"] = "after_roll"
    turn_bound: ClassVar[bool] = True


ResolveStep = Literal["deferred_arrows", "dynamite", "hits", "ask_hit", "doc", "beers",
                      "ask_beer", "kit", "ask_kit", "gatling", "suzy", "ghost_give"]


@dataclass(frozen=True)
class Resolve:
    """One step of final resolution [BD-RES-1]: dynamite, hits, beers, kit, gatling."""

    step: ResolveStep = "dynamite"
    kind: Literal["resolve"] = "resolve"
    turn_bound: ClassVar[bool] = True


DamageStage = Literal["substitute", "apply", "dying", "settle"]


@dataclass(frozen=True)
class Damage:
    """A damage step [BD-DMG-1] in progress; `losses` and `lost` are indexed by seat."""

    cause: DamageKind = DamageKind.HIT
    source: int | None = None
    losses: tuple[int, ...] = ()
    lost: tuple[int, ...] = ()
    stage: DamageStage = "substitute"
    asked: tuple[int, ...] = ()
    molly_asked: tuple[int, ...] = ()
    kind: Literal["damage"] = "damage"
    turn_bound: ClassVar[bool] = False


def with_changes(task: Damage, *, losses: tuple[int, ...] | None = None,
                 lost: tuple[int, ...] | None = None, stage: DamageStage | None = None,
                 asked: tuple[int, ...] | None = None,
                 molly_asked: tuple[int, ...] | None = None) -> Damage:
    """Return a copy of a damage step with the given fields changed."""
    return Damage(cause=task.cause, source=task.source,
                  losses=task.losses if losses is None else losses,
                  lost=task.lost if lost is None else lost,
                  stage=task.stage if stage is None else stage,
                  asked=task.asked if asked is None else asked,
                  molly_asked=task.molly_asked if molly_asked is None else molly_asked)


@dataclass(frozen=True)
class EndTurn:
    kind: Literal["end_turn"] = "end_turn"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class AskAgain:
    """Leave `frame` pending again: a decision interrupted by a seat's removal resumes."""

    frame: Frame
    kind: Literal["ask_again"] = "ask_again"
    turn_bound: ClassVar[bool] = False


Task = Annotated[
    StartTurn | StartReveal | AskSid | ChooseDice | Roll | RollEffects | RolledArrows | TakeArrow
    | BrokenArrow | IndianAttack | ReturnAllArrows | AfterRoll | Resolve | Damage | OpenWindow
    | IdentityEffect | Heal | EndTurn | AskAgain,
    Field(discriminator="kind"),
]


@dataclass(frozen=True)
class DiceOptions:
    """Table options. Old Saloon module ids are listed in `modules` (none = base game)."""

    modules: tuple[Module, ...] = ()
    identity_mode: Literal["special_only", "mixed"] = "special_only"

    def has(self, module: Module) -> bool:
        """Return True if the module is switched on."""
        return module in self.modules


@dataclass
class DiceState:
    """The whole game. `version` counts applied actions; `rng` is the generator state."""

    options: DiceOptions
    seats: list[SeatState]
    turn: TurnState
    pile: int
    rng: int
    turn_number: int = 1
    agenda: list[Task] = field(default_factory=list)
    pending: Frame | None = None
    script: list[Face] = field(default_factory=list)
    version: int = 0
    last_survivor: bool = False
    chief_in_pile: bool = False
    first_blood: bool = False
    outcome: Outcome | None = None

    @property
    def three_player(self) -> bool:
        """True for the 3-player game [BD-3P-1], which has no Sheriff."""
        return len(self.seats) == 3

    def copy(self) -> DiceState:
        """Return an independent copy that a step may change freely."""
        new = object.__new__(DiceState)
        new.__dict__.update(self.__dict__)
        new.seats = [seat.copy() for seat in self.seats]
        new.turn = self.turn.copy()
        new.agenda = list(self.agenda)
        new.script = list(self.script)
        return new


STATE_ADAPTER: TypeAdapter[DiceState] = TypeAdapter(DiceState)


def dump_state(state: DiceState) -> str:
    """Return the state as JSON text."""
    return STATE_ADAPTER.dump_json(state).decode()


def load_state(text: str | bytes) -> DiceState:
    """Return the state stored as JSON text; raise ValueError if it is not a valid state."""
    return STATE_ADAPTER.validate_json(text)
