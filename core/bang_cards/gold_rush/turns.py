"""Gold Rush and the shadows in the turn: the tasks they add and who plays next.

`StartTurn` brings a shadow back [GR-SHADOW-5]; after phase 1 `AfterDraw` gives the
Pickaxe's card [GR-EQ-PICKAXE-1] and Dutch Will's discard and nugget
[GR-CHAR-DUTCH-1, R-GR-11]; after phase 3 `Epilogue` makes Don Bell's "draw!"
[GR-CHAR-DONBELL-1] and heals a Gold Rush buyer [GR-EQ-GOLDRUSH-2, R-GR-08]; `EndTurn`
sends the shadow away and gives any extra turn owed.
"""

from __future__ import annotations

from core.bang_cards.agenda import Events, schedule
from core.bang_cards.damage import heal
from core.bang_cards.gold_rush import events as gev
from core.bang_cards.gold_rush import shadow
from core.bang_cards.gold_rush.characters import prospector_at
from core.bang_cards.gold_rush.traits import takes_turns
from core.bang_cards.hooks import rules_at
from core.bang_cards.state import AfterDraw, CardsOptions, CardsState, Epilogue, Task


def begin_turn(state: CardsState, out: Events) -> None:
    """Bring back the active seat as a shadow if he was eliminated."""
    shadow.begin_turn(state, out)


def after_draw_tasks(options: CardsOptions) -> list[Task]:
    """Return the tasks between phase 1 and phase 2 (none without Gold Rush)."""
    return [AfterDraw()] if options.gold_rush else []


def epilogue_tasks(options: CardsOptions) -> list[Task]:
    """Return the tasks between phase 3 and the end of the turn (none without Gold Rush)."""
    return [Epilogue()] if options.gold_rush else []


def run_after_draw(state: CardsState, task: AfterDraw, out: Events) -> None:
    """The cards' `after_draw` (the Pickaxe's extra card), then the character's (Dutch
    Will's choice of a drawn card to drop)."""
    active = state.turn.active
    if task.stage == "pickaxe":
        schedule(state, AfterDraw("dutch"))
        for rule in rules_at(state, active):
            rule.after_draw(state, active, out)
        return
    prospector_at(state, active).after_draw(state, active, out)


def run_epilogue(state: CardsState, task: Epilogue, out: Events) -> None:
    """The character's epilogue (Don Bell's "draw!"), then a Gold Rush buyer's healing."""
    active = state.turn.active
    player = state.seats[active]
    if task.stage == "don_bell":
        schedule(state, Epilogue("gold_rush"))
        schedule(state, *prospector_at(state, active).epilogue(state, active))
        return
    if state.turn.rush.gold_rush:
        heal(state, active, player.max_life - player.life, "gold_rush", out)  # to maximum
        state.extra_turns += 1
        out.append(gev.ExtraTurn(seat=active, cause="gold_rush"))


def end_turn(state: CardsState, out: Events) -> tuple[int, bool]:
    """End the active seat's turn; return the seat to play next and whether it is an
    extra turn (the same seat while extra turns are owed and he still takes turns)."""
    active = state.turn.active
    shadow.end_turn(state, out)
    if state.extra_turns > 0 and takes_turns(state, active) and not state.turn.aborted:
        state.extra_turns -= 1
        return active, True
    state.extra_turns = 0
    return shadow.next_seat(state, active), False
