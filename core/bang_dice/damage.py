"""Life lost: the damage step's stages (substitutions, apply, dying, settle), eliminations,
the end check and the triggers that follow [BD-DMG-1]. Characters act through the hooks
of `characters`; heals are in `healing.py`."""

from __future__ import annotations

from core.bang_dice import events as ev
from core.bang_dice.agenda import Events, identities_on, schedule
from core.bang_dice.board import clockwise_from
from core.bang_dice.characters import (
    DAMAGE_TRIGGERS,
    ELIMINATION_TRIGGERS,
    LOSS_REACTIONS,
    SUBSTITUTES,
)
from core.bang_dice.healing import heal as heal
from core.bang_dice.healing import run_heal as run_heal
from core.bang_dice.ids import Identity, Module, Role
from core.bang_dice.scoring import check_end, team_role
from core.bang_dice.state import Damage, DiceState, OpenWindow, Task, with_changes
from core.bang_dice.tokens import return_all
from core.engine.protocol import Outcome

# --- damage steps ----------------------------------------------------------------------------


def run_damage(state: DiceState, task: Damage, out: Events) -> None:
    if task.stage == "substitute":
        _damage_substitute(state, task, out)
    elif task.stage == "apply":
        _damage_apply(state, task, out)
    elif task.stage == "dying":
        _damage_dying(state, task, out)
    else:
        _damage_settle(state, task, out)


def _damage_substitute(state: DiceState, task: Damage, out: Events) -> None:
    for ability in SUBSTITUTES:  # each one that asks puts the step back on the agenda
        if ability.substitute(state, task):
            return
    schedule(state, with_changes(task, stage="apply"))


def _damage_apply(state: DiceState, task: Damage, out: Events) -> None:
    lost = [0] * len(state.seats)
    for index in clockwise_from(state, state.turn.active):
        seat = state.seats[index]
        amount = min(task.losses[index], seat.life)
        if amount > 0:
            seat.life -= amount
            lost[index] = amount
            out.append(ev.LifeLost(seat=index, amount=amount, cause=task.cause.value,
                                   source=task.source))
    schedule(state, with_changes(task, stage="dying", lost=tuple(lost)))
    for ability in LOSS_REACTIONS:
        ability.after_loss(state, task, tuple(lost))
        if state.pending is not None:
            return


def _damage_dying(state: DiceState, task: Damage, out: Events) -> None:
    if not identities_on(state):
        _damage_settle(state, task, out)
        return
    dying = tuple(i for i in clockwise_from(state, state.turn.active) if state.seats[i].life == 0)
    schedule(state, with_changes(task, stage="settle"))
    if dying:
        # [OS-ROLE-LEFT-1, BD-DMG-1 sub-step 4] before the dying players are eliminated
        schedule(state, OpenWindow(identity=Identity.DEVILS_LEFT_HAND, targets=dying))


def eliminate(state: DiceState, seat_index: int, out: Events) -> None:
    """Eliminate a seat: reveal its role, return its arrows [BD-ELIM-1, BD-ELIM-2]."""
    seat = state.seats[seat_index]
    seat.alive = False
    seat.life = 0
    seat.role_revealed = True
    seat.token = None  # [OS-GHOST-8] a Ghost token goes back at once
    seat.token_double = False
    out.append(ev.Eliminated(seat=seat_index, role=seat.role.value))
    return_all(state, seat_index, "elimination", out)


def _designate_ghost(state: DiceState, dying: list[int], out: Events) -> None:
    """Make the first eliminated player the Ghost [OS-GHOST-1, R-OS-14]."""
    if state.first_blood or not dying:
        return
    state.first_blood = True
    first = dying[0]  # dying is clockwise from the active player, who is checked first
    seat = state.seats[first]
    if seat.role is Role.SHERIFF:
        return
    seat.ghost = True
    out.append(ev.BecameGhost(seat=first, plays_as=team_role(state, first).value))


def eliminate_all(state: DiceState, dying: list[int], source: int | None, out: Events, *,
                  haunt: bool = True) -> bool:
    """Eliminate seats at once, designate the Ghost (if `haunt`) and check the end
    [BD-DMG-1 sub-steps 5-6]; return True if the game ended."""
    for index in dying:
        eliminate(state, index, out)
    if haunt and state.options.has(Module.GHOST):
        _designate_ghost(state, dying, out)
    outcome = check_end(state, dying, source) if dying else None
    if outcome is not None:
        finish(state, outcome, out)  # [BD-TURN-11]
    return outcome is not None


def vulture_heals(state: DiceState, eliminated: list[int]) -> list[Task]:
    """Return the tasks any eliminations trigger, whatever caused them (Vulture Sam's
    gains [BD-CHAR-VULTURE-1])."""
    return [task for ability in ELIMINATION_TRIGGERS
            for task in ability.on_eliminations(state, eliminated)]


def _damage_settle(state: DiceState, task: Damage, out: Events) -> None:
    dying = [i for i in clockwise_from(state, state.turn.active) if state.seats[i].life == 0]
    if eliminate_all(state, dying, task.source, out):
        return
    triggers = vulture_heals(state, dying)  # [BD-DMG-1 sub-step 7] in this order
    for ability in DAMAGE_TRIGGERS:
        triggers.extend(ability.after_damage(state, task, dying))
    schedule(state, *triggers)
    if state.turn.active in dying:
        state.turn.aborted = True  # [BD-TURN-10]


def finish(state: DiceState, outcome: Outcome, out: Events) -> None:
    """End the game now: record the outcome, drop every pending task and decision."""
    state.outcome = outcome
    for seat in state.seats:
        seat.role_revealed = True  # every identity is shown when the game ends
    state.agenda.clear()
    state.pending = None
    out.append(ev.GameEnded(side=None if outcome.side is None else str(outcome.side),
                            winners=tuple(sorted(outcome.winners)), reason=outcome.reason))
