"""Turn flow: runs agenda tasks until a player must decide or the game ends.

Every handler mutates the working copy made by `apply` and appends events. Old
Saloon modules hook in where the digest says their rule applies; each hook is a
no-op when its module is off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.bang_dice import events as ev
from core.bang_dice.board import clockwise_from, hit_targets, next_turn_seat, seat_of
from core.bang_dice.identities import open_window, run_effect
from core.bang_dice.ids import (
    BEERS,
    DIE_FACES,
    GATLINGS,
    ONES,
    TWOS,
    Character,
    DamageKind,
    Decision,
    DieKind,
    Face,
    Identity,
    Module,
    Role,
)
from core.bang_dice.scoring import check_end, team_role
from core.bang_dice.state import (
    AfterRoll,
    AskAgain,
    AskSid,
    BrokenArrow,
    ChooseDice,
    Damage,
    DamageStage,
    DiceState,
    Die,
    EndTurn,
    Frame,
    Heal,
    IndianAttack,
    OpenWindow,
    Resolve,
    ResolveStep,
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
from core.bang_dice.tokens import (
    chief_holder,
    indian_losses,
    pile_tokens,
    refill,
    return_all,
    take_from_pile,
)
from core.engine.errors import InvalidSetup
from core.engine.protocol import Event, Outcome
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


def active_character(state: DiceState) -> Character | None:
    """Return the active player's character, or None on the Ghost's turn [OS-GHOST-3]."""
    return None if state.turn.ghost_turn else state.seats[state.turn.active].character


def has_ability(state: DiceState, seat_index: int, character: Character) -> bool:
    """Return True if a seat plays `character` and is not the Ghost."""
    seat = state.seats[seat_index]
    return seat.character is character and not seat.ghost


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
    max_rolls = 4 if seat.character is Character.LUCKY_DUKE else 3  # [BD-CHAR-DUKE-1]
    state.turn = TurnState(active=active, dice=[_BLANK_DIE] * 5, max_rolls=max_rolls,
                           hit_totals=[0] * len(state.seats))
    first: list[Task] = []
    if identities_on(state):
        first.append(StartReveal())  # [BD-TURN-2 step 1] asked of every player, every turn
    if seat.character is Character.SID_KETCHUM:
        first.append(AskSid())  # [BD-CHAR-SID-1, BD-TURN-2]
    if state.options.has(Module.SALOON_DICE):
        first.append(ChooseDice())  # [OS-DICE-1]
    schedule(state, *first, Roll(first=True), EndTurn())


def _ask_sid(state: DiceState, task: AskSid, out: Events) -> None:
    ask(state, Decision.SID_HEAL, state.turn.active)


def _start_reveal(state: DiceState, task: StartReveal, out: Events) -> None:
    ask(state, Decision.START_REVEAL, state.turn.active)


def identities_on(state: DiceState) -> bool:
    """Return True when the special identities module is on."""
    return state.options.has(Module.SPECIAL_IDENTITIES)


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
    if has_ability(state, turn.active, Character.BILL_NOFACE):
        arrows = 0  # [OS-CHAR-BILL-1] his arrows wait for F1
    bullets = [0] * len(state.seats)
    bullets[turn.active] = 1
    schedule(state,
             RolledArrows(count=arrows),
             *[BrokenArrow() for _ in range(faces.count(Face.BROKEN_ARROW))],
             *[Damage(cause=DamageKind.BULLET, losses=tuple(bullets))
               for _ in range(faces.count(Face.BULLET))])


def _rolled_arrows(state: DiceState, task: RolledArrows, out: Events) -> None:
    active = state.turn.active
    if (task.count and not task.elena_asked
            and has_ability(state, active, Character.ELENA_FUENTE)):
        others = tuple(i for i in clockwise_from(state, active) if i != active)
        schedule(state, RolledArrows(count=task.count, elena_asked=True))
        ask(state, Decision.ELENA_GIVE, active, targets=others)  # [OS-CHAR-ELENA-1]
        return
    schedule(state, *[TakeArrow(seat=active, from_roll=True) for _ in range(task.count)])


def dynamite_count(state: DiceState) -> int:
    """Return how many dice show dynamite now [BD-DYN-1]."""
    return sum(1 for die in state.turn.dice if die.face is Face.DYNAMITE)


def rerollable(state: DiceState) -> list[int]:
    """Return the indices of the dice the active player may re-roll [BD-ROLL-3]."""
    black_jack = active_character(state) is Character.BLACK_JACK
    return [i for i, die in enumerate(state.turn.dice)
            if die.face is not Face.DYNAMITE or black_jack]


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


# --- arrows and the Indians ------------------------------------------------------------------


def _take_arrow(state: DiceState, task: TakeArrow, out: Events) -> None:
    seat = state.seats[task.seat]
    if not seat.alive or (pile_tokens(state) == 0 and task.source != "steal"):
        return
    source = task.source
    if source == "ask":
        holder = chief_holder(state)
        if (task.from_roll and holder is not None and holder != task.seat
                and has_ability(state, task.seat, Character.APACHE_KID)):
            schedule(state, task)
            ask(state, Decision.APACHE_STEAL, task.seat, targets=(holder,))  # [OS-CHAR-APACHE-1]
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
    schedule(state, Damage(cause=DamageKind.INDIANS, losses=tuple(indian_losses(state))),
             ReturnAllArrows())


def _return_all_arrows(state: DiceState, task: ReturnAllArrows, out: Events) -> None:
    refill(state, out)


def heal(state: DiceState, seat_index: int, amount: int, cause: str, out: Events) -> None:
    """Give a seat life now, or, when The Bad could cancel it, as the next task."""
    task = Heal(seat=seat_index, amount=amount, cause=cause)
    if identities_on(state):
        schedule(state, task)
    else:
        _heal(state, task, out)


def _heal(state: DiceState, task: Heal, out: Events) -> None:
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


# --- final resolution ------------------------------------------------------------------------


def _resolve(state: DiceState, task: Resolve, out: Events) -> None:
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


# --- damage steps ----------------------------------------------------------------------------


def _damage(state: DiceState, task: Damage, out: Events) -> None:
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
    "resolve": _resolve,
    "damage": _damage,
    "end_turn": _end_turn,
    "start_reveal": _start_reveal,
    "roll_effects": _roll_effects,
    "open_window": open_window,
    "identity_effect": run_effect,
    "heal": _heal,
    "ask_again": _ask_again,
}
