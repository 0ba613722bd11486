"""Policies: the timeout default [BD-TO] and the stronger bot.

The default uses public facts only and never the seat's secret identity, so a
timeout reveals nothing. The bot plays its own identity to win (docs/policies.md).
"""

from __future__ import annotations

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
from core.bang_dice.allegiance import bot_heal_target, known_ally
from core.bang_dice.allegiance import enemy_score as _enemy_score
from core.bang_dice.board import clockwise_from
from core.bang_dice.characters import DECISION_OWNERS, ability_of
from core.bang_dice.decisions import legal_actions
from core.bang_dice.flow import rerollable
from core.bang_dice.identities import reveal_options
from core.bang_dice.ids import (
    BEERS,
    DIE_FACES,
    GATLINGS,
    THREE_PLAYER_TARGET,
    Decision,
    DieKind,
    Face,
    Identity,
    Role,
)
from core.bang_dice.reach import hit_targets
from core.bang_dice.scoring import team_role
from core.bang_dice.state import DiceState, Frame
from core.bang_dice.symbols import count_symbols, dynamite_count


def _most_life_first_clockwise(state: DiceState, seat: int, candidates: list[int]) -> int:
    order = {s: i for i, s in enumerate(clockwise_from(state, seat))}
    return min(candidates, key=lambda t: (-state.seats[t].life, order.get(t, 99)))


def default_target(state: DiceState, seat: int, targets: list[int]) -> int:
    """Return the timeout target for a hit symbol [BD-TO-2]."""
    me = state.seats[seat]
    candidates = list(targets)
    if me.role_revealed:
        if state.three_player:
            hunted = [t for t in candidates
                      if state.seats[t].role is THREE_PLAYER_TARGET[me.role]]
            candidates = hunted or candidates
        else:
            candidates = [t for t in candidates if not known_ally(state, seat, t)] or candidates
    else:
        candidates = [t for t in candidates
                      if state.seats[t].role is not Role.SHERIFF] or candidates
    return _most_life_first_clockwise(state, seat, candidates)


def default_action(state: DiceState, frame: Frame, seat: int) -> DiceAction:
    """Return the timeout answer of `seat` to a frame [BD-TO table]."""
    owner = DECISION_OWNERS.get(frame.decision)
    if owner is not None:
        return owner.default(state, frame, seat)
    match frame.decision:
        case Decision.REROLL:
            return Stop()
        case Decision.BEER_TARGET:
            return Target(seat)
        case Decision.HIT_TARGET:
            ability = ability_of(state.seats[seat].character)
            targets = ability.default_hit_targets(state, seat, frame)
            return Target(default_target(state, seat, targets))
        case Decision.DICE_CHOICE:
            return DiceChoice(None)
        case Decision.CHIEF_CHOICE:
            return ArrowPick("normal")
        case Decision.BROKEN_ARROW:
            if seat in frame.targets:
                return Target(seat)
            most = max(state.seats[t].arrows for t in frame.targets)
            return Target(next(t for t in frame.targets if state.seats[t].arrows == most))
        case Decision.GHOST_GIVE:
            return GhostToken(0, frame.targets[0])
        case Decision.START_REVEAL | Decision.WINDOW:
            return Skip()  # [BD-TO table, BD-DEC-1/16] pass: never reveals anything
        case Decision.LEFT_HAND_ARROWS:
            return Amount(frame.limit, chief=state.seats[seat].chief)
    return legal_actions(state, frame, seat)[0]


# --- the bot ---------------------------------------------------------------------------------


def _bot_target(state: DiceState, seat: int, targets: list[int]) -> int:
    """Return the seat to hit: the worst enemy; among equal enemies an Outlaw (and every
    seat with 3 players) finishes the weakest, the law and the Renegade hit the healthiest."""
    if not state.three_player and team_role(state, seat) is not Role.OUTLAW:
        # Hidden enemies shoot each other too: hurting the healthiest leaves the last duel
        # against a worn-down survivor; finishing the weakest spares the strongest.
        scores = {t: _enemy_score(state, seat, t) for t in targets}
        worst = max(scores.values())
        return _most_life_first_clockwise(state, seat, [t for t in targets if scores[t] == worst])

    def priority(t: int) -> tuple[float, int]:
        finishing = 3.0 if state.seats[t].life <= 1 else 0.0
        return (_enemy_score(state, seat, t) + finishing, -state.seats[t].life)
    return max(targets, key=priority)


def _useless_dice(state: DiceState, seat: int) -> list[int]:
    """Return the re-rollable dice whose face is worth less than a fresh roll. Beers are kept
    even at full life: they resolve after the turn's arrows and dynamite [BD-RES-1]."""
    rules = ability_of(state.seats[seat].character)  # the Ghost rolls with his character's hints
    gatlings = count_symbols(state, GATLINGS)
    needed = rules.gatlings_needed
    useless = []
    for index in rerollable(state):
        face = state.turn.dice[index].face
        if face is Face.DYNAMITE:
            useless.append(index)  # only Black Jack gets here
        elif face is Face.ARROW:
            useless.append(index)
        elif face in GATLINGS:
            if gatlings < needed - 1 and not rules.values_gatlings:
                useless.append(index)
        elif face in (Face.BULLSEYE_1, Face.BULLSEYE_2):
            symbol = 1 if face is Face.BULLSEYE_1 else 2
            targets = hit_targets(state, seat, symbol)
            if not targets or max(_enemy_score(state, seat, t) for t in targets) <= 0:
                useless.append(index)
    return useless


def bot_action(state: DiceState, frame: Frame, seat: int) -> DiceAction:
    """Return the bot's answer of `seat` to a frame."""
    owner = DECISION_OWNERS.get(frame.decision)
    if owner is not None:
        return owner.bot(state, frame, seat)
    me = state.seats[seat]
    match frame.decision:
        case Decision.REROLL:
            useless = _useless_dice(state, seat)
            risky = dynamite_count(state) == 2 and me.life <= 2
            return Reroll(frozenset(useless)) if useless and not risky else Stop()
        case Decision.BEER_TARGET:
            return Target(bot_heal_target(state, seat))
        case Decision.HIT_TARGET:
            target = _bot_target(state, seat, list(frame.targets))
            doubled = Target(target, doubled=True)
            wants_double = me.life >= me.max_life - 1 and _enemy_score(state, seat, target) > 0
            return doubled if wants_double and doubled in legal_actions(state, frame, seat) else \
                Target(target)
        case Decision.DICE_CHOICE:
            return _bot_dice_choice(state, frame)
        case Decision.BROKEN_ARROW:
            if seat in frame.targets:
                return Target(seat)
            return Target(min(frame.targets, key=lambda t: _enemy_score(state, seat, t)))
        case Decision.GHOST_GIVE:
            return _bot_ghost(state, frame)
        case Decision.START_REVEAL | Decision.WINDOW:
            return bot_identity(state, frame, seat) or Skip()
    return default_action(state, frame, seat)


def _bot_dice_choice(state: DiceState, frame: Frame) -> DiceAction:
    """Coward die when wounded (beers), Loudmouth when healthy (double hits and gatling)."""
    me = state.seats[frame.seat]
    die = DieKind.COWARD if me.life * 2 <= me.max_life else DieKind.LOUDMOUTH
    extra = DiceChoice(die, extra=True)
    return extra if extra in legal_actions(state, frame, frame.seat) else DiceChoice(die)


def _bot_ghost(state: DiceState, frame: Frame) -> DiceAction:
    """Give a bad face (dynamite, arrow) to the worst enemy, a good one to the best ally."""
    faces = [die.face for die in state.turn.dice]
    bad = [i for i, face in enumerate(faces) if face in (Face.DYNAMITE, Face.ARROW)]
    enemy = max(frame.targets, key=lambda t: _enemy_score(state, frame.seat, t))
    ally = min(frame.targets, key=lambda t: _enemy_score(state, frame.seat, t))
    if bad:
        return GhostToken(bad[0], enemy)
    if _enemy_score(state, frame.seat, ally) < 0:
        return GhostToken(0, ally)
    return GhostToken(0, enemy)



def bot_identity(state: DiceState, frame: Frame, seat: int) -> DiceAction | None:
    """Return the bot's use of its special identity at this frame, or None to pass."""
    options = reveal_options(state, frame, seat)
    if not options:
        return None
    me = state.seats[seat]

    def enemy(other: int) -> float:
        return _enemy_score(state, seat, other)

    match me.identity:
        case Identity.THE_GOOD:
            sheriff = next(i for i, s in enumerate(state.seats) if s.role is Role.SHERIFF)
            return options[0] if me.life >= state.seats[sheriff].life + 3 else None
        case Identity.THE_UGLY | Identity.DEVILS_RIGHT_HAND:
            def gain(option: DiceAction) -> float:
                first, second = option.seats if isinstance(option, Reveal) else (0, 0)
                moved = state.seats[first].tokens - state.seats[second].tokens
                return moved * (enemy(second) - enemy(first))
            best = max(options, key=gain)
            return best if gain(best) >= 6 else None
        case Identity.THE_DOCTOR:
            return _bot_doctor(state, frame, seat)
        case Identity.THE_JUDGE:
            effect = state.agenda[-1] if state.agenda else None
            revealer = getattr(effect, "seat", seat)
            return options[0] if enemy(revealer) > 0 else None
        case Identity.THE_GAMBLER:
            active = state.turn.active
            strong = count_symbols(state, GATLINGS) >= 3 or count_symbols(state, BEERS) >= 2
            return options[0] if enemy(active) > 0 and strong else None
        case Identity.THE_BAD:
            gainer = frame.targets[0]
            return options[0] if enemy(gainer) > 0 and state.seats[gainer].life <= 3 else None
        case Identity.DEVILS_LEFT_HAND:
            return Reveal((seat,)) if Reveal((seat,)) in options else None
    return None


def _bot_doctor(state: DiceState, frame: Frame, seat: int) -> DiceAction | None:
    """Defuse a friendly explosion, or light an enemy's third dynamite."""
    roller = state.turn.active
    dice = state.turn.dice
    if state.turn.ghost_turn:
        return None
    friendly = roller == seat or _enemy_score(state, seat, roller) < 0
    for index in frame.targets:
        faces = DIE_FACES[dice[index].kind]
        if friendly and dynamite_count(state) >= 3 and dice[index].face is Face.DYNAMITE:
            safe = next(f for f in faces if f not in (Face.DYNAMITE, Face.ARROW, Face.BULLET))
            return SetFace(index, faces.index(safe))
        if (not friendly and dynamite_count(state) == 2
                and dice[index].face is not Face.DYNAMITE):
            return SetFace(index, faces.index(Face.DYNAMITE))
    return None
