"""The hooks through which a character changes the rules; this base changes nothing.

Each character is one subclass (`base.py`, `saloon.py`) overriding only the hooks its
rule needs. The flow asks `characters.ability_of(...)` or `ability_at(...)` and calls the
hook; it never tests for a character itself. A hook with a `state` argument may read and
change the working copy, like any task handler.
"""

from __future__ import annotations

from typing import ClassVar

from core.bang_dice.actions import DiceAction
from core.bang_dice.agenda import Events
from core.bang_dice.ids import Character, Decision, DieKind
from core.bang_dice.state import (
    Damage,
    DiceState,
    Frame,
    ResolveStep,
    RolledArrows,
    TakeArrow,
    Task,
)


class Ability:
    """A character's rules; every hook of this base is neutral (a seat without ability)."""

    character: ClassVar[Character | None] = None

    # --- rolling ---------------------------------------------------------------------------
    max_rolls: ClassVar[int] = 3
    """Rolls in a turn, the first included [BD-ROLL-2]."""
    rerolls_dynamite: ClassVar[bool] = False
    """True if dynamite dice may be re-rolled [BD-ROLL-3]."""
    extra_dice: ClassVar[tuple[DieKind, ...]] = ()
    """Saloon dice that may join as a sixth die when dice are chosen [OS-DICE-1]."""
    defers_arrows: ClassVar[bool] = False
    """True if arrow faces wait for the final resolution instead of resolving at once."""

    def turn_start(self) -> tuple[Task, ...]:
        """Return the tasks this character's turn opens with, before the first roll."""
        return ()

    def rolled_arrows(self, state: DiceState, seat: int, task: RolledArrows) -> bool:
        """Ask about the arrows just rolled by `seat`; return True if a decision is pending."""
        return False

    def arrow_from_roll(self, state: DiceState, task: TakeArrow) -> bool:
        """Ask about one rolled arrow before it is taken; return True if a decision is pending."""
        return False

    # --- final resolution ------------------------------------------------------------------
    steps: ClassVar[tuple[ResolveStep, ...]] = ()
    """This character's own final resolution steps: the first is scheduled, the others are
    its continuations."""
    step_before: ClassVar[ResolveStep | None] = None
    """The common final step the character's first step comes before (None: last)."""

    def run_step(self, state: DiceState, step: ResolveStep, out: Events) -> None:
        """Run one of this character's own final steps (one of `steps`)."""
        raise NotImplementedError(step)

    def reach(self, symbol: int) -> tuple[int, ...]:
        """Return the distances a "1" or "2" symbol may hit [BD-HIT-1]."""
        return (symbol,)

    def can_double(self, state: DiceState) -> bool:
        """Return True if a beer may still be spent now to double a hit."""
        return False

    def beer_bonus(self, state: DiceState, seat: int) -> bool:
        """Return True if beers on himself heal 2 this turn (asked once, as F4 starts)."""
        return False

    gatlings_needed: ClassVar[int] = 3
    """Gatling symbols that fire the Gatling [BD-GAT-1]."""
    gatling_immune: ClassVar[bool] = False
    """True if the Gatling costs this character no life."""

    # --- life lost -------------------------------------------------------------------------
    def hit_cost(self, total: int) -> int:
        """Return what `total` hits assigned this turn cost in life (total > 0)."""
        return total

    def indian_loss(self, loss: int) -> int:
        """Return the life an Indian attack that would cost `loss` costs this character."""
        return loss

    def substitute(self, state: DiceState, task: Damage) -> bool:
        """At a damage step's substitution stage, ask this character if a change is
        possible (the step waits on the agenda); return True if a decision is pending."""
        return False

    def after_loss(self, state: DiceState, task: Damage, lost: tuple[int, ...]) -> None:
        """React once `lost` life was taken by a damage step (may leave a decision)."""

    def on_eliminations(self, state: DiceState, eliminated: list[int]) -> list[Task]:
        """Return the tasks triggered by these eliminations, whatever caused them."""
        return []

    def after_damage(self, state: DiceState, task: Damage, dying: list[int]) -> list[Task]:
        """Return the tasks a damage step triggers after its eliminations."""
        return []

    # --- this character's own decision -----------------------------------------------------
    decision: ClassVar[Decision | None] = None
    """The decision only this character is asked; the four methods below answer it."""

    def legal(self, state: DiceState, frame: Frame, seat: int) -> list[DiceAction]:
        """Return every legal answer to `decision`."""
        return []

    def answer(self, state: DiceState, frame: Frame, seat: int, action: DiceAction,
               out: Events) -> None:
        """Apply a legal answer to `decision`."""

    def default(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        """Return the timeout answer to `decision` [BD-TO table]."""
        return self.legal(state, frame, seat)[0]

    def bot(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        """Return the bot's answer to `decision`."""
        return self.default(state, frame, seat)

    # --- policies of shared decisions ------------------------------------------------------
    def default_hit_targets(self, state: DiceState, seat: int, frame: Frame) -> list[int]:
        """Return the targets the timeout default picks a hit target among [BD-TO table]."""
        return list(frame.targets)

    values_gatlings: ClassVar[bool] = False
    """Bot hint: gatling faces are worth keeping below the firing threshold."""


NO_ABILITY = Ability()
"""The rules of a seat whose character has no effect: the Ghost's turn [OS-GHOST-3]."""
