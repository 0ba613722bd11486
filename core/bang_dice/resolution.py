"""Final resolution of the dice [BD-RES-1]: the end of rolling, then the steps in order
(F2 dynamite, F3 hits, F4 beers, F5 the Gatling, with a character's own step where its
rules place it), each asking its player where a choice is owed."""

from __future__ import annotations

from collections.abc import Callable

from core.bang_dice import events as ev
from core.bang_dice.agenda import Events, ask, identities_on, schedule
from core.bang_dice.board import clockwise_from
from core.bang_dice.characters import STEP_OWNERS, ability_at, ability_of, active_ability
from core.bang_dice.healing import heal
from core.bang_dice.ids import BEERS, GATLINGS, ONES, TWOS, DamageKind, Decision, Identity
from core.bang_dice.reach import hit_targets
from core.bang_dice.state import Damage, DiceState, OpenWindow, Resolve, ResolveStep, Task
from core.bang_dice.symbols import count_symbols as count_symbols
from core.bang_dice.symbols import dynamite_count
from core.bang_dice.tokens import return_all


def stop_rolling(state: DiceState, out: Events) -> None:
    """End the rolling phase and schedule final resolution [BD-RES-1]."""
    state.turn.stopped = True
    out.append(ev.RollingStopped(seat=state.turn.active, final=final_faces(state)))
    if state.turn.ghost_turn:
        schedule(state, Resolve(step="ghost_give"))
        return
    steps: list[Task] = []
    if identities_on(state):  # [OS-ROLE-GAMBLER-1] after another player's last roll, at F0
        steps.append(OpenWindow(identity=Identity.THE_GAMBLER, exclude=(state.turn.active,)))
    own = active_ability(state)
    for step in _FINAL_STEPS:
        if own.steps and own.step_before == step:
            steps.append(Resolve(step=own.steps[0]))
        steps.append(Resolve(step=step))
    if own.steps and own.step_before is None:
        steps.append(Resolve(step=own.steps[0]))
    schedule(state, *steps)


def final_faces(state: DiceState) -> tuple[str, ...]:
    """Return the faces on the active player's dice, in die order."""
    return tuple(die.face for die in state.turn.dice if die.face is not None)


# --- final resolution ------------------------------------------------------------------------


def resolve(state: DiceState, task: Resolve, out: Events) -> None:
    """Run one final step: a common one, or the active character's own."""
    common = _RESOLVE_STEPS.get(task.step)
    if common is not None:
        common(state, out)
    else:
        STEP_OWNERS[task.step].run_step(state, task.step, out)


def _resolve_dynamite(state: DiceState, out: Events) -> None:
    turn = state.turn
    # Counted on the final dice: The Gambler's re-roll may add or remove an explosion [R-BD-01].
    if dynamite_count(state) >= 3:
        if not turn.exploded:
            turn.exploded = True
            out.append(ev.DynamiteExploded(seat=turn.active))
        losses = [0] * len(state.seats)
        losses[turn.active] = 1
        schedule(state, Damage(cause=DamageKind.DYNAMITE, losses=tuple(losses)))


def _resolve_hits(state: DiceState, out: Events) -> None:
    turn = state.turn
    turn.hits_left = [1] * count_symbols(state, ONES) + [2] * count_symbols(state, TWOS)
    turn.hit_totals = [0] * len(state.seats)
    schedule(state, Resolve(step="ask_hit"))


def can_double(state: DiceState) -> bool:
    """Return True if the active player may still spend a beer to double a hit."""
    return active_ability(state).can_double(state)


def _ask_hit(state: DiceState, out: Events) -> None:
    turn = state.turn
    while turn.hits_left:
        targets = hit_targets(state, turn.active, turn.hits_left[0])
        if not targets:
            turn.hits_left.pop(0)  # [R-BD-02] no legal target: no effect
            continue
        if len(targets) == 1 and not can_double(state):
            assign_hit(state, targets[0], doubled=False, out=out)
            continue
        schedule(state, Resolve(step="ask_hit"))
        ask(state, Decision.HIT_TARGET, turn.active, symbol=turn.hits_left[0],
            targets=tuple(targets))
        return
    if any(turn.hit_totals):
        # [BD-HIT-3] all symbols assigned first, then one simultaneous damage step.
        losses = list(turn.hit_totals)
        for index, total in enumerate(losses):
            if total:
                losses[index] = ability_at(state, index).hit_cost(total)
        schedule(state, Damage(cause=DamageKind.HIT, source=turn.active, losses=tuple(losses)))


def assign_hit(state: DiceState, target: int, *, doubled: bool, out: Events) -> None:
    """Assign the next hit symbol to a target (doubled: a beer is spent on it)."""
    turn = state.turn
    symbol = turn.hits_left.pop(0)
    turn.hit_totals[target] += 2 if doubled else 1
    if doubled:
        turn.slab_used = True
    out.append(ev.HitAssigned(seat=turn.active, target=target, symbol=symbol, doubled=doubled))


def _resolve_beers(state: DiceState, out: Events) -> None:
    turn = state.turn
    # [BD-BEER-4] a beer spent on doubling a hit heals nobody.
    turn.beers_left = count_symbols(state, BEERS) - (1 if turn.slab_used else 0)
    turn.jesse_bonus = active_ability(state).beer_bonus(state, turn.active)
    schedule(state, Resolve(step="ask_beer"))


def _ask_beer(state: DiceState, out: Events) -> None:
    if state.turn.beers_left > 0:
        schedule(state, Resolve(step="ask_beer"))
        ask(state, Decision.BEER_TARGET, state.turn.active)


def give_beer(state: DiceState, target: int, out: Events) -> None:
    """Resolve one beer symbol on a target [BD-BEER-1]; 2 life with the active player's
    beer bonus on himself."""
    turn = state.turn
    turn.beers_left -= 1
    out.append(ev.BeerAssigned(seat=turn.active, target=target))
    amount = 2 if turn.jesse_bonus and target == turn.active else 1
    heal(state, target, amount, "beer", out)


def _resolve_gatling(state: DiceState, out: Events) -> None:
    turn = state.turn
    needed = active_ability(state).gatlings_needed
    if count_symbols(state, GATLINGS) < needed:  # [BD-GAT-2] once per turn
        return
    out.append(ev.GatlingFired(seat=turn.active))
    return_all(state, turn.active, "gatling", out)  # [R-BD-03, OS-CHIEF-6] before damage
    losses = [0] * len(state.seats)
    for index, seat in enumerate(state.seats):
        if seat.alive and index != turn.active and not ability_of(seat.character).gatling_immune:
            losses[index] = 1
    schedule(state, Damage(cause=DamageKind.GATLING, source=turn.active, losses=tuple(losses)))


def _resolve_ghost_give(state: DiceState, out: Events) -> None:
    state.turn.forced = []
    targets = tuple(clockwise_from(state, state.turn.active))
    ask(state, Decision.GHOST_GIVE, state.turn.active, targets=targets)  # [OS-GHOST-6]


# The common final steps in order [BD-RES-1]; a character's own step goes before the one
# its rules name (`Ability.step_before`), or last.
_FINAL_STEPS: tuple[ResolveStep, ...] = ("dynamite", "hits", "beers", "gatling")  # F2-F5

_RESOLVE_STEPS: dict[str, Callable[[DiceState, Events], None]] = {
    "dynamite": _resolve_dynamite,
    "hits": _resolve_hits,
    "ask_hit": _ask_hit,
    "beers": _resolve_beers,
    "ask_beer": _ask_beer,
    "gatling": _resolve_gatling,
    "ghost_give": _resolve_ghost_give,
}

