"""Turn flow: runs agenda tasks until a player must decide or the game ends.

Every handler mutates the working copy made by `apply` and appends events. Old
Saloon modules hook in where the digest says their rule applies; each hook is a
no-op when its module is off. This module holds the runner, the start of a turn, the
rolling and the arrows; `resolution.py` resolves the final dice and `damage.py` runs the
damage steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.bang_dice import events as ev
from core.bang_dice.agenda import Events, ask, identities_on, schedule
from core.bang_dice.board import clockwise_from, next_turn_seat
from core.bang_dice.characters import ability_at, ability_of, active_ability
from core.bang_dice.damage import run_damage
from core.bang_dice.healing import run_heal
from core.bang_dice.identities import open_window, run_effect
from core.bang_dice.ids import (
    DIE_FACES,
    DamageKind,
    Decision,
    DieKind,
    Face,
    Identity,
    Module,
)
from core.bang_dice.resolution import resolve, stop_rolling
from core.bang_dice.state import (
    AfterRoll,
    AskAgain,
    AskSid,
    BrokenArrow,
    ChooseDice,
    Damage,
    DiceState,
    Die,
    EndTurn,
    IndianAttack,
    OpenWindow,
    ReturnAllArrows,
    Roll,
    RolledArrows,
    RollEffects,
    StartReveal,
    StartTurn,
    TakeArrow,
    Task,
    TurnState,
)
from core.bang_dice.symbols import dynamite_count
from core.bang_dice.tokens import chief_holder, indian_losses, pile_tokens, refill, take_from_pile
from core.engine.errors import InvalidSetup
from core.engine.rng import next_below

_BLANK_DIE = Die()


def advance(state: DiceState, out: Events) -> None:
    """Run tasks until a decision is pending, the game is over or nothing is left."""
    while state.pending is None and state.outcome is None and state.agenda:
        task = state.agenda.pop()
        if state.turn.aborted and task.turn_bound:
            continue  # [BD-TURN-10] dice not yet resolved have no effect
        _HANDLERS[task.kind](state, task, out)


# --- turn start and rolling ------------------------------------------------------------------


def _start_turn(state: DiceState, task: StartTurn, out: Events) -> None:
    active = state.turn.active
    seat = state.seats[active]
    out.append(ev.TurnStarted(seat=active, turn_number=state.turn_number))
    if seat.ghost:
        # [OS-GHOST-6] the Ghost rolls two base dice with the normal re-rolls, to no effect.
        state.turn = TurnState(active=active, dice=[_BLANK_DIE] * 2, ghost_turn=True)
        schedule(state, Roll(first=True), EndTurn())
        return
    rules = ability_of(seat.character)
    state.turn = TurnState(active=active, dice=[_BLANK_DIE] * 5, max_rolls=rules.max_rolls,
                           hit_totals=[0] * len(state.seats))
    first: list[Task] = []
    if identities_on(state):
        first.append(StartReveal())  # [BD-TURN-2 step 1] asked of every player, every turn
    first.extend(rules.turn_start())  # [BD-TURN-2] e.g. Sid Ketchum's heal
    if state.options.has(Module.SALOON_DICE):
        first.append(ChooseDice())  # [OS-DICE-1]
    schedule(state, *first, Roll(first=True), EndTurn())


def _ask_sid(state: DiceState, task: AskSid, out: Events) -> None:
    """Ask the active player his character's own decision as his turn opens."""
    decision = active_ability(state).decision
    assert decision is not None
    ask(state, decision, state.turn.active)


def _start_reveal(state: DiceState, task: StartReveal, out: Events) -> None:
    ask(state, Decision.START_REVEAL, state.turn.active)


def _choose_dice(state: DiceState, task: ChooseDice, out: Events) -> None:
    ask(state, Decision.DICE_CHOICE, state.turn.active)


def set_saloon_die(state: DiceState, kind: DieKind | None, extra: bool, out: Events) -> None:
    """Add or swap in a Saloon die for this turn [OS-DICE-1, OS-CHAR-JOSE-1, OS-CHAR-TEQUILA-1]."""
    dice = state.turn.dice
    if kind is not None:
        if extra:
            dice.append(Die(kind))
        else:
            dice[-1] = Die(kind)
    out.append(ev.DiceChosen(seat=state.turn.active, dice=tuple(d.kind.value for d in dice)))


def draw_face(state: DiceState, die: Die) -> Face:
    """Return the next face for a die: the scripted one if any [test hook], else random."""
    faces = DIE_FACES[die.kind]
    if state.script:
        face = state.script.pop(0)
        if face not in faces:
            raise InvalidSetup(f"scripted face {face.value} cannot show on a {die.kind.value}")
        return face
    state.rng, index = next_below(state.rng, len(faces))
    return faces[index]


def _place_ghost_token(state: DiceState) -> tuple[int, ...]:
    """Fix base dice to the active player's Ghost token face; return their indices [OS-GHOST-7]."""
    seat = state.seats[state.turn.active]
    if seat.token is None or state.turn.ghost_turn:
        return ()
    forced = (0, 1) if seat.token_double else (0,)
    for index in forced:
        state.turn.dice[index] = Die(DieKind.BASE, seat.token)
    state.turn.forced = list(forced)
    return forced


def _roll(state: DiceState, task: Roll, out: Events) -> None:
    turn = state.turn
    dice = turn.dice
    forced: tuple[int, ...] = ()
    indices = task.dice
    if task.first:
        forced = _place_ghost_token(state)
        if forced:
            token = dice[forced[0]].face
            out.append(ev.GhostFacesSet(seat=turn.active, dice=forced,
                                        face=token.value if token else ""))
        indices = tuple(i for i in range(len(dice)) if i not in forced)
    faces = []
    for index in indices:
        die = dice[index]
        face = draw_face(state, die)
        dice[index] = Die(die.kind, face)
        faces.append(face)
    turn.rolls += 1
    out.append(ev.DiceRolled(seat=turn.active, dice=indices, faces=tuple(faces)))
    if not task.gamble:  # [OS-ROLE-GAMBLER-1] the Gambler's re-roll is final
        schedule(state, AfterRoll())
    # [R-OS-15] the Ghost's dice have no effect
    effects = None if turn.ghost_turn else RollEffects(dice=indices + forced)
    if identities_on(state):
        # [OS-ROLE-DOCTOR-1] after any roll, before its immediate faces resolve
        schedule(state, OpenWindow(identity=Identity.THE_DOCTOR, targets=indices),
                 *([effects] if effects else []))
    elif effects is not None:
        _roll_effects(state, effects, out)


def _roll_effects(state: DiceState, task: RollEffects, out: Events) -> None:
    turn = state.turn
    faces = [face for i in task.dice if (face := turn.dice[i].face) is not None]
    # [BD-ROLL-6] immediate faces of this roll: arrows, then broken arrows, then bullets.
    arrows = faces.count(Face.ARROW)
    if ability_at(state, turn.active).defers_arrows:
        arrows = 0  # his arrows wait for the final resolution
    bullets = [0] * len(state.seats)
    bullets[turn.active] = 1
    schedule(state,
             RolledArrows(count=arrows),
             *[BrokenArrow() for _ in range(faces.count(Face.BROKEN_ARROW))],
             *[Damage(cause=DamageKind.BULLET, losses=tuple(bullets))
               for _ in range(faces.count(Face.BULLET))])


def _rolled_arrows(state: DiceState, task: RolledArrows, out: Events) -> None:
    active = state.turn.active
    if ability_at(state, active).rolled_arrows(state, active, task):
        return
    schedule(state, *[TakeArrow(seat=active, from_roll=True) for _ in range(task.count)])


def rerollable(state: DiceState) -> list[int]:
    """Return the indices of the dice the active player may re-roll [BD-ROLL-3]."""
    any_face = active_ability(state).rerolls_dynamite
    return [i for i, die in enumerate(state.turn.dice)
            if die.face is not Face.DYNAMITE or any_face]


def _after_roll(state: DiceState, task: AfterRoll, out: Events) -> None:
    turn = state.turn
    if dynamite_count(state) >= 3 and not turn.ghost_turn:
        turn.exploded = True  # [BD-DYN-1] rolling stops; the life is lost at F2 [R-BD-01]
        out.append(ev.DynamiteExploded(seat=turn.active))
        stop_rolling(state, out)
    elif turn.rolls < turn.max_rolls and rerollable(state):
        ask(state, Decision.REROLL, turn.active)
    else:
        stop_rolling(state, out)  # [BD-ROLL-4]


# --- arrows and the Indians ------------------------------------------------------------------


def _take_arrow(state: DiceState, task: TakeArrow, out: Events) -> None:
    seat = state.seats[task.seat]
    if not seat.alive or (pile_tokens(state) == 0 and task.source != "steal"):
        return
    source = task.source
    if source == "ask":
        if ability_at(state, task.seat).arrow_from_roll(state, task):
            return
        if state.chief_in_pile and state.pile > 0:
            schedule(state, task)
            ask(state, Decision.CHIEF_CHOICE, task.seat)  # [OS-CHIEF-2]
            return
        source = "chief" if state.chief_in_pile else "normal"
    if source == "steal":
        holder = chief_holder(state)
        if holder is not None:
            state.seats[holder].chief = False
            seat.chief = True
            out.append(ev.ArrowTaken(seat=task.seat, pile=pile_tokens(state), chief=True,
                                     from_seat=holder))
        return
    take_from_pile(state, task.seat, source == "chief", out)
    if pile_tokens(state) == 0:
        schedule(state, IndianAttack())  # [BD-ARROW-2, BD-ARROW-3]


def _broken_arrow(state: DiceState, task: BrokenArrow, out: Events) -> None:
    holders = tuple(i for i in clockwise_from(state, state.turn.active)
                    if state.seats[i].arrows > 0)
    if holders:  # [OS-FACE-BROKEN-1] only normal arrows; nothing happens if nobody holds one
        ask(state, Decision.BROKEN_ARROW, state.turn.active, targets=holders)


def _indian_attack(state: DiceState, task: IndianAttack, out: Events) -> None:
    out.append(ev.IndiansAttacked(seat=state.turn.active))
    losses = [ability_of(seat.character).indian_loss(loss)
              for seat, loss in zip(state.seats, indian_losses(state), strict=True)]
    schedule(state, Damage(cause=DamageKind.INDIANS, losses=tuple(losses)), ReturnAllArrows())


def _return_all_arrows(state: DiceState, task: ReturnAllArrows, out: Events) -> None:
    refill(state, out)


def _end_turn(state: DiceState, task: EndTurn, out: Events) -> None:
    turn = state.turn
    active = state.seats[turn.active]
    active.token = None  # [OS-GHOST-8] tokens go back to the Ghost
    active.token_double = False
    state.turn = TurnState(active=next_turn_seat(state, turn.active))
    state.turn_number += 1
    schedule(state, StartTurn())


def _ask_again(state: DiceState, task: AskAgain, out: Events) -> None:
    state.pending = task.frame


_HANDLERS: dict[str, Callable[[DiceState, Any, Events], None]] = {
    "start_turn": _start_turn,
    "ask_sid": _ask_sid,
    "choose_dice": _choose_dice,
    "roll": _roll,
    "rolled_arrows": _rolled_arrows,
    "take_arrow": _take_arrow,
    "broken_arrow": _broken_arrow,
    "indian_attack": _indian_attack,
    "return_all_arrows": _return_all_arrows,
    "after_roll": _after_roll,
    "resolve": resolve,
    "damage": run_damage,
    "end_turn": _end_turn,
    "start_reveal": _start_reveal,
    "roll_effects": _roll_effects,
    "open_window": open_window,
    "identity_effect": run_effect,
    "heal": run_heal,
    "ask_again": _ask_again,
}
