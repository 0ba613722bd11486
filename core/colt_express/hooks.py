"""The hooks the Stealin' flow calls: what a card's or a character's rules provide.

A Stealin' decision belongs to one `Answers` object (an action card in `action_cards/`,
or a character in `characters.py`): its legal answers, its effect, its timeout default
and its bot choice. An effect returns the next question about the same card (`Ask`), or
None when the card is done; `steal.py` asks it, or takes a single legal answer at once.
"""

from __future__ import annotations

from typing import NamedTuple

from core.colt_express.actions import ColtAction, Loot
from core.colt_express.ids import LOOT_ORDER, CardKind, Decision, loot_type
from core.colt_express.state import Bandit, ColtState, Pending
from core.engine.protocol import Event


class Ask(NamedTuple):
    """The next question about the card resolving: the decision, and a Punch's victim and
    knocked-loose token."""

    decision: Decision
    victim: int = -1
    token: str = ""


class Answers:
    """Rules owning some Stealin' decisions (`decisions`)."""

    decisions: tuple[Decision, ...] = ()

    def options(self, state: ColtState, frame: Pending) -> list[ColtAction]:
        """Return the legal answers to the frame, in a fixed order."""
        return []

    def answer(self, state: ColtState, out: list[Event], frame: Pending,
               action: ColtAction) -> Ask | None:
        """Carry out a legal answer; return the next question, or None when the card is done."""
        return None

    def default(self, state: ColtState, frame: Pending, options: list[ColtAction]) -> ColtAction:
        """Return the timeout answer (docs/rules/colt_express.md §16): the first by default."""
        return options[0]

    def bot(self, state: ColtState, frame: Pending, seat: int,
            options: list[ColtAction]) -> ColtAction:
        """Return the bot's answer: the timeout answer unless the rules know better."""
        return self.default(state, frame, options)


class CardRules(Answers):
    """One action card kind: how it resolves, and how the policies value playing it."""

    kind: CardKind

    def resolve(self, state: ColtState, out: list[Event], bandit: int) -> Ask | None:
        """Start resolving the bandit's card: return its first question [CE-STEAL-2], or None
        when it needs none (the effect is then already done)."""
        return Ask(self.decisions[0])

    def useful_now(self, state: ColtState, bandit: int) -> bool:
        """Return True when the card would do something good from where the bandit stands
        (the Schemin' timeout default, §16 CE-DEC-2)."""
        return False

    def scheme_score(self, state: ColtState, bandit: int) -> int:
        """Return how good the bot finds playing this card from the bandit's planned place."""
        return 0

    def project(self, bandit: Bandit) -> None:
        """Move the bandit where the bot expects this card of his to take him (no change)."""


def loot_choices(tokens: list[str]) -> list[ColtAction]:
    """Return a Loot answer per loot type present, most valuable first (§16 CE-DEC-9)."""
    present = {loot_type(t) for t in tokens}
    return [Loot(kind) for kind in LOOT_ORDER if kind in present]
