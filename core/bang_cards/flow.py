"""Turn flow: runs agenda tasks until a player must decide or the game ends.

A turn is `StartTurn` → Dynamite's "draw!" and `Settle` → `JailStep` → `DrawPhase` →
`PlayPhase` (asked again after every card) → `DiscardPhase` → `EndTurn` [BC-TURN-1]. When
the active player's turn ends early (jailed, eliminated), the tasks marked `turn_bound`
are dropped and `EndTurn` passes the turn [BC-JAIL-2, BC-TURN-3].
"""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, ask, schedule
from core.bang_cards.board import next_living
from core.bang_cards.checks import run_check
from core.bang_cards.combat import (
    run_defend,
    run_duel_turn,
    run_shot,
    run_store_pick,
    run_volley,
)
from core.bang_cards.damage import run_damage, run_eliminate, run_settle
from core.bang_cards.draw import run_draw_phase
from core.bang_cards.expansion import EXPANSIONS, Handler
from core.bang_cards.frames import AskDiscard, AskPlay
from core.bang_cards.hooks import rules_at
from core.bang_cards.state import (
    CardsState,
    DiscardPhase,
    DrawPhase,
    EndTurn,
    JailStep,
    PlayPhase,
    RushTurn,
    Settle,
    StartTurn,
    Task,
    Turn,
)
from core.bang_cards.zones import refill_hands


def advance(state: CardsState, out: Events) -> None:
    """Run tasks until a decision is pending, the game is over or nothing is left."""
    while state.outcome is None:
        refill_hands(state, out)
        if state.pending is not None or not state.agenda:
            return
        task = state.agenda.pop()
        if state.turn.aborted and task.turn_bound:
            continue
        _handler(task.kind)(state, task, out)


def _start_turn(state: CardsState, task: StartTurn, out: Events) -> None:
    active = state.turn.active
    state.turn = Turn(active, rush=RushTurn(extra=state.turn.rush.extra))
    for expansion in EXPANSIONS:
        expansion.begin_turn(state, out)
    out.append(ev.TurnStarted(seat=active, turn_number=state.turn_number))
    first = [t for rule in rules_at(state, active) for t in rule.turn_start(active)]
    schedule(state, *first, *turn_tasks(state))  # [BC-DYN-2] Dynamite before the Jail


def turn_tasks(state: CardsState) -> list[Task]:
    """Return a turn's tasks after its start checks [BC-TURN-1], Gold Rush's included."""
    options = state.options
    return [JailStep(), DrawPhase(), *(t for e in EXPANSIONS for t in e.after_draw_tasks(options)),
            PlayPhase(), DiscardPhase(),
            *(t for e in EXPANSIONS for t in e.epilogue_tasks(options)), EndTurn()]


def _jail_step(state: CardsState, task: JailStep, out: Events) -> None:
    active = state.turn.active
    schedule(state, *[t for rule in rules_at(state, active) for t in rule.before_draw(active)])


def hand_limit(state: CardsState, seat: int) -> int | None:
    """Return the phase-3 hand limit: his life [BC-TURN-1] unless a card of his sets one
    (Gun Belt); None for a shadow, whose whole hand goes at the end of his turn anyway
    [R-GR-17]."""
    player = state.seats[seat]
    if player.shadow:
        return None
    limits = [rule.hand_limit for rule in rules_at(state, seat) if rule.hand_limit is not None]
    return limits[0] if limits else player.life


def _play_phase(state: CardsState, task: PlayPhase, out: Events) -> None:
    if state.turn.phase != "play":
        state.turn.phase = "play"
        out.append(ev.PhaseStarted(seat=state.turn.active, phase="play"))
    ask(state, AskPlay(state.turn.active))  # [BC-DEC-4]


def _discard_phase(state: CardsState, task: DiscardPhase, out: Events) -> None:
    active = state.turn.active
    if state.turn.phase != "discard":
        state.turn.phase = "discard"
        out.append(ev.PhaseStarted(seat=active, phase="discard"))
    limit = hand_limit(state, active)
    if limit is not None and len(state.seats[active].hand) > limit:
        ask(state, AskDiscard(active))


def _end_turn(state: CardsState, task: EndTurn, out: Events) -> None:
    run_settle(state, Settle(), out)
    if state.outcome is not None:
        return
    seat, extra = _next_turn(state, out)
    state.turn = Turn(seat, rush=RushTurn(extra=extra))
    state.turn_number += 1
    schedule(state, StartTurn())


def _next_turn(state: CardsState, out: Events) -> tuple[int, bool]:
    """Return the seat to play next and whether it is an extra turn: an expansion's answer
    (shadows, extra turns), else the next living seat [BC-TURN-1]."""
    for expansion in EXPANSIONS:
        found = expansion.next_turn(state, out)
        if found is not None:
            return found
    return next_living(state, state.turn.active), False


_HANDLERS: dict[str, Handler] = {
    "start_turn": _start_turn,
    "jail_step": _jail_step,
    "draw_phase": run_draw_phase,
    "play_phase": _play_phase,
    "discard_phase": _discard_phase,
    "end_turn": _end_turn,
    "check": run_check,
    "defend": run_defend,
    "shot": run_shot,
    "volley": run_volley,
    "duel_turn": run_duel_turn,
    "store_pick": run_store_pick,
    "damage": run_damage,
    "eliminate": run_eliminate,
    "settle": run_settle,
}


def _handler(kind: str) -> Handler:
    """Return the handler of a task kind: the base flow's, else an expansion's."""
    handler = _HANDLERS.get(kind)
    if handler is not None:
        return handler
    return next(e.handlers[kind] for e in EXPANSIONS if kind in e.handlers)
