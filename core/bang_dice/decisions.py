"""Legal answers to each pending decision, and how an answer changes the state; a
decision only one character is asked is answered by that character's rules."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from core.bang_dice import events as ev
from core.bang_dice.actions import (
    Amount,
    ArrowPick,
    DiceAction,
    DiceChoice,
    GhostToken,
    Reroll,
    Reveal,
    SetFace,
    Skip,
    Stop,
    Target,
)
from core.bang_dice.agenda import Events, schedule, settle_arrow_source
from core.bang_dice.agenda import pending_losses as pending_losses
from core.bang_dice.board import living
from core.bang_dice.characters import DECISION_OWNERS, ability_of
from core.bang_dice.flow import rerollable, set_saloon_die
from core.bang_dice.identities import return_left_hand_arrows, reveal, reveal_options
from core.bang_dice.ids import Character, Decision, DieKind
from core.bang_dice.resolution import assign_hit, can_double, give_beer, stop_rolling
from core.bang_dice.state import DiceState, Frame, Roll
from core.bang_dice.tokens import return_arrows


def legal_actions(state: DiceState, frame: Frame, seat_index: int) -> list[DiceAction]:
    """Return every legal answer of `seat_index` to the pending frame."""
    owner = DECISION_OWNERS.get(frame.decision)
    if owner is not None:
        return owner.legal(state, frame, seat_index)
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
        case Decision.BEER_TARGET:
            return [Target(t) for t in living(state)]
        case Decision.BROKEN_ARROW:
            return [Target(t) for t in frame.targets]
        case Decision.DICE_CHOICE:
            return _dice_choices(seat.character)
        case Decision.CHIEF_CHOICE:
            return [ArrowPick("normal"), ArrowPick("chief")]
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
    """Return the dice choices of a character [OS-DICE-1], a sixth die if his rules allow."""
    choices: list[DiceAction] = [DiceChoice(None), DiceChoice(DieKind.LOUDMOUTH),
                                 DiceChoice(DieKind.COWARD)]
    choices.extend(DiceChoice(kind, extra=True) for kind in ability_of(character).extra_dice)
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
        case Decision.BEER_TARGET, Target(seat=seat, doubled=False):
            return 0 <= seat < len(state.seats) and state.seats[seat].alive
    return action in legal_actions(state, frame, seat)


def answer(state: DiceState, frame: Frame, seat: int, action: DiceAction, out: Events) -> None:
    """Apply a seat's legal answer to the pending frame (already cleared from the state)."""
    owner = DECISION_OWNERS.get(frame.decision)
    if owner is not None:
        owner.answer(state, frame, seat, action, out)
        return
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
        case Decision.DICE_CHOICE, DiceChoice(die=die, extra=extra):
            set_saloon_die(state, die, extra, out)
        case Decision.CHIEF_CHOICE, ArrowPick(source=source):
            settle_arrow_source(state, source)
        case Decision.BROKEN_ARROW, Target(seat=seat):
            return_arrows(state, seat, 1, "broken_arrow", out)  # [OS-FACE-BROKEN-1]
        case Decision.GHOST_GIVE, GhostToken(die=die, seat=seat):
            _give_ghost_token(state, die, seat, out)


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
