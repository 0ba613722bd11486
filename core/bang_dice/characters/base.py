"""The sixteen base characters [BD-CHAR-0]: each one's rules, decision and policies."""

from __future__ import annotations

from core.bang_dice import events as ev
from core.bang_dice.actions import Amount, DiceAction, DiscardArrow, Skip, Target
from core.bang_dice.agenda import Events, ask, pending_losses, schedule, set_pending_losses
from core.bang_dice.allegiance import bot_heal_target, enemy_score
from core.bang_dice.board import distance, living, seat_of
from core.bang_dice.characters.ability import Ability
from core.bang_dice.healing import heal
from core.bang_dice.ids import BEERS, GATLINGS, ONES, TWOS, Character, DamageKind, Decision
from core.bang_dice.state import (
    AskSid,
    Damage,
    DiceState,
    Frame,
    Heal,
    Resolve,
    ResolveStep,
    TakeArrow,
    Task,
    with_changes,
)
from core.bang_dice.symbols import count_symbols
from core.bang_dice.tokens import pile_tokens, return_arrows, take_from_pile


def amounts(limit: int, normal: int, chief: bool) -> list[DiceAction]:
    """Return Amount answers up to `limit` from `normal` arrows plus the Chief's if `chief`."""
    answers: list[DiceAction] = [Amount(n) for n in range(min(limit, normal) + 1)]
    if chief:
        answers.extend(Amount(n, chief=True) for n in range(1, min(limit, normal + 1) + 1))
    return answers


class BartCassidy(Ability):
    """Hit and Gatling damage may be paid with arrows from the pile [BD-CHAR-BART-1]."""

    character = Character.BART_CASSIDY
    decision = Decision.BART_ARROWS

    @staticmethod
    def limit(state: DiceState, loss: int) -> int:
        """Return how many points may turn into arrows: never the pile's last token."""
        return max(0, min(loss, pile_tokens(state) - 1))  # [BD-CHAR-BART-1]

    def substitute(self, state: DiceState, task: Damage) -> bool:
        if task.cause not in (DamageKind.HIT, DamageKind.GATLING):
            return False
        bart = seat_of(state, Character.BART_CASSIDY)
        if bart is None or bart in task.asked or task.losses[bart] <= 0:
            return False
        limit = self.limit(state, task.losses[bart])
        if limit <= 0:
            return False
        schedule(state, with_changes(task, asked=(*task.asked, bart)))
        ask(state, Decision.BART_ARROWS, bart, limit=limit)
        return True

    def legal(self, state: DiceState, frame: Frame, seat: int) -> list[DiceAction]:
        return amounts(frame.limit, state.pile, state.chief_in_pile)

    def answer(self, state: DiceState, frame: Frame, seat: int, action: DiceAction,
               out: Events) -> None:
        """Take the arrows; the damage step on top of the agenda loses that much."""
        assert isinstance(action, Amount)
        if action.count <= 0:
            return
        for number in range(action.count):
            take_from_pile(state, frame.seat, action.chief and number == 0, out)
        out.append(ev.ArrowsInsteadOfLife(seat=frame.seat, count=action.count))
        losses = pending_losses(state)
        losses[frame.seat] -= action.count
        set_pending_losses(state, losses)

    def default(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        """Take just the arrows that keep him alive."""
        life, loss = state.seats[seat].life, pending_losses(state)[seat]
        needed = min(loss - life + 1 if loss >= life else 0, frame.limit)
        if needed > state.pile:
            return Amount(needed, chief=True)
        return Amount(needed)

    def bot(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        me = state.seats[seat]
        arrows_ok = me.arrows + frame.limit < me.life
        return Amount(frame.limit) if arrows_ok else self.default(state, frame, seat)


class BlackJack(Ability):
    """His re-rolls may include dynamite [BD-CHAR-BLACKJACK-1]."""

    character = Character.BLACK_JACK
    rerolls_dynamite = True


class CalamityJanet(Ability):
    """A "1" may be used as a "2" and the reverse [BD-CHAR-CALAMITY-1]."""

    character = Character.CALAMITY_JANET

    def reach(self, symbol: int) -> tuple[int, ...]:
        return (1, 2)

    def default_hit_targets(self, state: DiceState, seat: int, frame: Frame) -> list[int]:
        """[BD-TO table] The timeout reads the symbol as printed."""
        targets = list(frame.targets)
        printed = 1 if len(living(state)) <= 3 else frame.symbol
        return [t for t in targets if distance(state, seat, t) == printed] or targets


class ElGringo(Ability):
    """Whoever hurts him with hits or the Gatling takes an arrow [BD-CHAR-GRINGO-1]."""

    character = Character.EL_GRINGO

    def after_damage(self, state: DiceState, task: Damage, dying: list[int]) -> list[Task]:
        # [R-BD-07] even when the loss eliminated him
        gringo = next((i for i, s in enumerate(state.seats)
                       if s.character is Character.EL_GRINGO and (s.alive or i in dying)), None)
        if (gringo is not None and task.lost[gringo] > 0 and task.source is not None
                and task.source != gringo):
            return [TakeArrow(seat=task.source)]
        return []


class JesseJones(Ability):
    """At 4 life or below, a beer on himself heals 2 [BD-CHAR-JESSE-1]."""

    character = Character.JESSE_JONES

    def beer_bonus(self, state: DiceState, seat: int) -> bool:
        return state.seats[seat].life <= 4  # [R-BD-09] checked once, as F4 starts


class Jourdonnais(Ability):
    """An Indian attack costs him at most 1 life [BD-CHAR-JOURD-1]."""

    character = Character.JOURDONNAIS

    def indian_loss(self, loss: int) -> int:
        return min(loss, 1)


class KitCarlson(Ability):
    """At F5 each gatling symbol sends one held arrow back to the pile [BD-CHAR-KIT-1]."""

    character = Character.KIT_CARLSON
    decision = Decision.KIT_DISCARD
    steps = ("kit", "ask_kit")
    step_before = "gatling"  # [R-BD-10] before the Gatling fires
    values_gatlings = True

    def run_step(self, state: DiceState, step: ResolveStep, out: Events) -> None:
        turn = state.turn
        if step == "kit":
            turn.kit_left = count_symbols(state, GATLINGS)
            schedule(state, Resolve(step="ask_kit"))
        elif turn.kit_left > 0 and any(s.alive and s.tokens for s in state.seats):
            schedule(state, Resolve(step="ask_kit"))
            ask(state, Decision.KIT_DISCARD, turn.active)

    def legal(self, state: DiceState, frame: Frame, seat: int) -> list[DiceAction]:
        holders: list[DiceAction] = []
        for index in living(state):
            if state.seats[index].arrows:
                holders.append(DiscardArrow(index))
            if state.seats[index].chief:
                holders.append(DiscardArrow(index, chief=True))
        return [*holders, Skip()]

    def answer(self, state: DiceState, frame: Frame, seat: int, action: DiceAction,
               out: Events) -> None:
        turn = state.turn
        turn.kit_left -= 1
        if isinstance(action, DiscardArrow):
            out.append(ev.ArrowDiscarded(seat=turn.active, target=action.seat))
            return_arrows(state, action.seat, 1, "kit_carlson", out, chief=action.chief)

    def default(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        me = state.seats[seat]
        if me.chief:
            return DiscardArrow(seat, chief=True)
        return DiscardArrow(seat) if me.arrows else Skip()

    def bot(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        holders = [i for i in living(state) if state.seats[i].arrows > 0]
        firing = count_symbols(state, GATLINGS) >= 3
        friends = [i for i in holders if i != seat and enemy_score(state, seat, i) < 0]
        if not firing and seat in holders:
            return DiscardArrow(seat)
        return DiscardArrow(friends[0]) if friends else Skip()


class LuckyDuke(Ability):
    """Four rolls in all [BD-CHAR-DUKE-1]."""

    character = Character.LUCKY_DUKE
    max_rolls = 4


class PaulRegret(Ability):
    """The Gatling costs him nothing [BD-CHAR-PAUL-1]."""

    character = Character.PAUL_REGRET
    gatling_immune = True


class PedroRamirez(Ability):
    """Whenever he loses life he may return as many arrows [BD-CHAR-PEDRO-1]."""

    character = Character.PEDRO_RAMIREZ
    decision = Decision.PEDRO_RETURN

    def after_loss(self, state: DiceState, task: Damage, lost: tuple[int, ...]) -> None:
        pedro = seat_of(state, Character.PEDRO_RAMIREZ)
        # Pointless in an Indian attack, where every arrow returns anyway.
        if (pedro is not None and lost[pedro] > 0 and state.seats[pedro].life > 0
                and state.seats[pedro].tokens > 0 and task.cause is not DamageKind.INDIANS):
            ask(state, Decision.PEDRO_RETURN, pedro,
                limit=min(lost[pedro], state.seats[pedro].tokens))

    def legal(self, state: DiceState, frame: Frame, seat: int) -> list[DiceAction]:
        me = state.seats[seat]
        return amounts(frame.limit, me.arrows, me.chief)

    def answer(self, state: DiceState, frame: Frame, seat: int, action: DiceAction,
               out: Events) -> None:
        assert isinstance(action, Amount)
        return_arrows(state, frame.seat, action.count, "pedro_ramirez", out, chief=action.chief)

    def default(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        return Amount(frame.limit, chief=state.seats[seat].chief)


class RoseDoolan(Ability):
    """Her hits reach one seat further [BD-CHAR-ROSE-1]."""

    character = Character.ROSE_DOOLAN

    def reach(self, symbol: int) -> tuple[int, ...]:
        return (symbol, symbol + 1)


class SidKetchum(Ability):
    """His turn opens with 1 life for a living player of his choice [BD-CHAR-SID-1]."""

    character = Character.SID_KETCHUM
    decision = Decision.SID_HEAL

    def turn_start(self) -> tuple[Task, ...]:
        return (AskSid(),)  # [BD-TURN-2]

    def legal(self, state: DiceState, frame: Frame, seat: int) -> list[DiceAction]:
        return [Target(t) for t in living(state)]

    def answer(self, state: DiceState, frame: Frame, seat: int, action: DiceAction,
               out: Events) -> None:
        assert isinstance(action, Target)
        heal(state, action.seat, 1, "sid_ketchum", out)

    def default(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        return Target(seat)

    def bot(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        return Target(bot_heal_target(state, seat))


class SlabTheKiller(Ability):
    """Once per turn a beer symbol may double a hit [BD-CHAR-SLAB-1, BD-BEER-4]."""

    character = Character.SLAB_THE_KILLER

    def can_double(self, state: DiceState) -> bool:
        return not state.turn.slab_used and count_symbols(state, BEERS) > 0


class SuzyLafayette(Ability):
    """No "1"/"2" symbol at the end of her turn heals her 2 [BD-CHAR-SUZY-1]."""

    character = Character.SUZY_LAFAYETTE
    steps = ("suzy",)  # [BD-TURN-8 step 1] after every F step

    def run_step(self, state: DiceState, step: ResolveStep, out: Events) -> None:
        if count_symbols(state, ONES) + count_symbols(state, TWOS) == 0:
            heal(state, state.turn.active, 2, "suzy_lafayette", out)


class VultureSam(Ability):
    """Each other player eliminated heals him 2 [BD-CHAR-VULTURE-1]."""

    character = Character.VULTURE_SAM

    def on_eliminations(self, state: DiceState, eliminated: list[int]) -> list[Task]:
        vulture = seat_of(state, Character.VULTURE_SAM)
        if vulture is None:
            return []
        return [Heal(seat=vulture, amount=2, cause="vulture_sam") for _ in eliminated]


class WillyTheKid(Ability):
    """His Gatling fires with two gatling symbols [BD-CHAR-WILLY-1]."""

    character = Character.WILLY_THE_KID
    gatlings_needed = 2


BASE_ABILITIES: tuple[Ability, ...] = (
    BartCassidy(), BlackJack(), CalamityJanet(), ElGringo(), JesseJones(), Jourdonnais(),
    KitCarlson(), LuckyDuke(), PaulRegret(), PedroRamirez(), RoseDoolan(), SidKetchum(),
    SlabTheKiller(), SuzyLafayette(), VultureSam(), WillyTheKid(),
)
