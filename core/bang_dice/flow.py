"""Turn flow: runs agenda tasks until a player must decide or the game ends.

Every handler mutates the working copy made by `apply` and appends events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.bang_dice import events as ev
from core.bang_dice.board import clockwise_from, hit_targets, living, next_living, seat_of
from core.bang_dice.ids import (
    ARROWS_IN_GAME,
    BEERS,
    DIE_FACES,
    GATLINGS,
    ONES,
    TWOS,
    Character,
    DamageKind,
    Decision,
    Face,
)
from core.bang_dice.scoring import check_end
from core.bang_dice.state import (
    AfterRoll,
    AskSid,
    Damage,
    DamageStage,
    DiceState,
    Die,
    EndTurn,
    Frame,
    IndianAttack,
    Resolve,
    ReturnAllArrows,
    Roll,
    StartTurn,
    TakeArrow,
    Task,
    TurnState,
)
from core.engine.protocol import Event
from core.engine.rng import next_below

Events = list[Event]
_BLANK_DIE = Die()


def schedule(state: DiceState, *tasks: Task) -> None:
    """Put tasks on top of the agenda so that the first given runs next."""
    state.agenda.extend(reversed(tasks))


def ask(state: DiceState, decision: Decision, seat: int, *, symbol: int = 0,
        limit: int = 0, targets: tuple[int, ...] = ()) -> None:
    """Leave a pending decision for a seat; the agenda stops until it is answered."""
    state.pending = Frame(decision, seat, symbol, limit, targets)


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
    max_rolls = 4 if seat.character is Character.LUCKY_DUKE else 3  # [BD-CHAR-DUKE-1]
    state.turn = TurnState(active=active, dice=[_BLANK_DIE] * 5, max_rolls=max_rolls,
                           hit_totals=[0] * len(state.seats))
    out.append(ev.TurnStarted(seat=active, turn_number=state.turn_number))
    first = []
    if seat.character is Character.SID_KETCHUM:
        first.append(AskSid())  # [BD-CHAR-SID-1, BD-TURN-2]
    schedule(state, *first, Roll(dice=tuple(range(len(state.turn.dice)))), EndTurn())


def _ask_sid(state: DiceState, task: AskSid, out: Events) -> None:
    ask(state, Decision.SID_HEAL, state.turn.active)


def draw_face(state: DiceState, die: Die) -> Face:
    """Return the next face for a die: the scripted one if any [test hook], else random."""
    faces = DIE_FACES[die.kind]
    if state.script:
        return state.script.pop(0)
    state.rng, index = next_below(state.rng, len(faces))
    return faces[index]


def _roll(state: DiceState, task: Roll, out: Events) -> None:
    turn = state.turn
    dice = turn.dice
    faces = []
    for index in task.dice:
        die = dice[index]
        face = draw_face(state, die)
        dice[index] = Die(die.kind, face)
        faces.append(face)
    turn.rolls += 1
    out.append(ev.DiceRolled(seat=turn.active, dice=task.dice, faces=tuple(faces)))
    arrows = faces.count(Face.ARROW)
    # [BD-ROLL-6] arrows rolled now are taken at once, one at a time.
    schedule(state, *[TakeArrow(seat=turn.active) for _ in range(arrows)], AfterRoll())


def dynamite_count(state: DiceState) -> int:
    """Return how many dice show dynamite now [BD-DYN-1]."""
    return sum(1 for die in state.turn.dice if die.face is Face.DYNAMITE)


def rerollable(state: DiceState) -> list[int]:
    """Return the indices of the dice the active player may re-roll [BD-ROLL-3]."""
    black_jack = state.seats[state.turn.active].character is Character.BLACK_JACK
    return [i for i, die in enumerate(state.turn.dice)
            if die.face is not Face.DYNAMITE or black_jack]


def _after_roll(state: DiceState, task: AfterRoll, out: Events) -> None:
    turn = state.turn
    if dynamite_count(state) >= 3:
        turn.exploded = True  # [BD-DYN-1] rolling stops; the life is lost at F2 [R-BD-01]
        out.append(ev.DynamiteExploded(seat=turn.active))
        stop_rolling(state, out)
    elif turn.rolls < turn.max_rolls and rerollable(state):
        ask(state, Decision.REROLL, turn.active)
    else:
        stop_rolling(state, out)  # [BD-ROLL-4]


def stop_rolling(state: DiceState, out: Events) -> None:
    """End the rolling phase and schedule final resolution [BD-RES-1]."""
    state.turn.stopped = True
    out.append(ev.RollingStopped(seat=state.turn.active, final=final_faces(state)))
    schedule(state, Resolve(step="dynamite"), Resolve(step="hits"), Resolve(step="beers"),
             Resolve(step="kit"), Resolve(step="gatling"))


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


# --- arrows and the Indians ------------------------------------------------------------------


def _take_arrow(state: DiceState, task: TakeArrow, out: Events) -> None:
    seat = state.seats[task.seat]
    if not seat.alive or state.pile == 0:
        return
    state.pile -= 1
    seat.arrows += 1
    out.append(ev.ArrowTaken(seat=task.seat, pile=state.pile))
    if state.pile == 0:
        schedule(state, IndianAttack())  # [BD-ARROW-2, BD-ARROW-3]


def _indian_attack(state: DiceState, task: IndianAttack, out: Events) -> None:
    out.append(ev.IndiansAttacked(seat=state.turn.active))
    losses = []
    for seat in state.seats:
        loss = seat.arrows if seat.alive else 0
        if seat.character is Character.JOURDONNAIS:
            loss = min(loss, 1)  # [BD-CHAR-JOURD-1]
        losses.append(loss)
    schedule(state, Damage(cause=DamageKind.INDIANS, losses=tuple(losses)), ReturnAllArrows())


def _return_all_arrows(state: DiceState, task: ReturnAllArrows, out: Events) -> None:
    for index, seat in enumerate(state.seats):
        if seat.arrows:
            out.append(ev.ArrowsReturned(seat=index, count=seat.arrows, reason="indians"))
            seat.arrows = 0
    state.pile = ARROWS_IN_GAME


def return_arrows(state: DiceState, seat_index: int, count: int, reason: str,
                  out: Events) -> None:
    """Move `count` of a seat's arrows back to the pile (never triggers the Indians)."""
    seat = state.seats[seat_index]
    count = min(count, seat.arrows)
    if count <= 0:
        return
    seat.arrows -= count
    state.pile += count
    out.append(ev.ArrowsReturned(seat=seat_index, count=count, reason=reason))


def heal(state: DiceState, seat_index: int, amount: int, cause: str, out: Events) -> None:
    """Give a living seat up to `amount` life, capped at its maximum [BD-GEN-3]."""
    seat = state.seats[seat_index]
    gained = max(0, min(amount, seat.max_life - seat.life))
    seat.life += gained
    out.append(ev.LifeGained(seat=seat_index, amount=gained, cause=cause))


# --- final resolution ------------------------------------------------------------------------


def _resolve(state: DiceState, task: Resolve, out: Events) -> None:
    _RESOLVE_STEPS[task.step](state, out)


def _resolve_dynamite(state: DiceState, out: Events) -> None:
    turn = state.turn
    if turn.exploded:
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
    return (state.seats[turn.active].character is Character.SLAB_THE_KILLER
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
        schedule(state, Damage(cause=DamageKind.HIT, source=turn.active,
                               losses=tuple(turn.hit_totals)))


def assign_hit(state: DiceState, target: int, *, doubled: bool, out: Events) -> None:
    """Assign the next hit symbol to a target (doubled: Slab spends a beer)."""
    turn = state.turn
    symbol = turn.hits_left.pop(0)
    turn.hit_totals[target] += 2 if doubled else 1
    if doubled:
        turn.slab_used = True
    out.append(ev.HitAssigned(seat=turn.active, target=target, symbol=symbol, doubled=doubled))


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
    if state.seats[turn.active].character is Character.KIT_CARLSON:
        turn.kit_left = count_symbols(state, GATLINGS)  # [BD-CHAR-KIT-1, R-BD-10]
        schedule(state, Resolve(step="ask_kit"))


def _ask_kit(state: DiceState, out: Events) -> None:
    if state.turn.kit_left > 0 and any(s.alive and s.arrows for s in state.seats):
        schedule(state, Resolve(step="ask_kit"))
        ask(state, Decision.KIT_DISCARD, state.turn.active)


def _resolve_gatling(state: DiceState, out: Events) -> None:
    turn = state.turn
    active = state.seats[turn.active]
    needed = 2 if active.character is Character.WILLY_THE_KID else 3  # [BD-CHAR-WILLY-1]
    if count_symbols(state, GATLINGS) < needed:
        return
    out.append(ev.GatlingFired(seat=turn.active))
    return_arrows(state, turn.active, active.arrows, "gatling", out)  # [R-BD-03] before damage
    losses = [0] * len(state.seats)
    for index, seat in enumerate(state.seats):
        if seat.alive and index != turn.active and seat.character is not Character.PAUL_REGRET:
            losses[index] = 1  # [BD-CHAR-PAUL-1] Paul Regret never loses life to the Gatling
    schedule(state, Damage(cause=DamageKind.GATLING, source=turn.active, losses=tuple(losses)))


_RESOLVE_STEPS: dict[str, Callable[[DiceState, Events], None]] = {
    "dynamite": _resolve_dynamite,
    "hits": _resolve_hits,
    "ask_hit": _ask_hit,
    "beers": _resolve_beers,
    "ask_beer": _ask_beer,
    "kit": _resolve_kit,
    "ask_kit": _ask_kit,
    "gatling": _resolve_gatling,
}


# --- damage steps ----------------------------------------------------------------------------


def _damage(state: DiceState, task: Damage, out: Events) -> None:
    if task.stage == "substitute":
        _damage_substitute(state, task, out)
    elif task.stage == "apply":
        _damage_apply(state, task, out)
    else:
        _damage_settle(state, task, out)


def bart_limit(state: DiceState, seat_index: int, loss: int) -> int:
    """Return how many points Bart Cassidy may turn into arrows [BD-CHAR-BART-1]."""
    return max(0, min(loss, state.pile - 1))


def _damage_substitute(state: DiceState, task: Damage, out: Events) -> None:
    if task.cause in (DamageKind.HIT, DamageKind.GATLING):
        bart = seat_of(state, Character.BART_CASSIDY)
        if bart is not None and bart not in task.asked and task.losses[bart] > 0:
            limit = bart_limit(state, bart, task.losses[bart])
            if limit > 0:
                schedule(state, with_changes(task, asked=(*task.asked, bart)))
                ask(state, Decision.BART_ARROWS, bart, limit=limit)
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
    follow = with_changes(task, stage="settle", lost=tuple(lost))
    schedule(state, follow)
    pedro = seat_of(state, Character.PEDRO_RAMIREZ)
    # [BD-CHAR-PEDRO-1] pointless in an Indian attack, where every arrow returns anyway.
    if (pedro is not None and lost[pedro] > 0 and state.seats[pedro].life > 0
            and state.seats[pedro].arrows > 0 and task.cause is not DamageKind.INDIANS):
        ask(state, Decision.PEDRO_RETURN, pedro,
            limit=min(lost[pedro], state.seats[pedro].arrows))


def eliminate(state: DiceState, seat_index: int, out: Events) -> None:
    """Eliminate a seat: reveal its role, return its arrows [BD-ELIM-1, BD-ELIM-2]."""
    seat = state.seats[seat_index]
    seat.alive = False
    seat.life = 0
    seat.role_revealed = True
    out.append(ev.Eliminated(seat=seat_index, role=seat.role.value))
    return_arrows(state, seat_index, seat.arrows, "elimination", out)


def _damage_settle(state: DiceState, task: Damage, out: Events) -> None:
    dying = [i for i in clockwise_from(state, state.turn.active) if state.seats[i].life == 0]
    for index in dying:
        eliminate(state, index, out)
    outcome = check_end(state, dying, task.source) if dying else None
    if outcome is not None:
        finish(state, outcome, out)  # [BD-TURN-11]
        return
    vulture = seat_of(state, Character.VULTURE_SAM)
    if vulture is not None:
        for _ in dying:
            heal(state, vulture, 2, "vulture_sam", out)  # [BD-CHAR-VULTURE-1]
    gringo = _gringo_seat(state)
    if (gringo is not None and task.lost[gringo] > 0 and task.source is not None
            and task.source != gringo):
        schedule(state, TakeArrow(seat=task.source))  # [BD-CHAR-GRINGO-1, R-BD-07]
    if state.turn.active in dying:
        state.turn.aborted = True  # [BD-TURN-10]


def _gringo_seat(state: DiceState) -> int | None:
    for index, seat in enumerate(state.seats):
        if seat.character is Character.EL_GRINGO:
            return index
    return None


def finish(state: DiceState, outcome: Any, out: Events) -> None:
    """End the game now: record the outcome, drop every pending task and decision."""
    state.outcome = outcome
    for seat in state.seats:
        seat.role_revealed = True  # every identity is shown when the game ends
    state.agenda.clear()
    state.pending = None
    out.append(ev.GameEnded(side=None if outcome.side is None else str(outcome.side),
                            winners=tuple(sorted(outcome.winners)), reason=outcome.reason))


def _end_turn(state: DiceState, task: EndTurn, out: Events) -> None:
    turn = state.turn
    active = state.seats[turn.active]
    if (active.alive and active.character is Character.SUZY_LAFAYETTE
            and count_symbols(state, ONES) + count_symbols(state, TWOS) == 0):
        heal(state, turn.active, 2, "suzy_lafayette", out)  # [BD-CHAR-SUZY-1]
    state.turn = TurnState(active=next_living(state, turn.active))
    state.turn_number += 1
    schedule(state, StartTurn())


def with_changes(task: Damage, *, losses: tuple[int, ...] | None = None,
                 lost: tuple[int, ...] | None = None, stage: DamageStage | None = None,
                 asked: tuple[int, ...] | None = None) -> Damage:
    """Return a copy of a damage step with the given fields changed."""
    return Damage(cause=task.cause, source=task.source,
                  losses=task.losses if losses is None else losses,
                  lost=task.lost if lost is None else lost,
                  stage=task.stage if stage is None else stage,
                  asked=task.asked if asked is None else asked)


_HANDLERS: dict[str, Callable[[DiceState, Any, Events], None]] = {
    "start_turn": _start_turn,
    "ask_sid": _ask_sid,
    "roll": _roll,
    "take_arrow": _take_arrow,
    "indian_attack": _indian_attack,
    "return_all_arrows": _return_all_arrows,
    "after_roll": _after_roll,
    "resolve": _resolve,
    "damage": _damage,
    "end_turn": _end_turn,
}

__all__ = ["advance", "living", "schedule"]
