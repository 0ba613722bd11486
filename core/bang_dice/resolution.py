"""Final resolution of the dice [BD-RES-1]: the end of rolling, then the steps in order
(F1 Bill Noface's arrows, F2 dynamite, F3 hits, F4 beers, F5 Kit Carlson and the Gatling),
each asking its player where a choice is owed."""

from __future__ import annotations

from collections.abc import Callable

from core.bang_dice import events as ev
from core.bang_dice.agenda import (
    Events,
    active_character,
    ask,
    has_ability,
    identities_on,
    schedule,
)
from core.bang_dice.board import clockwise_from, hit_targets
from core.bang_dice.damage import heal
from core.bang_dice.ids import (
    BEERS,
    GATLINGS,
    ONES,
    TWOS,
    Character,
    DamageKind,
    Decision,
    Face,
    Identity,
)
from core.bang_dice.state import (
    Damage,
    DiceState,
    OpenWindow,
    Resolve,
    ResolveStep,
    TakeArrow,
    Task,
)
from core.bang_dice.tokens import return_all


def dynamite_count(state: DiceState) -> int:
    """Return how many dice show dynamite now [BD-DYN-1]."""
    return sum(1 for die in state.turn.dice if die.face is Face.DYNAMITE)


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
    character = active_character(state)
    # Steps that only one character has are scheduled only for that character.
    for step, only_for in _FINAL_STEPS:
        if only_for is None or character is only_for:
            steps.append(Resolve(step=step))
    schedule(state, *steps)


def final_faces(state: DiceState) -> tuple[str, ...]:
    """Return the faces on the active player's dice, in die order."""
    return tuple(die.face for die in state.turn.dice if die.face is not None)


def count_symbols(state: DiceState, table: dict[Face, int]) -> int:
    """Return how many symbols of one kind the dice show [BD-GEN-4]."""
    total = 0
    for die in state.turn.dice:
        if die.face in table:
            total += table[die.face]
    return total


# --- final resolution ------------------------------------------------------------------------


def resolve(state: DiceState, task: Resolve, out: Events) -> None:
    _RESOLVE_STEPS[task.step](state, out)


def _resolve_deferred_arrows(state: DiceState, out: Events) -> None:
    active = state.turn.active
    if has_ability(state, active, Character.BILL_NOFACE):
        arrows = sum(1 for die in state.turn.dice if die.face is Face.ARROW)
        schedule(state, *[TakeArrow(seat=active) for _ in range(arrows)])  # [OS-CHAR-BILL-1]


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
    """Return True if Slab the Killer may still spend a beer to double a hit [BD-CHAR-SLAB-1]."""
    turn = state.turn
    return (active_character(state) is Character.SLAB_THE_KILLER
            and not turn.slab_used and count_symbols(state, BEERS) > 0)


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
            if total and has_ability(state, index, Character.VERA_CUSTER):
                losses[index] = total - 1  # [OS-CHAR-VERA-1]
        schedule(state, Damage(cause=DamageKind.HIT, source=turn.active, losses=tuple(losses)))


def assign_hit(state: DiceState, target: int, *, doubled: bool, out: Events) -> None:
    """Assign the next hit symbol to a target (doubled: Slab spends a beer)."""
    turn = state.turn
    symbol = turn.hits_left.pop(0)
    turn.hit_totals[target] += 2 if doubled else 1
    if doubled:
        turn.slab_used = True
    out.append(ev.HitAssigned(seat=turn.active, target=target, symbol=symbol, doubled=doubled))


def _resolve_doc(state: DiceState, out: Events) -> None:
    active = state.turn.active
    if (has_ability(state, active, Character.DOC_HOLYDAY) and state.seats[active].alive
            and count_symbols(state, ONES) + count_symbols(state, TWOS) >= 3):
        heal(state, active, 2, "doc_holyday", out)  # [OS-CHAR-DOC-1, R-OS-10]


def _resolve_beers(state: DiceState, out: Events) -> None:
    turn = state.turn
    active = state.seats[turn.active]
    turn.beers_left = count_symbols(state, BEERS) - (1 if turn.slab_used else 0)
    # [R-BD-09] Jesse Jones's threshold is checked once, at the start of F4.
    turn.jesse_bonus = active.character is Character.JESSE_JONES and active.life <= 4
    schedule(state, Resolve(step="ask_beer"))


def _ask_beer(state: DiceState, out: Events) -> None:
    if state.turn.beers_left > 0:
        schedule(state, Resolve(step="ask_beer"))
        ask(state, Decision.BEER_TARGET, state.turn.active)


def give_beer(state: DiceState, target: int, out: Events) -> None:
    """Resolve one beer symbol on a target [BD-BEER-1, BD-CHAR-JESSE-1]."""
    turn = state.turn
    turn.beers_left -= 1
    out.append(ev.BeerAssigned(seat=turn.active, target=target))
    amount = 2 if turn.jesse_bonus and target == turn.active else 1
    heal(state, target, amount, "beer", out)


def _resolve_kit(state: DiceState, out: Events) -> None:
    turn = state.turn
    if active_character(state) is Character.KIT_CARLSON:
        turn.kit_left = count_symbols(state, GATLINGS)  # [BD-CHAR-KIT-1, R-BD-10]
        schedule(state, Resolve(step="ask_kit"))


def _ask_kit(state: DiceState, out: Events) -> None:
    if state.turn.kit_left > 0 and any(s.alive and s.tokens for s in state.seats):
        schedule(state, Resolve(step="ask_kit"))
        ask(state, Decision.KIT_DISCARD, state.turn.active)


def _resolve_gatling(state: DiceState, out: Events) -> None:
    turn = state.turn
    needed = 2 if active_character(state) is Character.WILLY_THE_KID else 3
    if count_symbols(state, GATLINGS) < needed:  # [BD-CHAR-WILLY-1, BD-GAT-2: once per turn]
        return
    out.append(ev.GatlingFired(seat=turn.active))
    return_all(state, turn.active, "gatling", out)  # [R-BD-03, OS-CHIEF-6] before damage
    losses = [0] * len(state.seats)
    for index, seat in enumerate(state.seats):
        if seat.alive and index != turn.active and seat.character is not Character.PAUL_REGRET:
            losses[index] = 1  # [BD-CHAR-PAUL-1] Paul Regret never loses life to the Gatling
    schedule(state, Damage(cause=DamageKind.GATLING, source=turn.active, losses=tuple(losses)))


def _resolve_suzy(state: DiceState, out: Events) -> None:
    active = state.turn.active
    if (has_ability(state, active, Character.SUZY_LAFAYETTE)
            and count_symbols(state, ONES) + count_symbols(state, TWOS) == 0):
        heal(state, active, 2, "suzy_lafayette", out)  # [BD-CHAR-SUZY-1, BD-TURN-8 step 1]


def _resolve_ghost_give(state: DiceState, out: Events) -> None:
    state.turn.forced = []
    targets = tuple(clockwise_from(state, state.turn.active))
    ask(state, Decision.GHOST_GIVE, state.turn.active, targets=targets)  # [OS-GHOST-6]


# Final resolution in order [BD-RES-1], with the character a step exists for (None: all).
_FINAL_STEPS: tuple[tuple[ResolveStep, Character | None], ...] = (
    ("deferred_arrows", Character.BILL_NOFACE),  # F1
    ("dynamite", None),  # F2
    ("hits", None),  # F3
    ("doc", Character.DOC_HOLYDAY),
    ("beers", None),  # F4
    ("kit", Character.KIT_CARLSON),  # F5
    ("gatling", None),
    ("suzy", Character.SUZY_LAFAYETTE),  # BD-TURN-8 step 1
)

_RESOLVE_STEPS: dict[str, Callable[[DiceState, Events], None]] = {
    "deferred_arrows": _resolve_deferred_arrows,
    "dynamite": _resolve_dynamite,
    "hits": _resolve_hits,
    "ask_hit": _ask_hit,
    "doc": _resolve_doc,
    "beers": _resolve_beers,
    "ask_beer": _ask_beer,
    "kit": _resolve_kit,
    "ask_kit": _ask_kit,
    "gatling": _resolve_gatling,
    "suzy": _resolve_suzy,
    "ghost_give": _resolve_ghost_give,
}

