"""Phase 1, Schemin': round start, turns, plays and draws, the expert discard [CE-SCHEME]."""

from __future__ import annotations

from core.colt_express.actions import DRAW, KEEP, ColtAction, Discard, Draw, Keep, Play
from core.colt_express.cards import (
    CardKey,
    can_draw,
    deal_hand,
    draw_cards,
    hand_keys,
    has_action_card,
    playable_keys,
    take_from_hand,
)
from core.colt_express.characters import ability_at
from core.colt_express.events import (
    CardPlayed,
    HandDiscarded,
    Passed,
    PhaseStarted,
    RoundStarted,
    TurnStarted,
)
from core.colt_express.ids import (
    PHASE_DISCARD,
    PHASE_SCHEME,
    PHASE_STEAL,
    SPEEDING,
    SWITCHING,
    TUNNEL,
    Decision,
    card_bandit,
    pattern_of,
)
from core.colt_express.state import ColtState, Pending, Played
from core.engine.protocol import Event

DRAW_COUNT = 3


def pattern(state: ColtState) -> str:
    """Return the current round card's turn symbols."""
    return pattern_of(state.round_cards[state.round], state.players)


def symbol(state: ColtState) -> str:
    """Return the current turn's symbol."""
    return pattern(state)[state.turn]


def start_round(state: ColtState, out: list[Event]) -> None:
    """Turn up the round card, deal every hand and open the first turn [CE-RND-1, CE-RND-2]."""
    state.phase = PHASE_SCHEME
    state.pile = []
    state.resolving = 0
    out.append(RoundStarted(round=state.round, card=state.round_cards[state.round],
                            pattern=pattern(state), first=state.first))
    for seat in range(state.players):
        deal_hand(state, out, seat)
    state.turn = 0
    _open_turn(state, out)


def _open_turn(state: ColtState, out: list[Event]) -> None:
    """Set the playing order of the current turn [CE-ROUND-0, R-CE-18]."""
    step = -1 if symbol(state) == SWITCHING else 1
    state.order = [(state.first + step * i) % state.players for i in range(state.players)]
    state.steps_left = 2 if symbol(state) == SPEEDING else 1
    out.append(TurnStarted(turn=state.turn, symbol=symbol(state), order=tuple(state.order)))


def scheme_options(state: ColtState, seat: int) -> list[ColtAction]:
    """Return a seat's Schemin' choices: play a card, face down too where an ability allows
    (Ghost, CE-DEC-3), or draw [CE-DEC-2]."""
    keys = playable_keys(state, seat)
    options: list[ColtAction] = [Play(key.bandit, key.kind) for key in keys]
    options += [Play(key.bandit, key.kind, hidden=True) for key in keys
                if ability_at(state, key.bandit).may_play_hidden(state)]
    if can_draw(state, seat):
        options.append(DRAW)
    return options


def scheme_step(state: ColtState, out: list[Event]) -> None:
    """Ask the next seat to scheme, or pass it when it cannot act [R-CE-06]."""
    seat = state.order[0]
    if has_action_card(state, seat) or can_draw(state, seat):
        state.pending = Pending(Decision.SCHEME, [seat])
        return
    out.append(Passed(seat=seat))
    _step_done(state, out)


def answer_scheme(state: ColtState, out: list[Event], seat: int, action: ColtAction) -> None:
    """Play or draw for the seat on turn [CE-SCHEME-1, CE-SCHEME-3]."""
    if isinstance(action, Draw):
        draw_cards(state, out, seat, DRAW_COUNT)
    else:
        assert isinstance(action, Play)
        card = take_from_hand(state, seat, CardKey(action.bandit, action.kind))
        face_down = symbol(state) == TUNNEL or action.hidden
        state.pile.append(Played(card, seat, face_down))
        bandit = card_bandit(card)
        if face_down:  # [CE-SCHEME-4] the group sees only "a card"
            out.append(CardPlayed(seat=seat, bandit=bandit, card="", face_down=True))
            out.append(CardPlayed(seat=seat, bandit=bandit, card=card, face_down=True,
                                  audience=frozenset({seat})))
        else:
            out.append(CardPlayed(seat=seat, bandit=bandit, card=card, face_down=False))
    _step_done(state, out)


def _step_done(state: ColtState, out: list[Event]) -> None:
    """Count one step of the seat on turn; move to the next seat, turn or phase."""
    state.steps_left -= 1
    if state.steps_left > 0:
        return
    state.order.pop(0)
    state.steps_left = 2 if symbol(state) == SPEEDING else 1
    if state.order:
        return
    state.turn += 1
    if state.turn < len(pattern(state)):
        _open_turn(state, out)
        return
    _end_scheming(state, out)


def _end_scheming(state: ColtState, out: list[Event]) -> None:
    """Return hands to the decks, or (expert) ask each seat what to discard [CE-SCHEME-5]."""
    if not state.expert:
        for player in state.seats:
            player.deck.extend(player.hand)
            player.hand = []
        start_stealing(state, out)
        return
    state.phase = PHASE_DISCARD
    owed = [seat for seat, player in enumerate(state.seats) if player.hand]
    if owed:
        state.pending = Pending(Decision.DISCARD, owed)
    else:
        start_stealing(state, out)


def discard_options(state: ColtState, seat: int) -> list[ColtAction]:
    """Return a seat's end-of-Schemin' choices: keep the rest, or discard one card of a kind
    [CE-DEC-4]."""
    return [KEEP, *(Discard(key.bandit, key.kind) for key in hand_keys(state, seat))]


def answer_discard(state: ColtState, out: list[Event], frame: Pending, seat: int,
                   action: ColtAction) -> None:
    """Discard one card, or keep the rest on top of the deck [CE-EXPERT-3, R-CE-11]."""
    player = state.seats[seat]
    if not isinstance(action, Keep):
        assert isinstance(action, Discard)
        player.discard.append(take_from_hand(state, seat, CardKey(action.bandit, action.kind)))
        player.discarded += 1
        if player.hand:
            state.pending = Pending(Decision.DISCARD, list(frame.owed_by))
            return
    out.append(HandDiscarded(seat=seat, count=player.discarded))
    player.discarded = 0
    player.deck.extend(player.hand)
    player.hand = []
    owed = [s for s in frame.owed_by if s != seat]
    if owed:
        state.pending = Pending(Decision.DISCARD, owed)
    else:
        start_stealing(state, out)


def start_stealing(state: ColtState, out: list[Event]) -> None:
    """Turn the pile over and start resolving it from the first card played [CE-STEAL-1]."""
    state.phase = PHASE_STEAL
    state.resolving = 0
    out.append(PhaseStarted(phase=PHASE_STEAL))

