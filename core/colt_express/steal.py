"""Phase 2, Stealin': resolve the pile in order, each card by its owner [CE-STEAL].

Each card's rules are in `action_cards/` (a character's additions in `characters.py`);
here the pile is turned card by card and each question is asked. A card asks its owner
only when there is a real choice; a single legal choice is taken at once (every action is
mandatory when possible [CE-STEAL-3]) and an impossible action has no effect.
"""

from __future__ import annotations

from core.colt_express.action_cards import CARDS, DECISION_RULES
from core.colt_express.actions import ColtAction
from core.colt_express.events import CardResolved, NoEffect
from core.colt_express.hooks import Ask
from core.colt_express.ids import card_bandit, card_kind
from core.colt_express.state import ColtState, Pending
from core.colt_express.train import seat_of
from core.engine.protocol import Event


def resolve_next(state: ColtState, out: list[Event]) -> bool:
    """Start resolving the next card of the pile; return False when the pile is done."""
    if state.resolving >= len(state.pile):
        return False
    played = state.pile[state.resolving]
    played.revealed = True
    bandit = card_bandit(played.card)
    out.append(CardResolved(index=state.resolving, seat=played.seat, bandit=bandit,
                            card=played.card))
    _go_on(state, out, bandit, CARDS[card_kind(played.card)].resolve(state, out, bandit))
    return True


def options_of(state: ColtState, frame: Pending) -> list[ColtAction]:
    """Return the choices of a pending Stealin' decision."""
    return DECISION_RULES[frame.decision].options(state, frame)


def answer_steal(state: ColtState, out: list[Event], frame: Pending, action: ColtAction) -> None:
    """Carry out the owner's choice for the card being resolved, then what it asks next."""
    ask = DECISION_RULES[frame.decision].answer(state, out, frame, action)
    _go_on(state, out, frame.bandit, ask)


def _go_on(state: ColtState, out: list[Event], bandit: int, ask: Ask | None) -> None:
    """Ask the owner when there is a choice; take a single choice at once; with none the
    action has no effect [CE-STEAL-3]. No question left: the card is done."""
    if ask is None:
        finish_card(state)
        return
    frame = Pending(ask.decision, [seat_of(state, bandit)], bandit, ask.victim, ask.token)
    options = options_of(state, frame)
    if len(options) == 1:
        answer_steal(state, out, frame, options[0])
    elif options:
        state.pending = frame
    else:
        out.append(NoEffect(bandit=bandit, card=state.pile[state.resolving].card))
        finish_card(state)


def finish_card(state: ColtState) -> None:
    """Return a resolved card to its owner's deck, or expert discard [CE-STEAL-4, CE-EXPERT-3]."""
    played = state.pile[state.resolving]
    owner = state.seats[played.seat]
    (owner.discard if state.expert else owner.deck).append(played.card)
    state.resolving += 1
