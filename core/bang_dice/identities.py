"""Old Saloon special identities (module 3): dealing, reaction windows and effects [OS-ROLE].

How a window works in asynchronous play (docs/old_saloon.md): at each moment a card
could be used, a WINDOW frame is owed by every living seat whose identity is secret,
holder or not. A seat without the card can only pass; the holder may also reveal. The
window closes when every seat has answered or someone reveals. The shell answers
`pass` for everyone left when the window's fixed grace period ends, and never closes
it earlier, so neither the prompts nor their timing say who holds what [OS-ROLE-9].
A window is not opened when public facts rule the card out (it was revealed, or no
secret identity of its type is left). Every turn also starts with a START_REVEAL
decision, taken by every active player, where start-of-turn cards may be used.
"""

from __future__ import annotations

from itertools import combinations

from core.bang_dice import events as ev
from core.bang_dice.actions import DiceAction, Reveal, SetFace
from core.bang_dice.ids import (
    CHARACTER_LIFE,
    DIE_FACES,
    IDENTITY_ROLE,
    NORMAL_CARDS,
    Decision,
    Identity,
    Module,
    Role,
)
from core.bang_dice.state import (
    DiceState,
    Die,
    Frame,
    Heal,
    IdentityEffect,
    OpenWindow,
    Roll,
    SeatState,
)
from core.bang_dice.tokens import return_all
from core.engine.protocol import Event
from core.engine.rng import shuffled

Events = list[Event]
START_OF_TURN = (Identity.THE_GOOD, Identity.THE_UGLY, Identity.DEVILS_RIGHT_HAND)


def deal_identities(rng: int, roles: list[Role], mode: str) -> tuple[int, list[Identity | None]]:
    """Return (new rng, the identity card of each seat, None for a normal card) [OS-ROLE-1]."""
    by_type: dict[Role, list[Identity | None]] = {}
    for role in (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE):
        cards: list[Identity | None] = [i for i, r in IDENTITY_ROLE.items() if r is role]
        if mode == "mixed":
            cards += [None] * NORMAL_CARDS[role]
        rng, by_type[role] = shuffled(rng, cards)
    return rng, [by_type[role].pop() for role in roles]


def enabled(state: DiceState) -> bool:
    """Return True when the special identities module is on."""
    return state.options.has(Module.SPECIAL_IDENTITIES)


def can_use(seat: SeatState, identity: Identity) -> bool:
    """Return True if the seat holds this card unused and may use it [OS-ROLE-3, OS-ROLE-5]."""
    return (seat.identity is identity and not seat.identity_used and seat.alive
            and not seat.ghost)


def window_seats(state: DiceState, identity: Identity, exclude: tuple[int, ...]) -> tuple[int, ...]:
    """Return who owes a window for `identity`: every living secret identity, unless public
    facts rule the card out; () when no window is needed."""
    if not enabled(state):
        return ()
    if any(seat.identity is identity and seat.role_revealed for seat in state.seats):
        return ()  # the card is known: used, or shown by an elimination [BD-ELIM-3]
    kind = IDENTITY_ROLE[identity]
    # How many secret identities of a type are left is public: dealt counts minus reveals.
    if not any(seat.alive and not seat.role_revealed and seat.role is kind
               for seat in state.seats):
        return ()
    return tuple(i for i, seat in enumerate(state.seats)
                 if seat.alive and not seat.ghost and not seat.role_revealed
                 and i not in exclude)


def open_window(state: DiceState, task: OpenWindow, out: Events) -> None:
    """Leave a WINDOW frame owed by every possible holder, if one is needed."""
    seats = window_seats(state, task.identity, task.exclude)
    if seats:
        out.append(ev.WindowOpened(identity=task.identity.value))
        state.pending = Frame(Decision.WINDOW, state.turn.active, targets=task.targets,
                              window=task.identity, waiting=seats)


def reveal_options(state: DiceState, frame: Frame, seat_index: int) -> list[DiceAction]:
    """Return the reveals a seat may make at this frame (none unless it holds the card)."""
    seat = state.seats[seat_index]
    if frame.decision is Decision.START_REVEAL:
        identity = seat.identity
        if identity not in START_OF_TURN or identity is None or not can_use(seat, identity):
            return []
        if identity is Identity.THE_GOOD:
            return [Reveal()]
        others = [i for i, s in enumerate(state.seats) if s.alive and i != seat_index]
        return [Reveal(pair) for pair in combinations(others, 2)]
    if frame.window is None or not can_use(seat, frame.window):
        return []
    if frame.window is Identity.THE_DOCTOR:
        return [SetFace(die, face) for die in frame.targets
                for face in range(len(DIE_FACES[state.turn.dice[die].kind]))]
    if frame.window is Identity.DEVILS_LEFT_HAND:
        return [Reveal((dying,)) for dying in frame.targets]
    return [Reveal()]


def reveal(state: DiceState, frame: Frame, seat_index: int, action: DiceAction,
           out: Events) -> None:
    """Reveal a seat's card to use it: The Judge may cancel the effect first [OS-ROLE-4]."""
    seat = state.seats[seat_index]
    identity = seat.identity
    assert identity is not None
    seat.role_revealed = True
    seat.identity_used = True
    out.append(ev.IdentityRevealed(seat=seat_index, identity=identity.value,
                                   role=seat.role.value))
    effect = IdentityEffect(identity=identity, seat=seat_index)
    if isinstance(action, Reveal):
        effect = IdentityEffect(identity=identity, seat=seat_index, targets=action.seats)
    elif isinstance(action, SetFace):
        effect = IdentityEffect(identity=identity, seat=seat_index, die=action.die,
                                face=DIE_FACES[state.turn.dice[action.die].kind][action.face])
    state.agenda.append(effect)
    if identity is not Identity.THE_JUDGE:
        state.agenda.append(OpenWindow(identity=Identity.THE_JUDGE, exclude=(seat_index,)))


def run_effect(state: DiceState, task: IdentityEffect, out: Events) -> None:
    """Apply a revealed identity's effect [OS-ROLE-*]."""
    match task.identity:
        case Identity.THE_GOOD:
            _good_becomes_sheriff(state, task.seat, out)
        case Identity.THE_UGLY | Identity.DEVILS_RIGHT_HAND:
            first, second = (state.seats[i] for i in task.targets)
            first.arrows, second.arrows = second.arrows, first.arrows  # [R-OS-07] all arrows
            first.chief, second.chief = second.chief, first.chief
            out.append(ev.ArrowsSwapped(seat=task.seat, first=task.targets[0],
                                        second=task.targets[1]))
        case Identity.THE_DOCTOR:
            die = state.turn.dice[task.die]
            state.turn.dice[task.die] = Die(die.kind, task.face)
            out.append(ev.DieSet(seat=task.seat, die=task.die,
                                 face=task.face.value if task.face else ""))
        case Identity.THE_JUDGE:
            cancelled = state.agenda.pop()
            assert isinstance(cancelled, IdentityEffect)
            out.append(ev.EffectCancelled(seat=task.seat, identity=cancelled.identity.value))
        case Identity.THE_GAMBLER:
            every = tuple(range(len(state.turn.dice)))
            state.agenda.append(Roll(dice=every, gamble=True))
        case Identity.THE_BAD:
            heal = state.agenda.pop()  # [OS-ROLE-BAD-1] the gain about to happen is lost
            assert isinstance(heal, Heal)
            out.append(ev.HealCancelled(seat=task.seat, target=heal.seat, cause=heal.cause))
        case Identity.DEVILS_LEFT_HAND:
            _left_hand_saves(state, task.targets[0], out)


def _good_becomes_sheriff(state: DiceState, good: int, out: Events) -> None:
    """The Good and the Sheriff swap identity cards [OS-ROLE-GOOD-1..4]."""
    sheriff = next(i for i, s in enumerate(state.seats) if s.role is Role.SHERIFF)
    new, old = state.seats[good], state.seats[sheriff]
    new.role, old.role = Role.SHERIFF, Role.DEPUTY
    new.identity, old.identity = old.identity, new.identity
    new.identity_used, old.identity_used = old.identity_used, True
    for seat in (new, old):
        seat.role_revealed = True
        seat.max_life = CHARACTER_LIFE[seat.character]  # no bonus life; life above it stays
    out.append(ev.SheriffChanged(seat=good, former=sheriff))


def _left_hand_saves(state: DiceState, saved: int, out: Events) -> None:
    """A dying player stays in with 2 life and may return his arrows [OS-ROLE-LEFT-1]."""
    seat = state.seats[saved]
    seat.life = 2
    out.append(ev.SavedFromDeath(seat=saved))
    if seat.tokens:
        state.pending = Frame(Decision.LEFT_HAND_ARROWS, saved, limit=seat.tokens)


def return_left_hand_arrows(state: DiceState, seat_index: int, returned: bool,
                            out: Events) -> None:
    """The saved player returns all his arrows, or keeps them [BD-DEC-17]."""
    if returned:
        return_all(state, seat_index, "devils_left_hand", out)
