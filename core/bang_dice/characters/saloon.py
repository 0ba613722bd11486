"""The eight Old Saloon characters (module new_characters) [OS-CHAR-0]: each one's rules,
decision and policies."""

from __future__ import annotations

from core.bang_dice import events as ev
from core.bang_dice.actions import ArrowPick, DiceAction, Skip, Target
from core.bang_dice.agenda import (
    Events,
    ask,
    pending_losses,
    schedule,
    set_pending_losses,
    settle_arrow_source,
)
from core.bang_dice.allegiance import enemy_score
from core.bang_dice.board import clockwise_from, seat_of
from core.bang_dice.characters.ability import Ability
from core.bang_dice.healing import heal
from core.bang_dice.ids import ONES, TWOS, Character, Decision, DieKind, Face
from core.bang_dice.state import (
    Damage,
    DiceState,
    Frame,
    ResolveStep,
    RolledArrows,
    TakeArrow,
    with_changes,
)
from core.bang_dice.symbols import count_symbols
from core.bang_dice.tokens import chief_holder


class JoseDelgado(Ability):
    """The Loudmouth may join his five dice as a sixth [OS-CHAR-JOSE-1]."""

    character = Character.JOSE_DELGADO
    extra_dice = (DieKind.LOUDMOUTH,)


class TequilaJoe(Ability):
    """The Coward may join his five dice as a sixth [OS-CHAR-TEQUILA-1]."""

    character = Character.TEQUILA_JOE
    extra_dice = (DieKind.COWARD,)


class ApacheKid(Ability):
    """A rolled arrow may take the Chief's Arrow from its holder [OS-CHAR-APACHE-1]."""

    character = Character.APACHE_KID
    decision = Decision.APACHE_STEAL

    def arrow_from_roll(self, state: DiceState, task: TakeArrow) -> bool:
        holder = chief_holder(state)
        if not task.from_roll or holder is None or holder == task.seat:
            return False
        schedule(state, task)
        ask(state, Decision.APACHE_STEAL, task.seat, targets=(holder,))
        return True

    def legal(self, state: DiceState, frame: Frame, seat: int) -> list[DiceAction]:
        return [ArrowPick("steal"), ArrowPick("normal")]

    def answer(self, state: DiceState, frame: Frame, seat: int, action: DiceAction,
               out: Events) -> None:
        assert isinstance(action, ArrowPick)
        settle_arrow_source(state, action.source)

    def default(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        return ArrowPick("normal")

    def bot(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        return ArrowPick("steal" if state.pile <= 2 else "normal")


class BillNoface(Ability):
    """His arrow faces wait for F1 [OS-CHAR-BILL-1]; broken arrows and bullets do not
    [R-OS-09]."""

    character = Character.BILL_NOFACE
    defers_arrows = True
    steps = ("deferred_arrows",)
    step_before = "dynamite"  # F1

    def run_step(self, state: DiceState, step: ResolveStep, out: Events) -> None:
        arrows = sum(1 for die in state.turn.dice if die.face is Face.ARROW)
        schedule(state, *[TakeArrow(seat=state.turn.active) for _ in range(arrows)])


class ElenaFuente(Ability):
    """After a roll with arrows she may give one of them to another player [OS-CHAR-ELENA-1]."""

    character = Character.ELENA_FUENTE
    decision = Decision.ELENA_GIVE

    def rolled_arrows(self, state: DiceState, seat: int, task: RolledArrows) -> bool:
        if not task.count or task.elena_asked:
            return False
        others = tuple(i for i in clockwise_from(state, seat) if i != seat)
        schedule(state, RolledArrows(count=task.count, elena_asked=True))
        ask(state, Decision.ELENA_GIVE, seat, targets=others)
        return True

    def legal(self, state: DiceState, frame: Frame, seat: int) -> list[DiceAction]:
        return [*(Target(t) for t in frame.targets), Skip()]

    def answer(self, state: DiceState, frame: Frame, seat: int, action: DiceAction,
               out: Events) -> None:
        """Give one of the rolled arrows (the RolledArrows task on top of the agenda)."""
        if not isinstance(action, Target):
            return
        task = state.agenda.pop()
        assert isinstance(task, RolledArrows)
        out.append(ev.ArrowGiven(seat=frame.seat, target=action.seat))
        schedule(state, TakeArrow(seat=action.seat),
                 RolledArrows(count=task.count - 1, elena_asked=True))

    def default(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        return Skip()

    def bot(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        return Target(max(frame.targets, key=lambda t: enemy_score(state, seat, t)))


class VeraCuster(Ability):
    """Per damage step, her hits cost one life less [OS-CHAR-VERA-1]."""

    character = Character.VERA_CUSTER

    def hit_cost(self, total: int) -> int:
        return total - 1


class DocHolyday(Ability):
    """Three or more "1"/"2" symbols in his result heal him 2 [OS-CHAR-DOC-1, R-OS-10]."""

    character = Character.DOC_HOLYDAY
    steps = ("doc",)
    step_before = "beers"  # right after the hits

    def run_step(self, state: DiceState, step: ResolveStep, out: Events) -> None:
        active = state.turn.active
        if (state.seats[active].alive
                and count_symbols(state, ONES) + count_symbols(state, TWOS) >= 3):
            heal(state, active, 2, "doc_holyday", out)


class MollyStark(Ability):
    """She may take another player's whole loss, up to her life [OS-CHAR-MOLLY-1, R-OS-11]."""

    character = Character.MOLLY_STARK
    decision = Decision.MOLLY_TAKE

    def substitute(self, state: DiceState, task: Damage) -> bool:
        molly = seat_of(state, Character.MOLLY_STARK)
        if molly is None:
            return False
        for victim in clockwise_from(state, state.turn.active):
            loss = task.losses[victim]
            if (victim != molly and victim not in task.molly_asked and loss > 0
                    and loss <= state.seats[molly].life):
                schedule(state, with_changes(task, molly_asked=(*task.molly_asked, victim)))
                ask(state, Decision.MOLLY_TAKE, molly, targets=(victim,))
                return True
        return False

    def legal(self, state: DiceState, frame: Frame, seat: int) -> list[DiceAction]:
        return [*(Target(t) for t in frame.targets), Skip()]

    def answer(self, state: DiceState, frame: Frame, seat: int, action: DiceAction,
               out: Events) -> None:
        """Move the victim's loss onto her in the damage step on top of the agenda."""
        if not isinstance(action, Target):
            return
        victim, molly = action.seat, frame.seat
        losses = pending_losses(state)
        out.append(ev.LossTaken(seat=molly, target=victim, amount=losses[victim]))
        losses[molly] += losses[victim]
        losses[victim] = 0
        set_pending_losses(state, losses)

    def default(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        return Skip()

    def bot(self, state: DiceState, frame: Frame, seat: int) -> DiceAction:
        """Take an ally's loss when it would kill the ally and Molly survives it."""
        victim = frame.targets[0]
        loss = pending_losses(state)[victim]
        molly = state.seats[frame.seat]
        saves = loss >= state.seats[victim].life and molly.life > loss
        return Target(victim) if saves and enemy_score(state, frame.seat, victim) < 0 else Skip()


SALOON_ABILITIES: tuple[Ability, ...] = (
    JoseDelgado(), TequilaJoe(), ApacheKid(), BillNoface(), ElenaFuente(), VeraCuster(),
    DocHolyday(), MollyStark(),
)
