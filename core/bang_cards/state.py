"""The card game's state: plain dataclasses, JSON through one pydantic TypeAdapter.

As in the dice game, `agenda` is the continuation as data: a stack of small task records
(the next to run is last). A task that needs an answer leaves a frame (`frames.py`) in `pending`
and, when it must resume afterwards, puts itself (or its follow-up) back first. Nothing
callable is ever stored: a saved game resumes exactly.

Cards are instance ids (`bang_10d`). The deck and the discard pile are lists whose top
is the LAST element. `table` holds cards out of every zone for a moment: the cards of a
"draw!" being decided, a General Store's revealed cards, or Kit Carlson's three (then
`table_owner` is the only seat who sees them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, TypeAdapter

from core.bang_cards.frames import StoredFrame
from core.bang_cards.ids import AnyCharacter, Purpose, Role, Side
from core.engine.protocol import Outcome


@dataclass(slots=True)
class Seat:
    """One player's public and secret facts; `order_*` are his private standing orders.

    `sheriff_attacks` counts the cards he aimed at the Sheriff, a public fact the bot reads
    to guess roles. Gold Rush: `nuggets` he holds, `equipment` his black equipment cards
    (never in `in_play`: no base card or ability reaches them [GR-EQ-GEN-1]). Shadow
    Gunslingers: `shadow` while an eliminated player plays a shadow turn (he is `alive`
    for that turn only), `side` the side a Shadow Renegade currently plays for [GR-SREN].
    """

    role: Role
    character: AnyCharacter
    life: int
    max_life: int
    hand: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)
    alive: bool = True
    role_revealed: bool = False
    order_missed: bool = False
    order_bang: bool = False
    sheriff_attacks: int = 0
    nuggets: int = 0
    equipment: list[str] = field(default_factory=list)
    shadow: bool = False
    side: Side | None = None

    def copy(self) -> Seat:
        """Return an independent copy."""
        return Seat(self.role, self.character, self.life, self.max_life, list(self.hand),
                    list(self.in_play), self.alive, self.role_revealed, self.order_missed,
                    self.order_bang, self.sheriff_attacks, self.nuggets,
                    list(self.equipment), self.shadow, self.side)


Phase = Literal["start", "draw", "play", "discard"]


@dataclass(slots=True)
class RushTurn:
    """Gold Rush's facts of the turn being played: `extra` for an extra turn (the Gold
    Rush card, Don Bell), `drawn_from` the hand size when phase 1 began (the cards after it
    were drawn in phase 1: Dutch Will), `pans` and `raddie` the paid draws so far,
    `discount` once Pretty Luzena used hers, `gold_rush` once the Gold Rush card was bought.
    """

    extra: bool = False
    drawn_from: int = 0
    pans: int = 0
    raddie: int = 0
    discount: bool = False
    gold_rush: bool = False

    def copy(self) -> RushTurn:
        """Return an independent copy."""
        return RushTurn(self.extra, self.drawn_from, self.pans, self.raddie, self.discount,
                        self.gold_rush)


def read_turn(data: Any) -> Any:
    """Return a stored turn with Gold Rush's flags in their sub-record (older games kept
    them beside the base facts); anything else is returned as it is, to be validated."""
    if isinstance(data, dict) and "rush" not in data:
        flags = {k: data[k] for k in RushTurn.__dataclass_fields__ if k in data}
        data = {k: v for k, v in data.items() if k not in flags} | {"rush": flags}
    return data


@dataclass(slots=True)
class Turn:
    """Facts of the turn being played: whose, which phase, BANG! cards played so far;
    `rush` holds Gold Rush's."""

    active: int
    phase: Phase = "start"
    bangs: int = 0
    aborted: bool = False
    rush: RushTurn = field(default_factory=RushTurn)

    def copy(self) -> Turn:
        """Return an independent copy."""
        return Turn(self.active, self.phase, self.bangs, self.aborted, self.rush.copy())


# --- tasks: `turn_bound` ones are dropped when the active player's turn ends early ------------


@dataclass(frozen=True)
class StartTurn:
    kind: Literal["start_turn"] = "start_turn"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class JailStep:
    kind: Literal["jail_step"] = "jail_step"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class DrawPhase:
    kind: Literal["draw_phase"] = "draw_phase"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class PlayPhase:
    kind: Literal["play_phase"] = "play_phase"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class DiscardPhase:
    kind: Literal["discard_phase"] = "discard_phase"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class EndTurn:
    kind: Literal["end_turn"] = "end_turn"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class Check:
    """A "draw!" for `purpose` by `seat` [BC-CHECK-1]; `card` is set once it is chosen."""

    purpose: Purpose = Purpose.BARREL
    seat: int = 0
    card: str | None = None
    kind: Literal["check"] = "check"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class Defend:
    """The target of a BANG! effect uses his Barrel, then Jourdonnais' [BC-BARREL-1]."""

    seat: int = 0
    need: int = 1
    stage: Literal["barrel", "jourdonnais"] = "barrel"
    kind: Literal["defend"] = "defend"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class Shot:
    """One BANG! card against `seat`: ask for Missed! effects until `need` are played."""

    seat: int = 0
    source: int = 0
    card: str = ""
    need: int = 1
    checked: bool = False
    kind: Literal["shot"] = "shot"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class Volley:
    """A Gatling or Indians! against `targets`, all answering at once [BC-GATLING-1]."""

    source: int = 0
    card: str = ""
    targets: tuple[int, ...] = ()
    checked: bool = False
    kind: Literal["volley"] = "volley"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class DuelTurn:
    """`seat` must discard a BANG! or lose the Duel played by `source` [BC-DUEL-1]."""

    seat: int = 0
    other: int = 0
    source: int = 0
    card: str = ""
    kind: Literal["duel_turn"] = "duel_turn"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class StorePick:
    """The seats of `order`, first one next, each take a General Store card [BC-GSTORE-1]."""

    order: tuple[int, ...] = ()
    kind: Literal["store_pick"] = "store_pick"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class Damage:
    """`seat` loses `amount` life from `source` (None: no one) [BC-LIFE-2]."""

    seat: int = 0
    amount: int = 1
    source: int | None = None
    stage: Literal["apply", "save"] = "apply"
    kind: Literal["damage"] = "damage"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class Eliminate:
    seat: int = 0
    source: int | None = None
    kind: Literal["eliminate"] = "eliminate"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class Settle:
    """The card (or start-of-turn check) that may have killed is over: check the end."""

    kind: Literal["settle"] = "settle"
    turn_bound: ClassVar[bool] = False


@dataclass(frozen=True)
class AfterDraw:
    """Gold Rush, after phase 1: the Pickaxe's card, then Dutch Will's discard and nugget."""

    stage: Literal["pickaxe", "dutch"] = "pickaxe"
    kind: Literal["after_draw"] = "after_draw"
    turn_bound: ClassVar[bool] = True


@dataclass(frozen=True)
class Epilogue:
    """Gold Rush, after phase 3: Don Bell's "draw!", then the Gold Rush card's healing."""

    stage: Literal["don_bell", "gold_rush"] = "don_bell"
    kind: Literal["epilogue"] = "epilogue"
    turn_bound: ClassVar[bool] = True


Task = Annotated[
    StartTurn | JailStep | DrawPhase | PlayPhase | DiscardPhase | EndTurn | Check | Defend
    | Shot | Volley | DuelTurn | StorePick | Damage | Eliminate | Settle | AfterDraw
    | Epilogue,
    Field(discriminator="kind"),
]


@dataclass(frozen=True)
class CardsOptions:
    """Table options: the Gold Rush expansion, the Shadow Gunslingers variant (both off by
    default). `expansions` is kept so states stored before the options existed load."""

    expansions: tuple[str, ...] = ()
    gold_rush: bool = False
    shadow_gunslingers: bool = False


@dataclass
class CardsState:
    """The whole game. `version` counts applied actions; `rng` is the generator state.

    `dodges` lists the seats whose "draw!" just cancelled a shot (read by `Shot` and
    `Volley`); `deaths` the eliminations since the last `Settle`; `hunter_win` the seat
    that eliminated its own target in a 3-player game [BC-3P-2].

    Gold Rush [GR-SETUP-1]: `gear_deck` is the equipment deck (top LAST), whose first
    `gear_face_up` cards are the face-up returns at its bottom [GR-EQDECK-1]; `shop` the
    face-up cards for sale; `gear_held` a card Josh McCloud drew while its use is chosen;
    `bank` the nugget supply (below 0: stand-in tokens [GR-COMP-2]); `extra_turns` the
    extra turns owed to the active seat.
    """

    options: CardsOptions
    seats: list[Seat]
    turn: Annotated[Turn, BeforeValidator(read_turn)]
    deck: list[str]
    discard: list[str]
    rng: int
    table: list[str] = field(default_factory=list)
    table_owner: int | None = None
    turn_number: int = 1
    agenda: list[Task] = field(default_factory=list)
    pending: StoredFrame | None = None
    dodges: list[int] = field(default_factory=list)
    deaths: list[int] = field(default_factory=list)
    hunter_win: int | None = None
    version: int = 0
    outcome: Outcome | None = None
    gear_deck: list[str] = field(default_factory=list)
    gear_face_up: int = 0
    shop: list[str] = field(default_factory=list)
    gear_held: str | None = None
    bank: int = 0
    extra_turns: int = 0

    @property
    def three_player(self) -> bool:
        """True for the 3-player variant [BC-3P-1], which has no Sheriff."""
        return len(self.seats) == 3

    def copy(self) -> CardsState:
        """Return an independent copy that a step may change freely."""
        new = object.__new__(CardsState)
        new.__dict__.update(self.__dict__)
        new.seats = [seat.copy() for seat in self.seats]
        new.turn = self.turn.copy()
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.table = list(self.table)
        new.agenda = list(self.agenda)
        new.dodges = list(self.dodges)
        new.deaths = list(self.deaths)
        new.gear_deck = list(self.gear_deck)
        new.shop = list(self.shop)
        return new


STATE_ADAPTER: TypeAdapter[CardsState] = TypeAdapter(CardsState)


def dump_state(state: CardsState) -> str:
    """Return the state as JSON text."""
    return STATE_ADAPTER.dump_json(state).decode()


def load_state(text: str | bytes) -> CardsState:
    """Return the state stored as JSON text; raise ValueError if it is not a valid state."""
    return STATE_ADAPTER.validate_json(text)


def count_cards(state: CardsState) -> int:
    """Return how many cards the game holds in all zones (80 in the base game)."""
    return (len(state.deck) + len(state.discard) + len(state.table)
            + sum(len(s.hand) + len(s.in_play) for s in state.seats))

