"""What Gold Rush adds when life is lost or a player is eliminated.

Each is called through Gold Rush's registered `Expansion` (`expansion.py`) when the base
rules (`damage.py`) reach its moment, and does nothing while the `gold_rush` option is off.
"""

from __future__ import annotations

from core.bang_cards.agenda import Events
from core.bang_cards.gold_rush.supply import drop_equipment, gain, nuggets_of_the_eliminated
from core.bang_cards.hooks import rules_at
from core.bang_cards.state import CardsState


def life_lost(state: CardsState, seat: int, amount: int, before: int,
              source: int | None, out: Events) -> None:
    """`seat` went from `before` life down by `amount`: nuggets and cards it brings (his
    cards' `life_lost`: Boots, Lucky Charm).

    A point that takes him to 0 or below is his last [GR-EQ-BOOTS-1, GR-EQ-LUCKY-1].
    """
    if not state.options.gold_rush:
        return
    lost = max(0, min(amount, before))
    not_last = max(0, min(amount, before - 1))
    if source is not None and source != seat:
        gain(state, source, lost, "hit", out)  # [GR-NUG-1, GR-NUG-2]
    for rule in rules_at(state, seat):
        rule.life_lost(state, seat, not_last, out)


def eliminated(state: CardsState, seat: int, source: int | None, out: Events) -> None:
    """A seat was eliminated: his equipment and nuggets leave, then his cards' `eliminated`
    (Wanted's reward to the killer).

    [GR-EQ-GEN-3] his equipment goes to the bottom of its deck, never to Vulture Sam;
    [GR-NUG-5, GR-SHADOW-2] his nuggets go back to the bank unless he will be a shadow;
    [GR-EQ-WANTED-2] in addition to any other reward, before the Sheriff's penalty.
    """
    if not state.options.gold_rush:
        return
    rules = rules_at(state, seat)
    drop_equipment(state, seat, "eliminated", out)
    nuggets_of_the_eliminated(state, seat, out)
    for rule in rules:
        rule.eliminated(state, seat, source, out)


def penalty(state: CardsState, sheriff: int, out: Events) -> None:
    """The Sheriff who killed a Deputy also loses his equipment [GR-EQ-GEN-3]."""
    drop_equipment(state, sheriff, "penalty", out)

