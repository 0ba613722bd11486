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
    DiscardArrow,
    GhostToken,
    Reroll,
    Reveal,
    SetFace,
    Skip,
    Stop,
    Target,
)
from core.bang_dice.board import clockwise_from, distance, hit_targets, living
from core.bang_dice.decisions import legal_actions, pending_losses
from core.bang_dice.flow import rerollable
from core.bang_dice.identities import reveal_options
from core.bang_dice.ids import (
    BEERS,
    DIE_FACES,
    GATLINGS,
    THREE_PLAYER_TARGET,
    Character,
    Decision,
    DieKind,
    Face,
    Identity,
    Role,
)
from core.bang_dice.resolution import count_symbols, dynamite_count
from core.bang_dice.scoring import team_role
from core.bang_dice.state import DiceState, Frame

_TEAM = {Role.SHERIFF: "law", Role.DEPUTY: "law", Role.OUTLAW: "outlaws",
         Role.RENEGADE: "renegade"}


def known_ally(state: DiceState, seat: int, other: int) -> bool:
    """Return True if both identities are public and on the same team [BD-TO-1]."""
    if state.three_player or seat == other:
        return False
    mine, theirs = state.seats[seat], state.seats[other]
    return (mine.role_revealed and theirs.role_revealed
            and _TEAM[mine.role] == _TEAM[theirs.role] != "renegade")


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
    match frame.decision:
        case Decision.REROLL:
            return Stop()
        case Decision.SID_HEAL | Decision.BEER_TARGET:
            return Target(seat)
        case Decision.HIT_TARGET:
            targets = list(frame.targets)
            if state.seats[seat].character is Character.CALAMITY_JANET:
                # [BD-TO table] Calamity Janet's default reads the symbol as printed.
                printed = 1 if len(living(state)) <= 3 else frame.symbol
                targets = [t for t in targets if distance(state, seat, t) == printed] or targets
            return Target(default_target(state, seat, targets))
        case Decision.KIT_DISCARD:
            me = state.seats[seat]
            if me.chief:
                return DiscardArrow(seat, chief=True)
            return DiscardArrow(seat) if me.arrows else Skip()
        case Decision.BART_ARROWS:
            life, loss = state.seats[seat].life, pending_losses(state)[seat]
            needed = min(loss - life + 1 if loss >= life else 0, frame.limit)
            if needed > state.pile:
                return Amount(needed, chief=True)
            return Amount(needed)
        case Decision.PEDRO_RETURN:
            return Amount(frame.limit, chief=state.seats[seat].chief)
        case Decision.DICE_CHOICE:
            return DiceChoice(None)
        case Decision.CHIEF_CHOICE | Decision.APACHE_STEAL:
            return ArrowPick("normal")
        case Decision.BROKEN_ARROW:
            if seat in frame.targets:
                return Target(seat)
            most = max(state.seats[t].arrows for t in frame.targets)
            return Target(next(t for t in frame.targets if state.seats[t].arrows == most))
        case Decision.ELENA_GIVE | Decision.MOLLY_TAKE:
            return Skip()
        case Decision.GHOST_GIVE:
            return GhostToken(0, frame.targets[0])
        case Decision.START_REVEAL | Decision.WINDOW:
            return Skip()  # [BD-TO table, BD-DEC-1/16] pass: never reveals anything
        case Decision.LEFT_HAND_ARROWS:
            return Amount(frame.limit, chief=state.seats[seat].chief)
    return legal_actions(state, frame, seat)[0]


# --- the bot ---------------------------------------------------------------------------------


def _enemy_score(state: DiceState, seat: int, other: int) -> float:
    """Return how much the bot in `seat` wants `other` to lose life (negative: protect)."""
    me, them = state.seats[seat], state.seats[other]
    my_role = team_role(state, seat)
    if state.three_player:
        return 10.0 if them.role is THREE_PLAYER_TARGET[me.role] else 1.0
    alive = living(state)
    outlaws_left = any(state.seats[i].role is Role.OUTLAW for i in alive)
    if my_role is Role.OUTLAW:
        if them.role is Role.SHERIFF:
            return 10.0
        if them.role_revealed:
            return -5.0 if them.role is Role.OUTLAW else 4.0
        return 1.0
    if my_role is Role.RENEGADE and (not outlaws_left or len(alive) <= 3):
        return 10.0 if them.role is Role.SHERIFF else 5.0
    # Law, and a Renegade who still hides with the law: protect the Sheriff, hunt the rest.
    if them.role is Role.SHERIFF:
        return -10.0
    if them.role_revealed:
        return -5.0 if them.role is Role.DEPUTY else 6.0
    return 2.0


def _bot_target(state: DiceState, seat: int, targets: list[int]) -> int:
    def priority(t: int) -> tuple[float, int]:
        finishing = 3.0 if state.seats[t].life <= 1 else 0.0
        return (_enemy_score(state, seat, t) + finishing, -state.seats[t].life)
    return max(targets, key=priority)


def _beer_target(state: DiceState, seat: int) -> int:
    me = state.seats[seat]
    if me.life < me.max_life:
        return seat
    wounded = [t for t in living(state) if state.seats[t].life < state.seats[t].max_life
               and _enemy_score(state, seat, t) < 0]
    return min(wounded, key=lambda t: state.seats[t].life) if wounded else seat


def _useless_dice(state: DiceState, seat: int) -> list[int]:
    """Return the re-rollable dice whose face is worth less than a fresh roll."""
    me = state.seats[seat]
    gatlings = count_symbols(state, GATLINGS)
    needed = 2 if me.character is Character.WILLY_THE_KID else 3
    beers_wanted = sum(1 for t in living(state) if state.seats[t].life < state.seats[t].max_life
                       and (t == seat or _enemy_score(state, seat, t) < 0))
    beers_kept = 0
    useless = []
    for index in rerollable(state):
        face = state.turn.dice[index].face
        if face is Face.DYNAMITE:
            useless.append(index)  # only Black Jack gets here
        elif face is Face.ARROW:
            useless.append(index)
        elif face in BEERS:
            beers_kept += 1
            if beers_kept > beers_wanted:
                useless.append(index)
        elif face in GATLINGS:
            if gatlings < needed - 1 and me.character is not Character.KIT_CARLSON:
                useless.append(index)
        elif face in (Face.BULLSEYE_1, Face.BULLSEYE_2):
            symbol = 1 if face is Face.BULLSEYE_1 else 2
            targets = hit_targets(state, seat, symbol)
            if not targets or max(_enemy_score(state, seat, t) for t in targets) <= 0:
                useless.append(index)
    return useless


def bot_action(state: DiceState, frame: Frame, seat: int) -> DiceAction:
    """Return the bot's answer of `seat` to a frame."""
    me = state.seats[seat]
    match frame.decision:
        case Decision.REROLL:
            useless = _useless_dice(state, seat)
            risky = dynamite_count(state) == 2 and me.life <= 2
            return Reroll(frozenset(useless)) if useless and not risky else Stop()
        case Decision.SID_HEAL | Decision.BEER_TARGET:
            return Target(_beer_target(state, seat))
        case Decision.HIT_TARGET:
            target = _bot_target(state, seat, list(frame.targets))
            doubled = Target(target, doubled=True)
            wants_double = me.life >= me.max_life - 1 and _enemy_score(state, seat, target) > 0
            return doubled if wants_double and doubled in legal_actions(state, frame, seat) else \
                Target(target)
        case Decision.KIT_DISCARD:
            holders = [i for i in living(state) if state.seats[i].arrows > 0]
            firing = count_symbols(state, GATLINGS) >= 3
            friends = [i for i in holders if i != seat and _enemy_score(state, seat, i) < 0]
            if not firing and seat in holders:
                return DiscardArrow(seat)
            return DiscardArrow(friends[0]) if friends else Skip()
        case Decision.BART_ARROWS:
            arrows_ok = me.arrows + frame.limit < me.life
            return Amount(frame.limit) if arrows_ok else default_action(state, frame, seat)
        case Decision.PEDRO_RETURN:
            return Amount(frame.limit, chief=me.chief)
        case Decision.DICE_CHOICE:
            return _bot_dice_choice(state, frame)
        case Decision.APACHE_STEAL:
            return ArrowPick("steal" if state.pile <= 2 else "normal")
        case Decision.BROKEN_ARROW:
            if seat in frame.targets:
                return Target(seat)
            return Target(min(frame.targets, key=lambda t: _enemy_score(state, seat, t)))
        case Decision.ELENA_GIVE:
            return Target(max(frame.targets, key=lambda t: _enemy_score(state, seat, t)))
        case Decision.MOLLY_TAKE:
            return _bot_molly(state, frame)
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


def _bot_molly(state: DiceState, frame: Frame) -> DiceAction:
    """Take an ally's loss when it would kill the ally and Molly survives it."""
    victim = frame.targets[0]
    loss = pending_losses(state)[victim]
    molly = state.seats[frame.seat]
    saves = loss >= state.seats[victim].life and molly.life > loss
    return Target(victim) if saves and _enemy_score(state, frame.seat, victim) < 0 else Skip()


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
