"""Legal answers to each pending decision, and how an answer changes the state."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from core.bang_dice import events as ev
from core.bang_dice.actions import (
    Amount,
    ArrowPick,
    DiceAction,
    DiceChoice,
    DiscardArrow,
    GhostToken,
    Reroll,
    Reveal,
    SetFace,
    Skip,
    Stop,
    Target,
)
from core.bang_dice.agenda import Events, schedule
from core.bang_dice.board import living
from core.bang_dice.damage import heal, with_changes
from core.bang_dice.flow import rerollable, set_saloon_die
from core.bang_dice.identities import return_left_hand_arrows, reveal, reveal_options
from core.bang_dice.ids import Character, Decision, DieKind
from core.bang_dice.resolution import assign_hit, can_double, give_beer, stop_rolling
from core.bang_dice.state import (
    ArrowSource,
    Damage,
    DiceState,
    Frame,
    Roll,
    RolledArrows,
    TakeArrow,
)
from core.bang_dice.tokens import return_arrows, take_from_pile


def _amounts(limit: int, normal: int, chief: bool) -> list[DiceAction]:
    """Return Amount answers up to `limit` from `normal` arrows plus the Chief's if `chief`."""
    answers: list[DiceAction] = [Amount(n) for n in range(min(limit, normal) + 1)]
    if chief:
        answers.extend(Amount(n, chief=True) for n in range(1, min(limit, normal + 1) + 1))
    return answers


def legal_actions(state: DiceState, frame: Frame, seat_index: int) -> list[DiceAction]:
    """Return every legal answer of `seat_index` to the pending frame."""
    seat = state.seats[seat_index]
    match frame.decision:
        case Decision.REROLL:
            dice = rerollable(state)
            subsets: list[DiceAction] = [Stop()]
            for size in range(1, len(dice) + 1):
                subsets.extend(Reroll(frozenset(c)) for c in combinations(dice, size))
            return subsets
        case Decision.HIT_TARGET:
            plain: list[DiceAction] = [Target(t) for t in frame.targets]
            if can_double(state):
                plain.extend(Target(t, doubled=True) for t in frame.targets)
            return plain
        case Decision.BEER_TARGET | Decision.SID_HEAL:
            return [Target(t) for t in living(state)]
        case Decision.BROKEN_ARROW:
            return [Target(t) for t in frame.targets]
        case Decision.ELENA_GIVE | Decision.MOLLY_TAKE:
            return [*(Target(t) for t in frame.targets), Skip()]
        case Decision.KIT_DISCARD:
            holders: list[DiceAction] = []
            for index in living(state):
                if state.seats[index].arrows:
                    holders.append(DiscardArrow(index))
                if state.seats[index].chief:
                    holders.append(DiscardArrow(index, chief=True))
            return [*holders, Skip()]
        case Decision.BART_ARROWS:
            return _amounts(frame.limit, state.pile, state.chief_in_pile)
        case Decision.PEDRO_RETURN:
            return _amounts(frame.limit, seat.arrows, seat.chief)
        case Decision.DICE_CHOICE:
            return _dice_choices(seat.character)
        case Decision.CHIEF_CHOICE:
            return [ArrowPick("normal"), ArrowPick("chief")]
        case Decision.APACHE_STEAL:
            return [ArrowPick("steal"), ArrowPick("normal")]
        case Decision.GHOST_GIVE:
            faces = [die.face for die in state.turn.dice]
            dice = [0] if faces[0] == faces[1] else [0, 1]
            return [GhostToken(die, t) for die in dice for t in frame.targets]
        case Decision.START_REVEAL | Decision.WINDOW:
            return [Skip(), *reveal_options(state, frame, seat_index)]
        case Decision.LEFT_HAND_ARROWS:
            return [Amount(0), Amount(frame.limit, chief=seat.chief)]
    return []


def _dice_choices(character: Character) -> list[DiceAction]:
    """Return the dice choices of a character [OS-DICE-1, OS-CHAR-JOSE-1, OS-CHAR-TEQUILA-1]."""
    choices: list[DiceAction] = [DiceChoice(None), DiceChoice(DieKind.LOUDMOUTH),
                                 DiceChoice(DieKind.COWARD)]
    if character is Character.JOSE_DELGADO:
        choices.append(DiceChoice(DieKind.LOUDMOUTH, extra=True))
    if character is Character.TEQUILA_JOE:
        choices.append(DiceChoice(DieKind.COWARD, extra=True))
    return choices


def is_legal(state: DiceState, frame: Frame, seat: int, action: DiceAction) -> bool:
    """Return True if the action answers the frame legally (without listing every answer)."""
    match frame.decision, action:
        case Decision.REROLL, Reroll(dice=dice):
            return bool(dice) and dice <= set(rerollable(state))
        case Decision.REROLL, Stop():
            return True
        case Decision.HIT_TARGET, Target(seat=seat, doubled=doubled):
            return seat in frame.targets and (not doubled or can_double(state))
        case Decision.BEER_TARGET | Decision.SID_HEAL, Target(seat=seat, doubled=False):
            return 0 <= seat < len(state.seats) and state.seats[seat].alive
    return action in legal_actions(state, frame, seat)


def answer(state: DiceState, frame: Frame, seat: int, action: DiceAction, out: Events) -> None:
    """Apply a seat's legal answer to the pending frame (already cleared from the state)."""
    turn = state.turn
    match frame.decision, action:
        case Decision.WINDOW, Skip():
            waiting = tuple(s for s in frame.waiting if s != seat)
            if waiting:  # the window stays open until every possible holder has answered
                state.pending = replace(frame, waiting=waiting)
        case Decision.START_REVEAL, Skip():
            pass
        case Decision.START_REVEAL | Decision.WINDOW, Reveal() | SetFace():
            reveal(state, frame, seat, action, out)
        case Decision.LEFT_HAND_ARROWS, Amount(count=count):
            return_left_hand_arrows(state, seat, count > 0, out)
        case Decision.REROLL, Stop():
            stop_rolling(state, out)
        case Decision.REROLL, Reroll(dice=dice):
            schedule(state, Roll(dice=tuple(sorted(dice))))
        case Decision.HIT_TARGET, Target(seat=seat, doubled=doubled):
            assign_hit(state, seat, doubled=doubled, out=out)
        case Decision.BEER_TARGET, Target(seat=seat):
            give_beer(state, seat, out)
        case Decision.SID_HEAL, Target(seat=seat):
            heal(state, seat, 1, "sid_ketchum", out)
        case Decision.KIT_DISCARD, DiscardArrow(seat=seat, chief=chief):
            turn.kit_left -= 1
            out.append(ev.ArrowDiscarded(seat=turn.active, target=seat))
            return_arrows(state, seat, 1, "kit_carlson", out, chief=chief)
        case Decision.KIT_DISCARD, Skip():
            turn.kit_left -= 1
        case Decision.BART_ARROWS, Amount(count=count, chief=chief):
            _bart_takes(state, frame.seat, count, chief, out)
        case Decision.PEDRO_RETURN, Amount(count=count, chief=chief):
            return_arrows(state, frame.seat, count, "pedro_ramirez", out, chief=chief)
        case Decision.DICE_CHOICE, DiceChoice(die=die, extra=extra):
            set_saloon_die(state, die, extra, out)
        case Decision.CHIEF_CHOICE | Decision.APACHE_STEAL, ArrowPick(source=source):
            _settle_arrow_source(state, source)
        case Decision.BROKEN_ARROW, Target(seat=seat):
            return_arrows(state, seat, 1, "broken_arrow", out)  # [OS-FACE-BROKEN-1]
        case Decision.ELENA_GIVE, Target(seat=seat):
            task = state.agenda.pop()
            assert isinstance(task, RolledArrows)
            out.append(ev.ArrowGiven(seat=frame.seat, target=seat))
            schedule(state, TakeArrow(seat=seat),
                     RolledArrows(count=task.count - 1, elena_asked=True))
        case Decision.MOLLY_TAKE, Target(seat=victim):
            _molly_takes(state, frame.seat, victim, out)
        case Decision.GHOST_GIVE, GhostToken(die=die, seat=seat):
            _give_ghost_token(state, die, seat, out)


def _settle_arrow_source(state: DiceState, source: ArrowSource) -> None:
    """Fix the source of the arrow being taken (the TakeArrow task on top of the agenda)."""
    task = state.agenda.pop()
    assert isinstance(task, TakeArrow)
    schedule(state, TakeArrow(seat=task.seat, source=source))


def _bart_takes(state: DiceState, seat: int, count: int, chief: bool, out: Events) -> None:
    """Bart Cassidy takes arrows instead of life; the damage step on top resumes after."""
    if count <= 0:
        return
    for number in range(count):
        take_from_pile(state, seat, chief and number == 0, out)
    out.append(ev.ArrowsInsteadOfLife(seat=seat, count=count))
    losses = pending_losses(state)
    losses[seat] -= count
    _setpending_losses(state, losses)


def _molly_takes(state: DiceState, molly: int, victim: int, out: Events) -> None:
    """Molly Stark takes a whole loss in another player's place [OS-CHAR-MOLLY-1]."""
    losses = pending_losses(state)
    out.append(ev.LossTaken(seat=molly, target=victim, amount=losses[victim]))
    losses[molly] += losses[victim]
    losses[victim] = 0
    _setpending_losses(state, losses)


def pending_losses(state: DiceState) -> list[int]:
    """Return the losses of the damage step waiting on top of the agenda."""
    task = state.agenda[-1]
    assert isinstance(task, Damage)
    return list(task.losses)


def _setpending_losses(state: DiceState, losses: list[int]) -> None:
    """Rewrite the losses of the damage step waiting on top of the agenda."""
    task = state.agenda[-1]
    assert isinstance(task, Damage)
    state.agenda[-1] = with_changes(task, losses=tuple(losses))


def _give_ghost_token(state: DiceState, die: int, seat: int, out: Events) -> None:
    """Give a Ghost token, and the x2 token when both dice match [OS-GHOST-6]."""
    faces = [d.face for d in state.turn.dice]
    face = faces[die]
    assert face is not None
    target = state.seats[seat]
    target.token = face
    target.token_double = faces[0] == faces[1]
    out.append(ev.GhostTokenGiven(seat=state.turn.active, target=seat, face=face.value,
                                  double=target.token_double))
