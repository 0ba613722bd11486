"""Life lost and gained: the damage step's stages (substitutions, apply, dying, settle),
eliminations, the end check and the triggers that follow [BD-DMG-1]; heals, which The Bad
may cancel."""

from __future__ import annotations

from core.bang_dice import events as ev
from core.bang_dice.agenda import Events, ask, identities_on, schedule
from core.bang_dice.board import clockwise_from, seat_of
from core.bang_dice.ids import Character, DamageKind, Decision, Identity, Module, Role
from core.bang_dice.scoring import check_end, team_role
from core.bang_dice.state import Damage, DamageStage, DiceState, Heal, OpenWindow, TakeArrow, Task
from core.bang_dice.tokens import pile_tokens, return_all
from core.engine.protocol import Outcome


def heal(state: DiceState, seat_index: int, amount: int, cause: str, out: Events) -> None:
    """Give a seat life now, or, when The Bad could cancel it, as the next task."""
    task = Heal(seat=seat_index, amount=amount, cause=cause)
    if identities_on(state):
        schedule(state, task)
    else:
        run_heal(state, task, out)


def run_heal(state: DiceState, task: Heal, out: Events) -> None:
    seat = state.seats[task.seat]
    if not seat.alive:
        return
    gained = max(0, min(task.amount, seat.max_life - seat.life))  # [BD-GEN-3] capped
    if gained and not task.checked and identities_on(state):
        # [OS-ROLE-BAD-1] when any player is about to gain life
        schedule(state, OpenWindow(identity=Identity.THE_BAD, targets=(task.seat,)),
                 Heal(seat=task.seat, amount=task.amount, cause=task.cause, checked=True))
        return
    seat.life += gained
    out.append(ev.LifeGained(seat=task.seat, amount=gained, cause=task.cause))


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


def bart_limit(state: DiceState, loss: int) -> int:
    """Return how many points Bart Cassidy may turn into arrows: never the last token."""
    return max(0, min(loss, pile_tokens(state) - 1))  # [BD-CHAR-BART-1]


def _damage_substitute(state: DiceState, task: Damage, out: Events) -> None:
    molly = seat_of(state, Character.MOLLY_STARK)
    if molly is not None:
        for victim in clockwise_from(state, state.turn.active):
            loss = task.losses[victim]
            if (victim != molly and victim not in task.molly_asked and loss > 0
                    and loss <= state.seats[molly].life):  # [OS-CHAR-MOLLY-1, R-OS-11]
                schedule(state, with_changes(task, molly_asked=(*task.molly_asked, victim)))
                ask(state, Decision.MOLLY_TAKE, molly, targets=(victim,))
                return
    if task.cause in (DamageKind.HIT, DamageKind.GATLING):
        bart = seat_of(state, Character.BART_CASSIDY)
        if bart is not None and bart not in task.asked and task.losses[bart] > 0:
            limit = bart_limit(state, task.losses[bart])
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
    schedule(state, with_changes(task, stage="dying", lost=tuple(lost)))
    pedro = seat_of(state, Character.PEDRO_RAMIREZ)
    # [BD-CHAR-PEDRO-1] pointless in an Indian attack, where every arrow returns anyway.
    if (pedro is not None and lost[pedro] > 0 and state.seats[pedro].life > 0
            and state.seats[pedro].tokens > 0 and task.cause is not DamageKind.INDIANS):
        ask(state, Decision.PEDRO_RETURN, pedro,
            limit=min(lost[pedro], state.seats[pedro].tokens))


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
    """Return Vulture Sam's gains for the others just eliminated [BD-CHAR-VULTURE-1]."""
    vulture = seat_of(state, Character.VULTURE_SAM)
    if vulture is None:
        return []
    return [Heal(seat=vulture, amount=2, cause="vulture_sam") for _ in eliminated]


def _damage_settle(state: DiceState, task: Damage, out: Events) -> None:
    dying = [i for i in clockwise_from(state, state.turn.active) if state.seats[i].life == 0]
    if eliminate_all(state, dying, task.source, out):
        return
    triggers = vulture_heals(state, dying)
    gringo = next((i for i, s in enumerate(state.seats)
                   if s.character is Character.EL_GRINGO and (s.alive or i in dying)), None)
    if (gringo is not None and task.lost[gringo] > 0 and task.source is not None
            and task.source != gringo):
        triggers.append(TakeArrow(seat=task.source))  # [BD-CHAR-GRINGO-1, R-BD-07]
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

