"""Gold Rush and the Shadow Gunslingers as one `Expansion` of the base flow: the hooks
delegate to the modules that hold each rule, and do nothing while the options are off."""

from __future__ import annotations

from typing import ClassVar

from core.bang_cards.actions import CardsAction
from core.bang_cards.agenda import Events
from core.bang_cards.expansion import Expansion, Handler, register_expansion
from core.bang_cards.frames import Frame
from core.bang_cards.gold_rush import phase_two, shadow, triggers, turns
from core.bang_cards.ids import Side
from core.bang_cards.state import CardsOptions, CardsState, Task


class GoldRush(Expansion):
    handlers: ClassVar[dict[str, Handler]] = {
        "after_draw": turns.run_after_draw,
        "epilogue": turns.run_epilogue,
    }

    def begin_turn(self, state: CardsState, out: Events) -> None:
        turns.begin_turn(state, out)

    def after_draw_tasks(self, options: CardsOptions) -> list[Task]:
        return turns.after_draw_tasks(options)

    def epilogue_tasks(self, options: CardsOptions) -> list[Task]:
        return turns.epilogue_tasks(options)

    def next_turn(self, state: CardsState, out: Events) -> tuple[int, bool] | None:
        return turns.end_turn(state, out)  # shadows and extra turns [GR-SHADOW-4]

    def life_lost(self, state: CardsState, seat: int, amount: int, before: int,
                  source: int | None, out: Events) -> None:
        triggers.life_lost(state, seat, amount, before, source, out)

    def eliminated(self, state: CardsState, seat: int, source: int | None,
                   out: Events) -> None:
        triggers.eliminated(state, seat, source, out)

    def penalty(self, state: CardsState, sheriff: int, out: Events) -> None:
        triggers.penalty(state, sheriff, out)

    def extra_winners(self, state: CardsState, side: Side) -> frozenset[int]:
        return shadow.shadow_winners(state, side)

    def play_actions(self, state: CardsState, seat: int) -> list[CardsAction]:
        return phase_two.play_actions(state, seat)

    def save_actions(self, state: CardsState, seat: int) -> list[CardsAction]:
        return phase_two.save_actions(state, seat)

    def frame_actions(self, state: CardsState, frame: Frame, seat: int) -> list[CardsAction]:
        return phase_two.frame_actions(state, frame, seat)

    def answer(self, state: CardsState, frame: Frame, seat: int, action: CardsAction,
               out: Events) -> bool:
        return phase_two.answer(state, frame, seat, action, out)


register_expansion(GoldRush())
