"""Timeout defaults and the bot's heuristic (docs/colt_express.md, "Policies").

`default_action` follows the digest's table [CE-rules §16], except Schemin', where the
issue asks for "draw 3 if the hand is poor, else a sensible card". Both use only what
the seat may know: the public table and its own hand. A Stealin' decision's default and
bot choice live with the card or character that owns it (`action_cards/`,
`characters.py`); this module handles the decisions made from a hand and dispatches.
"""

from __future__ import annotations

from core.colt_express.action_cards import CARDS, DECISION_RULES
from core.colt_express.actions import DRAW, KEEP, TAKE, ColtAction, Discard, Play, Team
from core.colt_express.cards import can_draw, playable_keys
from core.colt_express.characters import ability_at
from core.colt_express.flow import legal
from core.colt_express.ids import CardKind, Decision, card_bandit, card_kind
from core.colt_express.state import ColtState, Pending


def default_action(state: ColtState, frame: Pending, seat: int) -> ColtAction:
    """Return the timeout action of a seat owing `frame`."""
    options = legal(state, frame, seat)
    decision = frame.decision
    if decision == Decision.TEAM_SETUP:
        return Team(0, 0)
    if decision == Decision.SCHEME:
        return _default_scheme(state, seat, options)
    if decision == Decision.DISCARD:  # bullets go first [CE-DEC-4]
        return next((o for o in options if isinstance(o, Discard) and o.kind == CardKind.BULLET),
                    KEEP)
    if decision == Decision.PICKPOCKET:
        return TAKE
    return DECISION_RULES[decision].default(state, frame, options)


def _default_scheme(state: ColtState, seat: int, options: list[ColtAction]) -> ColtAction:
    """Draw 3 when no card in hand is useful now and a draw is possible; else play one."""
    keys = playable_keys(state, seat)
    useful = [k for k in keys if CARDS[k.kind].useful_now(state, k.bandit)]
    if not useful and DRAW in options:
        return DRAW
    if not keys:
        return options[0]
    chosen = (useful or keys)[0]
    return Play(chosen.bandit, chosen.kind)


def bot_action(state: ColtState, frame: Pending, seat: int) -> ColtAction:
    """Return the bot's action: plans from where its bandit will be after its own cards."""
    options = legal(state, frame, seat)
    if frame.decision == Decision.SCHEME:
        return _bot_scheme(state, seat, options)
    rules = DECISION_RULES.get(frame.decision)
    if rules is not None:
        return rules.bot(state, frame, seat, options)
    return default_action(state, frame, seat)


def _projected(state: ColtState, seat: int) -> ColtState:
    """Return a copy where the seat's own face-up and face-down cards on the pile moved it.

    Only Move and Floor Change are projected (see each card's `project`); other players'
    cards are ignored: the bot plans with what it knows for sure.
    """
    future = state.copy()
    for played in state.pile:
        if played.seat != seat or played.revealed:
            continue
        CARDS[card_kind(played.card)].project(future.bandits[card_bandit(played.card)])
    return future


def _bot_scheme(state: ColtState, seat: int, options: list[ColtAction]) -> ColtAction:
    """Return the option scoring best from the bandit's projected place (first on ties)."""
    future = _projected(state, seat)
    best, best_score = options[0], -1
    action_cards = len(playable_keys(state, seat))
    for option in options:
        if isinstance(option, Play):
            score = CARDS[option.kind].scheme_score(future, option.bandit)
            if option.hidden:
                score += ability_at(future, option.bandit).hidden_play_bonus
        else:
            score = 110 if action_cards <= 2 and can_draw(state, seat) else 5
        if score > best_score:
            best, best_score = option, score
    return best
