"""Every action card's rules in one place: one `CardRules` per kind [CE-COMP-2], in
`move.py`, `floor.py`, `fire.py`, `punch.py`, `robbery.py` and `marshal.py`.

`CARDS` is what Stealin' resolves and the policies value; `DECISION_RULES` names, for each
Stealin' decision, the card (or character, `characters.py`) whose rules answer it.
"""

from __future__ import annotations

from core.colt_express.action_cards.fire import FireCard
from core.colt_express.action_cards.floor import FloorCard
from core.colt_express.action_cards.marshal import MarshalCard
from core.colt_express.action_cards.move import MoveCard
from core.colt_express.action_cards.punch import PunchCard
from core.colt_express.action_cards.robbery import RobberyCard
from core.colt_express.characters import ABILITIES
from core.colt_express.hooks import Answers, CardRules
from core.colt_express.ids import CardKind, Decision

CARDS: dict[CardKind, CardRules] = {
    rules.kind: rules for rules in (MoveCard(), FloorCard(), FireCard(), RobberyCard(),
                                    PunchCard(), MarshalCard())}

DECISION_RULES: dict[Decision, Answers] = {
    decision: rules for rules in (*CARDS.values(), *ABILITIES.values())
    for decision in rules.decisions}

__all__ = ["CARDS", "DECISION_RULES"]
