"""What each card kind does when played in phase 2, by kind in `EFFECTS`: a blue card goes
in front of its player (`equip`, here); each brown kind's effect is declared with the
kind itself in `card_rules/brown.py`.

By the time an effect runs the card has left the hand: a brown card lies on the discard
pile [BC-PLAY-2], a blue one in front of its owner [BC-PLAY-3]. Targets and picks were
checked by `decisions.py` against the kind's rule (`cards.KINDS`).
"""

from __future__ import annotations

from collections.abc import Callable

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events
from core.bang_cards.cards import KINDS, is_weapon
from core.bang_cards.ids import Color, Kind
from core.bang_cards.state import CardsState
from core.bang_cards.zones import discard_from_play

Effect = Callable[[CardsState, int, str, "int | None", "str | None", Events], None]


def equip(state: CardsState, seat: int, card: str, target: int | None, pick: str | None,
          out: Events) -> None:
    """A blue card goes in front of its player, or of the target for a Jail [BC-PLAY-3]."""
    owner = seat if target is None else target
    replaced = None
    if is_weapon(card):  # [BC-PLAY-5] one weapon: the new one replaces the old
        replaced = next((c for c in state.seats[owner].in_play if is_weapon(c)), None)
        if replaced is not None:
            discard_from_play(state, owner, replaced, "replaced", out)
    state.seats[owner].in_play.append(card)
    out.append(ev.CardEquipped(seat=seat, card=card, owner=owner, replaced=replaced))


EFFECTS: dict[Kind, Effect] = {}
"""What each kind does when played: every blue kind goes in front (`equip`); the brown
kinds register theirs with their declaration (`card_rules/brown.py`)."""


def register_effect(kind: Kind, effect: Effect) -> None:
    """Register what a card kind does when played."""
    EFFECTS[kind] = effect


for _kind, _rule in KINDS.items():
    if _rule.color is Color.BLUE:
        register_effect(_kind, equip)
